"""Tamper evidence: the stored record of a table (its creation record, seats and moves) is
sealed by a chain of HMACs keyed by the server's secret. A record changed outside the server
(a move rolled back with the move count, a move replaced by another legal one, a chance outcome
changed, a seed set) is `damaged` at its next load: 409, never served silently."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx
from server_helpers import create, make_server, tokens_of, wait_turn


def play_two_moves(client: httpx.Client) -> tuple[str, str]:
    """A human table with at least two moves, the last one a real choice; its id and another
    option that last move could have been (a random deal may leave a seat one option)."""
    created = create(client, ["human", "human"])
    table_id, tokens = created["table_id"], tokens_of(created)
    for played in range(1, 40):
        seen = wait_turn(client, table_id, tokens)
        options = seen["view"]["decision"]["options"]
        moved = client.post(f"/api/tables/{table_id}/moves",
                            json={"token": tokens[seen["to_move"]], "option": options[0]["id"]})
        assert moved.status_code == 200, moved.text
        if played >= 2 and len(options) >= 2:
            return table_id, options[1]["id"]
    raise AssertionError("forty moves without a choice")


def test_a_record_changed_outside_the_server_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "sealed.sqlite3"
    server = make_server(f"sqlite:///{path}", tmp_path)
    with server, httpx.Client(base_url=server.url, timeout=15) as client:
        tables = {kind: play_two_moves(client)
                  for kind in ("intact", "rolled back", "replaced", "chance", "seeded")}
    database = sqlite3.connect(path)
    with database:
        table_id = tables["rolled back"][0]
        database.execute("DELETE FROM ingenium_moves WHERE table_id = ? AND seq = "
                         "(SELECT max(seq) FROM ingenium_moves WHERE table_id = ?)",
                         (table_id, table_id))
        database.execute("UPDATE ingenium_tables SET seq = seq - 1 WHERE id = ?", (table_id,))
        table_id, other = tables["replaced"]
        database.execute("UPDATE ingenium_moves SET option = ? WHERE table_id = ? AND seq = "
                         "(SELECT max(seq) FROM ingenium_moves WHERE table_id = ?)",
                         (other, table_id, table_id))
        table_id = tables["chance"][0]
        first = database.execute("SELECT option FROM ingenium_moves WHERE table_id = ? AND "
                                 "seq = 0", (table_id,)).fetchone()[0]
        kind, index = first.split(":")
        database.execute("UPDATE ingenium_moves SET option = ? WHERE table_id = ? AND seq = 0",
                         (f"{kind}:{(int(index) + 1) % 3}", table_id))
        database.execute("UPDATE ingenium_tables SET seed = 42 WHERE id = ?",
                         (tables["seeded"][0],))
    database.close()
    with server, httpx.Client(base_url=server.url, timeout=15) as client:
        answers = {kind: client.get(f"/api/tables/{table_id}")
                   for kind, (table_id, _) in tables.items()}
        lobby = {t["table_id"]: t["status"] for t in client.get("/api/tables").json()}
    assert answers.pop("intact").status_code == 200
    for kind, answer in answers.items():
        assert answer.status_code == 409, (kind, answer.text)
        assert "seal" in answer.json()["detail"], (kind, answer.text)
        assert lobby[tables[kind][0]] == "damaged"
