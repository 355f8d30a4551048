"""The table websocket: pushes the seat's payload after every change; accepts moves and undo.

Server to client: {"type": "state", "payload": ...} (at connect and after each change, coalesced),
{"type": "error", "status": 4xx, "detail": ...}, {"type": "moved", "seq": n}, {"type": "pong"}.
Client to server: {"type": "move", "option": id_or_code, "expected_seq": n}, {"type": "undo"},
{"type": "ping"}. A refused table or token closes the socket with code 4000 + HTTP status.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from ingenium.server.errors import BAD_REQUEST, TOO_LARGE, ApiError
from ingenium.server.models import SocketMessage
from ingenium.server.payloads import seat_json
from ingenium.server.tables import LiveTable, Subscriber, TableManager


def build_socket_router(manager: TableManager, max_message: int) -> APIRouter:
    """The /ws routes, bound to one table manager."""
    router = APIRouter()

    @router.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str,
                           token: str | None = None) -> None:
        await websocket.accept()
        try:
            live = await manager.get(table_id)
            seat = live.seat_of(token)
        except ApiError as exc:
            await websocket.send_json(_error(exc))
            await websocket.close(code=4000 + exc.status, reason=exc.detail[:120])
            return
        subscriber = manager.subscribe(live, seat)
        lock = asyncio.Lock()
        pusher = asyncio.create_task(_push(websocket, live, subscriber, lock))
        try:
            while True:
                text = await websocket.receive_text()
                reply = await _answer(manager, table_id, token, text, max_message)
                async with lock:
                    await websocket.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            pusher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pusher
            manager.unsubscribe(live, subscriber)

    return router


async def _push(websocket: WebSocket, live: LiveTable, subscriber: Subscriber,
                lock: asyncio.Lock) -> None:
    """Send the current payload, then again after each wake-up (changes in between coalesce)."""
    while True:
        subscriber.wake.clear()
        message = '{"type":"state","payload":' + seat_json(live, subscriber.seat) + "}"
        async with lock:
            await websocket.send_text(message)
        await subscriber.wake.wait()


async def _answer(manager: TableManager, table_id: str, token: str | None, text: str,
                  max_message: int) -> dict[str, Any]:
    """Carry out one client message; refusals become error messages, never exceptions."""
    try:
        if len(text) > max_message:
            raise ApiError(TOO_LARGE, f"message larger than {max_message} bytes")
        try:
            message = SocketMessage.model_validate(json.loads(text))
        except (json.JSONDecodeError, ValidationError) as exc:
            raise ApiError(BAD_REQUEST, f"bad message: {_short(exc)}") from None
        if message.type == "ping":
            return {"type": "pong"}
        if message.type == "undo":
            live, _ = await manager.undo(table_id, token)
            return {"type": "undone", "seq": live.seq}
        if message.option is None:
            raise ApiError(BAD_REQUEST, "a move needs an option")
        live, _ = await manager.move(table_id, token, message.option, message.expected_seq)
        return {"type": "moved", "seq": live.seq}
    except ApiError as exc:
        return _error(exc)


def _error(exc: ApiError) -> dict[str, Any]:
    return {"type": "error", "status": exc.status, "detail": exc.detail}


def _short(exc: Exception) -> str:
    """First line of an exception, for error messages."""
    return str(exc).splitlines()[0][:200]
