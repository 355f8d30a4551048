"""How to Play, Playing a Round, Next Round and Taking Your Turn (steps 1-2 and the end of
step 2), with Key Concepts B-E and I's Economy and Technology tiles."""

from __future__ import annotations

from ingenium.engine import Event
from ingenium.games.inventions import steps
from ingenium.games.inventions.components import catalog
from tests.properties.harness import Transition
from tests.properties.inventions.common import (
    MAX_INFLUENCE,
    NUM_HEXES,
    PROGRESS_BASE,
    PROPERTIES,
    STEP2_END,
    ended_turns,
    era_change_began,
    influence_before,
    influence_events,
    is_chronos_move,
    is_turn_start,
    option_id,
    pending_of,
    spends_chain_token,
)

rule = PROPERTIES.rule
SPACE_INDEX = {a.value: n for n, a in enumerate(catalog.SPACES)}
ROUNDS = [(s.era, s.round) for s in catalog.TRACK if s.era < 6]


def _space(tr: Transition) -> int:
    """The Action space of a main (or fallback) option, else -1."""
    oid = option_id(tr)
    if oid.startswith(("main:space=", "idle:space=")):
        return SPACE_INDEX[oid.split("=")[1]]
    return -1


# -- How to Play / Playing a Round / Next Round -------------------------------------------------
@rule("How to Play: Era 1 one round, Eras 2-5 three rounds each, Era 6 scoring only - the rounds "
      "follow one another in that order")
def how_to_play_eras_and_rounds(tr: Transition) -> str | None:
    if not any(e.kind == "round" for e in tr.new_events):
        return None
    seen = [(e.data["era"], e.data["round"]) for e in tr.after.events if e.kind == "round"]
    if seen != ROUNDS[:len(seen)]:
        return f"rounds {seen}"
    t = tr.after.table
    if t.chronos < len(ROUNDS) and seen[-1] != ROUNDS[t.chronos]:
        return f"round {seen[-1]} while Chronos stands on {ROUNDS[t.chronos]}"
    return None


@rule("Playing a Round / Next Round: after all players have taken 1 turn, Chronos advances 1 step "
      "on the Era track (not in Era 1's only round, not backwards)")
