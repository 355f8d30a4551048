"""schemathesis against the running server (--checks all, bounded examples), per database.

Every answer must be one the OpenAPI schema documents, with the documented body (the 422 body
included); no request, however malformed, may get a 5xx.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from server_helpers import create, wait_finished

from ingenium.server.testing import LiveServer

CONFIG = Path(__file__).resolve().parent / "schemathesis.toml"
EXAMPLES = 30  # per operation and phase: about 15 s per database


def test_schemathesis_finds_no_5xx_and_no_schema_violation(server: LiveServer,
                                                           client: httpx.Client) -> None:
    st = shutil.which("st") or str(Path(sys.executable).parent / "st")
    if not Path(st).exists():
        pytest.fail("schemathesis is a dev dependency: pip install -e '.[dev]'")
    finished = create(client, ["random", "random"], game="secret-hands")["table_id"]
    wait_finished(client, finished)
    run = subprocess.run([st, "--config-file", str(CONFIG), "run", f"{server.url}/openapi.json",
                          "--checks", "all", "--max-examples", str(EXAMPLES), "--seed", "1",
                          "--no-color", "--request-timeout", "20"],
                         capture_output=True, text=True, timeout=300, check=False,
                         env={**os.environ, "INGENIUM_REPLAY_TABLE": finished})
    summary = run.stdout[-3000:]
    assert run.returncode == 0, summary
    assert re.search(r"\d+ generated, \d+ passed", summary), summary
    assert server.log_path is not None
    errors = re.findall(r'HTTP/1\.1" 5\d\d.*', server.log_path.read_text(errors="replace"))
    assert not errors, errors[:5]
