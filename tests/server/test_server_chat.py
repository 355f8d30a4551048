"""Table chat: stored with the table, written by seats, read by everyone,
plain text kept as typed (hostile markup included, never interpreted), length-limited, control
characters dropped; added to a database made before chat existed."""

from __future__ import annotations

from pathlib import Path

import httpx
from server_helpers import create
from sqlalchemy import inspect, text

from ingenium.server.chat import MAX_CHARS, add_message, list_messages
from ingenium.server.storage import Store

HOSTILE = ('<img src=x onerror="alert(1)"><script>alert(2)</script>'
           '[bold]x[/bold] {{7*7}} ${7*7} \' OR 1=1; --')


def test_seats_write_everyone_reads(client: httpx.Client) -> None:
    table = create(client, ["human", "human"])
    tid, first = table["table_id"], table["seats"][0]["token"]
    said = client.post(f"/api/tables/{tid}/chat", json={"token": first, "text": "  hello \n all "})
    assert said.status_code == 201, said.text
    assert said.json()["text"] == "hello all" and said.json()["seat"] == 0
    second = table["seats"][1]["token"]
    client.post(f"/api/tables/{tid}/chat", json={"token": second, "text": HOSTILE})
    listed = client.get(f"/api/tables/{tid}/chat").json()  # a spectator reads it
    assert [m["text"] for m in listed] == ["hello all", HOSTILE]
    assert [m["seat"] for m in listed] == [0, 1]
    assert client.get(f"/api/tables/{tid}/chat", params={"after": 0}).json()[0]["seat"] == 1


def test_refusals_are_one_line_and_change_nothing(client: httpx.Client) -> None:
    table = create(client, ["human", "random"])
    tid, token = table["table_id"], table["seats"][0]["token"]
    cases = [({"text": "hi"}, 403, "spectators read the chat"),
             ({"token": "nope", "text": "hi"}, 403, "belongs to no seat"),
             ({"token": token, "text": " \u0000\u200b\t "}, 400, "empty"),
             ({"token": token, "text": "x" * (MAX_CHARS + 1)}, 400, f"at most {MAX_CHARS}")]
    for body, status, words in cases:
        answer = client.post(f"/api/tables/{tid}/chat", json=body)
        assert answer.status_code == status, answer.text
        detail = answer.json()["detail"]
        assert words in str(detail) and "\n" not in str(detail)
    assert client.get(f"/api/tables/{tid}/chat").json() == []
    assert client.get("/api/tables/nosuchtable/chat").status_code == 404


def test_control_characters_are_dropped(client: httpx.Client) -> None:
    table = create(client, ["human", "random"])
    tid, token = table["table_id"], table["seats"][0]["token"]
    said = client.post(f"/api/tables/{tid}/chat",
                       json={"token": token, "text": "a\u0007b\u202ec\u0000d é"}).json()
    assert said["text"] == "abcd é"


def test_chat_is_added_to_a_database_made_before_it(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    store = Store(url)
    try:
        ddl = (Path(__file__).parent / "fixtures" / "schema_before_migrations.sqlite.sql")
        with store.engine.begin() as connection:  # as an Ingenium without chat left it
            for statement in ddl.read_text().split(";"):
                if "CREATE TABLE ingenium_chat" not in statement and statement.strip():
                    connection.exec_driver_sql("\n".join(
                        line for line in statement.splitlines() if not line.startswith("--")))
            connection.execute(text(
                "INSERT INTO ingenium_tables VALUES ('t1', 'legendary-inventors', 2, NULL, "
                "NULL, 'open', 1, '2025-01-01', '2025-01-01')"))
            connection.execute(text("INSERT INTO ingenium_seats VALUES ('t1', 0, 'human', "
                                    "NULL, NULL), ('t1', 1, 'human', NULL, NULL)"))
            connection.execute(text(
                "INSERT INTO ingenium_moves VALUES ('t1', 0, -1, 'x', 1, '2025-01-01')"))
        assert not inspect(store.engine).has_table("ingenium_chat")
        store.create_schema()  # the next start adds the chat table, keeps the rest
        assert store.load("t1") is not None
        add_message(store, "t1", 1, "still here")
        assert [m["text"] for m in list_messages(store, "t1", -1)] == ["still here"]
    finally:
        store.dispose()
