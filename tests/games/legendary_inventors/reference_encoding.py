"""The observation encoder as it was before the one-gather rewrite (session 9), kept only to
prove the new one writes the same float32 values for the same position: the table's numbers go
through two programs, one for scaled counts and one for one-hot flags, and the flow's numbers
are set one by one. The score parts and the pending question are encoded by the module's own
`_scores` and `_decision`, which the rewrite left as they were."""

from __future__ import annotations

from array import array
from functools import cache
from typing import NamedTuple

import numpy as np

from ingenium.engine import State
from ingenium.engine.slices import layout
from ingenium.games.legendary_inventors import encoding as enc
from ingenium.games.legendary_inventors.table import LITable

NONE = 255  # how -1 ("none") reads in the raw byte string


def observation(state: State[LITable], seat: int) -> np.ndarray:
    """view(seat) as the encoder before the rewrite built it."""
    t = state.table
    players = t.players
    buffer = np.zeros(enc.OBSERVATION_SIZE + 1, dtype=np.float32)
    obs = buffer[:enc.OBSERVATION_SIZE]
    if not players:
        ones: list[int] = []
        enc._decision(obs, state, seat, ones)
        obs.put(ones, 1.0)
        return obs
    plan = _plan(players, seat)
    level, held, owner = bytes(t.level), bytes(t.held), array("b", t.owner).tobytes()
    raw = np.frombuffer(b"".join((
        level, bytes(t.used), held, bytes(t.team), bytes(t.status), bytes(t.filled),
        bytes(t.cubes), array("b", t.bonus).tobytes(), owner)), dtype=np.uint8)
    buffer.put(plan.scaled_to, raw.take(plan.scaled_from) * plan.scale)
    buffer.put(plan.hot_to + plan.lut.take(plan.hot_row + raw.take(plan.hot_from)), 1.0,
               mode="clip")
    ones = [enc._AGE + t.age - 1, enc._PHASE + t.phase,
            enc._CURRENT + (t.current - seat) % players]
    ones += [enc._DISPLAY_AT[slot] + inv * enc.INVENTION_SIZE
             for slot, inv in enumerate(t.display)]
    obs[enc._CHOC:enc._CHOC + 7] = (
        t.chocolate, len(t.deck1) / enc.MAX_DECK, len(t.deck2) / enc.MAX_DECK,
        len(t.deck3) / enc.MAX_DECK, len(t.bag1) / enc.MAX_BAG, len(t.bag2) / enc.MAX_BAG,
        len(t.bag3) / enc.MAX_BAG)
    obs[plan.score_to] = tuple(float(v) for v in enc._scores(bytes(t.team), level, held, owner))
    obs[plan.present] = 1.0
    enc._decision(obs, state, seat, ones)
    obs.put(ones, 1.0)
    return obs


class _Plan(NamedTuple):
    scaled_from: np.ndarray
    scaled_to: np.ndarray
    scale: np.ndarray
    hot_from: np.ndarray
    hot_to: np.ndarray
    hot_row: np.ndarray
    lut: np.ndarray
    score_to: np.ndarray
    present: np.ndarray


@cache
def _plan(players: int, seat: int) -> _Plan:
    src = {name: start for name, (start, _) in layout(tuple(enc.raw_lengths(players).items()))
           .items()}
    none = 10 * enc.OBSERVATION_SIZE
    width = 256
    plain = [v if v < NONE else none for v in range(width)]
    seats = [(v - seat) % players if v < players else none for v in range(width)]
    lut = np.array([*plain, *seats], dtype=np.int64)
    scaled: list[tuple[int, int, float]] = []
    hot: list[tuple[int, int, int]] = []
    types4 = enc._TYPES4
    for rel in range(players):
        s = (seat + rel) % players
        at = enc._PLAYERS + rel * enc.PLAYER_SIZE
        for n in range(types4):
            scaled.append((src["level"] + s * types4 + n, at + enc._P_LEVELS + n,
                           1 / enc.MAX_LEVEL))
        for i in range(enc.INVENTORS_PER_TEAM):
            scaled.append((src["used"] + s * enc.INVENTORS_PER_TEAM + i, at + enc._P_USED + i,
                           1.0))
        for k in range(enc.NUM_KINDS):
            scaled.append((src["held"] + s * enc.NUM_KINDS + k, at + enc._P_TOKENS + k,
                           1 / enc._BOX_KINDS[k]))
        hot.append((src["team"] + s, at + enc._P_TEAM, 0))
    for inv in range(enc.NUM_INVENTIONS):
        at = enc._INVENTIONS + inv * enc.INVENTION_SIZE
        hot.append((src["status"] + inv, at, 0))
        for ty in range(enc.NUM_TYPES):
            scaled.append((src["filled"] + inv * enc.NUM_TYPES + ty, at + enc._I_FILLED + ty,
                           1 / enc.MAX_FILL))
        for rel in range(players):
            s = (seat + rel) % players
            scaled.append((src["cubes"] + inv * enc.MAX_PLAYERS + s, at + enc._I_CUBES + rel,
                           1 / enc.MAX_CUBES))
        for slot in range(enc.TOKENS_PER_INVENTION):
            hot.append((src["bonus"] + inv * enc.TOKENS_PER_INVENTION + slot,
                        at + enc._I_BONUS + slot * enc.NUM_KINDS, 0))
        hot.append((src["owner"] + inv, at + enc._I_OWNER, 1))
    return _Plan(np.array([f for f, _, _ in scaled], dtype=np.int64),
                 np.array([to for _, to, _ in scaled], dtype=np.int64),
                 np.array([m for _, _, m in scaled], dtype=np.float32),
                 np.array([f for f, _, _ in hot], dtype=np.int64),
                 np.array([to for _, to, _ in hot], dtype=np.int64),
                 np.array([256 * row for _, _, row in hot], dtype=np.int64), lut,
                 np.array([enc._PLAYERS + ((s - seat) % players) * enc.PLAYER_SIZE
                           + enc._P_SCORE + n
                           for s in range(players) for n in range(len(enc.SCORE_PARTS))]),
                 np.array([enc._PLAYERS + rel * enc.PLAYER_SIZE for rel in range(players)]))
