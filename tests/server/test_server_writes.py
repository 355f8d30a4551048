"""Group commit (server/writes.py): the moves waiting at one moment share a transaction, yet each
keeps its own stale-move check and its own answer, and nothing is answered before it is stored.

Run on SQLite, and on PostgreSQL when INGENIUM_TEST_POSTGRES_URL is set (no server needed).
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

import pytest
from sqlalchemy import insert

from ingenium.server.storage import MoveRecord, MoveRow, SeatRecord, Store, TableRecord, now
from ingenium.server.writes import DbQueue

SEATS = (SeatRecord(0, "bot", "random"), SeatRecord(1, "bot", "random"))


def new_tables(store: Store, count: int) -> list[str]:
    """`count` empty tables with random ids (a shared PostgreSQL needs no cleanup)."""
    ids = [secrets.token_hex(8) for _ in range(count)]
    for table_id in ids:
        store.create_table(TableRecord(table_id, "legendary-inventors", 2, None, None, SEATS), [])
    return ids


def stored_moves(store: Store, table_id: str) -> list[tuple[int, str]]:
    found = store.load(table_id)
    assert found is not None
    return [(m.seq, m.option) for m in found[1]]


@pytest.fixture
def store(database_url: str) -> Any:
    opened = Store(database_url)
    opened.create_schema()
    yield opened
    opened.dispose()


def test_a_group_checks_each_append_on_its_own(store: Store) -> None:
    first, stale, third = new_tables(store, 3)
    answers = store.append_group([
        (first, [MoveRecord(0, 0, "a", False), MoveRecord(1, -1, "chance", True)], "running",
         None),
        (stale, [MoveRecord(5, 0, "late", False)], "running", None),  # the table has 0 moves, not 5
        (third, [MoveRecord(0, 1, "c", False)], "finished", None)])
    assert answers == [True, False, True]
    assert stored_moves(store, first) == [(0, "a"), (1, "chance")]
    assert stored_moves(store, stale) == []
    assert stored_moves(store, third) == [(0, "c")]
    record = store.load(third)
    assert record is not None and record[0].status == "finished" and record[0].seq == 1


def test_a_broken_constraint_fails_only_its_own_append(store: Store) -> None:
    """A stray move row (damaged storage) makes one insert fail: the group is redone one by
    one, so the other tables' moves are stored and that one is refused."""
    good, damaged = new_tables(store, 2)
    with store.engine.begin() as connection:
        connection.execute(insert(MoveRow), [{"table_id": damaged, "seq": 0, "seat": 0,
                                              "option": "stray", "barrier": False,
                                              "created_at": now()}])
    answers = store.append_group([(good, [MoveRecord(0, 0, "g", False)], "running", None),
                                  (damaged, [MoveRecord(0, 0, "d", False)], "running", None)])
    assert answers == [True, False]
    assert stored_moves(store, good) == [(0, "g")]
    assert stored_moves(store, damaged) == [(0, "stray")]


def test_the_queue_groups_waiting_moves_and_answers_each(store: Store) -> None:
    tables = new_tables(store, 30)
    groups: list[int] = []
    append_group = store.append_group

    def counted(group: list[tuple[str, list[MoveRecord], str, str | None]]) -> list[bool]:
        groups.append(len(group))
        return append_group(group)

    store.append_group = counted  # type: ignore[method-assign]

    async def play() -> list[bool]:
        queue = DbQueue(store, 1)
        try:
            # a slow call first keeps the thread busy while all 30 moves queue up behind it
            slow = asyncio.ensure_future(queue.call(lambda: __import__("time").sleep(0.3)))
            await asyncio.sleep(0.05)
            moves = [queue.append(t, [MoveRecord(0, 0, f"m{i}", False)], "running", "seal",
                                  urgent=i % 3 == 0) for i, t in enumerate(tables)]
            stale = queue.append(tables[0], [MoveRecord(7, 0, "x", False)], "running", "seal",
                                 True)
            answers = await asyncio.gather(*moves, stale)
            await slow
            with pytest.raises(ZeroDivisionError):
                await queue.call(lambda: 1 // 0)  # a failing call fails its caller only
            assert await queue.call(len, "still serving") == 13
            return answers
        finally:
            queue.shutdown()

    answers = asyncio.run(play())
    assert answers == [True] * 30 + [False]
    assert groups == [31], "the moves that waited together were committed together"
    assert [stored_moves(store, t) for t in tables] == [[(0, f"m{i}")] for i in range(30)]
