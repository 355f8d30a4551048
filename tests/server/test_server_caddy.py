"""The Caddy recipe (deploy/Caddyfile) as it is, in front of two server processes on one
PostgreSQL: tables are created and played through it, websockets upgrade through it, a move
made through one process reaches a socket held by the other, and a client's own
X-Forwarded-For never reaches the processes (it cannot spoof its address)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from server_helpers import play_through_balancer, separate_database, start_together

from ingenium.server.testing import free_port

RECIPE = Path(__file__).resolve().parents[2] / "deploy" / "Caddyfile"
POSTGRES = os.environ.get("INGENIUM_TEST_POSTGRES_URL")
CADDY = shutil.which("caddy")
SPOOFED = "203.0.113.9"  # an address of the documentation range, sent by the client itself
pytestmark = [pytest.mark.postgres,
              pytest.mark.skipif(not POSTGRES, reason="needs INGENIUM_TEST_POSTGRES_URL"),
              pytest.mark.skipif(CADDY is None, reason="needs caddy (apt-get install caddy)")]


def start_caddy(tmp: Path, ports: list[int]) -> tuple[subprocess.Popen[bytes], int]:
    """Caddy with the recipe, its upstreams and port replaced (its API off); the process and
    its port."""
    recipe = RECIPE.read_text()
    upstreams = " ".join(f"127.0.0.1:{port}" for port in ports)
    recipe, found = re.subn(r"reverse_proxy 127\.0\.0\.1:8001 127\.0\.0\.1:8002",
                            f"reverse_proxy {upstreams}", recipe)
    assert found == 1
    port = free_port()
    recipe = recipe.replace("http://127.0.0.1:8080", f"http://127.0.0.1:{port}")
    recipe = recipe.replace("admin localhost:2019", "admin off")
    (tmp / "Caddyfile").write_text(recipe)
    assert CADDY is not None
    home = {name: str(tmp) for name in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME")}
    with open(tmp / "caddy.log", "wb") as log:
        process = subprocess.Popen([CADDY, "run", "--config", str(tmp / "Caddyfile"),
                                    "--adapter", "caddyfile"], stdout=log, stderr=log,
                                   env={**os.environ, **home})
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process, port
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError(f"caddy did not answer: {(tmp / 'caddy.log').read_text()[-2000:]}")


def test_the_caddy_recipe_balances_play_and_websockets(tmp_path: Path) -> None:
    assert POSTGRES is not None
    servers = start_together(separate_database(POSTGRES, tmp_path), tmp_path, 2,
                             INGENIUM_TRUSTED_PROXIES="127.0.0.1")
    caddy = None
    try:
        caddy, port = start_caddy(tmp_path, [server.port for server in servers])
        play_through_balancer(port, {"X-Forwarded-For": SPOOFED})
        for server in servers:  # both processes served some of it, none saw the spoof
            assert server.log_path is not None
            log = server.log_path.read_text()
            assert "/ws/tables/" in log and SPOOFED not in log
    finally:
        if caddy is not None:
            caddy.terminate()
            caddy.wait(10)
        for server in servers:
            server.stop()
