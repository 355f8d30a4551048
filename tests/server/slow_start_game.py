"""Preloaded by a test server: registers `slow-start`, the secret-hands game whose copy in each
bot worker process takes SLOW_WORKER_START seconds to arrive (a cold start on a starved
machine)."""

from __future__ import annotations

import os
import time
from typing import Any

from secret_rules import SecretHands

from ingenium.engine import register_game


def _arrive_slowly() -> SlowStart:
    time.sleep(float(os.environ.get("SLOW_WORKER_START", "0")))
    return SlowStart()


class SlowStart(SecretHands):
    """Secret hands under another name, slow to unpickle."""

    name = "slow-start"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_arrive_slowly, ())


register_game(SlowStart())
