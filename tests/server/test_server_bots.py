"""Bots on the server: bounded budgets, refused specs, fair scheduling, stale choices.

One request must not stop the server's bots: a table with the largest budget the server allows
(and one stored before the limits existed, which resumes after a restart) must not slow an
all-random table's move rate by more than half.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import create, make_server, separate_database, state, tokens_of

from ingenium.engine import SECURE, get_game
from ingenium.server.settings import Settings, normalize_url
from ingenium.server.storage import SeatRecord, Store, TableRecord
from ingenium.server.tables import TableManager, move_records

MAX_MS = 600
MAX_ITERS = 5000
HEAVY = f"ismcts:iters={MAX_ITERS},ms={MAX_MS}"  # the largest budget the test server allows
DEFAULT = Settings("sqlite://")  # the limits of the module's server
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WINDOW = 2.5  # seconds over which a move rate is measured


@pytest.mark.parametrize(("spec", "needle"), [
    ("ismcts:iters=100000000", "between"),
    (f"ismcts:iters={DEFAULT.bot_max_iterations + 1}", "at most"),
    (f"ismcts:ms={DEFAULT.bot_max_ms + 1:g}", "at most"),
    (f"ismcts:cpu={DEFAULT.bot_max_ms + 1:g}", "at most"),
    ("ismcts:prior=101", "between"),
    ("ismcts:widen=-1", "between"),
    ("ismcts:reuse=2", "between"),
    ("greedy:foo=1", "not foo"),
    ("ismcts:c=nan", "between"),
    ("ismcts:ms=inf", "between"),
    ("random:seed=1", "no parameters"),
])
def test_bot_specs_beyond_the_limits_or_malformed_are_refused(client: httpx.Client, spec: str,
                                                              needle: str) -> None:
    answer = client.post("/api/tables", json={"game": "legendary-inventors", "players": 2,
                                              "seats": ["human", spec]})
    assert answer.status_code == 400, answer.text
    assert needle in answer.json()["detail"]


@pytest.mark.parametrize("spec", ["hard", "ismcts:cpu=500,rollout=0,prior=1,widen=1,reuse=1",
                                  f"ismcts:cpu={DEFAULT.bot_max_ms:g},prior=100,widen=100"])
def test_the_searchs_parameters_within_their_documented_maxima_are_accepted(
        client: httpx.Client, spec: str) -> None:
    answer = client.post("/api/tables", json={"game": "legendary-inventors", "players": 2,
                                              "seats": ["human", spec]})
    assert answer.status_code == 201, answer.text


@pytest.mark.parametrize("spec", ["g" * 129, "greedy\x00", "greedy:depth=2\n", "ïsmcts"])
def test_seat_specs_are_checked_before_storage(client: httpx.Client, spec: str) -> None:
    answer = client.post("/api/tables", json={"game": "legendary-inventors", "players": 2,
                                              "seats": ["human", spec]})
    assert answer.status_code in (400, 422), answer.text
    assert isinstance(answer.json()["detail"], str)


def rates(clients: list[httpx.Client], table_ids: list[str]) -> list[float]:
    """Moves per second of several tables (on several servers) over the same WINDOW seconds,
    so a busy machine slows them all alike."""
    first = [state(c, t)["seq"] for c, t in zip(clients, table_ids, strict=True)]
    time.sleep(WINDOW)
    seen = [state(c, t) for c, t in zip(clients, table_ids, strict=True)]
    assert all(s["status"] != "finished" for s in seen), "a measured game ended: measure longer"
    return [(s["seq"] - f) / WINDOW for s, f in zip(seen, first, strict=True)]


def random_table(client: httpx.Client) -> str:
    return str(create(client, ["random"] * 5)["table_id"])


def test_the_largest_budget_does_not_starve_random_tables(database_url: str,
                                                          tmp_path: Path) -> None:
    """A random table beside the largest budget against one on a control server without it,
    measured over the same window: the machine's load slows both, unfair scheduling only one."""
    env = {"INGENIUM_BOT_DELAY": "0.03", "INGENIUM_BOT_MAX_MS": str(MAX_MS),
           "INGENIUM_BOT_MAX_ITERATIONS": str(MAX_ITERS)}
    control = make_server(separate_database(database_url, tmp_path), tmp_path / "control",
                          **env)
    (tmp_path / "control").mkdir()
    # databases of their own: other tests' servers would resume these never-ending tables
    database_url = separate_database(database_url, tmp_path)
    server = make_server(database_url, tmp_path, **env)
    with control, server, httpx.Client(base_url=control.url, timeout=15) as calm, \
            httpx.Client(base_url=server.url, timeout=15) as client:
        heavy = create(client, [HEAVY, HEAVY])["table_id"]
        alone, crowded = rates([calm, client], [random_table(calm), random_table(client)])
        heavy_seq = state(client, heavy)["seq"]
        assert alone > 5, alone
        assert crowded >= alone / 2, (alone, crowded)
        assert heavy_seq >= 2, "the heavy table plays too, within its time limit"
        server.stop()
        # a table stored before the limits existed resumes after a restart, bounded all the same
        store = Store(Settings.resolve(database_url).database_url)
        poisoned = TableRecord(f"poisoned{time.monotonic_ns() % 10**8}", "legendary-inventors",
                               2, None, None, (SeatRecord(0, "bot", "ismcts:iters=10000000"),
                                               SeatRecord(1, "bot", "ismcts:iters=10000000")))
        start = get_game("legendary-inventors").new_game(2, chance=SECURE)
        store.create_table(poisoned, move_records(start, 0))
        store.dispose()
        server.start()
        alone_again, restarted = rates([calm, client],
                                       [random_table(calm), random_table(client)])
        deadline = time.monotonic() + 30
        while state(client, poisoned.id)["seq"] < 1 and time.monotonic() < deadline:
            time.sleep(0.2)  # it plays, at its bounded pace
        assert state(client, poisoned.id)["seq"] >= 1
    report = {"control": alone, "beside_largest_budget": crowded,
              "control_again": alone_again, "after_restart_with_poisoned_table": restarted,
              "machine_load": os.getloadavg()[0]}
    ARTIFACTS.mkdir(exist_ok=True)
    backend = database_url.split(":", 1)[0].split("+")[0]
    (ARTIFACTS / f"bot-fairness-{backend}.json").write_text(json.dumps(report, indent=1))
    assert restarted >= alone_again / 2, report


