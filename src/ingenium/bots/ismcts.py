"""Information-set MCTS (single observer, Cowling et al. 2012) over the engine contract.

Every iteration samples a world consistent with the bot's view (`determinize`), walks the shared
tree choosing among the options available in that world (UCB1 with availability counts), adds to
the tree and scores the leaf with the game's evaluation, turned into a value per seat. The bot
never reads hidden information: only determinized copies of its seat's world are searched.

What makes it stronger than plain ISMCTS, each a parameter measured against the last (README of
benchmarks/bot_strength.py; the defaults are what won):
- `rollout`: random steps before the evaluation (0: the evaluation straight at the leaf);
- `prior`: a node's options are all scored by the evaluation when it is first expanded, each
  child starting with `prior` virtual visits at that value (0: untried options at random);
- `widen`: progressive widening, a node considers only its best ceil(widen * sqrt(visits + 1))
  options by that score (0: all of them; only with `prior`);
- `reuse`: the subtree under the chosen option is kept for the seat's next decision when it
  follows directly (chained decisions of one turn: only chance in between);
- `workers`: root parallelism over processes, only while more than one core is free
  (bots/root_parallel.py; 1, the default, is off);
- `chain`: whole moves as the leaves. A new leaf is one atomic choice ("activate module X"
  before its dice and effects are chosen); scoring it there averages half-made moves. With
  `chain` the mover's own chain of decisions is completed before the evaluation, at random (1)
  or greedily by the evaluation (2), at most MAX_CHAIN decisions (0: scored where it stands).
  The tree still offers every legal option: only the leaf's value is taken further on.
  It applies where leaves are scored by the evaluation (`prior` 0). A move ends where another
  seat or chance must answer, or where the mover is asked for its next move (`Game.move_kinds`):
  `horizon` is how many of its next moves the completion plays on through, which happens only
  where no other seat answers in between (Solo Mode: V.I.C.I's turns need no answer).
- `learned`: the learned evaluation shipped for the game and player count (bots/learned.py,
  `ingenium train-eval`) instead of the game's own (0): 1 always, 2 where one is shipped.
- `top`: the root considers only the `top` options greedy values best (its whole lookahead,
  bots/greedy.py, on the same world: no peeking), 0 all of them. Not with `prior`. The search
  then spends its budget telling a few good options apart rather than visiting every option a
  few times; `top=1` plays as greedy.
- `guide`: the root's options start with `guide` virtual visits at greedy's value of each (its
  whole lookahead on the same world, squashed as a leaf's value is), as votes the search must
  outweigh: with few iterations over many options (Civolution's turn at 250 ms) it plays
  greedy's choice and leaves it only on the evidence of its own visits. Not with `prior`.
  Without a `guide` in its spec the search follows the game's `search_guide` (0 where a game
  declares none), as greedy follows its `greedy_depth`: greedy's values are a good guide only
  where its lookahead sees whole moves.
- `macro`: every edge of the tree a whole move (with `chain=2`): the option chosen at a node is
  followed by the rest of the mover's move, played as a leaf's chain is, so the children of a
  node are the next move's options (the other seat's, in a game of 2 or more), not the rest of
  the mover's questions. Without it the tree branches on every question of a move and a node's
  value averages the follow-ups it tries one by one, most of them poor: at few iterations a
  move with many questions after it (a module's dice and effects) reads worse than it is.
  Without a `macro` in its spec the search follows the game's `search_macro_from`, the least
  player count at which it is on (0 or none: never).
- `center`: leaves valued by how far each seat's margin moved from the root's (1), not by the
  margin itself (0). Squashed to (0, 1) as a win chance, a margin far from 0 reads as a sure
  loss or win whatever the move: a seat far behind or ahead (a solo game against V.I.C.I, which
  scores a hundred points more than any bot) would see every option alike and play at random.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from ingenium.bots import root_parallel
from ingenium.bots.base import LEVELS, Bot, Param, never
from ingenium.bots.greedy import GreedyBot
from ingenium.bots.learned import (
    evaluation,
    evaluation_all,
    own_evaluation,
    own_evaluation_all,
)
from ingenium.bots.tree import Node, back_up, pick
from ingenium.engine import Decision, Option, Rng, State
from ingenium.engine.resting import Resting

MAX_ITERS = 10_000_000  # sanity bounds of the spec; a server sets its own, far lower
MAX_MS = 3_600_000.0
MAX_PRIOR = 100.0
MAX_WIDEN = 100.0
MAX_CHAIN = 16  # decisions of the mover's chain completed before a leaf is scored
MAX_TOP = 64  # the root's options kept by `top` (a sanity bound of the spec)
MARGIN = 0.005  # seconds kept for the last iteration and the answer, so `ms` is not overrun
SCALE = 4.0  # evaluation points per unit of the logistic squash to (0, 1)
CHANCE_SEAT = -1
MAX_KEPT = 4096  # positions a search keeps at rest (a few KB each); past it, it replays them


def randbelow(rng: random.Random) -> Callable[[int], int]:
    """`rng.randrange` of one argument without its argument checks: the same numbers from the
    same generator state (`randrange(n)` is `_randbelow(n)` for n >= 1), for the search's
    random choices, several in every iteration."""
    below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    return below


def squash(values: list[float], around: list[float] | None = None) -> list[float]:
    """Evaluation margins to (0, 1), as a win chance would be; with `around`, each seat's
    margin less its value there (the root's: how much better than now)."""
    if around is None:
        return [1 / (1 + math.exp(-v / SCALE)) for v in values]
    return [1 / (1 + math.exp((a - v) / SCALE)) for v, a in zip(values, around, strict=True)]


def outcome(world: State[Any]) -> list[float]:
    """Each seat's share of the win in a finished world."""
    winners = world.winners()
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(world.players)]


