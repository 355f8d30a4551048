"""The search's parameters (bots/ismcts.py): a CPU budget, evaluation priors, progressive
widening, the subtree kept between the chained decisions of one turn, leaves scored at the
end of the mover's whole move and valued against the root's margins."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import ingenium
from ingenium.bots import IsmctsBot, UnknownBot, make_bot
from ingenium.bots.greedy import GreedyBot
from ingenium.bots.ismcts import squash
from ingenium.bots.tree import Node
from ingenium.engine import State
from ingenium.engine.game import extend
from ingenium.sim.runner import Job, play_game

STRONG = "ismcts:iters=6,rollout=0,prior=1,widen=1,reuse=1"


def position(game: str, players: int, seed: int, moves: int = 25) -> State[Any]:
    """A position after random moves, with a real choice to make."""
    rng = random.Random(seed)
    state = ingenium.get_game(game).new_game(players, seed)
    for _ in range(moves):
        state.apply(rng.choice(state.decision.options))  # type: ignore[union-attr]
    while len(state.decision.options) < 2:  # type: ignore[union-attr]
        state.apply(state.decision.options[0])  # type: ignore[union-attr]
    return state


def test_the_cpu_budget_is_the_budget_within_ten_percent() -> None:
    state = position("legendary-inventors", 2, 3)
    decision = state.decision
    assert decision is not None
    bot = make_bot("ismcts:cpu=150,rollout=0,prior=1", decision.seat, 1)
    assert isinstance(bot, IsmctsBot) and bot.iters > 200
    spent = []
    for _ in range(3):
        started = time.process_time()
        assert bot.choose(state, decision) in decision.options
        spent.append(time.process_time() - started)
    # never short of it; the median within 10% (one search may also pay for a full garbage
    # collection of the whole test process, which the bot's clock cannot cut short)
    assert min(spent) >= 0.135 and 0.135 <= sorted(spent)[1] <= 0.165, spent


def test_priors_score_every_option_of_the_root_at_the_first_iteration() -> None:
    state = position("inventions", 3, 1)
    decision = state.decision
    assert decision is not None
    bot = make_bot("ismcts:iters=1,rollout=0,prior=2", decision.seat, 1)
    assert isinstance(bot, IsmctsBot)
    world = state.determinize(decision.seat, 5)
    root = bot._root(world)
    bot._iterate(root, world.clone())
    assert set(root.children) == {o.id for o in world.decision.options}  # type: ignore[union-attr]
    assert all(child.visits == 2 and 0 < child.score < 1 for child in root.children.values())


def test_widening_considers_only_the_best_scored_options_of_a_young_node() -> None:
    state = position("inventions", 3, 2)
    decision = state.decision
    assert decision is not None and len(decision.options) > 2
    bot = make_bot("ismcts:iters=1,rollout=0,prior=1,widen=1", decision.seat, 1)
    assert isinstance(bot, IsmctsBot)
    world = state.determinize(decision.seat, 5)
    root = bot._root(world)
    bot._iterate(root, world.clone())
    best = max(root.children.items(), key=lambda kv: kv[1].score)[0]
    # one visit: ceil(1 * sqrt(2)) = 2 options are in play, the best-scored first of them
    chosen = {bot._select(root, world.decision).id for _ in range(3)}  # type: ignore[arg-type]
    ranked = sorted(root.children, key=lambda o: -root.children[o].score)[:2]
    assert chosen <= set(ranked) and best in ranked


def test_the_subtree_of_a_chained_decision_is_reused_and_only_then() -> None:
    game = ingenium.get_game("legendary-inventors")
    state = game.new_game(2, 4)
    bot = make_bot("ismcts:iters=30,rollout=0,prior=1,reuse=1", 0, 1)
    assert isinstance(bot, IsmctsBot)
    reused = fresh = 0
    while (decision := state.decision) is not None and reused < 3:
        if decision.seat != 0 or len(decision.options) < 2:
            state.apply(decision.options[0])
            continue
        kept = bot.kept
        follows = (kept is not None and state.history[kept[0]:][:1] == [(0, kept[1])]
                   and all(seat == -1 for seat, _ in state.history[kept[0] + 1:]))
        world = state.determinize(0, 3)
        root = bot._root(world)
        if follows:
            assert kept is not None and root is kept[2] and root.visits > 0
            reused += 1
        else:
            assert root.visits == 0 and not root.children
            fresh += 1
        bot.kept = kept  # _root took it; let choose() look again
        state.apply(bot.choose(state, decision))
    assert reused >= 3 and fresh >= 1


def chained_position(game: str, seed: int) -> State[Any]:
    """A position of a random game whose mover chooses again right after any of its options
    (the first step of a longer move)."""
    rng = random.Random(seed)
    state = ingenium.get_game(game).new_game(2, seed)
    while (decision := state.decision) is not None:
        if len(decision.options) > 1:
            nexts = []
            for option in decision.options:
                after = state.clone()
                after.apply(option)
                nexts.append(after.decision)
            if all(d is not None and d.seat == decision.seat for d in nexts):
                return state
        state.apply(rng.choice(decision.options))
    raise AssertionError("no chained decision in the game")


@pytest.mark.parametrize("chain", [1, 2])
@pytest.mark.parametrize("game", ["legendary-inventors", "civolution"])
def test_chain_scores_a_leaf_at_the_end_of_its_movers_move(game: str, chain: int) -> None:
    state = chained_position(game, 3)
    decision = state.decision
    assert decision is not None
    for spec, whole_move in ((f"ismcts:iters=1,rollout=0,chain={chain}", True),
                             ("ismcts:iters=1,rollout=0", False)):
        bot = make_bot(spec, decision.seat, 1)
        assert isinstance(bot, IsmctsBot)
        world = state.determinize(decision.seat, 5)
        bot._iterate(bot._root(world), world)  # the world is left at the scored leaf
        leaf = world.decision
        ended = leaf is None or leaf.seat != decision.seat
        assert ended == whole_move, (spec, leaf)


def solo_activation(seed: int) -> State[Any]:
    """A Civolution Solo Mode (Medium) position in the middle of the player's move: right after
    the module chosen, with more of the same activation to answer."""
    rng = random.Random(seed)
    state = ingenium.get_game("civolution").new_game(1, seed, variant="medium")
    while (decision := state.decision) is not None:
        if decision.kind == "activation" and len(decision.options) > 1:
            return state
        state.apply(rng.choice(decision.options))
    raise AssertionError("no activation in the game")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_chain_ends_where_the_players_next_move_opens_in_civolution_solo(seed: int) -> None:
    """Against V.I.C.I every decision is the player's (V.I.C.I's turns need no answer), so the
    chain ends at the player's next Turn question (`move_kinds`), not 16 decisions on."""
    state = solo_activation(seed)
    assert ingenium.get_game("civolution").move_kinds == {"turn"}
    for _ in range(4):
        bot = make_bot("ismcts:iters=1,rollout=0,chain=2", 0, seed)
        assert isinstance(bot, IsmctsBot)
        world = state.determinize(0, 5)
        bot._iterate(bot._root(world), world)  # the world is left at the scored leaf
        leaf = world.decision
        assert leaf is None or leaf.kind == "turn", leaf
        assert len(world.history) - len(state.history) < 16


