"""The speed shortcuts of Legendary Inventors against their plain definitions, at every position
of a few seeded random games at every player count: the step machine's split tables, the turn
question's unrolled checks, the one-pass invention question, the prebuilt log texts."""

from __future__ import annotations

import random
from collections.abc import Iterator

import ingenium
from ingenium.engine import Decision, Option
from ingenium.games.legendary_inventors import evaluation, machine, options, steps
from ingenium.games.legendary_inventors.components.catalog import CHOCOLATE, COFFEE, NUM_KINDS, C
from ingenium.games.legendary_inventors.components.records import (
    INVENTORS_PER_TEAM,
    NUM_TYPES,
    TYPES,
)
from ingenium.games.legendary_inventors.rules import bonus_tokens, gameplay, inventors
from ingenium.games.legendary_inventors.table import COMPLETED, IN_PLAY, LIState, LITable
from ingenium.games.margins import margins
from tests.games.legendary_inventors import reference_evaluation

SEEDS = tuple(range(8))


def positions() -> Iterator[LIState]:
    """Every position where a seat answers, over a few seeded random games of each count."""
    game = ingenium.get_game("legendary-inventors")
    for players in range(game.min_players, game.max_players + 1):
        for seed in SEEDS:
            state = game.new_game(players, seed)
            rng = random.Random(seed)
            while (decision := state.decision) is not None:
                yield state
                state.apply(decision.options[rng.randrange(len(decision.options))])


def plain_decide(t: LITable) -> Decision | None:
    """The step machine's question looked up through its one table `STEPS`."""
    if not t.pending:
        return gameplay.turn_decision(t)
    handler = machine.STEPS[type(t.pending[-1])]
    assert isinstance(handler, machine.Asks)
    return handler.decide(t, t.pending[-1])


def plain_token_options(t: LITable, seat: int) -> list[Option]:
    """Bonus tokens: fronts that raise a level in sequence, backs while a blank knowledge is."""
    held = t.held[seat * NUM_KINDS:(seat + 1) * NUM_KINDS]
    level = t.level[seat * 16:(seat + 1) * 16]
    offered = [options.FRONT[k] for k in range(NUM_KINDS)
               if C.token_kinds[k].effect == "upgrade" and held[k]
               and C.token_kinds[k].to_level - 1 in level]
    if 0 in level:
        offered += [options.BACK[k] for k in range(NUM_KINDS) if held[k]]
    return offered


def known(t: LITable, seat: int, inventor: int) -> set[int]:
    """The types an inventor has any knowledge of."""
    at = (seat * INVENTORS_PER_TEAM + inventor) * NUM_TYPES
    return {ty for ty in range(NUM_TYPES) if t.level[at + ty] > 0}


def open_of(t: LITable, inv: int) -> set[int]:
    """The types with an open square on an invention."""
    return {ty for ty in range(NUM_TYPES) if inventors.open_squares(t, inv, ty) > 0}


def plain_turn_options(t: LITable) -> tuple[Option, ...]:
    """Gameplay 1, as the summary says it: tokens, coffee, chocolate, a fresh inventor who can
    help an open invention (any fresh one after Chocolate), refresh once one is used."""
    seat = t.current
    held = t.held[seat * NUM_KINDS:(seat + 1) * NUM_KINDS]
    ready = [i for i in range(INVENTORS_PER_TEAM) if not t.used[seat * INVENTORS_PER_TEAM + i]]
    offered = plain_token_options(t, seat)
    if held[COFFEE] and len(ready) < INVENTORS_PER_TEAM:
        offered.append(options.PLAY_COFFEE)
    if held[CHOCOLATE] and not t.chocolate and ready:
        offered.append(options.PLAY_CHOCOLATE)
    use = options.USE[t.team[seat]]
    if t.chocolate:
        return (*offered, *(use[i] for i in ready))
    wanted = set().union(*(open_of(t, inv) for inv in t.display if t.status[inv] == IN_PLAY))
    offered += [use[i] for i in ready if known(t, seat, i) & wanted]
    if len(ready) < INVENTORS_PER_TEAM:
        offered.append(options.REFRESH)
    return tuple(offered)


