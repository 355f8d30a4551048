"""Load on loopback: bot tables and human clients on one server; moves/s and human-move latency.

    python benchmarks/server_load.py [--database sqlite|postgres|URL] [--tables 50] [--humans 10]
        [--seconds 20] [--rounds 1] [--processes 1] [--src PATH ...] [--json FILE]

Several processes on one PostgreSQL (the README's figures), one command per process count:

    python benchmarks/server_load.py --database postgres --processes 1 --json load-1.json
    python benchmarks/server_load.py --database postgres --processes 2 --json load-2.json
    python benchmarks/server_load.py --database postgres --processes 3 --json load-3.json

Each of `--tables` tables seats two server bots (random) and has one spectator websocket (the
pushes are part of the cost); each of `--humans` tables seats a client that plays at random as
fast as it can, hearing the position over its websocket and moving over HTTP, against a server
bot. A table that ends is replaced by a new one, so the load stays the same. Reported: moves
(answers, not chance) per wall second, the HTTP move latency p50/p99 as the human client sees
it (wall clock: a latency is a wall-clock figure), the server process's CPU ms per move (a figure
the other loads on a shared machine do not distort) and the load average.

`--src` runs the server from other source trees (e.g. a git worktree of an older commit) so one
benchmark compares versions A/B interleaved, round after round, under the same conditions.
The spectators run in a process of their own, so the human clients' latencies are not inflated
by the benchmark's own work. `postgres` starts a throw-away PostgreSQL
(scripts/postgres-for-tests.sh; INGENIUM_TEST_POSTGRES_URL if already set).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, make_url
from websockets.asyncio.client import connect

from ingenium.server.settings import normalize_url
from ingenium.server.testing import LiveServer

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GAME = "legendary-inventors"
SERVER_ENV = {"INGENIUM_CREATE_PER_MINUTE": "1000000", "INGENIUM_MOVES_PER_SECOND": "1000000",
              "INGENIUM_BOT_DELAY": "0", "INGENIUM_BOT_TABLES_PER_CLIENT": "0",
              "INGENIUM_SOCKETS_PER_CLIENT": "1000000", "INGENIUM_BOT_TABLE_MAX_SECONDS": "0"}
HEAD = re.compile(r'"(seq|moves|status)":("?\w+"?)')


def head_fields(text: str) -> dict[str, str]:
    """seq, moves and status from the head of a payload (they come before the view), without
    decoding a message of up to 80 KB."""
    return {name: value.strip('"') for name, value in HEAD.findall(text[:600])}


def moves_of(fields: dict[str, Any]) -> int:
    """Answers made: `moves` where the server counts chance entries apart, else `seq`."""
    return int(fields.get("moves", fields.get("seq", 0)))


# -- bot tables with a spectator each (their own process) -------------------------------------
async def watch_bot_tables(bases: list[str], tables: int, seconds: float) -> dict[str, Any]:
    """Keep `tables` all-bot tables running, each watched by a spectator websocket (spread
    over the server processes `bases`)."""
    deadline = time.monotonic() + seconds
    clients = [httpx.AsyncClient(base_url=base, timeout=60) for base in bases]
    try:
        counts = await asyncio.gather(*(bot_table_slot(clients[n % len(bases)],
                                                       bases[n % len(bases)], deadline)
                                        for n in range(tables)))
    finally:
        for client in clients:
            await client.aclose()
    return {"moves": sum(c[0] for c in counts), "games": sum(c[1] for c in counts),
            "pushes": sum(c[2] for c in counts)}


async def bot_table_slot(http: httpx.AsyncClient, base: str,
                         deadline: float) -> tuple[int, int, int]:
    """One table slot: watch a bot game to its end, then start the next (moves, games, pushes)."""
    moves = games = pushes = 0
    while time.monotonic() < deadline:
        created = await http.post("/api/tables", json={"game": GAME, "players": 2,
                                                       "seats": ["random", "random"]})
        created.raise_for_status()
        url = base.replace("http://", "ws://") + f"/ws/tables/{created.json()['table_id']}"
        seen: dict[str, str] = {}
        async with connect(url, max_size=None, compression=None) as socket:
            while (left := deadline - time.monotonic()) > 0:
                try:
                    raw = await asyncio.wait_for(socket.recv(), left)
                except TimeoutError:
                    break
                pushes += 1
                seen.update(head_fields(str(raw)))
                if seen.get("status") == "finished":
                    games += 1
                    break
        moves += moves_of(seen)
    return moves, games, pushes


def spectator_process(bases: list[str], tables: int, seconds: float, out: Any, go: Any) -> None:
    """Entry point of the spectators' process: say it is ready, start when told."""
    out.put("ready")
    go.wait()
    out.put(asyncio.run(watch_bot_tables(bases, tables, seconds)))


