"""Table chat: short messages stored with the table, written by its seats, read by everyone at
the table (spectators read only). Text is kept as typed but for control characters; it is plain
text for the client (never markup), at most MAX_CHARS characters, and a table keeps at most
MAX_MESSAGES of them. The chat table is part of the schema's migrations
(server/migrations/), like every other.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import DateTime, ForeignKey, Integer, String, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ingenium.seatnames import with_names
from ingenium.server.errors import BAD_REQUEST, CONFLICT, FORBIDDEN, ApiError
from ingenium.server.limits import RateLimit
from ingenium.server.models import ERROR_RESPONSES
from ingenium.server.payloads import seat_names
from ingenium.server.storage import Base, Store, now, utc
from ingenium.server.tables import TableManager

MAX_CHARS = 300
MAX_SEQ = 2**31 - 1  # message numbers are 32-bit integers in both databases
MAX_MESSAGES = 2000
MAX_LISTED = 200


class ChatRow(Base):
    """One chat message of a table; (table_id, seq) numbers them in order."""

    __tablename__ = "ingenium_chat"
    table_id: Mapped[str] = mapped_column(ForeignKey("ingenium_tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(4 * MAX_CHARS))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRequest(BaseModel):
    """A message from a seat."""

    model_config = ConfigDict(extra="forbid")
    token: str | None = Field(None, max_length=128, description="the seat's token")
    text: str = Field(max_length=4 * MAX_CHARS)


def clean_text(text: str) -> str:
    """The message as it will be stored: control characters removed, spaces trimmed; a
    one-line ApiError if nothing is left or it is longer than MAX_CHARS."""
    kept = "".join(" " if ch in "\t\n\r" else ch for ch in text
                   if ch in "\t\n\r" or unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))
    kept = " ".join(kept.split())
    if not kept:
        raise ApiError(BAD_REQUEST, "the message is empty")
    if len(kept) > MAX_CHARS:
        raise ApiError(BAD_REQUEST, f"the message has {len(kept)} characters: at most "
                                      f"{MAX_CHARS} are allowed")
    return kept


def _message(row: ChatRow) -> dict[str, Any]:
    return {"seq": row.seq, "seat": row.seat, "text": row.text,
            "at": utc(row.created_at).isoformat()}


def add_message(store: Store, table_id: str, seat: int, text: str) -> dict[str, Any]:
    """Store a message as the table's next one; ApiError 409 when the table's chat is full."""
    for _ in range(3):  # two writers racing for a number: the loser takes the next one
        try:
            with store.sessions().begin() as session:
                count = session.scalar(select(func.count()).select_from(ChatRow)
                                       .where(ChatRow.table_id == table_id)) or 0
                if count >= MAX_MESSAGES:
                    raise ApiError(CONFLICT, f"this table's chat is full ({MAX_MESSAGES} "
                                             f"messages)")
                last = session.scalar(select(func.max(ChatRow.seq))
                                      .where(ChatRow.table_id == table_id))
                row = ChatRow(table_id=table_id, seq=(last if last is not None else -1) + 1,
                              seat=seat, text=text, created_at=now())
                session.add(row)
                session.flush()
                return _message(row)
        except IntegrityError:
            continue
    raise ApiError(CONFLICT, "the chat is busy: send the message again")


def list_messages(store: Store, table_id: str, after: int) -> list[dict[str, Any]]:
    """The table's messages numbered above `after` (-1: from the first), oldest first."""
    with store.sessions()() as session:
        rows = session.scalars(select(ChatRow).where(ChatRow.table_id == table_id,
                                                     ChatRow.seq > after)
                               .order_by(ChatRow.seq).limit(MAX_LISTED)).all()
        return [_message(row) for row in rows]


def named(messages: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    """Messages with their writer's seat name (as the table names it today); the table's own
    messages name the seats they speak of ("Player 2 left" is "Bob left")."""
    for message in messages:
        seat = message["seat"]
        message["name"] = names[seat] if 0 <= seat < len(names) else "Table"
        if seat < 0:
            message["text"] = with_names(message["text"], names)
    return messages


def build_chat_router(manager: TableManager) -> APIRouter:
    """GET and POST /api/tables/{table_id}/chat."""
    router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)
    # a twentieth of the move rate (1 a second by default), bursts of 5; 0 turns it off
    rate = manager.settings.moves_per_second / 20
    limit = RateLimit("chat messages", rate, max(5.0, rate))

    @router.get("/tables/{table_id}/chat", summary="The table's chat (everyone may read it)")
    async def read_chat(table_id: str,
                        after: int = Query(-1, ge=-1, le=MAX_SEQ)) -> list[dict[str, Any]]:
        live = await manager.get(table_id)  # 404 for an unknown table
        return named(await manager.db(list_messages, manager.store, table_id, after),
                     seat_names(live.record))

    @router.post("/tables/{table_id}/chat", status_code=201,
                 summary="Say something at the table (seats only)")
    async def write_chat(table_id: str, body: ChatRequest, request: Request) -> dict[str, Any]:
        await manager.limit(limit, request.client.host if request.client else "unknown")
        live = await manager.get(table_id)
        seat = live.seat_of(body.token)
        if seat is None:
            raise ApiError(FORBIDDEN, "spectators read the chat; only the seats write in it")
        text = clean_text(body.text)
        return named([await manager.db(add_message, manager.store, table_id, seat, text)],
                     seat_names(live.record))[0]

    return router
