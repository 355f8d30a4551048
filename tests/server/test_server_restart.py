"""Crash safety: after kill -9 the server resumes every table exactly where it was."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import httpx
from server_helpers import (
    create,
    make_server,
    mirror,
    play_to_end,
    state,
    summary_history,
    tokens_of,
    wait_finished,
)

import ingenium

GAME = "legendary-inventors"


def test_kill_9_mid_game_loses_no_committed_move(database_url: str, tmp_path: Path) -> None:
    # bots in threads before the crash, in worker processes (the default) after it
    first = make_server(database_url, tmp_path, INGENIUM_BOT_DELAY="0.02",
                        INGENIUM_BOT_WORKERS="0").start()
    game = ingenium.get_game(GAME)
    rng = random.Random(4)
    try:
        with httpx.Client(base_url=first.url, timeout=10) as client:
            humans = create(client, ["human", "human"])
            bots = create(client, ["random", "random", "greedy"])
            table_id, tokens = humans["table_id"], tokens_of(humans)
            local = mirror(first, table_id, GAME, 2)
            for _ in range(15):
                decision = local.decision
                assert decision is not None
                option = rng.choice(decision.options).id
                answer = client.post(f"/api/tables/{table_id}/moves",
                                     json={"token": tokens[decision.seat], "option": option})
                assert answer.status_code == 200
                local = mirror(first, table_id, GAME, 2)
            bot_seq = state(client, bots["table_id"])["seq"]
            while bot_seq == 0:  # the bots' worker processes may still be starting
                time.sleep(0.05)
                bot_seq = state(client, bots["table_id"])["seq"]
            # one more move in flight while the server dies
            decision = local.decision
            assert decision is not None
            pending = rng.choice(decision.options).id
            outcome: list[int] = []

            def in_flight() -> None:
                try:
                    outcome.append(client.post(
                        f"/api/tables/{table_id}/moves",
                        json={"token": tokens[decision.seat], "option": pending}).status_code)
                except httpx.HTTPError:
                    outcome.append(0)

            sender = threading.Thread(target=in_flight)
            sender.start()
            first.kill()
            sender.join()
    finally:
        first.kill()

    second = make_server(database_url, tmp_path).start()
    try:
        with httpx.Client(base_url=second.url, timeout=10) as client:
            seen = state(client, table_id, tokens[0])
            before = local.history
            assert seen["seq"] >= len(before)
            if outcome == [200]:  # acknowledged, so it must have survived
                assert seen["seq"] > len(before)
            if seen["seq"] > len(before):
                local = mirror(second, table_id, GAME, 2)
                assert local.history[:len(before) + 1] == [*before, (decision.seat, pending)]
            assert seen["seq"] == len(local.history)
            assert seen["view"] == local.view(0)
            assert state(client, bots["table_id"])["seq"] >= bot_seq
            final = wait_finished(client, bots["table_id"])  # its bots resumed by themselves
            summary = client.get(f"/api/tables/{bots['table_id']}/replay").json()
            replayed = game.replay(3, None, None, summary_history(summary))
            assert replayed.scores() == final["scores"]
            assert play_to_end(client, table_id, tokens)["status"] == "finished"
    finally:
        second.stop()


def children(pid: int) -> set[int]:
    """Processes whose parent is `pid` (Linux /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def test_bots_in_worker_processes_die_with_the_server(database_url: str, tmp_path: Path) -> None:
    live = make_server(database_url, tmp_path, INGENIUM_BOT_WORKERS="2").start()
    try:
        with httpx.Client(base_url=live.url, timeout=10) as client:
            created = create(client, ["greedy", "random"])
            final = wait_finished(client, created["table_id"])
            summary = client.get(f"/api/tables/{created['table_id']}/replay").json()
        assert live.process is not None
        workers = children(live.process.pid)
        assert workers, "bots ran in worker processes"
    finally:
        live.kill()
    deadline = time.monotonic() + 10
    while workers and time.monotonic() < deadline:
        workers = {pid for pid in workers if Path(f"/proc/{pid}").exists()}
        time.sleep(0.1)
    assert not workers, "worker processes outlived a kill -9 of the server"
    replayed = ingenium.get_game(GAME).replay(2, None, None, summary_history(summary))
    assert replayed.is_terminal and replayed.scores() == final["scores"]
