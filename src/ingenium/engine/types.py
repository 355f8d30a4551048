"""The value types of the engine contract: Option, Decision, Event."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from ingenium.engine.errors import IllegalMove


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to a decision: a stable readable id, a label for people, an integer code."""

    id: str
    label: str
    code: int

    def to_dict(self) -> dict[str, Any]:
        """JSON form for clients."""
        return {"id": self.id, "label": self.label, "code": self.code}


@dataclass(frozen=True, slots=True, init=False)
class Decision:
    """What one seat must answer now: a kind, a prompt and a finite list of options."""

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]

    def __init__(self, seat: int, kind: str, prompt: str, options: tuple[Option, ...]) -> None:
        # the slots' own setters: a frozen dataclass's __init__ costs twice as much, once
        # for every question of every game
        _D_SEAT(self, seat)
        _D_KIND(self, kind)
        _D_PROMPT(self, prompt)
        _D_OPTIONS(self, options)

    def find(self, choice: object) -> Option:
        """The offered option matching an Option, its id or its code; else IllegalMove."""
        options = self.options
        if isinstance(choice, Option):
            for option in options:  # play hands back the offered object: no field compares
                if option is choice:
                    return option
            for option in options:
                if option == choice:
                    return option
        elif isinstance(choice, str):
            for option in options:
                if option.id == choice:
                    return option
        elif isinstance(choice, int) and not isinstance(choice, bool):
            for option in options:
                if option.code == choice:
                    return option
        raise IllegalMove(self.illegal_message(choice))

    def illegal_message(self, choice: object, who: str | None = None) -> str:
        """One line naming the decision, the bad choice and the legal options; `who` names
        the seat as the caller's users know it (an RL agent 'player_0'; by default the
        players' 'Player 1')."""
        shown = ", ".join(o.id for o in self.options[:12])
        more = f" (+{len(self.options) - 12} more)" if len(self.options) > 12 else ""
        text = repr(choice)
        if len(text) > 80:
            text = text[:77] + "..."
        return (
            f"illegal move {text} for {who or f'Player {self.seat + 1}'} at '{self.kind}' "
            f"({self.prompt}); legal: {shown}{more}"
        )

    @property
    def forced(self) -> bool:
        """A single option: the seat has no choice (interfaces may play it by themselves)."""
        return len(self.options) == 1

    def to_dict(self, with_options: bool = True) -> dict[str, Any]:
        """JSON form; without options (nor whether it is forced) for seats that must not see
        them."""
        data: dict[str, Any] = {"seat": self.seat, "kind": self.kind, "prompt": self.prompt}
        if with_options:
            data["options"] = [o.to_dict() for o in self.options]
            data["forced"] = self.forced
        return data


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One line of the game log. `visible_to` None means public; else only those seats see it."""

    seq: int
    seat: int | None
    kind: str
    text: str
    data: dict[str, Any]
    visible_to: tuple[int, ...] | None

    def __init__(self, seq: int, seat: int | None, kind: str, text: str,
                 data: dict[str, Any] | None = None,
                 visible_to: tuple[int, ...] | None = None) -> None:
        # the slots' own setters, as Decision's (rules log at almost every step)
        _E_SEQ(self, seq)
        _E_SEAT(self, seat)
        _E_KIND(self, kind)
        _E_TEXT(self, text)
        _E_DATA(self, {} if data is None else data)
        _E_VISIBLE_TO(self, visible_to)

    def visible(self, seat: int | None) -> bool:
        """Whether `seat` (None = spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (visibility included, for saves)."""
        return {
            "seq": self.seq,
            "seat": self.seat,
            "kind": self.kind,
            "text": self.text,
            "data": self.data,
            "visible_to": list(self.visible_to) if self.visible_to is not None else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """Inverse of to_dict."""
        visible = data.get("visible_to")
        return cls(
            seq=int(data["seq"]),
            seat=data["seat"],
            kind=str(data["kind"]),
            text=str(data["text"]),
            data=dict(data.get("data") or {}),
            visible_to=tuple(visible) if visible is not None else None,
        )


def _slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    """The setter of one slot of a frozen class, for its own __init__ only."""
    return cast(Callable[[object, object], None], cls.__dict__[name].__set__)


_D_SEAT, _D_KIND, _D_PROMPT, _D_OPTIONS = (
    _slot_setter(Decision, name) for name in ("seat", "kind", "prompt", "options"))
_E_SEQ, _E_SEAT, _E_KIND, _E_TEXT, _E_DATA, _E_VISIBLE_TO = (
    _slot_setter(Event, name) for name in ("seq", "seat", "kind", "text", "data", "visible_to"))
