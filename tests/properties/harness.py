"""Property-based rules checks: seeded games played through the public engine API, every
property of the game's rulebook checked after every step.

A property is a small function named after the rulebook section it guards. It is handed a
`Transition` (the position before a move, the move, the position after it; at setup, the
first position alone) and returns None when the rule held, or a sentence saying what broke.
Properties read the table (what a person at the table could see or count), the log and the
seats' views; they never call the rules modules to recompute an answer, so a bug in a rule is
not repeated by its check.

Each game's module (`tests/properties/<game>.py`) lists its `PROPERTIES`; `GENERIC` below
apply to every game. `play_checked` plays one game with random or greedy seats and returns
every violation; `tests/properties/test_properties.py` runs it in the suite and
`scripts/mutation_run.py` runs it against injected rule bugs.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import ingenium
from ingenium.bots import make_bot
from ingenium.engine import Option, State

MAX_DECISIONS = 20_000  # a game longer than this does not terminate


@dataclass(frozen=True)
class Transition:
    """One step of a game: `before` (None at setup), the `seat` that answered and its
    `option`, and `after`. `new_events` are the log lines the step wrote."""

    before: State[Any] | None
    seat: int
    option: Option | None
    after: State[Any]

    @property
    def setup(self) -> bool:
        """Whether this is the position right after setup (no move yet)."""
        return self.before is None

    @property
    def new_events(self) -> list[Any]:
        """The events this step logged."""
        start = len(self.before.events) if self.before is not None else 0
        return self.after.events[start:]

    def texts(self) -> list[str]:
        """The new log lines' texts."""
        return [e.text for e in self.new_events]


Check = Callable[[Transition], str | None]


@dataclass(frozen=True)
class Property:
    """A rulebook property: its name (the section, snake case), the rulebook's words it
    checks, and the check."""

    name: str
    section: str
    check: Check
    final: bool = False  # checked on the final position only


@dataclass
class Registry:
    """The properties of one game, in the order they are declared."""

    properties: list[Property] = field(default_factory=list)

    def rule(self, section: str, final: bool = False) -> Callable[[Check], Check]:
        """Declare a property: `@rules.rule("Era Change, step 2: ...")` on a check function
        whose name is the property's name."""
        def register(check: Check) -> Check:
            name = check.__name__
            if any(p.name == name for p in self.properties):
                raise ValueError(f"property {name} declared twice")
            self.properties.append(Property(name, section, check, final))
            return check
        return register

    def __iter__(self) -> Iterator[Property]:
        return iter(self.properties)

    def __len__(self) -> int:
        return len(self.properties)


@dataclass(frozen=True)
class Violation:
    """A property that failed, where."""

    game: str
    players: int
    variant: str | None
    seed: int
    bots: str
    step: int
    prop: str
    message: str

    def __str__(self) -> str:
        variant = f" {self.variant}" if self.variant else ""
        return (f"{self.game} {self.players}p{variant} seed {self.seed} ({self.bots}) step "
                f"{self.step}: {self.prop}: {self.message}")


# ---------------------------------------------------------------- generic properties

GENERIC = Registry()


@GENERIC.rule("Every game: a decision offers options with unique ids and codes, for a seat")
def decision_well_formed(tr: Transition) -> str | None:
    state = tr.after
    decision = state.decision
    if decision is None:
        return None if state.is_terminal else "no decision, but the game is not over"
    if not decision.options:
        return f"decision {decision.kind} offers no option"
    ids = [o.id for o in decision.options]
    codes = [o.code for o in decision.options]
    if len(set(ids)) != len(ids) or len(set(codes)) != len(codes):
        return f"duplicate options at {decision.kind}"
    if not 0 <= decision.seat < state.players:
        return f"decision for seat {decision.seat}"
    if not all(0 <= c < state.game.num_actions for c in codes):
        return "an option code out of range"
    return None


@GENERIC.rule("Every game: the components are conserved (the game's own invariants)")
def components_conserved(tr: Transition) -> str | None:
    problems = tr.after.game.invariants(tr.after)
    return "; ".join(problems) if problems else None


