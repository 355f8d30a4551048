"""A game without hidden information (`Game.perfect_information`), a position that hides
nothing from the seat (`hides_nothing_from`, Civolution) and a game whose hidden information no
rule reads until the end (`hidden_read_only_at_end`, Inventions' Private Goals, redealt into
each world woken) let the search keep the positions of its tree instead of replaying them in
every sampled world (ismcts `_iterate_shared`). Checked for each: the claim itself, and that the
search grows exactly the tree it grows from worlds sampled one by one."""

from __future__ import annotations

import random
from typing import Any

import pytest

import ingenium
from ingenium.bots import IsmctsBot, ismcts, make_bot
from ingenium.engine import Rng, State, game_names
from ingenium.engine.resting import Resting

PERFECT = [name for name in game_names() if ingenium.get_game(name).perfect_information]
SPECS = ["ismcts:iters=60,rollout=0", "ismcts:iters=60", "ismcts:iters=40,rollout=0,chain=2",
         "ismcts:iters=40,rollout=0,chain=2,center=1,horizon=1",
         "ismcts:iters=40,rollout=0,chain=2,center=1,top=3",
         "ismcts:iters=40,rollout=0,chain=2,center=1,guide=10",
         "ismcts:iters=40,chain=1", "ismcts:iters=40,rollout=3,reuse=1",
         "ismcts:iters=30,rollout=60"]  # rollouts long enough to reach the next age (chance)


def positions(name: str, players: int, seed: int, every: int) -> list[State[Any]]:
    """Every `every`-th position of a seeded random game where a seat has a real choice."""
    state = ingenium.get_game(name).new_game(players, seed)
    rng = random.Random(seed)
    found: list[State[Any]] = []
    count = 0
    while (decision := state.decision) is not None:
        if len(decision.options) > 1:
            count += 1
            if count % every == 0:
                found.append(state.clone())
        state.apply(decision.options[rng.randrange(len(decision.options))])
    return found


def test_legendary_inventors_claims_perfect_information_and_the_others_do_not() -> None:
    assert PERFECT == ["legendary-inventors"]


@pytest.mark.parametrize("name", PERFECT)
def test_determinize_changes_nothing_but_the_chance_source(name: str) -> None:
    for players in (2, 4):
        for state in positions(name, players, 3, every=7):
            for seat in range(players):
                world = state.determinize(seat, random.Random(seat), keep_log=False)
                assert world.history == state.history and not state.private_chance
                mine, theirs = world.position_data(), state.position_data()
                assert mine.pop("rng") != theirs.pop("rng")
                assert mine == theirs


@pytest.mark.parametrize("name", game_names())
def test_a_world_woken_from_rest_is_the_world_that_rested(name: str) -> None:
    """Any game's search world: frozen, its table and history are tuples (the garbage
    collector stops scanning them); woken, it is the same position, asks the same question
    and plays on alike, while the resting copy stays as it was."""
    for state in positions(name, 3, 4, every=29):
        world = state.determinize(state.decision.seat, random.Random(1),  # type: ignore[union-attr]
                                  keep_log=False)
        resting = Resting(world)
        table, history = world.table.to_data(), world.history.copy()
        assert all(not isinstance(v, list) for v in resting.table.values.values())
        woken = resting.wake(Rng(world.rng.state))  # type: ignore[union-attr]
        assert woken.position_data() == world.position_data()
        assert woken.history == world.history and woken.decision is world.decision
        rng = random.Random(2)
        for _ in range(20):
            decision = world.decision
            if decision is None:
                break
            option = decision.options[rng.randrange(len(decision.options))]
            world.apply(option)
            woken.apply(option.id)
            assert woken.fingerprint() == world.fingerprint()
        again = resting.wake(Rng(1))
        assert again.table.to_data() == table and again.history == history
    explicit = ingenium.get_game(name).new_game(3, 4, chance="explicit")
    with pytest.raises(ValueError, match="rests"):
        Resting(explicit)  # its chance comes from its caller


def trees(state: State[Any], spec: str) -> list[Any]:
    """What a search leaves behind: the chosen options of two chained decisions (reuse) and
    every statistic of the root's children."""
    decision = state.decision
    assert decision is not None
    bot = make_bot(spec, decision.seat, 5)
    assert isinstance(bot, IsmctsBot)
    chosen = bot.choose(state, decision)
    root = bot.search(state.determinize(decision.seat, 9), decision)
    return [chosen.id, bot.rng.random(),
            sorted((option, child.visits, child.available, child.value)
                   for option, child in root.children.items())]


