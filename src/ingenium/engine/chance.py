"""Chance as explicit, recorded events.

Nothing face down is ever pre-shuffled: a face-down stack or bag is an unordered collection, and
each draw, die roll or random pick is a *chance node* whose outcome is appended to the history as
an entry `(CHANCE, "kind:code")`. Rules ask for one with `state.draw(kind, items)`: one of
`items` (a list of integer codes; a code listed twice is twice as likely). The outcome comes from
the state's chance source:

- `SEEDED`: a fast seeded generator kept in the state as data (simulations, tests, golden
  transcripts: the same players, seed, variant and answers give the same game);
- `SECURE`: `secrets` (the server: an online table has no seed that could leak);
- `EXPLICIT`: the caller resolves each node itself (`state.chance`, `state.apply_chance`), as
  OpenSpiel's chance nodes and explicit-stochastic search want.

Recorded outcomes are replayed first, whatever the source, so the history alone replays a game.

>>> node = ChanceNode("die", (1, 2, 3, 4, 5, 6, 6))
>>> node.outcomes()[-1]
(6, 0.2857142857142857)
>>> outcome_id("die", 6), parse_outcome("die:6")
('die:6', ('die', 6))
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from ingenium.engine.errors import IllegalMove

if TYPE_CHECKING:
    from ingenium.engine.table import FlatTable
    from ingenium.engine.types import Decision, Option

CHANCE = -1  # the "seat" of chance entries in a history (OpenSpiel's chance player id too)
SEEDED: Literal["seeded"] = "seeded"
SECURE: Literal["secure"] = "secure"
EXPLICIT: Literal["explicit"] = "explicit"
ChanceMode = Literal["seeded", "secure", "explicit"]
CHANCE_MODES: tuple[ChanceMode, ...] = (SEEDED, SECURE, EXPLICIT)


def outcome_id(kind: str, code: int) -> str:
    """The history id of an outcome: its node's kind and the drawn code."""
    return f"{kind}:{code}"


def parse_outcome(entry: str) -> tuple[str, int]:
    """Inverse of outcome_id; ValueError for anything else."""
    kind, sep, code = entry.rpartition(":")
    if not sep or not kind:
        raise ValueError(f"{entry!r} is not a chance outcome")
    return kind, int(code)


@dataclass(frozen=True, slots=True)
class ChanceNode:
    """A pending chance event: its kind and the codes it draws from (duplicates weigh more)."""

    kind: str
    items: tuple[int, ...]

    def outcomes(self) -> list[tuple[int, float]]:
        """Distinct outcome codes with their probabilities, in ascending code order."""
        counts = Counter(self.items)
        total = len(self.items)
        return [(code, counts[code] / total) for code in sorted(counts)]

    def find(self, outcome: object) -> int:
        """The code for an outcome given as a code or an outcome id; else IllegalMove."""
        code: int | None = None
        if isinstance(outcome, int) and not isinstance(outcome, bool):
            code = outcome
        elif isinstance(outcome, str):
            try:
                kind, code = parse_outcome(outcome)
            except ValueError:
                code = None
            else:
                if kind != self.kind:
                    code = None
        if code is None or code not in self.items:
            shown = ", ".join(str(c) for c, _ in self.outcomes()[:12])
            raise IllegalMove(f"{outcome!r} is not an outcome of chance node '{self.kind}' "
                              f"(outcomes: {shown})")
        return code


class NeedChance(Exception):
    """Raised inside rules code in explicit mode when a chance outcome must come from outside."""

    def __init__(self, node: ChanceNode) -> None:
        super().__init__(node.kind)
        self.node = node


@dataclass(slots=True)
class PendingChance:
    """Explicit mode: a resolution that waits for chance outcomes.

    Rules are deterministic given their outcomes, so the resolution is re-run from `table` (the
    position before it) with the outcomes supplied so far each time one more arrives; the cost
    falls on explicit mode only."""

    table: FlatTable  # the position before the resolution; never mutated
    decision: Decision | None  # None: the game's setup
    option: Option | None
    history_len: int  # history length before the resolution's chance entries
    events_len: int
    undo_floor: int
    node: ChanceNode
    outcomes: list[str] = field(default_factory=list)

    def copy(self) -> PendingChance:
        """An independent copy (the snapshot table is never mutated, so it is shared)."""
        return PendingChance(self.table, self.decision, self.option, self.history_len,
                             self.events_len, self.undo_floor, self.node, self.outcomes.copy())