def kinds_played(start: State[Any], entries: list[tuple[int, str]]) -> list[str]:
    """The kinds of the decisions that `entries` (a history's tail, each move with the chance
    drawn after it) answer, replayed on `start`."""
    kinds = []
    for index, (seat, _) in enumerate(entries):
        if seat != -1:
            kinds.append(start.decision.kind)  # type: ignore[union-attr]
            end = index + 1
            while end < len(entries) and entries[end][0] == -1:
                end += 1
            extend(start, entries[index:end])
    return kinds


@pytest.mark.parametrize("horizon", [0, 1, 2])
def test_horizon_plays_the_chain_on_through_the_players_next_moves_in_civolution_solo(
        horizon: int) -> None:
    """`horizon` N: the completion plays through the player's next N moves (each opened by a
    Turn question) and stops at the one after, or at 16 decisions."""
    seen = set()
    for seed in (1, 2, 3):
        state = solo_activation(seed)
        bot = make_bot(f"ismcts:iters=1,rollout=0,chain=2,horizon={horizon}", 0, seed)
        assert isinstance(bot, IsmctsBot)
        world = state.determinize(0, 5)
        start = world.clone()
        bot._iterate(bot._root(world), world)
        kinds = kinds_played(start, world.history[len(state.history):])
        leaf = world.decision
        if len(kinds) < 1 + 16 and leaf is not None:
            assert leaf.kind == "turn" and kinds.count("turn") == horizon, kinds
            seen.add(seed)
        else:
            assert kinds.count("turn") <= horizon
    assert seen


