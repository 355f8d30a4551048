"""The HTTP routes: games, lobby, tables, moves, undo and replays of finished games."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Header, Query, Request, Response

from ingenium.bots import bot_names, strength
from ingenium.engine import game_names
from ingenium.server.accounts import Account
from ingenium.server.clocks import ClockKeeper
from ingenium.server.errors import CONFLICT, NOT_FOUND, ApiError
from ingenium.server.models import (
    ERROR_RESPONSES,
    CreatedTable,
    CreateTable,
    JoinRequest,
    MoveRequest,
    SeatInvitation,
    SeatPayload,
    StopRequest,
    UndoRequest,
)
from ingenium.server.payloads import (
    decision_indices,
    game_entry,
    lobby_entry,
    replay_step,
    replay_summary,
    seat_json,
    seat_names,
)
from ingenium.server.replays import replay_index
from ingenium.server.tables import CREATOR, LiveTable, TableManager, replay_record

Payload = dict[str, Any]
SUMMARY = -1  # the key of a replay's summary among its cached positions
REPLAY_POSITIONS = 64  # positions kept per finished table (stepping back and forth is cheap)
SEAT_PAYLOAD: dict[int | str, dict[str, Any]] = {
    200: {"model": SeatPayload, "description": "what the seat (or a spectator) may know"}}


def build_router(manager: TableManager, clocks: ClockKeeper,
                 signed_in: Callable[[Request], Awaitable[Account | None]]) -> APIRouter:
    """All /api routes, bound to one table manager (and its clocks, set at creation);
    `signed_in` finds a request's account (server/account_routes.py)."""
    router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)

    @router.get("/games", summary="Registered games")
    async def games() -> list[Payload]:
        return [game_entry(name) for name in game_names()]

    @router.get("/bots", summary="Bot specs a seat may use (besides 'human')")
    async def bots() -> list[str]:
        return bot_names()

    @router.get("/bots/strength", summary="Measured strength of each level, with its conditions")
    async def bot_strength() -> list[Payload]:
        return [row.to_dict() for row in strength.load()]

    @router.get("/tables", summary="Lobby: open and running tables")
    async def lobby(include_finished: bool = False,
                    limit: int = Query(50, ge=1, le=500)) -> list[Payload]:
        return [lobby_entry(r, manager.to_move(r.id))
                for r in await manager.lobby(include_finished, limit)]

    @router.post("/tables", status_code=201, summary="Create a table",
                 response_model=CreatedTable)
    async def create(body: CreateTable, request: Request) -> CreatedTable:
        await manager.limit(manager.create_limit, client_address(request))
        account = await signed_in(request)
        live, tokens = await manager.create(body.game, body.players, body.variant,
                                            body.seats, client_address(request), body.names,
                                            account.id if account else None, body.account_seat)
        if body.clock is not None:
            await clocks.add(live, body.clock.mode, body.clock.seconds, body.clock.increment)
        base = str(request.base_url)
        seats = []
        names = seat_names(live.record)
        for seat in live.record.seats:
            token = tokens.get(seat.seat)
            url = f"{base}#/table/{live.record.id}?token={quote(token)}" if token else None
            seats.append(SeatInvitation(seat=seat.seat, kind=seat.kind, bot=seat.bot,
                                        name=names[seat.seat], token=token, url=url))
        record = live.record
        return CreatedTable(table_id=record.id, game=record.game, players=record.players,
                            variant=record.variant, seats=seats,
                            watch_url=f"{base}#/table/{record.id}",
                            creator_token=tokens.get(CREATOR))

    @router.post("/tables/{table_id}/join", summary="Name your seat (and, signed in, let your "
                 "account play it)", response_model=None, responses=SEAT_PAYLOAD)
    async def join(table_id: str, body: JoinRequest, request: Request) -> Response:
        account = await signed_in(request)
        live = await manager.join(table_id, body.token, body.name,
                                  account.id if account else None)
        return _json(seat_json(live, live.seat_of(body.token)))

    @router.post("/tables/{table_id}/stop", summary="Stop an all-bot table (its creator only)",
                 response_model=None, responses=SEAT_PAYLOAD)
    async def stop(table_id: str, body: StopRequest) -> Response:
        live = await manager.stop_table(table_id, body.token)
        return _json(seat_json(live, None))

    @router.get("/tables/{table_id}", summary="A seat's view (spectator's without a token)",
                response_model=None, responses=SEAT_PAYLOAD)
    async def table(table_id: str, token: str | None = Query(
                        None, max_length=128, description="prefer the X-Seat-Token header"),
                    x_seat_token: str | None = Header(None, max_length=128)) -> Response:
        live = await manager.get(table_id)
        return _json(seat_json(live, live.seat_of(x_seat_token or token)))

    @router.post("/tables/{table_id}/moves", summary="Play an offered option",
                 response_model=None, responses=SEAT_PAYLOAD)
    async def move(table_id: str, body: MoveRequest, request: Request) -> Response:
        """The answer holds the new view and only the log events the move added."""
        await manager.limit(manager.move_limit, client_address(request))
        live, seat, logged = await manager.move(table_id, body.token, body.option,
                                                body.expected_seq)
        return _json(seat_json(live, seat, logged))

    @router.post("/tables/{table_id}/undo", summary="Take back your last move (BGA policy)",
                 response_model=None, responses=SEAT_PAYLOAD)
    async def undo(table_id: str, body: UndoRequest, request: Request) -> Response:
        await manager.limit(manager.move_limit, client_address(request))
        live, seat = await manager.undo(table_id, body.token, body.expected_seq)
        return _json(seat_json(live, seat))

    @router.get("/tables/{table_id}/replay", summary="A finished game, move by move")
    async def replay(table_id: str, request: Request) -> Payload:
        await manager.limit(manager.replay_limit, client_address(request))
        live = await _finished(manager, table_id)
        if SUMMARY not in live.replay:  # built once per finished table
            labels, event_steps = await asyncio.to_thread(replay_index, live.record,
                                                          live.state.history)
            live.replay[SUMMARY] = {**replay_summary(live, labels), "event_steps": event_steps}
        summary: Payload = live.replay[SUMMARY]
        return summary

    @router.get("/tables/{table_id}/replay/{step}",
                summary="One position of a finished game, all hidden information revealed")
    async def replay_position(table_id: str, step: int, request: Request) -> Payload:
        await manager.limit(manager.replay_limit, client_address(request))
        live = await _finished(manager, table_id)
        history = live.state.history
        moves = decision_indices(history)
        if not 0 <= step <= len(moves):
            raise ApiError(NOT_FOUND, f"step must be between 0 and {len(moves)}")
        if step not in live.replay:
            record = live.record
            end = moves[step] if step < len(moves) else len(history)  # with the chance it drew
            state = await asyncio.to_thread(replay_record, record, history[:end])
            live.replay[step] = replay_step(record.id, state, step, seat_names(record))
            if len(live.replay) > REPLAY_POSITIONS:  # the oldest position built goes
                del live.replay[next(k for k in live.replay if k != SUMMARY)]
        position: Payload = live.replay[step]
        return position

    return router


def client_address(request: Request) -> str:
    """Who is asking, for the rate limits (uvicorn resolves trusted proxies' headers)."""
    return request.client.host if request.client else "unknown"


def _json(text: str) -> Response:
    """A prebuilt JSON body (payloads are serialized once per change and shared)."""
    return Response(content=text, media_type="application/json")


async def _finished(manager: TableManager, table_id: str) -> LiveTable:
    """The table if its game is over; replays reveal everything, so only then."""
    live = await manager.get(table_id)
    if not live.state.is_terminal:
        raise ApiError(CONFLICT, "the game is not over: replays open when it ends")
    return live

