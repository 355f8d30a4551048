"""The HTTP routes of accounts: register, sign in and out (here or everywhere), the signed-in
player's tables, profiles and each game's leaderboard.

The session cookie is HttpOnly (scripts never see it), SameSite=Lax (other sites' forms do not
carry it), Secure when the server is reached over https, and a new one is made at every
sign-in. Its lifetime is Settings.session_seconds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from ingenium.engine import game_names
from ingenium.server.accounts import (
    SESSION_COOKIE,
    Account,
    AccountError,
    Accounts,
    account_seat_token,
    check_password,
    check_username,
)
from ingenium.server.errors import BAD_REQUEST, CONFLICT, NOT_FOUND, ApiError
from ingenium.server.limits import RateLimit
from ingenium.server.models import ERROR_RESPONSES
from ingenium.server.payloads import lobby_entry, seat_names
from ingenium.server.ratings import (
    ACCOUNT_PREFIX,
    BOT_PREFIX,
    Rating,
    leaderboard,
    ratings_of,
)
from ingenium.server.tables import TableManager

UNAUTHORIZED = 401
MAX_LISTED = 100


class Credentials(BaseModel):
    """A username and a password."""

    model_config = ConfigDict(extra="forbid")
    username: str = Field(max_length=256)
    password: str = Field(max_length=1024)


def session_reader(manager: TableManager,
                   accounts: Accounts) -> Callable[[Request], Awaitable[Account | None]]:
    """The function that finds a request's signed-in account (None: nobody signed in)."""

    async def signed_in(request: Request) -> Account | None:
        token = request.cookies.get(SESSION_COOKIE)
        if not token or len(token) > 128:
            return None
        return await manager.db(accounts.signed_in, token)

    return signed_in


