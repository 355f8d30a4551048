"""Every payload a client receives is built here: the single choke point for hidden information.

A seat's payload holds `state.view(seat)`, the events that seat may see and public facts about
the table; a spectator's holds `view(None)` and public events. Nothing else of a live game (never
`to_json()`, never the raw table) leaves the server. Once a game is over, `replay_step` reveals
everything: by then there is nothing left to hide.
"""

from __future__ import annotations

import bisect
import json
from typing import TYPE_CHECKING, Any

from ingenium.engine import CHANCE, Event, State, UnknownGame, get_game
from ingenium.seatnames import bot_name, distinct, fallback_name, with_names
from ingenium.server.endgame import final_report
from ingenium.server.replays import replay_index
from ingenium.server.storage import TableRecord
from ingenium.server.undo import can_undo

if TYPE_CHECKING:
    from ingenium.server.tables import LiveTable


def game_entry(name: str) -> dict[str, Any]:
    """A registered game for the lobby: its description and, per player count, the variants
    that count offers (Civolution's solo levels are for 1 player, its other variants for 2-4)
    and whether the count needs one (the solo game has no standard set-up)."""
    game = get_game(name)
    entry = game.describe()
    by_count: dict[str, dict[str, Any]] = {}
    for players in range(game.min_players, game.max_players + 1):
        by_count[str(players)] = {"variants": game.variants_for(players),
                                  "standard": not game.needs_variant(players)}
    entry["player_counts"] = by_count
    return entry


def seat_names(record: TableRecord) -> list[str]:
    """What people call each seat: its chosen name, a bot's level ("Easy bot"), or, for a
    seat not named yet, "Player N"."""
    names = [s.name or (bot_name(s.bot or "") if s.kind == "bot" else fallback_name(s.seat))
             for s in record.seats]
    return distinct(names) if any(s.name is None for s in record.seats) else names


def public_seats(record: TableRecord) -> list[dict[str, Any]]:
    """Who plays each seat and its name (never the token, never the account)."""
    names = seat_names(record)
    return [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": names[s.seat],
             "named": s.name is not None} for s in record.seats]


