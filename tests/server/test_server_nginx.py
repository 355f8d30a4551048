"""The load balancer recipe (deploy/nginx-ingenium.conf) as it is, in front of two server
processes on one PostgreSQL: tables are created and played through it, websockets upgrade
through it, and a move made through one process reaches a socket held by the other."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import httpx
import pytest
from server_helpers import make_server, play_through_balancer, separate_database

from ingenium.server.testing import free_port

RECIPE = Path(__file__).resolve().parents[2] / "deploy" / "nginx-ingenium.conf"
POSTGRES = os.environ.get("INGENIUM_TEST_POSTGRES_URL")
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
pytestmark = [pytest.mark.postgres,
              pytest.mark.skipif(not POSTGRES, reason="needs INGENIUM_TEST_POSTGRES_URL"),
              pytest.mark.skipif(NGINX is None, reason="needs nginx (apt-get install nginx)")]


def start_nginx(tmp: Path, ports: list[int]) -> tuple[subprocess.Popen[bytes], int]:
    """nginx with the recipe, its upstreams and port replaced; the process and its port."""
    recipe = RECIPE.read_text()
    servers = iter(ports)
    recipe = re.sub(r"server 127\.0\.0\.1:800\d", lambda _: f"server 127.0.0.1:{next(servers)}",
                    recipe)
    port = free_port()
    recipe = recipe.replace("listen 127.0.0.1:8080", f"listen 127.0.0.1:{port}")
    (tmp / "ingenium.conf").write_text(recipe)
    for folder in ("logs", "temp"):
        (tmp / folder).mkdir(exist_ok=True)
    (tmp / "nginx.conf").write_text(
        f"worker_processes 1;\nerror_log {tmp}/logs/error.log;\npid {tmp}/nginx.pid;\n"
        f"events {{ worker_connections 256; }}\n"
        f"http {{ access_log {tmp}/logs/access.log; client_body_temp_path {tmp}/temp; "
        f"proxy_temp_path {tmp}/temp; include {tmp}/ingenium.conf; }}\n")
    assert NGINX is not None
    process = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(tmp / "nginx.conf"),
                                "-g", "daemon off;"], stderr=subprocess.PIPE)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return process, port
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError(f"nginx did not answer: {(tmp / 'logs' / 'error.log').read_text()}")


def test_the_nginx_recipe_balances_play_and_websockets(tmp_path: Path) -> None:
    assert POSTGRES is not None
    url = separate_database(POSTGRES, tmp_path)
    servers = []
    for n in range(2):
        (tmp_path / str(n)).mkdir()
        servers.append(make_server(url, tmp_path / str(n),
                                   INGENIUM_TRUSTED_PROXIES="127.0.0.1"))
    nginx = None
    try:
        for server in servers:
            server.start()
        nginx, port = start_nginx(tmp_path, [server.port for server in servers])
        play_through_balancer(port)
        for server in servers:  # both processes served some of it
            assert server.log_path is not None
            assert "/ws/tables/" in server.log_path.read_text()
    finally:
        if nginx is not None:
            nginx.terminate()
            nginx.wait(10)
        for server in servers:
            server.stop()