class IsmctsBot(Bot):
    """Search with a budget of iterations (`iters`) and/or milliseconds (`ms`, wall clock, since
    that is what a player waits for; `cpu`, the process's CPU time, so that benchmarks on a
    loaded machine compare like with like).

    A spec with `ms` or `cpu` and no `iters` thinks for the whole time: the default iteration
    count caps only a spec that gives no time."""

    name = "ismcts"
    searches = True
    parameters: ClassVar[dict[str, Param]] = {
        "iters": Param(int, 200, 1, MAX_ITERS),
        "ms": Param(float, 0, 0, MAX_MS),  # 0: no time limit of its own
        "cpu": Param(float, 0, 0, MAX_MS),  # CPU ms a decision (benchmarks on a shared machine)
        "c": Param(float, 0.7, 0, 100),
        "rollout": Param(int, 12, 0, 1000),
        "prior": Param(float, 0, 0, MAX_PRIOR),
        "widen": Param(float, 0, 0, MAX_WIDEN),
        "reuse": Param(int, 0, 0, 1),
        "workers": Param(int, 1, 1, root_parallel.MAX_WORKERS),  # only with free cores
        "chain": Param(int, 0, 0, 2),  # 1: finish the mover's chain at random, 2: greedily
        "horizon": Param(int, 0, 0, 4),  # the mover's next moves the chain plays on through
        "learned": Param(int, 0, 0, 2),  # 1: the learned evaluation, 2: where shipped
        "center": Param(int, 0, 0, 1),  # 1: leaves valued relative to the root's margins
        "top": Param(int, 0, 0, MAX_TOP),  # the root's options: greedy's best `top` (0: all)
        "guide": Param(float, 0, 0, MAX_PRIOR),  # greedy-valued root visits; unset: the game's
        "macro": Param(int, 0, 0, 1),  # 1: every edge a whole move (chain=2); unset: the game's
    }

    def __init__(self, seat: int, seed: int = 0, **params: Any) -> None:
        super().__init__(seat, seed, **params)
        timed = "ms" in params or "cpu" in params
        self.iters = MAX_ITERS if timed and "iters" not in params else int(self.values["iters"])
        self.ms = self.values["ms"]
        self.cpu = self.values["cpu"]
        self.c = self.values["c"]
        self.rollout = int(self.values["rollout"])
        self.prior = self.values["prior"]
        self.widen = self.values["widen"] if self.prior else 0.0
        self.reuse = bool(self.values["reuse"])
        self.chain = int(self.values["chain"])
        self.horizon = int(self.values["horizon"])
        # `macro` given in the spec, else the game's `search_macro_from` (resolved in `search`)
        self.macro_given: bool | None = bool(self.values["macro"]) if "macro" in params else None
        self.macro = False
        self.learned = int(self.values["learned"])
        self.center = bool(self.values["center"])
        self.top = 0 if self.prior else int(self.values["top"])
        # `guide` given in the spec, else the game's `search_guide` (resolved in `search`)
        self.guide_given: float | None = float(self.values["guide"]) if "guide" in params else None
        self.guide = 0.0
        self.root_decision: Decision | None = None  # with `top`: the root's options kept
        self.root_values: list[float] | None = None  # with `center`: the root's evaluation
        # the game's own evaluation until a search picks the learned one (`learned`)
        self.evaluate: Callable[[State[Any], int], float] = own_evaluation
        self.evaluate_all: Callable[[State[Any]], list[float]] = own_evaluation_all
        # the subtree kept for the next decision: (history length it follows, our option, node)
        self.kept: tuple[int, str, Node] | None = None
        self.iterations = 0  # of the last decision, for studies and tests
        self.redeal = False  # this search's worlds differ in what no rule reads until the end

    def fallback(self) -> str:
        """The medium level (greedy): no search, yet the game's own evaluation."""
        return LEVELS["medium"]

    def decide(self, world: State[Any], decision: Decision) -> Option:
        extra = root_parallel.helpers(int(self.values["workers"]))
        futures = root_parallel.start(
            {k: v for k, v in self.params.items()}, self.seat,
            [self.rng.getrandbits(32) for _ in range(extra)], world,
            max(0.0, self.deadline - time.perf_counter()) if self.deadline < math.inf else 0.0,
        ) if extra else []
        root = self.search(world, decision)
        counts = {option: child.visits for option, child in root.children.items()}
        for future in futures:
            for option, visits in future.result().items():
                counts[option] = counts.get(option, 0.0) + visits
        # with `top`, only the options searched: a kept subtree may hold visits of others
        options = decision.options if self.root_decision is None else self.root_decision.options
        best = max(options, key=lambda o: (counts.get(o.id, -1), self.rng.random()))
        if self.reuse and best.id in root.children:
            self.kept = (len(world.history), best.id, root.children[best.id])
        return best

    def search(self, world: State[Any], decision: Decision) -> Node:
        """The tree of this decision after the budget (the kept subtree grown, or a new one).

        The worlds searched keep no log (`keep_log=False`): the search plays them, never reads
        their events, and a log-less world skips building every event's text."""
        self.evaluate = evaluation(world, self.learned)
        self.evaluate_all = evaluation_all(world, self.learned)
        self.root_values = self.evaluate_all(world) if self.center else None
        self.guide = 0.0 if self.prior else (
            self.guide_given if self.guide_given is not None
            else float(getattr(world.game, "search_guide", 0.0)))
        self.macro = self.chain == 2 and (
            self.macro_given if self.macro_given is not None
            else 0 < getattr(world.game, "search_macro_from", 0) <= world.players)
        root = self._root(world)
        out_of_time = self._budget_clock()
        self.root_decision = None
        if self.top or self.guide:
            self._greedy_root(root, world, decision)
        seat, rng = self.seat, self.rng
        iters, done = self.iters, 0
        game = world.game
        hides_nothing = game.hides_nothing_from(world, seat)
        self.redeal = not hides_nothing and game.hidden_read_only_at_end(world, seat)
        if self.prior or not (hides_nothing or self.redeal):
            iterate, determinize = self._iterate, world.determinize
            while done < iters:
                if done and out_of_time is not None and out_of_time():
                    break
                iterate(root, determinize(seat, rng, keep_log=False))
                done += 1
        else:
            # every world plays as the seat's own until the game ends: only its chance differs,
            # and what it hides (redealt into each world woken, `redeal`)
            worlds = {root: Resting(world.determinize(seat, random.Random(0), keep_log=False))}
            iterate_shared, getrandbits = self._iterate_shared, rng.getrandbits
            while done < iters:
                if done and out_of_time is not None and out_of_time():
                    break
                # what determinize draws to resample hidden information, then to seed chance
                iterate_shared(root, worlds, getrandbits(64), getrandbits(64))
                done += 1
        self.iterations = done
        return root

    def _greedy_root(self, root: Node, world: State[Any], decision: Decision) -> None:
        """Greedy's values of the root's options (its whole lookahead on this same world, within
        this decision's budget): with `top`, the root keeps only the best `top` of them
        (`root_decision`); with `guide`, each valued option kept gets `guide` virtual visits at
        its value, squashed as a leaf's."""
        greedy = GreedyBot(self.seat, self.rng.getrandbits(32), learned=self.learned)
        greedy.stop_requested = self.stop_requested
        greedy.deadline = self.deadline
        values = greedy.option_values(world, decision)  # out of time: only the first ones
        if self.top and len(decision.options) > self.top:
            ranked = sorted(range(len(values)), key=lambda i: -values[i])[:self.top]
            kept = tuple(decision.options[i] for i in sorted(ranked))
            self.root_decision = Decision(decision.seat, decision.kind, decision.prompt, kept)
        if not self.guide:
            return
        seat, guide, players = self.seat, self.guide, world.players
        around = None if self.root_values is None else [self.root_values[seat]]
        searched = {o.id for o in (self.root_decision or decision).options}
        for option, value in zip(decision.options, values, strict=False):
            if option.id not in searched:
                continue  # not among greedy's best `top`
            child = root.children.get(option.id)
            if child is None:
                child = root.children[option.id] = Node(players)
                child.available = 1
            [chance] = squash([value], around)
            child.visits += guide
            child.value[seat] += guide * chance

    def _budget_clock(self) -> Callable[[], bool] | None:
        """Whether this decision's time is up, reading only the clocks a budget is set on (the
        `ms` wall clock, the `cpu` process clock, the caller's deadline and stop flag); None
        for a budget of iterations only, which reads no clock at all."""
        checks: list[Callable[[], bool]] = []
        if self.ms:  # this decision's own budget; the caller's deadline still applies on top
            until = time.perf_counter() + self.ms / 1000 - MARGIN
            checks.append(lambda: time.perf_counter() > until)
        if self.cpu:
            cpu_until = time.process_time() + self.cpu / 1000
            checks.append(lambda: time.process_time() > cpu_until)
        if self.deadline < math.inf or self.stop_requested is not never:
            checks.append(self.must_stop)
        if len(checks) < 2:
            return checks[0] if checks else None
        return lambda: any(check() for check in checks)

    def _root(self, world: State[Any]) -> Node:
        """The kept subtree when this decision follows our last one directly, else a new root."""
        kept, self.kept = self.kept, None
        if kept is not None:
            at, option, node = kept
            history = world.history
            if (len(history) > at and history[at] == (self.seat, option)
                    and all(seat == CHANCE_SEAT for seat, _ in history[at + 1:])):
                return node
        return Node(world.players)

    def _iterate(self, root: Node, world: State[Any]) -> None:
        """One iteration: select down the tree in `world`, add a node, score the leaf, back up."""
        values: list[float] | None = None
        if self.prior:
            path, values = self._descend_with_priors(root, world)
        else:
            path = self._descend(root, world)
        if values is None:
            values = self._playout(world)
        back_up(root, path, values)

    def _iterate_shared(self, root: Node, worlds: dict[Node, Resting[Any]], hidden: int,
                        seed: int) -> None:
        """`_iterate` where the position hides nothing from the seat (`hides_nothing_from`: a
        game without hidden information, or a position of one that hides nothing just now),
        where every world sampled is the seat's own and only the source of its chance differs
        (`seed`); or where what it hides is read by no rule until the game ends
        (`hidden_read_only_at_end`), where worlds differ also in that (`redeal`: dealt from
        `hidden` as determinize deals it) but play alike until the end.

        The position a node stands for is then the same in every iteration as long as no
        chance was drawn on the way from the root (nor the game ended, when redealing: its
        scoring read what was dealt), and `worlds` keeps it (at rest) for every such node
        reached more than once: an iteration walks down the kept positions without playing a
        move, and wakes only the last one (its chance seeded as determinize seeds a world's,
        the hidden part redealt) to play on from there. The tree grows as it would from worlds
        sampled one by one."""
        path, world = self._descend_shared(root, worlds, hidden, seed)
        back_up(root, path, self._playout(world))

    def _descend(self, root: Node, world: State[Any]) -> list[Node]:
        """Select down the tree in `world` until a new node is added or the game ends; the
        nodes passed below the root."""
        path: list[Node] = []
        node, chain, c, below = root, self.chain, self.c, randbelow(self.rng)
        root_decision = self.root_decision
        while (decision := world.decision) is not None:
            if node is root and root_decision is not None:
                decision = root_decision
            option, child, new = pick(node, decision, c, below)
            self._play(world, option, decision.seat, new)
            path.append(child)
            if new:
                if chain:
                    self._finish_chain(world, decision.seat)
                break
            node = child
        return path

    def _play(self, world: State[Any], option: Option, mover: int, new: bool) -> None:
        """Play the option chosen at a node; with `macro`, on to the end of the mover's move
        (where the tree's next node stands), unless the option's node is new (a leaf: its
        chain is completed for its value, within the horizon)."""
        world.apply(option)
        if self.macro and not new:
            self._finish_chain(world, mover, 0)

    def _wake(self, position: Resting[Any], rng: Rng, hidden: int) -> State[Any]:
        """A world of `position` drawing its chance from `rng`, with what the position hides
        from the seat dealt from `hidden` when the search redeals it (`redeal`)."""
        world = position.wake(rng)
        if self.redeal:
            world.game.determinize_table(world, self.seat, Rng.from_seed(hidden))
        return world

    def _descend_shared(self, root: Node, worlds: dict[Node, Resting[Any]], hidden: int,
                        seed: int) -> tuple[list[Node], State[Any]]:
        """`_descend` through the kept positions of `worlds` (see `_iterate_shared`): the
        nodes passed below the root and the world played on from the last kept position."""
        path: list[Node] = []
        node, chain, c, below = root, self.chain, self.c, randbelow(self.rng)
        position = worlds[root]
        world: State[Any] | None = None
        root_decision = self.root_decision
        while (decision := position.decision if world is None else world.decision) is not None:
            if node is root and root_decision is not None:
                decision = root_decision
            option, child, new = pick(node, decision, c, below)
            path.append(child)
            if world is not None:
                self._play(world, option, decision.seat, new)
            elif (kept := worlds.get(child)) is not None:
                position = kept
                node = child
                continue
            else:  # leaving the kept positions: a world of this iteration's own chance
                world = self._wake(position, fresh := Rng.from_seed(seed), hidden)
                unused = fresh.state
                self._play(world, option, decision.seat, new)
                if (not new and fresh.state == unused and len(worlds) < MAX_KEPT
                        and not (self.redeal and world.is_terminal)):
                    worlds[child] = Resting(world)  # reached again, and alike every time
            if new:
                if chain:
                    self._finish_chain(world, decision.seat)
                break
            node = child
        if world is None:  # a finished game, reached through kept positions
            world = self._wake(position, Rng.from_seed(seed), hidden)
        return path, world

    def _descend_with_priors(self, root: Node, world: State[Any]
                             ) -> tuple[list[Node], list[float] | None]:
        """`_descend` with `prior`: a node's options are all scored when it is first reached
        (`_expand`); a leaf without rollout takes its best option's value, which is returned
        (else None: the leaf is played out)."""
        path: list[Node] = []
        node = root
        rollout = self.rollout
        while (decision := world.decision) is not None:
            children = node.children
            for option in decision.options:
                child = children.get(option.id)
                if child is not None:
                    child.available += 1
            fresh = not children
            best = self._expand(node, world, decision)
            if fresh:
                return path, best if rollout == 0 else None
            option = self._select(node, decision)
            world.apply(option)
            node = children[option.id]
            path.append(node)
        return path, None

    def _expand(self, node: Node, world: State[Any], decision: Decision) -> list[float]:
        """Score every option of `decision` not yet a child (one step on, the evaluation) and
        add it with `prior` virtual visits at that value; the values of the mover's best."""
        best: list[float] | None = None
        best_score = -math.inf
        for option in decision.options:
            child = node.children.get(option.id)
            if child is None:
                after = world.clone()
                after.apply(option)
                values = outcome(after) if after.is_terminal else squash(
                    self.evaluate_all(after), self.root_values)
                child = Node(world.players)
                child.available = 1
                child.score = values[decision.seat]
                child.visits = self.prior
                child.value = [self.prior * v for v in values]
                node.children[option.id] = child
            if child.score > best_score:
                best_score = child.score
                best = [v / child.visits for v in child.value]
        assert best is not None
        return best

    def _select(self, node: Node, decision: Decision) -> Option:
        """UCB1 with availability counts among the options (the widened best when widening)."""
        seat = decision.seat
        options: Sequence[Option] = decision.options
        children = node.children
        if self.widen:
            allowed = math.ceil(self.widen * math.sqrt(node.visits + 1))
            if allowed < len(options):
                options = sorted(options, key=lambda o: -children[o.id].score)[:allowed]
        c, sqrt, log = self.c, math.sqrt, math.log
        best, best_score = options[0], -math.inf
        for option in options:
            child = children[option.id]
            visits = child.visits
            available = child.available
            score = (child.value[seat] / visits
                     + c * sqrt(log(available if available > 1 else 1) / visits))
            if score > best_score:
                best, best_score = option, score
        return best

    def _finish_chain(self, world: State[Any], mover: int, opens: int | None = None) -> None:
        """Play the mover's remaining decisions of this move (until another seat or chance
        must answer, the mover is asked for its next move (`Game.move_kinds`) past `opens` of
        them (the `horizon` unless given), or MAX_CHAIN of them): at random, or each the option
        the evaluation likes best for the mover (ties to the first). A leaf's value comes of
        it, and with `macro` the position an edge of the tree leads to."""
        move_kinds = world.game.move_kinds
        opens = self.horizon if opens is None else opens
        for _ in range(MAX_CHAIN):
            decision = world.decision
            if decision is None or decision.seat != mover:
                return
            if decision.kind in move_kinds:
                if not opens:
                    return
                opens -= 1
            options = decision.options
            if len(options) == 1:
                world.apply(options[0])
                continue
            if self.chain == 1:
                world.apply(options[randbelow(self.rng)(len(options))])
                continue
            best, best_value = options[0], -math.inf
            for option in options:
                after = world.clone()
                after.apply(option)
                value = self.evaluate(after, mover)
                if value > best_value:
                    best, best_value = option, value
            world.apply(best)

    def _playout(self, world: State[Any]) -> list[float]:
        """A short random rollout, then each seat's evaluation squashed to (0, 1)."""
        below, apply = randbelow(self.rng), world.apply
        for _ in range(self.rollout):
            decision = world.decision
            if decision is None:
                break
            options = decision.options
            apply(options[below(len(options))])
        if world.is_terminal:
            return outcome(world)
        return squash(self.evaluate_all(world), self.root_values)