# -- human clients ----------------------------------------------------------------------------
async def human_slot(base: str, index: int, deadline: float,
                     latencies: list[float]) -> tuple[int, int]:
    """One human client: play tables against a bot until time is up (moves, games)."""
    rng = random.Random(index)
    moves = games = 0
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        while time.monotonic() < deadline:
            made, finished = await play_human(http, base, rng, deadline, latencies)
            moves += made
            games += finished
    return moves, games


async def play_human(http: httpx.AsyncClient, base: str, rng: random.Random, deadline: float,
                     latencies: list[float]) -> tuple[int, bool]:
    """Seat 0 of a new table against a random bot, moving at random as soon as it may."""
    created = (await http.post("/api/tables", json={"game": GAME, "players": 2,
                                                    "seats": ["human", "random"]})).json()
    table_id, token = created["table_id"], created["seats"][0]["token"]
    url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}?token={token}"
    last: dict[str, Any] = {}
    moved_at = -1
    async with connect(url, max_size=None, compression=None) as socket:
        while (left := deadline - time.monotonic()) > 0:
            try:
                raw = await asyncio.wait_for(socket.recv(), left)
            except TimeoutError:
                break
            message = json.loads(raw)
            if message["type"] not in ("state", "update"):
                continue
            last = message["payload"]
            if last["status"] == "finished":
                return moves_of(last), True
            if not last["your_turn"] or last["seq"] <= moved_at:
                continue
            option = rng.choice(last["view"]["decision"]["options"])["id"]
            started = time.perf_counter()
            answer = await http.post(f"/api/tables/{table_id}/moves", json={
                "token": token, "option": option, "expected_seq": last["seq"]})
            if time.monotonic() < deadline:
                latencies.append(time.perf_counter() - started)
            moved_at = last["seq"]
            if answer.status_code != 200:
                raise RuntimeError(f"move refused: {answer.status_code} {answer.text[:200]}")
    return moves_of(last), False


# -- one run ----------------------------------------------------------------------------------
def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def drive_humans(bases: list[str], humans: int, seconds: float) -> dict[str, Any]:
    latencies: list[float] = []
    deadline = time.monotonic() + seconds
    counts = await asyncio.gather(*(human_slot(bases[i % len(bases)], i, deadline, latencies)
                                    for i in range(humans)))
    return {"moves": sum(c[0] for c in counts), "games": sum(c[1] for c in counts),
            "latencies": latencies}


def run_once(src: Path, database_url: str, tables: int, humans: int, seconds: float,
             log_dir: Path, profile: Path | None = None, processes: int = 1) -> dict[str, Any]:
    """One measurement: fresh server processes from `src` on `database_url` (clients spread
    over them), load for `seconds` (`profile`: the server's event loop thread is profiled into
    that file)."""
    env = {**SERVER_ENV, **({"INGENIUM_PROFILE_OUT": str(profile)} if profile else {})}
    servers = [LiveServer(database_url, log_path=log_dir / f"server-{time.time_ns()}.log",
                          env=env, python_path=(str(src / "src"), str(HERE)),
                          preload=("server_profile_hook",) if profile else ())
               for _ in range(processes)]
    context = multiprocessing.get_context("spawn")
    with contextlib.ExitStack() as stack:
        for server in servers:
            stack.enter_context(server)
        pids = [server.process.pid for server in servers if server.process is not None]
        bases = [server.url for server in servers]
        queue: Any = context.Queue()
        go = context.Event()
        spectators = context.Process(target=spectator_process,
                                     args=(bases, tables, seconds, queue, go))
        spectators.start()
        assert queue.get(timeout=120) == "ready"
        load_before = os.getloadavg()[0]
        cpu_before, started = sum(map(cpu_seconds, pids)), time.monotonic()
        go.set()
        human = asyncio.run(drive_humans(bases, humans, seconds))
        bots = queue.get(timeout=seconds + 120)
        elapsed = time.monotonic() - started
        cpu = sum(map(cpu_seconds, pids)) - cpu_before
        spectators.join(30)
    moves = human["moves"] + bots["moves"]
    latencies = sorted(human["latencies"])
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) >= 2 else [0.0] * 99
    return {
        "moves": moves, "human_moves": human["moves"], "bot_table_moves": bots["moves"],
        "games_finished": human["games"] + bots["games"], "pushes_seen": bots["pushes"],
        "seconds": round(elapsed, 1), "moves_per_second": round(moves / elapsed, 1),
        "human_http_moves": len(latencies),
        "human_p50_ms": round(cuts[49] * 1000, 1), "human_p99_ms": round(cuts[98] * 1000, 1),
        "server_cpu_ms_per_move": round(1000 * cpu / max(1, moves), 3),
        "server_cpu_share": round(cpu / elapsed, 2),
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
    }