class SlowBots:
    """A stand-in for the worker: records each position it is asked about, answers on cue."""

    def __init__(self) -> None:
        self.asked: list[list[tuple[int, str]]] = []
        self.release = asyncio.Event()

    async def choose(self, _table: str, state: Any, _seat: int, _spec: str, _seed: int) -> str:
        self.asked.append(list(state.history))
        await self.release.wait()
        self.release.clear()
        return str(state.decision.options[0].id)

    async def warm_up(self) -> None:
        return None

    def shutdown(self) -> None:
        return None


def test_a_bot_never_plays_a_choice_made_for_an_undone_position(database_url: str,
                                                               tmp_path: Path) -> None:
    # a database of its own: the module's server process would take the table's bots over
    own_database = separate_database(database_url, tmp_path)

    async def scenario() -> None:
        settings = Settings(database_url=normalize_url(own_database), bot_delay=0)
        manager = TableManager(settings)
        bots = SlowBots()
        manager.bots = bots  # type: ignore[assignment]
        await manager.start()

        async def until(done: Callable[[], bool], what: str) -> None:
            """Wait for `done` (a bounded wait: a stuck bot loop fails here, saying where)."""
            for _ in range(3000):
                if done():
                    return
                await asyncio.sleep(0.01)
            raise AssertionError(f"no {what} in 30 s: asked {len(bots.asked)} times, bot task "
                                 f"{live.bot_task}, {len(live.state.history)} moves")

        try:
            live, tokens = await manager.create("legendary-inventors", 2, None,
                                                ["human", "random"])
            token = tokens[0]
            first = live.state.decision
            assert first is not None
            uses = [o.id for o in first.options if o.id.startswith("use:")]
            await play_turn(manager, live.record.id, token, uses[0])
            await until(lambda: bool(bots.asked), "question to the bot")
            await manager.undo(live.record.id, token, live.seq)
            await manager.undo(live.record.id, token, live.seq)
            await play_turn(manager, live.record.id, token, uses[1])
            history = list(live.state.history)
            bots.release.set()  # the stale answer: computed before the undo
            await until(lambda: len(bots.asked) >= 2, "second question to the bot")
            assert bots.asked[-1] == history
            bots.release.set()
            await until(lambda: len(live.state.history) > len(history), "bot move")
            assert live.state.history[:len(history)] == history
        finally:
            await manager.stop()

    asyncio.run(scenario())


async def play_turn(manager: TableManager, table_id: str, token: str, use: str) -> None:
    """Use an inventor, then finish the turn with the last offered option each time."""
    live, _, _ = await manager.move(table_id, token, use, None)
    while live.state.decision is not None and live.state.decision.seat == 0:
        live, _, _ = await manager.move(table_id, token, live.state.decision.options[-1].id,
                                        None)


def test_tokens_of_created_tables_stay_usable(client: httpx.Client) -> None:
    created = create(client, ["human", "greedy:depth=2"])
    assert state(client, created["table_id"], tokens_of(created)[0])["seat"] == 0
