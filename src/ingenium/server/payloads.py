"""Every payload a client receives is built here: the single choke point for hidden information.

A seat's payload holds `state.view(seat)`, the events that seat may see and public facts about
the table; a spectator's holds `view(None)` and public events. Nothing else of a live game (never
`to_json()`, never the raw table) leaves the server. Once a game is over, `replay_step` reveals
everything: by then there is nothing left to hide.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ingenium.engine import State, UnknownGame, get_game
from ingenium.server.storage import TableRecord
from ingenium.server.undo import can_undo

if TYPE_CHECKING:
    from ingenium.server.tables import LiveTable


def public_seats(record: TableRecord) -> list[dict[str, Any]]:
    """Who plays each seat (never the token)."""
    return [{"seat": s.seat, "kind": s.kind, "bot": s.bot} for s in record.seats]


def seat_payload(live: LiveTable, seat: int | None) -> dict[str, Any]:
    """What `seat` (None = spectator) may know about a table right now."""
    state = live.state
    view = state.view(seat)
    decision = state.decision
    terminal = decision is None
    return {
        "table_id": live.record.id,
        "game": live.record.game,
        "title": state.game.title,
        "players": state.players,
        "variant": state.variant,
        "seat": seat,
        "seats": public_seats(live.record),
        "seq": len(state.history),
        "status": live.status,
        "to_move": None if decision is None else decision.seat,
        "your_turn": decision is not None and seat is not None and decision.seat == seat,
        "view": view,
        "events": [e.to_dict() for e in state.visible_events(seat)],
        "scores": view.get("scores"),
        "ranking": state.ranking() if terminal else None,
        "can_undo": can_undo(seat, state),
    }


def seat_json(live: LiveTable, seat: int | None) -> str:
    """seat_payload as JSON text, built once per change and seat (HTTP and pushes share it)."""
    if live.payloads_version != live.version:
        live.payloads.clear()
        live.payloads_version = live.version
    text = live.payloads.get(seat)
    if text is None:
        text = json.dumps(seat_payload(live, seat), separators=(",", ":"))
        live.payloads[seat] = text
    return text


def lobby_entry(record: TableRecord) -> dict[str, Any]:
    """A table as the lobby lists it."""
    return {
        "table_id": record.id,
        "game": record.game,
        "title": _title(record.game),
        "players": record.players,
        "variant": record.variant,
        "status": record.status,
        "seq": record.seq,
        "created_at": record.created_at,
        "seats": public_seats(record),
        "watch_url": f"/#/table/{record.id}",
    }


def _title(name: str) -> str:
    """A game's title; its name if it is no longer installed."""
    try:
        return get_game(name).title
    except UnknownGame:
        return name


def replay_summary(live: LiveTable, labels: list[str]) -> dict[str, Any]:
    """A finished game's record and every move, for stepping through it."""
    state = live.state
    return {
        "table_id": live.record.id,
        "game": live.record.game,
        "title": state.game.title,
        "players": state.players,
        "seed": state.seed,
        "variant": state.variant,
        "seats": public_seats(live.record),
        "steps": len(state.history),
        "moves": [{"seq": i, "seat": seat, "option": option, "label": labels[i]}
                  for i, (seat, option) in enumerate(state.history)],
        "scores": state.scores(),
        "ranking": state.ranking(),
    }


def replay_step(table_id: str, state: State[Any]) -> dict[str, Any]:
    """One position of a FINISHED game with everything revealed: every view, every event."""
    decision = state.decision
    return {
        "table_id": table_id,
        "step": len(state.history),
        "to_move": None if decision is None else decision.seat,
        "views": [state.view(seat) for seat in range(state.players)],
        "spectator": state.view(None),
        "events": [e.to_dict() for e in state.events],
        "hidden": state.position_data(),
        "scores": state.scores(),
    }


def option_labels(record: TableRecord, history: list[tuple[int, str]]) -> list[str]:
    """The label each move had when it was chosen (replays the game once)."""
    game = get_game(record.game)
    state = game.new_game(record.players, record.seed, record.variant)
    labels = []
    for _seat, option_id in history:
        decision = state.decision
        assert decision is not None
        labels.append(decision.find(option_id).label)
        state.apply(option_id)
    return labels
