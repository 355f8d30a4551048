"""The table websocket: pushes what changed after every change; accepts moves and undo.

The seat's token travels in a header, never in the URL (URLs end up in logs and histories):
browsers offer the subprotocols `ingenium` and `ingenium.token.<token>` (the server answers
`ingenium`), other clients may send `X-Seat-Token`; `?token=` still works and is redacted.

Server to client: {"type": "state", "payload": ...} with the whole log (at connect, after an
undo and on request), then {"type": "update", "payload": ...} after each change (coalesced):
the new view with only the new events (`events_from` = how many of the seat's events came
before them); {"type": "error", "status": 4xx, "detail": ...}, {"type": "moved", "seq": n},
{"type": "undone", "seq": n}, {"type": "pong"}.
Client to server: {"type": "move", "option": id_or_code, "expected_seq": n},
{"type": "undo", "expected_seq": n}, {"type": "sync"} (send the whole state again),
{"type": "ping"}. Every bad message (binary, not JSON, too deep, a number too long, an
unknown type) is answered with an error and the socket stays usable. A refused table or
token, or a limit reached, closes with code 4000 + HTTP status.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from ingenium.server.errors import BAD_REQUEST, TOO_LARGE, ApiError
from ingenium.server.models import SocketMessage
from ingenium.server.payloads import seat_json
from ingenium.server.tables import HUMAN, LiveTable, Subscriber, TableManager

PROTOCOL = "ingenium"
TOKEN_PROTOCOL = "ingenium.token."
TOKEN_HEADER = "x-seat-token"


def build_socket_router(manager: TableManager, max_message: int) -> APIRouter:
    """The /ws routes, bound to one table manager."""
    router = APIRouter()

    @router.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        offered = list(websocket.scope.get("subprotocols") or [])
        await websocket.accept(subprotocol=PROTOCOL if PROTOCOL in offered else None)
        token = socket_token(websocket, offered)
        address = websocket.client.host if websocket.client else "unknown"
        try:
            live = await manager.get(table_id)
            seat = live.seat_of(token)
            socket_id = await manager.open_socket(live.record.id, address)
        except ApiError as exc:
            await websocket.send_json(_error(exc))
            await websocket.close(code=4000 + exc.status, reason=exc.detail[:120])
            return
        subscriber = manager.subscribe(live, seat)
        lock = asyncio.Lock()
        pusher = asyncio.create_task(_push(websocket, live, subscriber, lock, token))
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                reply = await _answer(manager, table_id, token, address, message, max_message,
                                      subscriber)
                if reply is not None:
                    async with lock:
                        await websocket.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            pusher.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await pusher
            manager.unsubscribe(live, subscriber)
            await manager.close_socket(live.record.id, address, socket_id)

    return router


def socket_token(websocket: WebSocket, offered: list[str]) -> str | None:
    """The seat token: subprotocol, then header, then the (legacy) query parameter."""
    for protocol in offered:
        if protocol.startswith(TOKEN_PROTOCOL):
            return protocol[len(TOKEN_PROTOCOL):] or None
    return websocket.headers.get(TOKEN_HEADER) or websocket.query_params.get("token")


async def _push(websocket: WebSocket, live: LiveTable, subscriber: Subscriber,
                lock: asyncio.Lock, token: str | None) -> None:
    """Send the whole state, then what changed after each wake-up (changes coalesce). A seat's
    socket closes (4403) once its token stops working (sign-out everywhere replaced it); a seat
    a bot took over (its clock ran out) keeps watching, as the seat it was."""
    while True:
        subscriber.wake.clear()
        seat = subscriber.seat
        if seat is not None and live.version != subscriber.sent_version and \
                live.record.seats[seat].kind == HUMAN:
            try:
                live.seat_of(token)
            except ApiError as exc:
                async with lock:
                    await websocket.send_json(_error(exc))
                    await websocket.close(code=4000 + exc.status, reason=exc.detail[:120])
                return
        state = live.state
        whole = subscriber.sent_rewinds != live.rewinds
        since = 0 if whole else subscriber.sent_events
        kind = "state" if whole else "update"
        if whole or len(state.events) > since or live.version != subscriber.sent_version:
            message = f'{{"type":"{kind}","payload":' + seat_json(live, subscriber.seat,
                                                                  since) + "}"
            subscriber.sent_rewinds, subscriber.sent_events = live.rewinds, len(state.events)
            subscriber.sent_version = live.version
            async with lock:
                await websocket.send_text(message)
        await subscriber.wake.wait()


async def _answer(manager: TableManager, table_id: str, token: str | None, address: str,
                  raw: Mapping[str, Any], max_message: int,
                  subscriber: Subscriber) -> dict[str, Any] | None:
    """Carry out one client message; refusals become error messages, never exceptions."""
    try:
        message = parse_message(raw, max_message)
        if message.type == "ping":
            return {"type": "pong"}
        if message.type == "sync":
            subscriber.sent_rewinds = -1  # the next push carries the whole state
            subscriber.wake.set()
            return None
        await manager.limit(manager.move_limit, address)
        if message.type == "undo":
            if message.expected_seq is None:
                raise ApiError(BAD_REQUEST, "an undo needs expected_seq (the table's seq)")
            live, _ = await manager.undo(table_id, token, message.expected_seq)
            return {"type": "undone", "seq": live.seq}
        if message.option is None:
            raise ApiError(BAD_REQUEST, "a move needs an option")
        live, _, _ = await manager.move(table_id, token, message.option, message.expected_seq)
        return {"type": "moved", "seq": live.seq}
    except ApiError as exc:
        return _error(exc)


def parse_message(raw: Mapping[str, Any], max_message: int) -> SocketMessage:
    """A client message, or ApiError(400/413) saying in one line what is wrong with it."""
    text = raw.get("text")
    if text is None:
        raise ApiError(BAD_REQUEST, "binary messages are not accepted: send JSON text")
    if len(text) > max_message:
        raise ApiError(TOO_LARGE, f"message larger than {max_message} bytes")
    try:
        return SocketMessage.model_validate(json.loads(text))
    except RecursionError:
        raise ApiError(BAD_REQUEST, "bad message: nested too deeply") from None
    except (ValueError, ValidationError) as exc:  # JSONDecodeError and over-long numbers too
        raise ApiError(BAD_REQUEST, f"bad message: {_short(exc)}") from None


def _error(exc: ApiError) -> dict[str, Any]:
    return {"type": "error", "status": exc.status, "detail": exc.detail}


def _short(exc: Exception) -> str:
    """First line of an exception, for error messages."""
    return str(exc).splitlines()[0][:200]