# -- databases --------------------------------------------------------------------------------
class Databases:
    """The database URL of each run: SQLite in a fresh file, or one throw-away PostgreSQL."""

    def __init__(self, kind: str, folder: Path) -> None:
        self.kind, self.folder = kind, folder
        self.postgres: str | None = os.environ.get("INGENIUM_TEST_POSTGRES_URL")
        self._stop: str | None = None
        self._runs = 0

    def url(self) -> str:
        self._runs += 1
        if self.kind == "sqlite":
            return f"sqlite:///{self.folder / f'run-{self._runs}.sqlite3'}"
        if self.kind != "postgres":
            return self.kind
        if self.postgres is None:
            self.postgres, self._stop = start_postgres()
        return fresh_database(self.postgres, f"ingenium_load_{os.getpid()}_{self._runs}")

    def close(self) -> None:
        if self._stop is not None:
            subprocess.run(["bash", "-c", self._stop], check=False)


def fresh_database(url: str, name: str) -> str:
    """A new, empty database on the PostgreSQL server of `url` (each version its own schema)."""
    engine = create_engine(normalize_url(url), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    finally:
        engine.dispose()
    return make_url(normalize_url(url)).set(database=name).render_as_string(hide_password=False)


def start_postgres() -> tuple[str, str]:
    """Start scripts/postgres-for-tests.sh's server; its URL and the command that stops it."""
    script = ROOT / "scripts" / "postgres-for-tests.sh"
    shown = subprocess.run(
        ["bash", "-c", f'source "{script}" >&2 || exit 1; echo "$INGENIUM_TEST_POSTGRES_URL"; '
                       f'echo "$pg_bin|$pg_dir"'], check=True, capture_output=True, text=True)
    url, where = shown.stdout.split()[-2:]
    pg_bin, pg_dir = where.split("|")
    as_pg = "su postgres -s /bin/sh -c" if os.getuid() == 0 else "sh -c"
    stop = (f"{as_pg} '{pg_bin}/pg_ctl -D {pg_dir}/data -m immediate stop' >/dev/null 2>&1; "
            f"rm -rf {pg_dir}")
    return url, stop


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Median of each figure over the rounds of one version."""
    keys = ("moves_per_second", "human_p50_ms", "human_p99_ms", "server_cpu_ms_per_move")
    return {key: round(statistics.median(r[key] for r in runs), 2) for key in keys}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default="sqlite", help="sqlite, postgres or a URL")
    parser.add_argument("--tables", type=int, default=50, help="all-bot tables at once")
    parser.add_argument("--humans", type=int, default=10, help="human clients at once")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--src", type=Path, action="append", default=[],
                        help="a source tree to serve from (repeat for A/B; default: this one)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes on the one database (more than 1: PostgreSQL)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    parser.add_argument("--profile", type=Path,
                        help="profile the server's event loop (cProfile) into this file")
    args = parser.parse_args()
    sources = args.src or [ROOT]
    results: dict[str, list[dict[str, Any]]] = {str(s): [] for s in sources}
    with tempfile.TemporaryDirectory(prefix="ingenium-load-") as tmp:
        databases = Databases(args.database, Path(tmp))
        try:
            for round_no in range(args.rounds):
                order = sources if round_no % 2 == 0 else sources[::-1]
                for src in order:
                    run = run_once(src, databases.url(), args.tables, args.humans,
                                   args.seconds, Path(tmp), args.profile, args.processes)
                    results[str(src)].append(run)
                    print(json.dumps({"round": round_no + 1, "src": str(src), **run}),
                          flush=True)
        finally:
            databases.close()
    report = {"database": args.database.split(":")[0], "processes": args.processes,
              "tables": args.tables,
              "humans": args.humans, "seconds": args.seconds, "rounds": args.rounds,
              "cpus": os.cpu_count(),
              "median": {src: summarize(runs) for src, runs in results.items()},
              "runs": results}
    print(json.dumps(report["median"], indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    sys.exit(main())