def test_center_values_a_leaf_by_how_far_the_margin_moved_from_the_root() -> None:
    """Against V.I.C.I the margin is far from 0 (the player's promise early on, V.I.C.I's lead
    later), so squashed as a win chance every solo leaf reads as a sure win or loss and the
    options look alike; valued against the root's margin (`center=1`) they differ."""
    state = solo_activation(4)
    decision = state.decision
    assert decision is not None
    spreads = {}
    for center in (0, 1):
        bot = make_bot(f"ismcts:iters=300,rollout=0,chain=2,center={center}", 0, 1)
        assert isinstance(bot, IsmctsBot)
        root = bot.search(state.determinize(0, 5), decision)
        means = [child.value[0] / child.visits for child in root.children.values()]
        spreads[center] = max(means) - min(means)
        if center:
            assert bot.root_values is not None and abs(bot.root_values[0]) > 10  # far from V.I.C.I
    assert spreads[0] < 0.01 < 0.05 < spreads[1], spreads


@pytest.mark.parametrize(("game", "players", "seed"), [
    ("civolution", 2, 5), ("legendary-inventors", 2, 4), ("inventions", 3, 3)])
def test_top_searches_only_greedys_best_options_at_the_root(game: str, players: int,
                                                            seed: int) -> None:
    """`top=k`: the root's options are greedy's k best (its own lookahead, on the same world),
    every one of them searched and none other; the answer is one of them."""
    state = position(game, players, seed)
    decision = state.decision
    assert decision is not None and len(decision.options) > 2
    world = state.determinize(decision.seat, 5)
    values = GreedyBot(decision.seat, 1).option_values(world, decision)
    ranked = sorted(values, reverse=True)
    best_two = {o.id for o, v in zip(decision.options, values, strict=True) if v >= ranked[1]}
    bot = make_bot("ismcts:iters=60,rollout=0,chain=2,top=2", decision.seat, 1)
    assert isinstance(bot, IsmctsBot)
    root = bot.search(world, decision)
    if len(best_two) == 2:  # no tie for the second place
        assert set(root.children) == best_two
    assert set(root.children) <= best_two and len(root.children) == 2
    assert bot.choose(state, decision).id in best_two


def test_top_answers_among_greedys_best_even_from_a_kept_subtree() -> None:
    """With `reuse`, the root may be a kept subtree whose most visited child lies outside
    greedy's best `top`: the answer is still one of those searched."""
    state = position("civolution", 2, 10)  # the seat's second decision in a row
    decision = state.decision
    assert decision is not None
    world = state.determinize(decision.seat, 5)
    values = GreedyBot(decision.seat, 1).option_values(world, decision)
    worst = decision.options[values.index(min(values))]
    bot = make_bot("ismcts:iters=20,rollout=0,chain=2,top=1,reuse=1", decision.seat, 1)
    assert isinstance(bot, IsmctsBot)
    seat, option = state.history[-1]
    kept = Node(state.players)
    kept.children[worst.id] = Node(state.players)
    kept.children[worst.id].visits = 1000.0
    bot.kept = (len(state.history) - 1, option, kept)
    assert seat == decision.seat
    answer = bot.choose(state, decision)
    assert bot.root_decision is not None and answer.id != worst.id
    assert answer in bot.root_decision.options


def test_top_one_plays_greedys_choice() -> None:
    """`top=1` leaves the search one option at the root: greedy's best."""
    state = position("civolution", 2, 8)
    decision = state.decision
    assert decision is not None
    world = state.determinize(decision.seat, 5)
    values = GreedyBot(decision.seat, 1).option_values(world, decision)
    best = {o.id for o, v in zip(decision.options, values, strict=True) if v == max(values)}
    bot = make_bot("ismcts:iters=20,rollout=0,chain=2,top=1", decision.seat, 1)
    assert isinstance(bot, IsmctsBot)
    assert set(bot.search(world, decision).children) <= best