def plain_usable(t: LITable, seat: int, inventor: int) -> list[int]:
    """Gameplay 2: open inventions in play where the inventor places a cube (any with
    Chocolate)."""
    return [inv for inv in t.display if t.status[inv] == IN_PLAY
            and (t.chocolate or known(t, seat, inventor) & open_of(t, inv))]


def test_questions_match_their_plain_definitions() -> None:
    for state in positions():
        t = state.table
        assert machine.decide(state) == plain_decide(t) == state.decision
        assert not state.game.is_over(state)
        seat = t.current
        assert bonus_tokens.knowledge_token_options(t, seat) == plain_token_options(t, seat)
        if not t.pending:
            assert gameplay.turn_decision(t).options == plain_turn_options(t)
        for inventor in range(INVENTORS_PER_TEAM):
            assert (inventors.usable_inventions(t, seat, inventor)
                    == plain_usable(t, seat, inventor))
        done = [t.status[inv] for inv in t.display].count(COMPLETED)
        for most in range(3):
            assert gameplay.unfinished_at_most(t, most) == (len(t.display) - done <= most)


def test_prebuilt_records_and_texts() -> None:
    assert steps.EndTurn(steps.STEP_END_TURN) == gameplay.END_TURN
    choose = tuple(steps.ChooseInvention(steps.STEP_INVENTION, i)
                   for i in range(INVENTORS_PER_TEAM))
    assert choose == gameplay.CHOOSE_INVENTION
    for seat, teams in enumerate(gameplay.USES):
        for team, texts in enumerate(teams):
            for inventor, text in enumerate(texts):
                name = C.teams[team].inventors[inventor].name
                assert text == f"{inventors.player(seat)} uses {name} on "
    for fresh_mask, fresh in enumerate(gameplay.FRESH):
        assert fresh == tuple(i for i in range(INVENTORS_PER_TEAM) if not fresh_mask & 1 << i)
    for placed in ((0, 0, 0, 0), (1, 0, 2, 0), (0, 3, 0, 4), (2, 2, 2, 2)):
        plain = ", ".join(f"{TYPES[ty]} {n}" for ty, n in enumerate(placed) if n) or "nothing"
        assert gameplay.cube_detail(*placed) == plain


def test_machine_tables_cover_every_step() -> None:
    """Every step either runs or asks; the split tables hold each handler of `STEPS` once."""
    for kind, handler in machine.STEPS.items():
        if isinstance(handler, machine.Runs):
            assert machine._AUTOMATIC[kind] is handler.run
            assert kind not in machine._DECIDE
        else:
            assert machine._DECIDE[kind] is handler.decide
            assert machine._ANSWER[kind] is handler.answer
            assert machine._AUTOMATIC.get(kind) is handler.prepare
    decoded = tuple(options.SPACE.decode(code) for code in range(options.SPACE.size))
    assert decoded == machine._DECODED


def test_evaluation_matches_its_plain_definition() -> None:
    """The potentials of all seats in one pass (leads added invention by invention) are each
    seat's plain potential, float for float, and so are the greedy and search evaluations."""
    for state in positions():
        t = state.table
        plain = [reference_evaluation.potential(t, s) for s in range(t.players)]
        assert evaluation.potentials(t) == plain
        assert evaluation.evaluate_all(t) == margins(plain)
        assert [evaluation.evaluate(t, s) for s in range(t.players)] == [
            p - max(o for s, o in enumerate(plain) if s != seat) for seat, p in enumerate(plain)]


def test_a_game_is_over_exactly_when_nothing_is_asked() -> None:
    """`is_over` (the phase) against the step machine's question, at each game's end too."""
    game = ingenium.get_game("legendary-inventors")
    for players in range(game.min_players, game.max_players + 1):
        state = game.new_game(players, players)
        rng = random.Random(players)
        while not game.is_over(state):
            decision = machine.decide(state)
            assert decision is not None
            state.apply(decision.options[rng.randrange(len(decision.options))])
        assert machine.decide(state) is None and state.is_terminal
