"""Optional accounts (issue 24): register, sign in (a new cookie each time), tables that follow
an account to another device, refusals that change nothing, ratings after a finished game,
sessions that expire and sign-out everywhere. Playing by link needs no account."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from server_helpers import (
    create,
    make_server,
    next_state,
    play_to_end,
    receive,
    seat_socket,
    state,
    tokens_of,
)
from websockets.exceptions import ConnectionClosed

from ingenium.server.accounts import SESSION_COOKIE
from ingenium.server.testing import LiveServer

PASSWORD = "correct horse battery"


def device(server: LiveServer) -> httpx.Client:
    """A browser of its own: its own cookies."""
    return httpx.Client(base_url=server.url, timeout=30)


def register(client: httpx.Client, username: str) -> httpx.Response:
    answer = client.post("/api/account/register",
                         json={"username": username, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return answer


def unique(prefix: str) -> str:
    return f"{prefix}{time.monotonic_ns() % 10**9}"


def test_register_sets_an_httponly_lax_cookie_and_signs_in(server: LiveServer) -> None:
    with device(server) as phone:
        name = unique("ada")
        answer = register(phone, name)
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"{SESSION_COOKIE}=")
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Max-Age=" in cookie
        assert "Secure" not in cookie  # plain http here; https gets Secure
        assert phone.get("/api/account").json() == {"username": name}


def test_login_rotates_the_session_cookie(server: LiveServer) -> None:
    with device(server) as laptop:
        name = unique("bob")
        register(laptop, name)
        first = laptop.cookies[SESSION_COOKIE]
        again = laptop.post("/api/account/login", json={"username": name, "password": PASSWORD})
        assert again.status_code == 200, again.text
        second = laptop.cookies[SESSION_COOKIE]
        assert second != first
        with device(server) as thief:  # the old cookie signs nobody in any more
            thief.cookies.set(SESSION_COOKIE, first)
            assert thief.get("/api/account").status_code == 401


def test_a_table_created_signed_in_follows_the_account_to_another_device(
        server: LiveServer) -> None:
    name = unique("cy")
    with device(server) as laptop:
        register(laptop, name)
        table = create(laptop, ["human", "random"], names=["Cyrus", None])
    with device(server) as phone:
        assert phone.get("/api/account/tables").status_code == 401
        signed = phone.post("/api/account/login", json={"username": name, "password": PASSWORD})
        assert signed.status_code == 200, signed.text
        mine = phone.get("/api/account/tables").json()
        found = [t for t in mine if t["table_id"] == table["table_id"]]
        assert len(found) == 1 and found[0]["seat"] == 0 and found[0]["name"] == "Cyrus"
        seen = state(phone, table["table_id"], found[0]["token"])  # opened as that seat
        assert seen["seat"] == 0
        if seen["your_turn"]:
            option = seen["view"]["decision"]["options"][0]["id"]
            moved = phone.post(f"/api/tables/{table['table_id']}/moves",
                               json={"token": found[0]["token"], "option": option})
            assert moved.status_code == 200, moved.text
    with device(server) as stranger:  # the link still works without an account
        assert state(stranger, table["table_id"], table["seats"][0]["token"])["seat"] == 0


@pytest.mark.parametrize(("username", "password", "status", "says"), [
    ("<script>x</script>", PASSWORD, 400, "letters, digits"),
    ("Player 2", PASSWORD, 400, "could pass for a seat"),
    ("Easy bot", PASSWORD, 400, "could pass for a seat"),
    ("ab\u0000cd", PASSWORD, 400, "control"),
    ("x" * 40, PASSWORD, 400, "at most 24"),
    ("  ", PASSWORD, 400, "empty"),
    ("dora", "short", 400, "password has 8"),
])
def test_bad_registrations_are_refused_clearly_and_change_nothing(
        client: httpx.Client, username: str, password: str, status: int, says: str) -> None:
    answer = client.post("/api/account/register",
                         json={"username": username, "password": password})
    assert answer.status_code == status and says in answer.json()["detail"], answer.text
    assert SESSION_COOKIE not in answer.cookies
    looked_up = client.get("/api/players/" + quote(username.strip() or "x", safe=""))
    assert looked_up.status_code == 404


def test_duplicate_username_and_wrong_password_are_refused(server: LiveServer) -> None:
    name = unique("eve")
    with device(server) as first, device(server) as second:
        register(first, name)
        taken = second.post("/api/account/register",
                            json={"username": name.upper(), "password": PASSWORD})
        assert taken.status_code == 409 and "taken" in taken.json()["detail"]
        wrong = second.post("/api/account/login", json={"username": name, "password": "nope" * 3})
        assert wrong.status_code == 401 and "wrong username or password" in wrong.text
        assert SESSION_COOKIE not in second.cookies
        unknown = second.post("/api/account/login",
                              json={"username": unique("nobody"), "password": PASSWORD})
        assert unknown.status_code == 401 and unknown.json() == wrong.json()
        hostile = second.post("/api/account/login",  # PostgreSQL refuses NUL in a query
                              json={"username": "ab\u0000cd", "password": PASSWORD})
        assert hostile.status_code == 401 and hostile.json() == wrong.json()


def test_sign_out_everywhere_ends_every_session(server: LiveServer) -> None:
    name = unique("fay")
    with device(server) as laptop, device(server) as phone:
        register(laptop, name)
        phone.post("/api/account/login", json={"username": name, "password": PASSWORD})
        assert phone.get("/api/account").status_code == 200
        ended = laptop.post("/api/account/logout-everywhere")
        assert ended.status_code == 200 and ended.json()["signed_out"] == 2
        assert laptop.get("/api/account").status_code == 401
        assert phone.get("/api/account").status_code == 401


def test_sign_out_everywhere_replaces_the_seat_tokens_devices_held(server: LiveServer) -> None:
    """After sign-out everywhere the seat's link token and its account token from before are
    refused (an open socket of the seat closes); the account, signed in again, reaches its
    table with a new token."""
    name = unique("gus")
    with device(server) as laptop, device(server) as stranger:
        register(laptop, name)
        table = create(laptop, ["human", "random"], names=["Gus", None])
        table_id = table["table_id"]
        link = table["seats"][0]["token"]
        held = next(t for t in laptop.get("/api/account/tables").json()
                    if t["table_id"] == table_id)["token"]
        assert state(stranger, table_id, held)["seat"] == 0
        with seat_socket(server, table_id, held) as socket:
            assert next_state(socket)["seat"] == 0
            ended = laptop.post("/api/account/logout-everywhere")
            assert ended.status_code == 200 and ended.json()["seat_tokens_replaced_at"] == 1
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    receive(socket)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
        for old in (link, held):
            refused = stranger.get(f"/api/tables/{table_id}", params={"token": old})
            assert refused.status_code == 403, refused.text
            move = stranger.post(f"/api/tables/{table_id}/moves",
                                 json={"token": old, "option": 0})
            assert move.status_code == 403, move.text
        assert laptop.get("/api/account/tables").status_code == 401
        signed = laptop.post("/api/account/login", json={"username": name, "password": PASSWORD})
        assert signed.status_code == 200, signed.text
        again = next(t for t in laptop.get("/api/account/tables").json()
                     if t["table_id"] == table_id)
        assert again["token"] not in (link, held)
        assert state(stranger, table_id, again["token"])["seat"] == 0


def test_ratings_update_after_a_finished_game_between_accounts(server: LiveServer) -> None:
    ada, bob = unique("ada"), unique("bob")
    with device(server) as first, device(server) as second:
        register(first, ada)
        register(second, bob)
        table = create(first, ["human", "human"], names=["Ada", None])
        tid = table["table_id"]
        joined = second.post(f"/api/tables/{tid}/join",
                             json={"token": table["seats"][1]["token"], "name": "Bob"})
        assert joined.status_code == 200, joined.text
        assert [s["name"] for s in joined.json()["seats"]] == ["Ada", "Bob"]
        end = play_to_end(first, tid, tokens_of(table))
        winner = end["winners"][0]
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            board = first.get("/api/leaderboard/legendary-inventors").json()
            rated = {row["name"]: row for row in board if row["name"] in (ada, bob)}
            if len(rated) == 2:
                break
            time.sleep(0.1)
        assert rated[ada]["games"] == rated[bob]["games"] == 1
        won, lost = (ada, bob) if winner == 0 else (bob, ada)
        if len(end["winners"]) == 1:
            assert rated[won]["mu"] > 25 > rated[lost]["mu"]
        profile = first.get(f"/api/players/{ada}").json()
        assert [g["table_id"] for g in profile["finished"]] == [tid]
        assert profile["ratings"][0]["game"] == "legendary-inventors"
        assert profile["ratings"][0]["games"] == 1


@pytest.fixture(scope="module")
def short_sessions(database_url: str, tmp_path_factory: pytest.TempPathFactory
                   ) -> Iterator[LiveServer]:
    tmp: Path = tmp_path_factory.mktemp("short")
    with make_server(database_url, tmp, INGENIUM_SESSION_SECONDS="2") as live:
        yield live


def test_sessions_expire(short_sessions: LiveServer) -> None:
    with device(short_sessions) as laptop:
        register(laptop, unique("gus"))
        assert laptop.get("/api/account").status_code == 200
        time.sleep(2.5)
        laptop.cookies.set(SESSION_COOKIE, laptop.cookies[SESSION_COOKIE])  # even if kept
        expired = laptop.get("/api/account")
        assert expired.status_code == 401 and "expired" in expired.json()["detail"]


def test_a_bot_is_rated_by_its_level_and_a_table_without_an_account_is_not_rated(
        server: LiveServer) -> None:
    name = unique("hal")
    with device(server) as laptop, device(server) as anonymous:
        register(laptop, name)
        table = create(laptop, ["human", "easy"], game="inventions", names=["Hal", None])
        play_to_end(laptop, table["table_id"], tokens_of(table))
        unrated = create(anonymous, ["human", "medium"], game="inventions")
        play_to_end(anonymous, unrated["table_id"], tokens_of(unrated))
        deadline = time.monotonic() + 10
        rows: dict[str, dict[str, object]] = {}
        while time.monotonic() < deadline and len(rows) < 2:
            board = laptop.get("/api/leaderboard/inventions").json()
            rows = {row["name"]: row for row in board}
            time.sleep(0.1)
        assert rows["Easy bot"]["bot"] is True and rows["Easy bot"]["games"] == 1
        assert rows[name]["games"] == 1
        assert "Medium bot" not in rows  # its game had no account at the table
        assert "greedy" not in str(board)
