"""Garbage collection without long pauses (server/collector.py): while the server runs, no
automatic full collection (each stopped every table for 100+ ms under load), one every
INGENIUM_GC_SECONDS instead; Python's settings are back when it stops."""

from __future__ import annotations

import asyncio
import gc
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ingenium.server.app import create_app
from ingenium.server.collector import NO_AUTOMATIC_FULL, scheduled_collections


def test_full_collections_run_on_schedule_only_and_settings_come_back() -> None:
    before = gc.get_threshold()

    async def run() -> int:
        async with scheduled_collections(0.05):
            assert gc.get_threshold() == (before[0], before[1], NO_AUTOMATIC_FULL)
            assert gc.get_freeze_count() > 0  # the start's objects are out of the walk
            full = gc.get_stats()[2]["collections"]
            await asyncio.sleep(0.3)
            return gc.get_stats()[2]["collections"] - full

    assert asyncio.run(run()) >= 2  # the scheduled ones
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_zero_seconds_leaves_pythons_collector_alone() -> None:
    before = gc.get_threshold()

    async def run() -> None:
        async with scheduled_collections(0):
            assert gc.get_threshold() == before
            assert gc.get_freeze_count() == 0

    asyncio.run(run())


def test_the_server_runs_with_scheduled_collections(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("INGENIUM_BOT_WORKERS", "0")
    before = gc.get_threshold()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'gc.sqlite3'}")) as client:
        assert client.get("/api/games").status_code == 200
        assert gc.get_threshold()[2] == NO_AUTOMATIC_FULL
    assert gc.get_threshold() == before
    monkeypatch.setenv("INGENIUM_GC_SECONDS", "0")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'gc.sqlite3'}")):
        assert gc.get_threshold() == before
