"""A civilization's console and discs: markers from the limited supply, points, tracks, Favor.

Rulebook: "Your marker supply is limited to 50 pieces"; "Whenever you complete a lap on the score
track (onto or past space 0), take a 100-point token"; The progress tracks ("You can't advance
beyond space 12 ... gain 2 success points for every additional step"; a crossed threshold grants
its bonus); the Favor of Agera track ("If your disc ... is on the rightmost space when you would
advance it, you must forgo that bonus").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ingenium.games.civolution.board import K
from ingenium.games.civolution.components.icons import Track
from ingenium.games.civolution.table import (
    CivTable,
    boats_of,
    by_place,
    dice_spaces,
    feature_at,
    storage_at,
    track_at,
)

if TYPE_CHECKING:
    from ingenium.games.civolution.components.effects import Effect

LAP = 100
TRACKS = tuple(Track)
TRACK_RECORDS = tuple(K.tracks[tr] for tr in TRACKS)
FAVOR_TOP = len(K.favor) - 1


def take_markers(t: CivTable, seat: int, wanted: int) -> int:
    """Markers taken from the supply, at most what is left (the supply is limited to 50)."""
    got = min(wanted, t.supply[seat])
    t.supply[seat] -= got
    return got


def gain_sp(t: CivTable, seat: int, amount: int) -> None:
    """Advance the score disc; each completed lap takes a 100-point token."""
    if amount <= 0:
        return
    before = t.score[seat]
    t.score[seat] = before + amount
    laps = t.score[seat] // LAP - before // LAP
    if laps:
        t.hundreds[seat] += laps
        t.hundred_supply = max(0, t.hundred_supply - laps)


def dice_on_spaces(t: CivTable, seat: int) -> int:
    """Activation dice on the dice spaces (planning markers do not count)."""
    return sum(dice_spaces(t, seat))


def advance_track(t: CivTable, seat: int, track: int, steps: int) -> list[tuple[Effect, ...]]:
    """Advance a progress track; returns the bonus effect lists of every threshold crossed."""
    rec = TRACK_RECORDS[track]
    at = track_at(seat, track)
    before = t.track[at]
    after = before + steps
    if after > rec.top:
        gain_sp(t, seat, (after - rec.top) * rec.sp_beyond_top)
        after = rec.top
    t.track[at] = after
    return [b.effects for b in rec.bonuses if before < b.at <= after]


def advance_favor(t: CivTable, seat: int, steps: int = 1) -> None:
    """Advance on the Favor of Agera track; steps beyond its rightmost space are forgone."""
    t.favor[seat] = min(FAVOR_TOP, t.favor[seat] + steps)


def distance(a: int, b: int) -> int:
    """Idea markers needed to turn die value a into b (6 and 1 are beside one another)."""
    d = abs(a - b) % 6
    return min(d, 6 - d)


def weak_tribes(t: CivTable, seat: int) -> int:
    """The seat's lying tribes anywhere on the continent."""
    enc = sum(1 for e, s in enumerate(t.enc_seat) if s == seat and not t.enc_strong[e])
    wild = sum(by_place(t.wild_weak, seat))
    boats = sum(boats_of(t.boat_weak, seat))
    return enc + wild + boats


def strong_tribes(t: CivTable, seat: int) -> int:
    """The seat's upright tribes anywhere on the continent."""
    enc = sum(1 for e, s in enumerate(t.enc_seat) if s == seat and t.enc_strong[e])
    wild = sum(by_place(t.wild_strong, seat))
    boats = sum(boats_of(t.boat_strong, seat))
    return enc + wild + boats


def gain_markers(t: CivTable, seat: int, space: str, amount: int, index: int = 0) -> int:
    """Place up to `amount` markers from supply on a console space; returns how many."""
    got = take_markers(t, seat, amount)
    if space == "food":
        t.food[seat] += got
    elif space == "money":
        t.money[seat] += got
    elif space == "idea":
        t.ideas[seat] += got
    elif space == "focus":
        t.focus[seat] += got
    elif space == "feature":
        t.feature[feature_at(seat, index)] += got
    elif space == "material":
        t.storage[storage_at(seat, index)] += got
    else:
        raise ValueError(f"no console space {space!r}")
    return got
