"""Imported first by a server that benchmarks/server_load.py --profile starts: profile the
event loop's thread (cProfile) and write the statistics when the server stops."""

from __future__ import annotations

import atexit
import cProfile
import os
import signal
import sys

_profile = cProfile.Profile()


def _dump() -> None:
    _profile.disable()
    _profile.dump_stats(os.environ["INGENIUM_PROFILE_OUT"])


_profile.enable()
atexit.register(_dump)
# uvicorn re-raises the SIGTERM it stopped on once it is done: exit normally then, so the
# statistics are written
signal.signal(signal.SIGTERM, lambda _number, _frame: sys.exit(0))