def named_json(value: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A payload part with the games' "Player N" replaced by the seats' names."""
    named: dict[str, Any] = json.loads(with_names(json.dumps(value, separators=(",", ":")),
                                                  names))
    return named


class LogCache:
    """Each event's JSON text, and which events each seat sees, built once per event.

    Events are immutable snapshots appended to the log, so a table's cache only grows, until an
    undo rebuilds the state (`reset`). Payloads and pushes then join prebuilt texts instead of
    serializing the whole log for every seat after every change."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """Forget everything (the log was rebuilt)."""
        self.texts: list[str] = []
        self.names: list[str] = []
        self.events: list[Event] = []
        self.visible: dict[int | None, list[int]] = {}
        self.scanned: dict[int | None, int] = {}  # events looked at for each seat

    def sync(self, events: list[Event], names: list[str] | None = None) -> None:
        """Take in the events appended since the last call (their "Player N" named)."""
        if names is not None and names != self.names:
            self.reset()
            self.names = names
        for event in events[len(self.texts):]:
            text = json.dumps(event.to_dict(), separators=(",", ":"))
            self.texts.append(with_names(text, self.names) if self.names else text)
        self.events = events

    def seen_by(self, seat: int | None) -> list[int]:
        """Indices of the events `seat` may see, brought up to date."""
        seqs = self.visible.setdefault(seat, [])
        done = self.scanned.get(seat, 0)
        seqs.extend(i for i in range(done, len(self.events)) if self.events[i].visible(seat))
        self.scanned[seat] = len(self.events)
        return seqs

    def since(self, seat: int | None, first: int) -> tuple[int, str]:
        """(how many of its events `seat` saw before event `first`, the JSON of the rest)."""
        seqs = self.seen_by(seat)
        skip = bisect.bisect_left(seqs, first)
        return skip, "[" + ",".join(self.texts[i] for i in seqs[skip:]) + "]"


def seat_base(live: LiveTable, seat: int | None) -> dict[str, Any]:
    """What `seat` (None = spectator) may know about a table right now, but for the log."""
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
        "moves": sum(1 for entry_seat, _ in state.history if entry_seat != CHANCE),
        "status": live.status,
        "to_move": None if decision is None else decision.seat,
        "your_turn": decision is not None and seat is not None and decision.seat == seat,
        "view": view,
        "scores": view.get("scores"),
        "ranking": state.ranking() if terminal else None,
        "winners": state.winners() if terminal else None,
        "final_report": final_report(state) if terminal else None,
        "can_undo": can_undo(seat, state),
        "option_help": option_help(state, seat),
    }


def option_help(state: State[Any], seat: int | None) -> dict[str, str]:
    """What each option offered to `seat` does and costs (the game's option_help), by option
    id, where its label alone does not say it; {} when the seat is not deciding."""
    decision = state.decision
    if decision is None or seat != decision.seat:
        return {}
    game = get_game(state.game.name)
    found = {option.id: game.option_help(state, option) for option in decision.options}
    return {option_id: text for option_id, text in found.items() if text}


def seat_payload(live: LiveTable, seat: int | None, since: int = 0) -> dict[str, Any]:
    """seat_json as a dict."""
    payload: dict[str, Any] = json.loads(seat_json(live, seat, since))
    return payload


def seat_json(live: LiveTable, seat: int | None, since: int = 0) -> str:
    """The seat's payload as JSON text, with the events it may see from log index `since` on
    (0: the whole log); `events_from` says how many of its events come before them.

    The view part is built once per change and seat; the events are joined from LogCache."""
    if live.payloads_version != live.version:
        live.payloads.clear()
        live.payloads_version = live.version
        live.log.sync(live.state.events, seat_names(live.record))
    base = live.payloads.get(seat)
    if base is None:
        base = with_names(json.dumps(seat_base(live, seat), separators=(",", ":")),
                          live.log.names)
        live.payloads[seat] = base
    skip, events = live.log.since(seat, since)
    return f'{base[:-1]},"events_from":{skip},"events":{events}}}'


def lobby_entry(record: TableRecord, to_move: int | None = None) -> dict[str, Any]:
    """A table as the lobby lists it (`to_move`: the seat to move, when known)."""
    return {
        "table_id": record.id,
        "game": record.game,
        "title": _title(record.game),
        "players": record.players,
        "variant": record.variant,
        "status": record.status,
        "seq": record.seq,
        "moves": record.moves,  # the table's own "move N"
        "created_at": record.created_at,
        "updated_at": record.updated_at or record.created_at,
        "to_move": to_move,
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
    return named_json({
        "table_id": live.record.id,
        "game": live.record.game,
        "title": state.game.title,
        "players": state.players,
        "variant": state.variant,
        "seats": public_seats(live.record),
        "steps": len(decision_indices(state.history)),
        "moves": [{"seq": i, "seat": state.history[i][0], "option": state.history[i][1],
                   "label": labels[i], "chance": chance_after(state.history, i)}
                  for i in decision_indices(state.history)],
        "setup_chance": chance_after(state.history, -1),
        "scores": state.scores(),
        "ranking": state.ranking(),
        "winners": state.winners(),
        "final_report": final_report(state),
    }, seat_names(live.record))


def decision_indices(history: list[tuple[int, str]]) -> list[int]:
    """Where the players' answers are in a history (the rest are chance outcomes)."""
    return [index for index, (seat, _) in enumerate(history) if seat != CHANCE]


def chance_after(history: list[tuple[int, str]], index: int) -> list[str]:
    """The chance outcomes drawn right after history entry `index` (-1: the setup's)."""
    drawn = []
    for seat, outcome in history[index + 1:]:
        if seat != CHANCE:
            break
        drawn.append(outcome)
    return drawn


def replay_step(table_id: str, state: State[Any], step: int,
                names: list[str] | None = None) -> dict[str, Any]:
    """One position of a FINISHED game, after `step` answers and the chance they drew, with
    everything revealed: every view, every event (seats called by `names`)."""
    decision = state.decision
    return named_json({
        "table_id": table_id,
        "step": step,
        "to_move": None if decision is None else decision.seat,
        "views": [state.view(seat) for seat in range(state.players)],
        "spectator": state.view(None),
        "events": [e.to_dict() for e in state.events],
        "hidden": state.position_data(),
        "scores": state.scores(),
    }, names or [])


def option_labels(record: TableRecord, history: list[tuple[int, str]]) -> list[str]:
    """The label each move had when it was chosen (replays the game once, chance as
    recorded); a chance outcome is labelled as such."""
    return replay_index(record, history)[0]