@pytest.mark.parametrize("name", PERFECT)
@pytest.mark.parametrize("spec", SPECS)
def test_kept_positions_grow_the_tree_worlds_sampled_one_by_one_grow(
        name: str, spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = positions(name, 3, 11, every=23)
    assert len(chosen) >= 3
    shared = [trees(state, spec) for state in chosen]
    monkeypatch.setattr(type(ingenium.get_game(name)), "perfect_information", False)
    assert [trees(state, spec) for state in chosen] == shared


def test_a_search_past_its_kept_positions_grows_the_same_tree(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Kept positions are only a cache: with room for 3 the tree is the same."""
    chosen = positions("legendary-inventors", 2, 6, every=31)
    spec = "ismcts:iters=80,rollout=2"
    roomy = [trees(state, spec) for state in chosen]
    monkeypatch.setattr(ismcts, "MAX_KEPT", 3)
    assert [trees(state, spec) for state in chosen] == roomy


def civolution_positions(hiding: bool) -> list[State[Any]]:
    """Positions of seeded random Civolution games (2 and 3 players, solo) where the deciding
    seat is (`hiding` False) or is not shown every card."""
    game = ingenium.get_game("civolution")
    found = []
    for players, variant in ((2, None), (3, None), (1, "medium")):
        state = game.new_game(players, 12, variant)
        rng = random.Random(12)
        count = 0
        while (decision := state.decision) is not None:
            if len(decision.options) > 1:
                count += 1
                if (count % 17 == 0
                        and game.hides_nothing_from(state, decision.seat) != hiding):
                    found.append(state.clone())
            state.apply(decision.options[rng.randrange(len(decision.options))])
    return found


def test_civolution_position_hiding_nothing_determinizes_to_one_world() -> None:
    """The claim behind sharing: where Civolution says a position hides nothing from the
    seat, every world sampled for it is the same but for its chance source; where it says
    something is hidden, worlds do differ."""
    open_positions, hiding = civolution_positions(False), civolution_positions(True)
    assert len(open_positions) >= 10 and len(hiding) >= 3
    for state in open_positions:
        seat = state.decision.seat  # type: ignore[union-attr]
        first = state.determinize(seat, random.Random(1), keep_log=False).position_data()
        for source in (2, 3):
            world = state.determinize(seat, random.Random(source), keep_log=False)
            data = world.position_data()
            assert data.pop("rng") != first["rng"]
            assert data == {k: v for k, v in first.items() if k != "rng"}
    differ = 0
    for state in hiding:
        seat = state.decision.seat  # type: ignore[union-attr]
        worlds = [state.determinize(seat, random.Random(s), keep_log=False).table.to_data()
                  for s in range(6)]
        differ += any(w != worlds[0] for w in worlds[1:])
    assert differ >= 1


@pytest.mark.parametrize("spec", ["ismcts:iters=60,rollout=0", "ismcts:iters=30",
                                  "ismcts:iters=30,rollout=0,chain=2"])
def test_civolution_kept_positions_grow_the_tree_worlds_sampled_one_by_one_grow(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = civolution_positions(False)[::3]
    assert len(chosen) >= 4
    shared = [trees(state, spec) for state in chosen]
    monkeypatch.setattr(type(ingenium.get_game("civolution")), "hides_nothing_from",
                        lambda self, state, seat: False)
    assert [trees(state, spec) for state in chosen] == shared


def inventions_positions(every: int, last: int = 0) -> list[State[Any]]:
    """Every `every`-th position with a real choice of seeded random Inventions games at each
    player count (2: against Chronos), and the `last` such positions of each game (where a
    search reaches the end of the game and its scoring)."""
    found = []
    for players in (2, 3, 4):
        every_one = positions("inventions", players, 8 + players, 1)
        found += every_one[every - 1::every] + every_one[len(every_one) - last:][:last]
    return found


def without_goals(world: State[Any]) -> dict[str, Any]:
    """A world's position but for its chance source and the Private Goals dealt."""
    data = world.position_data()
    data.pop("rng")
    data["table"] = {k: v for k, v in data["table"].items() if k != "goals"}
    return data


def test_inventions_worlds_differ_only_in_goals_no_rule_reads_until_the_end() -> None:
    """The claim behind redealing (`hidden_read_only_at_end`): worlds sampled for the deciding
    seat differ only in the other seats' Private Goals (and do differ in them), and played on
    with the same moves and the same chance they stay alike, option for option, until the game
    ends."""
    game = ingenium.get_game("inventions")
    differ = 0
    for state in inventions_positions(every=40):
        seat = state.decision.seat  # type: ignore[union-attr]
        assert game.hidden_read_only_at_end(state, seat)
        one = state.determinize(seat, random.Random(1), keep_log=False)
        two = state.determinize(seat, random.Random(2), keep_log=False)
        differ += one.table.goals != two.table.goals
        two.rng = Rng(one.rng.state)  # type: ignore[union-attr]
        moves = random.Random(seat)
        while one.decision is not None:
            assert without_goals(one) == without_goals(two)
            options = one.decision.options
            assert options == two.decision.options  # type: ignore[union-attr]
            option = options[moves.randrange(len(options))]
            one.apply(option)
            two.apply(option.id)
        assert two.decision is None
    assert differ >= 10


@pytest.mark.parametrize("spec", ["ismcts:iters=60,rollout=0", "ismcts:iters=30",
                                  "ismcts:iters=30,rollout=0,chain=2",
                                  "ismcts:iters=40,rollout=2,reuse=1"])
def test_inventions_kept_positions_grow_the_tree_worlds_sampled_one_by_one_grow(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = inventions_positions(every=90, last=2)
    assert len(chosen) >= 12
    shared = [trees(state, spec) for state in chosen]
    monkeypatch.setattr(type(ingenium.get_game("inventions")), "hidden_read_only_at_end",
                        lambda self, state, seat: False)
    assert [trees(state, spec) for state in chosen] == shared
