"""What the options of Inventions' other decisions do (besides the 10 actions: era spaces,
chains, tiles, payments, citizens...), by the kind of decision and the option's first word,
in the rulebook's terms; the label says which one, this says what choosing it does."""

from __future__ import annotations

BY_KIND = {
    ("build_hex", "build"): "Build the tile on this hex of your Progress map (next to a tile "
                            "already built)",
    ("main_action", "economy"): "Use this Economy tile now: its token's effect, then choose "
                                "your main action",
    ("call_diplomat", "recall"): "Your diplomat on this Milestone comes home as a scholar",
    ("send_diplomat", "send"): "This citizen becomes a diplomat: it goes onto a Milestone",
    ("send_to", "send"): "The diplomat goes onto this Milestone: take the benefit above its "
                         "handshake",
    ("new_idea", "refill"): "Take this idea card from the display onto your board",
    ("refill", "refill"): "Take this idea card from the display onto your board",
    ("sage", "sage"): "Use the Knowledge tile's Chain Action where your sage stands",
    ("home_count", "home"): "Bring this many of your citizens home",
    ("home_region", "home"): "Bring citizens home from this region",
    ("influence_region", "influence"): "Gain influence in this region",
    ("present_idea", "present"): "Present this idea card from your board",
    ("present_region", "present"): "Present the idea in this region's empty display",
    ("influence_token", "influence"): "Place this Influence token: return the citizens it "
                                      "asks, score its IP, gain influence",
}
BY_WORD = {
    "keep": "Keep this Aspiration tile; the other goes back",
    "build": "Build this tile from your tiles display onto your Progress map",
    "done": "Build no more now",
    "economy": "Use this Economy tile now: its token's effect",
    "skip": "Do not take it: nothing happens",
    "chain": "Perform this invention's Chain Action",
    "era": "Move your Era marker to this space and take its benefit",
    "eureka": "Take this Milestone from the Eureka display; yours goes to Common Knowledge",
    "flip": "Flip your face-up Influence token here to perform its Chain Action",
    "innovate": "Innovate on this invention: a specialist of its type (or a scholar) goes to "
                "its Innovate space; gain 1 specialist of that type",
    "invent": "Invent this presented idea: a specialist of its type (or a scholar) goes to its "
              "Invent space",
    "pay": "Pay with this citizen (it moves as the action asks)",
    "place": "Your new citizen goes to this region",
    "present": "Present this idea",
    "progress": "Take this Progress tile in place of the Aspiration tile",
    "reward": "Take this reward for sharing",
    "stone": "Start the game in this region",
    "tech": "Use this Technology tile: its paired Chain Action for the influence shown",
    "travel": "Move this citizen to the adjacent region",
    "turn_order": "Move your Turn Order marker to this space: you play in that order next round",
    "sage": "Return a sage to this empty sage space",
    "share": "Share this invention: its presenter scores IP, the inventor takes the card",
    "recall": "Bring this diplomat home",
    "send": "Send this citizen as a diplomat",
    "home": "Bring citizens home",
    "influence": "Gain influence here",
    "refill": "Take this idea card",
}


def step_help(kind: str, option_id: str) -> str:
    """What choosing `option_id` at a decision of `kind` does; "" for an unknown word."""
    word = option_id.split(":", 1)[0]
    return BY_KIND.get((kind, word)) or BY_WORD.get(word, "")