@GENERIC.rule("Every game: the score track never goes below zero")
def scores_not_negative(tr: Transition) -> str | None:
    scores = tr.after.scores()
    return f"negative score {scores}" if min(scores) < 0 else None


HIDDEN_STRIDE = 7  # the hidden-information check runs at every 7th history entry (it costs)


@GENERIC.rule("Every game: a seat's view shows only what that seat may see (its view is the "
              "same in any world that differs only in what is hidden from it)")
def views_hide_what_a_seat_may_not_see(tr: Transition) -> str | None:
    state = tr.after
    if len(state.history) % HIDDEN_STRIDE or state.decision is None:
        return None
    for seat in range(state.players):
        world = state.determinize(seat, len(state.history) * 31 + seat)
        if world.view(seat) != state.view(seat):
            return f"seat {seat}'s view changes when what it cannot see is resampled"
        hidden = [e.text for e in state.events if not e.visible(seat)]
        shown = str(state.view(seat))
        leaked = [text for text in hidden if text in shown and len(text) > 12]
        if leaked:
            return f"seat {seat}'s view holds a private log line: {leaked[0]}"
    return None


@GENERIC.rule("Every game: the winner is the first of the ranking, and ranking covers every "
              "seat", final=True)
def winners_first_in_ranking(tr: Transition) -> str | None:
    state = tr.after
    ranking = state.ranking()
    if sorted(ranking) != list(range(state.players)):
        return f"ranking {ranking}"
    winners = state.winners()
    if winners and winners[0] != ranking[0]:
        return f"winners {winners}, ranking {ranking}"
    if not winners and state.players > 1:
        return "no winner in a multi-player game"
    return None


# ---------------------------------------------------------------- playing

MODULES = {"legendary-inventors": "legendary_inventors", "inventions": "inventions",
           "civolution": "civolution"}


def properties_of(name: str) -> list[Property]:
    """The generic properties, then the game's own."""
    module = importlib.import_module(f"tests.properties.{MODULES[name]}")
    return [*GENERIC, *module.PROPERTIES]


def _chooser(spec: str, state: State[Any], seed: int) -> Callable[[State[Any]], Option]:
    """How each seat answers: `random` (a seeded uniform choice, quick), or a bot spec."""
    if spec == "random":
        rng = random.Random(seed)
        return lambda s: rng.choice(s.decision.options)  # type: ignore[union-attr]
    bots = [make_bot(spec, seat, seed * 100 + seat) for seat in range(state.players)]

    def choose(s: State[Any]) -> Option:
        decision = s.decision
        assert decision is not None
        return bots[decision.seat].choose(s, decision)
    return choose


def play_checked(name: str, players: int, seed: int, variant: str | None = None,
                 bots: str = "random", properties: list[Property] | None = None,
                 stop_after: int = 0) -> list[Violation]:
    """Play one seeded game, checking every property after setup and after every step; the
    violations (at most `stop_after` when it is set)."""
    game = ingenium.get_game(name)
    props = properties if properties is not None else properties_of(name)
    per_step = [p for p in props if not p.final]
    found: list[Violation] = []

    def check(tr: Transition, step: int, which: list[Property]) -> None:
        for prop in which:
            try:
                message = prop.check(tr)
            except Exception as exc:  # a property that cannot read the position is a violation
                message = f"{type(exc).__name__}: {exc}"
            if message:
                found.append(Violation(name, players, variant, seed, bots, step, prop.name,
                                       message))

    state = game.new_game(players, seed, variant)
    choose = _chooser(bots, state, seed)
    last = Transition(None, -1, None, state)
    check(last, 0, per_step)
    step = 0
    while state.decision is not None and not (stop_after and len(found) >= stop_after):
        before = state.clone()
        seat = state.decision.seat
        option = choose(state)
        state.apply(option)
        step += 1
        last = Transition(before, seat, option, state)
        check(last, step, per_step)
        if step >= MAX_DECISIONS:
            found.append(Violation(name, players, variant, seed, bots, step, "terminates",
                                   f"no end after {MAX_DECISIONS} decisions"))
            return found
    if state.is_terminal:
        check(last, step, [p for p in props if p.final])
    return found