def next_round_chronos_advances_one_step(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    moved = tr.after.table.chronos - tr.before.table.chronos
    steps = sum(1 for e in tr.new_events if e.kind == "era"
                or (e.kind == "round" and e.data["round"] > 1))
    steps += 1 if any(e.kind == "final" for e in tr.new_events) else 0
    return None if moved == steps else f"Chronos moved {moved} spaces, {steps} rounds ended"


def _chronos_turn_line(e: Event) -> bool:
    """A line of Chronos' turn: a move along the path, or a lap with nothing to do."""
    return is_chronos_move(e) or (e.kind == "chronos"
                                  and e.text.startswith("Chronos has gone round"))


def _round_actors(log: list, end: int) -> tuple[list[int], int]:
    """Who took a turn in the round that runs up to log index `end` (players by seat, Chronos
    as colour 2), and where that round began."""
    a = end - 1
    while a >= 0 and log[a].kind != "round":
        a -= 1
    actors: list[int] = []
    chronos_turn = False  # his turn's lines may have others' between them (a Share's citizen)
    for n in range(a + 1, end):
        e = log[n]
        if is_turn_start(e):
            actors.append(e.seat)
            chronos_turn = False
        elif _chronos_turn_line(e) and not chronos_turn:
            actors.append(2)
            chronos_turn = True
    return actors, a


@rule("Playing a Round: each player (and Chronos, 2 players) takes a turn in turn order, one turn "
      "each per round")
def playing_a_round_turns_in_turn_order(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    log = tr.after.events
    start = len(log) - len(tr.new_events)
    order = tr.before.table.order
    for n in range(start, len(log)):
        if log[n].kind in ("round", "era", "final"):
            actors, a = _round_actors(log, n)
            if any(e.kind == "era" for e in log[max(a, 0):n]):
                continue  # that round ended at its Era Change, checked there
            if a >= 0 and actors != order:
                return f"the round's turns went {actors}, turn order {order}"
    d = tr.after.decision
    t = tr.after.table
    if d is not None and d.kind == "main_action" and t.phase == 1:
        actors, _ = _round_actors(log, len(log))
        actors.append(d.seat)
        if actors != t.order[:len(actors)]:
            return f"turns this round {actors}, turn order {t.order}"
    return None


@rule("Taking Your Turn: every question of a turn goes to the player whose turn it is (Era Change "
      "questions to the player the step names)")
def taking_your_turn_the_current_player_decides(tr: Transition) -> str | None:
    d = tr.after.decision
    t = tr.after.table
    if d is None or t.phase != 1:
        return None
    if d.kind == "sage_return":
        return None if t.sages_held[d.seat] > 0 else f"Player {d.seat + 1} returns no sage"
    if d.kind in ("turn_order", "new_idea"):
        return None
    return None if d.seat == t.current else f"{d.kind} asked of Player {d.seat + 1}, not of " \
        f"the current Player {t.current + 1}"


# -- Key Concepts B-C / Step 2 -------------------------------------------------------------------
@rule("Key Concepts B, Golden Rule: each player can have only 1 Pillar of Time in each forum")
def key_concepts_b_golden_rule(tr: Transition) -> str | None:
    t = tr.after.table
    for seat in range(t.players):
        spaces = [s for s in (t.epoch[seat], *t.season[seat * 2:seat * 2 + 2]) if s >= 0]
        forums = [s // 2 for s in spaces]
        if len(set(forums)) != len(forums):
            return f"Player {seat + 1} has two pillars in forum {forums}"
    return None


@rule("Step 2: the Action space must be in an accessible forum (none of your Pillars of Time in "
      "it); the Epoch pillar moves to a different forum")
def step_2_accessible_forums_only(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is None or d.kind != "main_action":
        return None
    t = tr.after.table
    mine = {s // 2 for s in (t.epoch[d.seat], *t.season[d.seat * 2:d.seat * 2 + 2]) if s >= 0}
    for o in d.options:
        if o.id.startswith(("main:", "idle:")) and SPACE_INDEX[o.id.split("=")[1]] // 2 in mine:
            return f"{o.id} lies in a forum holding Player {d.seat + 1}'s pillar"
    return None


@rule("Key Concepts C: Chronos' space says it - on a wheel play a Season pillar, on a pillar "
      "move your Epoch pillar")
def key_concepts_c_season_or_epoch_by_era_track(tr: Transition) -> str | None:
    space = _space(tr)
    if space < 0 or tr.before is None:
        return None
    b, t, seat = tr.before.table, tr.after.table, tr.seat
    seasons_b, seasons_a = b.season[seat * 2:seat * 2 + 2], t.season[seat * 2:seat * 2 + 2]
    if catalog.TRACK_EPOCH[b.chronos]:
        if t.epoch[seat] != space:
            return "the Epoch pillar did not move on an Epoch round"
        if seasons_a != seasons_b and seasons_a != [-1, -1]:
            return "a Season pillar played on an Epoch round"
        return None
    if t.epoch[seat] != b.epoch[seat]:
        return "the Epoch pillar moved on a Season round"
    if -1 not in seasons_b:
        return "a Season round with no Season pillar left"
    want = list(seasons_b)
    want[want.index(-1)] = space
    if sorted(seasons_a) != sorted(want):
        return f"Season pillars {seasons_b} -> {seasons_a} for space {space}"
    return None


@rule("Step 2 A: each other player with an Epoch pillar on the chosen Action space gains 1 "
      "influence (2 players: Season pillars too), max 10")
def step_2a_influence_epoch_pillars(tr: Transition) -> str | None:
    space = _space(tr)
    if space < 0 or tr.before is None:
        return None
    b, seat = tr.before.table, tr.seat
    want = set()
    for other in range(b.players):
        seasons = b.season[other * 2:other * 2 + 2] if b.players == 2 else []
        if other != seat and (b.epoch[other] == space or space in seasons) \
                and b.influence[other] < MAX_INFLUENCE:
            want.add(other)
    end = next((n for n, e in enumerate(tr.new_events) if is_turn_start(e) and e.seat == seat),
               len(tr.new_events))
    got = [e for e in tr.new_events[:end] if e.kind == "influence"
           and e.data.get("why") == "a main action on their pillar's space"]
    if {e.seat for e in got} != want or len(got) != len(want):
        return f"players {sorted(e.seat for e in got)} gained influence, pillars of " \
            f"{sorted(want)} stand on the space"
    bad = [e for e in got if e.data["influence"] != influence_before(tr, e) + 1]
    return f"Player {bad[0].seat + 1} gained more than 1 influence" if bad else None


@rule("The Actions, Important: if (and only if) you cannot take any main action, play the pillar "
      "and gain 1 influence")
def the_actions_fallback_only_without_an_action(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is not None and d.kind == "main_action":
        kinds = {o.id.split(":")[0] for o in d.options}
        if "idle" in kinds and "main" in kinds:
            return "the fallback offered beside a main action"
    if option_id(tr).startswith("idle:") and tr.before is not None:
        b = tr.before.table
        got = influence_events(tr, "no main action possible")
        want = min(MAX_INFLUENCE, b.influence[tr.seat] + 1)
        if want != b.influence[tr.seat] and [e.data["influence"] for e in got] != [want]:
            return "the fallback did not give 1 influence"
    return None


# -- Step 1 and D. Chain Action ------------------------------------------------------------------
@rule("Step 1: prepare the number of Chain Action tokens (1 to 3) your space on the Influence "
      "track indicates")
def step_1_prepare_chain_action_tokens(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is None or d.kind != "main_action":
        return None
    if tr.before is not None and pending_of(tr.before.table, steps.S_MAIN, d.seat):
        return None  # the same turn's main action still to choose (after an Economy tile)
    t = tr.after.table
    want = catalog.INFLUENCE_TRACK[t.influence[d.seat]].chain_tokens
    if t.chain_left != want or not 1 <= want <= 3:
        return f"{t.chain_left} Chain Action tokens prepared at influence {t.influence[d.seat]}"
    return None


@rule("Key Concepts D: once you run out of your allotment for the turn, you cannot perform any "
      "more Chain Actions")
def key_concepts_d_chain_actions_need_a_token(tr: Transition) -> str | None:
    d = tr.after.decision
    if d is None:
        return None
    chains = [o.id for o in d.options if spends_chain_token(o.id)]
    if chains and tr.after.table.chain_left < 1:
        return f"{chains[0]} offered with no Chain Action token left"
    return None


@rule("Key Concepts D: every Chain Action places one prepared Chain Action token")
def key_concepts_d_chain_token_spent(tr: Transition) -> str | None:
    if tr.before is None or tr.before.table.phase != 1:
        return None
    b, t = tr.before.table, tr.after.table
    if b.current != t.current or any(is_turn_start(e) for e in tr.new_events):
        return None
    if not pending_of(t, STEP2_END, t.current) or not pending_of(b, STEP2_END, b.current):
        return None  # step 2 ended: the tokens went back
    spent = 1 if spends_chain_token(option_id(tr)) else 0
    if b.chain_left - t.chain_left != spent:
        return f"Chain Action tokens {b.chain_left} -> {t.chain_left} for {option_id(tr)}"
    return None


@rule("Taking Your Turn, note: at the end of step 2, return all of your Chain Action tokens")
def step_2_end_chain_tokens_returned(tr: Transition) -> str | None:
    t = tr.after.table
    if t.phase != 1 or t.current < 0 or pending_of(t, STEP2_END, t.current):
        return None
    if t.chain_left:
        return f"{t.chain_left} Chain Action tokens still out after step 2"
    return None


@rule("Taking Your Turn: steps 1-4 in order - no action after the ideas are refilled (end of "
      "step 2) or once Aspirations become Progress (step 3)")
def taking_your_turn_steps_in_order(tr: Transition) -> str | None:
    for seat, turn in ended_turns(tr):
        late = False
        for e in turn:
            if e.seat == seat and e.kind in ("idea", "progress"):
                late = True
            elif late and e.kind == "action" and e.seat == seat:
                return f"Player {seat + 1} acted after step 2 ended: {e.text}"
            elif e.kind == "present" and late:
                return f"Player {seat + 1} presented after refilling ideas"
    return None


# -- Key Concepts I: Technology, Culture and Economy tiles ---------------------------------------
@rule("Key Concepts I, Technology tile: you can only use 1 Technology tile per turn")
def key_concepts_i_technology_tile_once_per_turn(tr: Transition) -> str | None:
    for seat, turn in ended_turns(tr):
        used = [e for e in turn if e.kind == "action" and e.seat == seat
                and e.data.get("how", "").startswith("uses Technology tile")]
        if len(used) > 1:
            return f"Player {seat + 1} used {len(used)} Technology tiles in a turn"
    return None


@rule("Key Concepts I, Technology tile: it costs you 1 influence and you must flip it face down")
def key_concepts_i_technology_tile_costs_influence_and_flips(tr: Transition) -> str | None:
    oid = option_id(tr)
    if not oid.startswith("tech:tile=") or tr.before is None:
        return None
    b, t, seat = tr.before.table, tr.after.table, tr.seat
    code = PROGRESS_BASE + 14 + int(oid.split("=")[1]) - 1
    hexes = [h for h in range(NUM_HEXES) if b.progress_map[seat * NUM_HEXES + h] == code]
    if not hexes or b.flipped[seat * NUM_HEXES + hexes[0]]:
        return f"{oid}: no face-up tile of that number"
    if not t.flipped[seat * NUM_HEXES + hexes[0]]:
        return f"{oid}: the tile is not flipped face down"
    got = influence_events(tr, "Technology tile")
    if b.influence[seat] < 1 or [e.data["influence"] for e in got] != [b.influence[seat] - 1]:
        return f"{oid}: influence {b.influence[seat]}, paid {[e.data for e in got]}"
    return None


@rule("Key Concepts I, Technology tile: once flipped face down, never to be used again")
def key_concepts_i_technology_tile_flipped_for_good(tr: Transition) -> str | None:
    if tr.before is None:
        return None
    b, t = tr.before.table, tr.after.table
    for i, was in enumerate(b.flipped):
        if was and not t.flipped[i]:
            return "a flipped Technology tile turned face up"
    for i, now in enumerate(t.flipped):
        if now and not PROGRESS_BASE + 14 <= t.progress_map[i] < PROGRESS_BASE + 21:
            return "a tile other than a Technology tile is flipped"
    return None


@rule("Key Concepts I, Technology tile: if you perform Action A, you can chain Action B (and the "
      "other way round)")
def key_concepts_i_technology_tile_chains_the_paired_action(tr: Transition) -> str | None:
    oid = option_id(tr)
    if not oid.startswith("tech:tile=") or tr.before is None:
        return None
    step = tr.before.table.pending[-1]
    pair = catalog.PROGRESS[14 + int(oid.split("=")[1]) - 1].pair
    first = [e for e in tr.new_events if e.kind == "action"]
    performed = catalog.ACTIONS[step.action]
    if performed not in pair or not first:
        return f"{oid} after {performed.value}, its pair {pair}"
    other = pair[1] if pair[0] == performed else pair[0]
    return None if first[0].data["action"] == other.value else \
        f"{oid} chained {first[0].data['action']}, not {other.value}"


@rule("Key Concepts I, Culture tile: every time you perform the depicted action, you get the "
      "benefit in the middle")
def key_concepts_i_culture_tile_triggers_on_its_action(tr: Transition) -> str | None:
    for seat, turn in ended_turns(tr):
        t = tr.after.table
        built = {e.data["tile"] for e in turn if e.kind == "build" and e.seat == seat}
        actions = [e.data["action"] for e in turn if e.kind == "action" and e.seat == seat]
        fired = [e.text for e in turn if e.kind == "culture" and e.seat == seat]
        for code in t.progress_map[seat * NUM_HEXES:(seat + 1) * NUM_HEXES]:
            if not PROGRESS_BASE + 7 <= code < PROGRESS_BASE + 14:
                continue
            tile = catalog.PROGRESS[code - PROGRESS_BASE]
            if tile.id in built:
                continue
            want = actions.count(tile.on.value) if tile.on is not None else 0
            got = sum(1 for text in fired if text.endswith(f"Culture tile {tile.number} triggers"))
            if got != want:
                return f"Player {seat + 1}'s Culture tile {tile.number} ({tile.on}) triggered " \
                    f"{got} times for {want} such actions"
    return None


@rule("Key Concepts I, Economy tile: a benefit you can activate once per era by placing an "
      "Economy token on it")
def key_concepts_i_economy_tile_once_per_era(tr: Transition) -> str | None:
    oid = option_id(tr)
    if not oid.startswith("economy:tile=") or tr.before is None or era_change_began(tr):
        return None  # (an Era Change in the same step gives the tokens back)
    b, t, seat = tr.before.table, tr.after.table, tr.seat
    code = PROGRESS_BASE + int(oid.split("=")[1]) - 1
    base = seat * NUM_HEXES
    free = [h for h in range(NUM_HEXES)
            if b.progress_map[base + h] == code and not b.eco_used[base + h]]
    if not free or b.eco_home[seat] < 1:
        return f"{oid} without an unused tile or an Economy token at home"
    if not t.eco_used[base + free[0]]:
        return f"{oid}: no Economy token placed on the tile"
    gained = sum(1 for e in tr.new_events if e.kind == "economy_token" and e.seat == seat)
    if t.eco_home[seat] != b.eco_home[seat] - 1 + gained:
        return f"{oid}: Economy tokens at home {b.eco_home[seat]} -> {t.eco_home[seat]}"
    return None