def build_account_router(manager: TableManager, accounts: Accounts,
                         signed_in: Callable[[Request], Awaitable[Account | None]]) -> APIRouter:
    """/api/account/..., /api/players/{username} and /api/leaderboard/{game}."""
    router = APIRouter(prefix="/api", responses={
        **ERROR_RESPONSES, 401: {"description": "not signed in, or a wrong password"}})
    settings = manager.settings
    logins = RateLimit("sign-ins", settings.logins_per_minute / 60, settings.logins_per_minute)

    def set_cookie(response: Response, request: Request, token: str) -> None:
        response.set_cookie(SESSION_COOKIE, token, max_age=int(settings.session_seconds),
                            httponly=True, samesite="lax", path="/",
                            secure=request.url.scheme == "https")

    def clear_cookie(response: Response, request: Request) -> None:
        response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax",
                               secure=request.url.scheme == "https")

    async def required(request: Request) -> Account:
        account = await signed_in(request)
        if account is None:
            raise ApiError(UNAUTHORIZED, "sign in first (or your session expired)")
        return account

    def address(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    @router.post("/account/register", status_code=201, summary="Make an account (signs in)")
    async def register(body: Credentials, request: Request, response: Response
                       ) -> dict[str, Any]:
        await manager.limit(logins, address(request))
        try:
            username = check_username(body.username)
            password = check_password(body.password)
        except AccountError as exc:
            raise ApiError(BAD_REQUEST, str(exc)) from None
        try:
            account = await manager.db(accounts.register, username, password)
        except AccountError as exc:
            raise ApiError(CONFLICT, str(exc)) from None
        token = await manager.db(accounts.open_session, account, settings.session_seconds,
                                 request.cookies.get(SESSION_COOKIE))
        set_cookie(response, request, token)
        return {"username": account.username}

    @router.post("/account/login", summary="Sign in (a new session cookie every time)")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        await manager.limit(logins, address(request))
        account = await asyncio.to_thread(accounts.check, body.username[:64], body.password)
        if account is None:
            raise ApiError(UNAUTHORIZED, "wrong username or password")
        token = await manager.db(accounts.open_session, account, settings.session_seconds,
                                 request.cookies.get(SESSION_COOKIE))
        set_cookie(response, request, token)
        return {"username": account.username}

    @router.post("/account/logout", summary="Sign this browser out")
    async def logout(request: Request, response: Response) -> dict[str, Any]:
        token = request.cookies.get(SESSION_COOKIE)
        if token:
            await manager.db(accounts.end_session, token)
        clear_cookie(response, request)
        return {"signed_out": 1 if token else 0}

    @router.post("/account/logout-everywhere", summary="Sign out on every device")
    async def logout_everywhere(request: Request, response: Response) -> dict[str, Any]:
        account = await required(request)
        ended = await manager.db(accounts.end_all_sessions, account.id)
        rotated = await manager.rotate_account_seats(account.id)
        clear_cookie(response, request)
        return {"signed_out": ended, "seat_tokens_replaced_at": rotated}

    @router.get("/account", summary="Who is signed in")
    async def me(request: Request) -> dict[str, Any]:
        account = await required(request)
        return {"username": account.username}

    @router.get("/account/tables", summary="Your tables, with the token of your seat at each")
    async def my_tables(request: Request, include_finished: bool = False,
                        limit: int = Query(50, ge=1, le=MAX_LISTED)) -> list[dict[str, Any]]:
        account = await required(request)
        found = await manager.db(accounts.tables_of, account.id,
                                 None if include_finished else False, limit)
        rows = []
        for record, seat in found:
            token = account_seat_token(manager.sealer.key, record.id, seat, account.id,
                                       record.seats[seat].token_hash)
            rows.append({**lobby_entry(record, manager.to_move(record.id)), "seat": seat,
                         "name": seat_names(record)[seat], "token": token,
                         "url": f"/#/table/{record.id}?token={token}"})
        return rows

    @router.get("/players/{username}", summary="A player's profile: ratings, finished games")
    async def profile(username: str, limit: int = Query(50, ge=1, le=MAX_LISTED)
                      ) -> dict[str, Any]:
        account = await manager.db(accounts.find, username[:64])
        if account is None:
            raise ApiError(NOT_FOUND, f"no player {username[:40]!r}")
        ratings = await manager.db(ratings_of, manager.store, ACCOUNT_PREFIX + account.id)
        finished = await manager.db(accounts.tables_of, account.id, True, limit)
        games = []
        for record, seat in finished:
            entry = lobby_entry(record)
            entry.update(seat=seat, name=seat_names(record)[seat],
                         replay_url=f"/#/replay/{record.id}")
            games.append(entry)
        return {"username": account.username,
                "ratings": [r.to_dict() for r in ratings], "finished": games}

    @router.get("/leaderboard/{game}", summary="A game's rated players, best first")
    async def board(game: str, limit: int = Query(50, ge=1, le=MAX_LISTED)
                    ) -> list[dict[str, Any]]:
        if game not in game_names():
            raise ApiError(NOT_FOUND, f"no game {game[:40]!r}")
        ratings = await manager.db(leaderboard, manager.store, game, limit)
        ids = [r.player.removeprefix(ACCOUNT_PREFIX) for r in ratings
               if r.player.startswith(ACCOUNT_PREFIX)]
        usernames = await manager.db(accounts.usernames, ids)
        return [{"rank": rank, **shown(r, usernames), **r.to_dict()}
                for rank, r in enumerate(ratings, 1)]

    return router


def shown(rating: Rating, usernames: dict[str, str]) -> dict[str, Any]:
    """Who a rating is of, as people see it: a username, or a bot level's name."""
    if rating.player.startswith(BOT_PREFIX):
        return {"name": f"{rating.player.removeprefix(BOT_PREFIX).capitalize()} bot",
                "bot": True}
    return {"name": usernames.get(rating.player.removeprefix(ACCOUNT_PREFIX), "(gone)"),
            "bot": False}
