"""Checking the loaded components against the rulebook (its Components list, Setup, A Glimpse
of Time and Iconography, transcribed in `rulebook.py`), so a bad edit of a data file fails on
first use."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from ingenium.engine.components import check_all, expect, fail, refer
from ingenium.games.inventions.components import rulebook
from ingenium.games.inventions.components.effects import Effect, Gain, Score, parse_effect
from ingenium.games.inventions.components.records import (
    Components,
    EraChange,
    Pillar,
    slug,
)
from ingenium.games.inventions.components.terms import ACTION_NAMES, AspirationSide, Resource

_T = TypeVar("_T")


# ---------------------------------------------------------------- validation against the rulebook

def _same_names(found: Iterable[str], expected: Iterable[str], what: str) -> None:
    found_set, expected_set = list(found), list(expected)
    missing = sorted(set(expected_set) - set(found_set))
    extra = sorted(set(found_set) - set(expected_set))
    if missing or extra or len(found_set) != len(expected_set):
        fail(f"{what}: missing {missing}, not in the rulebook {extra}, "
             f"{len(found_set)} found for {len(expected_set)}")


def _effect_keys(effects: Iterable[Effect]) -> list[str]:
    return sorted(repr(e) for e in effects)


def _check_box(c: Components) -> None:
    expect(dict(c.inventory.values), dict(rulebook.INVENTORY), "box inventory")
    kit = c.kit.values
    expect(kit["colors"], rulebook.MAX_PLAYERS, "player colors")
    for key, value in {**rulebook.PER_COLOR, **rulebook.PER_PLAYER}.items():
        expect(kit[key], value, f"per-player {key}")
    expect(kit["economy_tokens"] * kit["colors"], rulebook.INVENTORY["economy_tokens"],
           "Economy tokens (3 per player)")
    expect(kit["start_economy_tokens_home"] + kit["start_economy_tokens_on_map"],
           kit["economy_tokens"], "starting Economy tokens (1 home + 2 on the map)")
    expect(c.aspiration_tiles.per_player * kit["colors"], rulebook.INVENTORY["aspiration_tiles"],
           "Aspiration tiles (4 per player)")
    expect(c.aspiration_tiles.sides, tuple(AspirationSide), "Aspiration tile sides")
    expect(sorted(c.player_counts), [2, 3, 4], "player counts with setup tables")
    for n, counts in c.player_counts.items():
        expect(counts.values["wealth_a_to_d"], rulebook.WEALTH_IN_PLAY_A_TO_D[n],
               f"{n}p Wealth A-D")
        expect(counts.values["wealth_e_to_g"], rulebook.WEALTH_IN_PLAY_E_TO_G[n],
               f"{n}p Wealth E-G")
        expect(counts.values["progress_copies"], rulebook.PROGRESS_COPIES_IN_PLAY[n],
               f"{n}p Progress tiles per number")
    expect(dict(c.society_board.values), dict(rulebook.SOCIETY_BOARD), "Society board (Step 4)")
    _same_names([t.name for t in c.influence_tokens.values()], rulebook.INFLUENCE_TOKENS,
                "Influence tokens")
    expect(len(c.influence_tokens), kit["influence_tokens"], "Influence tokens per color")
    expect(c.displays.values["common_knowledge"], rulebook.COMMON_KNOWLEDGE_SPACES,
           "Common Knowledge")
    expect(c.displays.values["private"], rulebook.PRIVATE_DISPLAYS, "Private displays")
    expect(c.displays.values["idea_display"], rulebook.IDEA_DISPLAY_CARDS, "Idea display")
    expect(c.displays.values["progress_stacks_per_type"], len(rulebook.PROGRESS_NUMBERS),
           "Progress stacks per type")


def _check_time(c: Components) -> None:
    expect({n: (e.name, e.rounds) for n, e in c.eras.items()}, dict(rulebook.ERAS), "eras")
    changes = {n: e.era_change for n, e in c.eras.items()}
    expect(changes, {1: EraChange.PARTIAL, 2: EraChange.FULL, 3: EraChange.FULL,
                     4: EraChange.FULL, 5: EraChange.NONE, 6: EraChange.NONE}, "Era Changes")
    for era, (_, rounds) in rulebook.ERAS.items():
        spaces = [s for s in c.chronos_track if s.era == era]
        pillars = [s.pillar for s in spaces]
        if rounds == 0:
            expect(pillars, [Pillar.NONE], f"Era {era} track spaces")
        else:
            expected = [Pillar.SEASON] * (rounds - 1) + [Pillar.EPOCH]
            expect(pillars, expected, f"Era {era} track spaces (Season, Season, Epoch)")
    expect([s.era for s in c.chronos_track], sorted(s.era for s in c.chronos_track),
           "Era track order")
    start = [s for s in c.era_marker_spaces.values() if s.era == 2]
    expect(len(start), rulebook.MAX_PLAYERS, "starting Era-marker spaces (Setup 4)")
    track = c.influence_track
    expect([s.value for s in track],
           list(range(rulebook.INFLUENCE_MIN, rulebook.INFLUENCE_MAX + 1)),
           "Influence track spaces")
    for space in track:
        expect(space.era_change, rulebook.era_change_adjustment(space.value),
               f"Era-change adjustment at influence {space.value}")
    tokens = [s.chain_tokens for s in track]
    expect((min(tokens), max(tokens)), rulebook.CHAIN_TOKENS_RANGE, "Chain Action tokens (1 to 3)")
    expect(tokens, sorted(tokens), "Chain Action tokens rising with influence")
    final = [s.final_ip for s in track]
    expect(tuple(sorted(set(final))), rulebook.FINAL_INFLUENCE_IP, "final influence IP (1, 5, 10)")
    expect(final, sorted(final), "final influence IP rising with influence")


def _check_map(c: Components) -> None:
    expect(sorted(c.regions), list(range(1, rulebook.REGIONS + 1)), "regions")
    for region in c.regions.values():
        for other in region.adjacent:
            if other not in c.regions or region.number not in c.regions[other].adjacent:
                fail(f"region {region.name}: rope to {other} is not two-way")
        if list(region.influence_ip) != sorted(region.influence_ip, reverse=True):
            fail(f"region {region.name}: the leftmost Influence space must be the highest")
    names = {r.name: r.number for r in c.regions.values()}
    _same_names(set(names) & set(rulebook.REGION_NAMES), rulebook.REGION_NAMES,
                "regions the rulebook names")
    expect(sorted(names[n] for n in rulebook.REGIONS_ACROSS_PACIFIC),
           list(rulebook.REGIONS_LINKED_ACROSS_PACIFIC),
           "Asia and North America (regions 4 and 6)")
    low, high = rulebook.REGIONS_LINKED_ACROSS_PACIFIC
    if high not in c.regions[low].adjacent:
        fail("regions 4 and 6 (Asia and North America) must be linked")
    expect(_reach(c.regions, 1, lambda r: r.adjacent), set(c.regions), "regions reachable")
    _same_names([a.value for a in c.actions], [a.value for a in rulebook.ACTIONS], "actions")
    for action, spec in c.actions.items():
        expect(spec.name, ACTION_NAMES[action], f"action name of {action}")
        expect(spec.chain_granting, action in rulebook.CHAIN_GRANTING, f"{spec.name} chain")
    expect(len(c.forums), rulebook.FORUMS, "forums")
    for forum in c.forums.values():
        expect(len(set(forum.actions)), rulebook.ACTIONS_PER_FORUM,
               f"actions in forum {forum.number}")
    _same_names([a.value for f in c.forums.values() for a in f.actions],
                [a.value for a in rulebook.ACTIONS], "actions across forums")


def _reach(nodes: Mapping[int, _T], start: int, links: Callable[[_T], Iterable[int]]) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in links(nodes[todo.pop()]):
            if nxt in nodes and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _check_milestones(c: Components) -> None:
    expect(len(c.milestones), rulebook.INVENTORY["milestone_tiles"], "Milestone tiles")
    expect(sorted({m.deck for m in c.milestones.values()}), sorted(rulebook.MILESTONE_DECKS),
           f"Milestone decks ({rulebook.INVENTORY['milestone_decks']})")
    for deck, (era, names) in rulebook.MILESTONE_DECKS.items():
        tiles = [m for m in c.milestones.values() if m.deck == deck]
        _same_names([m.name for m in tiles], names, f"Milestone deck {deck}")
        for tile in tiles:
            expect(tile.era, era, f"era of Milestone {tile.name}")
            if tile.diplomat_spaces < 1 or not tile.effects:
                fail(f"Milestone {tile.name} needs diplomat spaces and a Diplomat Action")
    for era in range(3, 7):
        deck = next(d for d, (e, _) in rulebook.MILESTONE_DECKS.items() if e == era)
        spaces = [s for s in c.era_marker_spaces.values() if s.era == era]
        expect(len(spaces), len(rulebook.MILESTONE_DECKS[deck][1]), f"Era-{era} marker spaces")


def _check_ideas(c: Components) -> None:
    expect(len(c.ideas), rulebook.INVENTORY["idea_cards"], "Idea cards")
    expect(len({i.era for i in c.ideas.values()}), rulebook.INVENTORY["idea_decks"], "Idea decks")
    for era, expected in rulebook.INVENTIONS.items():
        cards = {i.name: i for i in c.ideas.values() if i.era == era}
        _same_names(cards, expected, f"Era-{era} Idea cards")
        for name, milestone in expected.items():
            card = cards[name]
            expect(card.milestone, slug(milestone) if milestone else None,
                   f"Milestone needed by {name}")
            if card.milestone is not None:
                refer(c.milestones, card.milestone, f"Idea card {name}", "Milestone")
            if card.has_idea_side != (card.innovate_chain is not None):
                fail(f"{name}: an idea side (Era 2-6) needs an innovate chain, Era 1 none")
            if (card.invent_ip > 0) != (era == 6):
                fail(f"{name}: only Era-6 cards print IP for inventing")
            if era == 1 and card.invent_exhaust:
                fail(f"{name}: a Prehistoric Invention is never invented")
    era2 = [i for i in c.ideas.values() if i.era == 2]
    letters = [c.milestones[i.milestone].deck for i in era2 if i.milestone]
    expect(letters.count("A"), rulebook.REGIONS - rulebook.SETUP_REGIONS_WITHOUT_IDEA,
           "Era-2 A ideas")
    _same_names([i.milestone or "" for i in era2 if c.milestones[i.milestone or ""].deck == "B"],
                [slug(n) for n in rulebook.MILESTONE_DECKS["B"][1]],
                "B ideas (one per B Milestone)")


def _check_tiles(c: Components) -> None:
    inv = c.inventory.values
    expect(len(c.specialist_tiles), inv["specialist_tiles"], "Specialist tiles")
    expect(_effect_keys(e for t in c.specialist_tiles.values() for e in t.benefit),
           _effect_keys(parse_effect(b) for b in rulebook.SPECIALIST_BENEFITS),
           "Specialist benefits")
    if any(t.specialists not in rulebook.SPECIALISTS_PER_TILE for t in c.specialist_tiles.values()):
        fail("Specialist tiles ask 1 or 2 specialists")
    expect(sum(not t.setup_idea for t in c.specialist_tiles.values()),
           rulebook.SETUP_REGIONS_WITHOUT_IDEA, "Specialist tiles whose region gets no A idea")
    expect(len(c.knowledge_tiles), inv["knowledge_tiles"], "Knowledge tiles")
    expect(_effect_keys(e for t in c.knowledge_tiles.values() for e in t.chain),
           _effect_keys(parse_effect(f) for f in rulebook.KNOWLEDGE_FRONTS),
           "Knowledge chain sides")
    back = [parse_effect(rulebook.KNOWLEDGE_BACK)]
    if any(list(t.back) != back for t in c.knowledge_tiles.values()):
        fail("every Knowledge tile's back is 2 IP per tile on its IP side")
    for what in ("sage_meeples", "knowledge_tiles", "specialist_tiles"):
        expect(inv[what], len(c.regions), f"{what} (Setup 7, 8, 12: 1 per region)")
    for kind in rulebook.PROGRESS_TYPES:
        tiles = [t for t in c.progress_tiles.values() if t.type == kind]
        expect(sorted(t.number for t in tiles), list(rulebook.PROGRESS_NUMBERS), f"{kind} numbers")
        expect(sum(t.copies for t in tiles), inv[f"{kind}_progress_tiles"], f"{kind} tiles")
        for t in tiles:
            expect(t.copies, rulebook.PROGRESS_COPIES, f"copies of {t.id}")
            shape = (bool(t.effects), t.on is not None, len(t.pair))
            expect(shape, {"economy": (True, False, 0), "culture": (True, True, 0),
                           "technology": (False, False, 2)}[kind], f"shape of {t.id}")
            if len(set(t.pair)) != len(t.pair):
                fail(f"{t.id}: a Technology tile pairs 2 different actions")
    expect({w.letter: w.copies for w in c.wealth_tiles.values()}, dict(rulebook.WEALTH_COPIES),
           "Wealth tiles by letter")
    expect(sum(w.copies for w in c.wealth_tiles.values()), inv["wealth_tiles"], "Wealth tiles")
    for w in c.wealth_tiles.values():
        if not w.effects or not all(isinstance(e, Score) for e in w.effects):
            fail(f"Wealth tile {w.letter} must be an end-game scoring goal")


def _check_society(c: Components) -> None:
    hexes = c.progress_map
    tokens = [h for h in hexes.values() if h.economy_token]
    expect(len(tokens), c.kit.values["start_economy_tokens_on_map"], "Economy-token hexes")
    for h in tokens:
        if Gain(Resource.ECONOMY_TOKEN) not in h.effects:
            fail(f"Economy-token hex {h.id} must give the Economy token")
    if any(not h.effects for h in hexes.values()):
        fail("every Progress-map hex gives a benefit")
    keys = list(hexes)
    numbered = dict(enumerate(hexes.values()))
    linked = _reach(numbered, 0, lambda h: (i for i, o in numbered.items() if h.touches(o)))
    expect(len(linked), len(keys), "connected Progress-map hexes")
    goals = c.private_goals
    expect(len(goals), c.inventory.values["private_goal_cards"], "Private Goal cards")
    by_type = Counter(g.type for g in goals.values())
    expect(len(by_type), c.inventory.values["private_goal_decks"], "Private Goal decks")
    expect(set(by_type.values()), {len(goals) // len(by_type)}, "Private Goal cards per deck")
    for g in goals.values():
        if not g.effects or not all(isinstance(e, Score) for e in g.effects):
            fail(f"Private Goal {g.name} must be an end-game scoring goal")


def validate(c: Components) -> None:
    """Raise ComponentError (a ValueError) if any count or name breaks the rulebook."""
    check_all(c, (_check_box, _check_time, _check_map, _check_milestones, _check_ideas,
                  _check_tiles, _check_society))
