"""What the options of Civolution's other decisions do (every decision besides activating or
upgrading a module), by the kind of decision and the option's first word, in the rulebook's
terms; the label says which one (a territory, a material, a card), this says what choosing
it does and costs."""

from __future__ import annotations

# (decision kind, option word) first, then the option word alone
BY_KIND = {
    ("activation", "attribute"): "Take an attribute chip from the display instead of "
                                 "activating now; it is installed in a column of your console",
    ("turn", "attribute"): "Take an attribute chip from the display instead of activating a "
                           "module; it is installed in a column of your console",
    ("buildwhere", "territory"): "Build in this territory: the building takes a building "
                                 "ground or the material shown there",
    ("explorefrom", "territory"): "Explore from this territory: reveal a face-down site "
                                  "touching it",
    ("migrateto", "territory"): "Migrate the tribe into this territory; then choose its "
                                "encampment there",
    ("repeat", "territory"): "Procreate here: a new tribe from your supply goes to this "
                             "territory; then choose its encampment",
    ("repeat", "encampment"): "Migrate this upright tribe: it leaves this encampment for an "
                              "adjacent territory",
    ("repeat", "wilderness"): "Migrate this upright tribe out of the wilderness to an "
                              "adjacent territory",
    ("repeat", "take"): "Take this face-up research card into your hand",
    ("repeat", "boat"): "Transport the raw material on this boat to your storage",
    ("repeat", "income_action"): "Perform this installed income chip's action once more",
    ("repeat", "feature"): "Take a feature marker from this space, to move it to another "
                           "feature space",
    ("target", "feature"): "The feature marker goes onto this feature space",
    ("target", "encampment"): "The new tribe settles on this encampment (a fire encampment "
                              "gives its success points)",
    ("target", "wilderness"): "Remove your tribe from the wilderness of this territory (a "
                              "lying one first)",
    ("target", "die"): "Take this fate die",
    ("rerollreset", "take"): "Reset B: roll this many of the dice on your 2 space again; the "
                             "others stay where they are",
    ("activities", "done"): "Perform no more activities this turn",
    ("trade", "done"): "End the trade: the trades left are forgone",
    ("newgoal", "done"): "Take no goal chip now",
    ("favortestideas", "fail"): "Keep the fate dice as rolled: the favor test fails and its "
                                "failure applies",
}
BY_WORD = {
    "die": "Use this activation die for the module (changing its value costs the idea "
           "markers shown, 1 per step)",
    "focus": "A focus marker stands in for the die (it goes back to your supply)",
    "planning": "Your planning marker on this dice space stands in for a die of that value",
    "activity": "Perform this activity: pay its cost, take its effect",
    "done": "Stop here: what is left of this step is forgone",
    "or": "Of the module's alternatives (OR), carry out this one",
    "material": "This raw material",
    "ground": "Build on this building ground, between the territories named",
    "territory": "This territory",
    "terrain": "A territory of this land type where you have a tribe",
    "ideas": "Return idea markers to change a fate die, 1 per step: the test passes",
    "deus_ex_machina": "Lose 1 Favor of Agera: the tribe is saved",
    "feed": "Pay the food shown: the tribe stays upright",
    "unfed": "Pay no food: the tribe lies down",
    "row": "Use the fate die of this value: its storage row's material",
    "use": "Use this fate die value for the hunt: it gives the food shown",
    "income_chip": "This installed income chip's action comes next in the income phase",
    "boat": "Onto your boat: it carries tribes over water",
    "cross": "Cross this territory without settling: it costs one more migration",
    "encampment": "Onto this encampment (a fire encampment gives its success points)",
    "goal": "Take this goal chip: pay what it shows; it scores when its condition is met",
    "goal_space": "The goal chip goes on this space of your goal area",
    "build": "Complete this building project: pay its costs, take what it gives",
    "draw": "Draw the top card of this stack secretly into your hand",
    "take": "Take this research card into your hand",
    "track": "Advance your disc on this progress track (a bonus space reached gives its bonus)",
    "wilderness": "The wilderness of this territory",
    "place": "The marker goes on this space of your console",
    "bonus": "The progress track's bonus: take it now or forgo it",
    "column": "Install it in this column of your console (the stage shown is reached)",
    "first": "Carry out this part of the effect first, then the other",
    "income": "Take this income chip: its action is yours at every income phase once installed",
    "install": "Install this research card from your hand: pay its costs; its effect is yours "
               "from then on",
    "install_goal": "Install this goal chip: pay what it shows",
    "keep": "Keep this card in your hand; the others go back",
    "recess": "Reveal the face-down site in this recess",
    "remove": "Remove the tribe: it goes back to your supply",
    "stage": "Pay the costs of this stage to reach it",
    "purchase": "Trade: pay money markers for a raw material",
    "sale": "Trade: sell a stored material for money markers",
    "reset": "Do a Reset: take back your used activation dice and roll them (the phase "
             "indicator advances)",
    "attribute": "Take an attribute chip from the display",
}


def step_help(kind: str, option_id: str) -> str:
    """What choosing `option_id` at a decision of `kind` does; "" for an unknown word."""
    word = option_id.split(":", 1)[0]
    return BY_KIND.get((kind, word)) or BY_WORD.get(word, "")