@pytest.mark.parametrize(("game", "players", "seed", "center"), [
    ("civolution", 2, 8, 0), ("civolution", 1, 4, 1), ("legendary-inventors", 2, 4, 0)])
def test_guide_starts_the_roots_options_at_greedys_values(game: str, players: int, seed: int,
                                                          center: int) -> None:
    """`guide=g`: every root option starts with g virtual visits at greedy's value of it (its
    lookahead on the same world), squashed as a leaf's value is (around the root's margin with
    `center`); one iteration then follows greedy's best, and the answer is greedy's choice."""
    state = solo_activation(seed) if players == 1 else position(game, players, seed)
    decision = state.decision
    assert decision is not None and len(decision.options) > 2
    seat = decision.seat
    world = state.determinize(seat, 5)
    values = GreedyBot(seat, 1).option_values(world.clone(), decision)
    best = {o.id for o, v in zip(decision.options, values, strict=True) if v == max(values)}
    assert len(best) < len(decision.options)
    bot = make_bot(f"ismcts:iters=1,rollout=0,chain=2,center={center},guide=50", seat, 1)
    assert isinstance(bot, IsmctsBot)
    root = bot.search(world.clone(), decision)
    around = None if bot.root_values is None else [bot.root_values[seat]]
    assert set(root.children) == {o.id for o in decision.options}
    searched = [o for o, child in root.children.items() if child.visits == 51]
    assert len(searched) == 1 and searched[0] in best
    for option, value in zip(decision.options, values, strict=True):
        child = root.children[option.id]
        if option.id not in searched:
            assert child.visits == 50
            assert child.value[seat] / 50 == pytest.approx(squash([value], around)[0])
    assert make_bot(f"ismcts:iters=1,rollout=0,chain=2,center={center},guide=50", seat,
                    1).decide(world.clone(), decision).id in best


@pytest.mark.parametrize(("game", "players", "spec", "guide"), [
    ("civolution", 2, "", 10), ("legendary-inventors", 2, "", 10), ("inventions", 3, "", 0),
    ("civolution", 2, ",guide=0", 0), ("inventions", 3, ",guide=4", 4)])
def test_guide_not_in_the_spec_follows_the_games_search_guide(game: str, players: int,
                                                              spec: str, guide: int) -> None:
    """Without `guide` in its spec the search takes the game's `search_guide` (10 in Civolution
    and Legendary Inventors; Inventions declares none: 0), as greedy takes `greedy_depth`;
    a `guide` in the spec wins over the game's. One iteration adds one real visit."""
    state = position(game, players, 6)
    decision = state.decision
    assert decision is not None
    world = state.determinize(decision.seat, 5)
    bot = make_bot(f"ismcts:iters=1,rollout=0,chain=2{spec}", decision.seat, 1)
    assert isinstance(bot, IsmctsBot)
    root = bot.search(world, decision)
    assert bot.guide == guide
    assert sum(child.visits for child in root.children.values()) == (
        guide * len(decision.options) + 1)


@pytest.mark.parametrize(("game", "players", "spec", "macro"), [
    ("civolution", 2, "chain=2", True), ("civolution", 4, "chain=2", True),
    ("civolution", 1, "chain=2", False), ("legendary-inventors", 2, "chain=2", False),
    ("inventions", 3, "chain=2", False), ("civolution", 2, "chain=2,macro=0", False),
    ("civolution", 1, "chain=2,macro=1", True), ("civolution", 2, "chain=1", False)])
def test_macro_not_in_the_spec_follows_the_games_search_macro_from(game: str, players: int,
                                                                   spec: str, macro: bool) -> None:
    """Without `macro` in its spec the search takes it from the game's `search_macro_from`
    (Civolution: 2, so not in Solo Mode; the others declare none); a `macro` in the spec wins,
    and it needs the greedy chain (`chain=2`)."""
    state = solo_activation(6) if players == 1 else position(game, players, 6)
    decision = state.decision
    assert decision is not None
    bot = make_bot(f"ismcts:iters=1,rollout=0,{spec}", decision.seat, 1)
    assert isinstance(bot, IsmctsBot)
    bot.search(state.determinize(decision.seat, 5), decision)
    assert bot.macro is macro


