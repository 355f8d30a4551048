"""Seat specs of a new table, checked before anything is stored (the same on every database).

A seat is "human" or a bot spec of at most SPEC_LENGTH characters from a small alphabet, whose
parameters the bot accepts and whose thinking budget stays within the server's limits.
"""

from __future__ import annotations

import re

from ingenium.bots import BOTS, UnknownBot, make_bot, parse_spec
from ingenium.server.errors import BAD_REQUEST, ApiError
from ingenium.server.settings import Settings

HUMAN = "human"
SPEC_LENGTH = 128
SPEC_PATTERN = r"^[A-Za-z0-9_.:=, +-]+$"
_SPEC = re.compile(SPEC_PATTERN)


def check_spec(spec: str, settings: Settings, stored: bool = False) -> str | None:
    """The canonical bot spec of a seat, None for a human; ApiError(400) for anything else.

    A `stored` spec (of a table created before today's limits) need not respect the server's
    budget limits: its moves are time-limited all the same."""
    if len(spec) > SPEC_LENGTH:
        raise ApiError(BAD_REQUEST, f"a seat spec has at most {SPEC_LENGTH} characters")
    if not _SPEC.fullmatch(spec):
        raise ApiError(BAD_REQUEST, "a seat spec uses only letters, digits and _ . : = , + -")
    if spec.strip().lower() == HUMAN:
        return None
    try:
        canonical = make_bot(spec, 0, 0).spec
        name, params = parse_spec(spec)
        values = BOTS[name].parse_params(params)
    except UnknownBot as exc:
        raise ApiError(BAD_REQUEST, str(exc)) from None
    if stored:
        return canonical
    if values.get("iters", 0) > settings.bot_max_iterations:
        raise ApiError(BAD_REQUEST, f"{name} iters may be at most {settings.bot_max_iterations} "
                                    f"on this server")
    if values.get("workers", 1) > settings.bot_max_workers:
        raise ApiError(BAD_REQUEST, f"{name} workers may be at most {settings.bot_max_workers} "
                                    f"on this server")
    for key in ("ms", "cpu"):  # wall clock and CPU time, each within the move's time limit
        if values.get(key, 0) > settings.bot_max_ms:
            raise ApiError(BAD_REQUEST, f"{name} {key} may be at most {settings.bot_max_ms:g} "
                                        f"on this server")
    return canonical