def test_squash_around_the_roots_margins() -> None:
    assert squash([-60.0, 3.0], [-60.0, 3.0]) == [0.5, 0.5]
    assert squash([0.0]) == [0.5]
    worse, better = squash([-64.0, -56.0], [-60.0, -60.0])
    assert worse < 0.5 < better and worse + better == pytest.approx(1)


@pytest.mark.parametrize("spec", ["ismcts:prior=-1", "ismcts:prior=101", "ismcts:widen=nan",
                                  "ismcts:center=2", "ismcts:reuse=2", "ismcts:cpu=-5",
                                  "ismcts:reuse=0.5", "ismcts:chain=3", "ismcts:chain=-1",
                                  "ismcts:horizon=5", "ismcts:top=-1", "ismcts:top=65",
                                  "ismcts:top=1.5", "ismcts:guide=-1", "ismcts:guide=101",
                                  "ismcts:guide=nan"])
def test_new_search_parameters_are_bounded(spec: str) -> None:
    with pytest.raises(UnknownBot):
        make_bot(spec, 0)


@pytest.mark.parametrize("game", ["legendary-inventors", "inventions", "civolution"])
def test_the_stronger_search_plays_whole_games_legally(game: str) -> None:
    result = play_game(Job(game, 2, (STRONG, "random"), 5))
    assert result.decisions > 0 and len(result.scores) == 2


def test_root_parallelism_is_off_unless_more_than_one_core_is_free(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ingenium.bots import root_parallel

    monkeypatch.setattr(root_parallel, "free_cores", lambda: 1)
    assert root_parallel.helpers(8) == 0
    monkeypatch.setattr(root_parallel, "free_cores", lambda: 3)
    assert root_parallel.helpers(1) == 0 and root_parallel.helpers(2) == 1
    assert root_parallel.helpers(8) == 2


def test_root_parallel_helpers_search_the_seats_world_and_their_visits_count(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ingenium.bots import root_parallel

    state = position("legendary-inventors", 2, 5)
    decision = state.decision
    assert decision is not None
    world = state.determinize(decision.seat, 9)
    counts = root_parallel.search_counts({"iters": "30", "rollout": "0"}, decision.seat, 4,
                                         world, 0.0)
    assert sum(counts.values()) >= 30 and set(counts) <= {o.id for o in decision.options}
    monkeypatch.setattr(root_parallel, "free_cores", lambda: 2)
    seen: list[int] = []
    original = root_parallel.start

    def spy(*args: Any) -> Any:
        futures = original(*args)
        seen.append(len(futures))
        return futures

    monkeypatch.setattr(root_parallel, "start", spy)
    bot = make_bot("ismcts:iters=30,rollout=0,workers=2", decision.seat, 1)
    assert bot.choose(state, decision) in decision.options
    assert seen == [1]


def turn_position(seed: int) -> State[Any]:
    """A Civolution 2p position of a greedy game where a seat's move opens (its Turn question),
    early in the first era."""
    state = ingenium.get_game("civolution").new_game(2, seed)
    bots = [GreedyBot(seat, seat) for seat in range(2)]
    turns = 0
    while (decision := state.decision) is not None:
        if decision.kind == "turn" and len(decision.options) > 2:
            turns += 1
            if turns == 3:
                return state
        state.apply(bots[decision.seat].choose(state, decision))
    raise AssertionError("no turn in the game")


@pytest.mark.parametrize("macro", [0, 1])
def test_macro_makes_every_edge_of_the_tree_a_whole_move(macro: int) -> None:
    """With `macro=1` the mover's move is completed on every edge the search walks, so below a
    Turn question of one seat come the other seat's Turn options, never the rest of the
    mover's own move (its module's questions, as without it)."""
    state = turn_position(1)
    decision = state.decision
    assert decision is not None
    bot = make_bot(f"ismcts:iters=150,rollout=0,chain=2,macro={macro},guide=0", decision.seat,
                   1)
    assert isinstance(bot, IsmctsBot)
    root = bot.search(state.determinize(decision.seat, 5), decision)
    grandchildren = [option for child in root.children.values() for option in child.children]
    assert grandchildren
    below_is_a_turn = [option == "reset" or option.startswith("module:")
                       for option in grandchildren]
    assert all(below_is_a_turn) if macro else not all(below_is_a_turn)
