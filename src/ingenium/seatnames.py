"""The names people see for the seats of a table: chosen by humans, given to bots by level.

The games' engines know seats by number and write "Player N" in their log lines; names are
put in on the way to people (server payloads, the terminal), so the engine API and the RL
adapters work without them. A chosen name is checked here: trimmed, limited in length, made
of letters, digits and a little punctuation (never markup or control characters), and never
one that could pass for another seat ("Player 2", "Seat 3", a bot's name, another's name).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from contextvars import ContextVar

from ingenium.bots import LEVELS, UnknownBot, parse_spec

MAX_NAME = 24
NAME_PUNCTUATION = " '-._"
PLAYER_N = re.compile(r"\bPlayer (\d+)\b")
# names that stand for a seat, a bot or the table itself: nobody may take them
_RESERVED_WORDS = re.compile(r"^(player|seat|bot|p|spectator|table|chronos|v\.?i\.?c\.?i\.?|you"
                             r"|nobody|everyone|system|admin|server)( ?\d+)?$")
_BOT_LIKE = re.compile(r"\bbot\b")


class BadName(ValueError):
    """A name refused, with the reason in words."""


def fallback_name(seat: int) -> str:
    """The name of a seat nobody named yet (a table made before names, an invitation not yet
    taken)."""
    return f"Player {seat + 1}"


def comparable(name: str) -> str:
    """How two names are compared: case, width and spacing ignored."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def clean_name(raw: str) -> str:
    """A chosen name, trimmed and checked; BadName says why it is refused."""
    if not isinstance(raw, str):
        raise BadName("a name is text")
    if any(unicodedata.category(ch).startswith("C") for ch in raw):
        raise BadName("a name may not hold control or invisible characters")
    name = " ".join(unicodedata.normalize("NFKC", raw).split())
    if not name:
        raise BadName("a name may not be empty")
    for ch in name:
        if ch not in NAME_PUNCTUATION and unicodedata.category(ch)[0] not in "LNM":
            raise BadName(f"a name uses letters, digits, spaces and {NAME_PUNCTUATION.strip()} "
                          f"only (not {ch!r})")
    if len(name) > MAX_NAME:
        raise BadName(f"a name has at most {MAX_NAME} characters")
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        raise BadName("a name needs a letter or a digit")
    key = comparable(name)
    if _RESERVED_WORDS.match(key) or _BOT_LIKE.search(key) or key in _level_words():
        raise BadName(f"{name!r} could pass for a seat or a bot: choose another name")
    return name


def _level_words() -> set[str]:
    return {comparable(level) for level in LEVELS}


def bot_name(spec: str) -> str:
    """A bot's name from what its creator picked: "Easy bot" for a level, else its kind
    ("Greedy bot"), never its parameters."""
    picked = spec.strip().lower()
    if picked in LEVELS:
        return f"{picked.capitalize()} bot"
    for level, level_spec in LEVELS.items():  # a stored canonical spec that is a level's
        if picked == level_spec:
            return f"{level.capitalize()} bot"
    try:
        kind, _ = parse_spec(spec)
    except UnknownBot:
        kind = "custom"
    return f"{kind.capitalize()} bot"


def distinct(names: Sequence[str]) -> list[str]:
    """Bot names made distinct at one table: the second "Easy bot" is "Easy bot 2"."""
    seen: dict[str, int] = {}
    result = []
    for name in names:
        key = comparable(name)
        seen[key] = seen.get(key, 0) + 1
        result.append(name if seen[key] == 1 else f"{name} {seen[key]}")
    return result


def check_unique(name: str, seat: int, names: Sequence[str | None]) -> None:
    """BadName if another seat of the table has (or could be taken for) this name."""
    key = comparable(name)
    for other, taken in enumerate(names):
        if other != seat and taken is not None and comparable(taken) == key:
            raise BadName(f"{taken!r} is another seat's name at this table: choose another")


def with_names(text: str, names: Sequence[str]) -> str:
    """A log line or message with "Player N" replaced by seat N's name."""
    def named(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        return names[index] if 0 <= index < len(names) else match.group(0)
    return PLAYER_N.sub(named, text) if "Player " in text else text


# The seat names of the game on screen, for the terminal's renderers (unset: "Player N").
SEAT_NAMES: ContextVar[tuple[str, ...]] = ContextVar("SEAT_NAMES", default=())


def seat_label(seat: int) -> str:
    """How the terminal names a seat: its name in this game, else "Player N"."""
    names = SEAT_NAMES.get()
    return names[seat] if 0 <= seat < len(names) else fallback_name(seat)


def named(text: str) -> str:
    """A game's text with "Player N" replaced by the names of the game on screen."""
    names = SEAT_NAMES.get()
    return with_names(text, names) if names else text


def terminal_names(given: Sequence[str], seats: Sequence[str]) -> tuple[str, ...]:
    """Every seat's name for `ingenium play --names`: the names given, in seat order (an
    empty one, or none, leaves a human "Player N" and names a bot by its level); BadName if a
    name is refused or two seats would share one."""
    if len(given) > len(seats):
        raise BadName(f"--names lists {len(given)} names for {len(seats)} seats")
    bots = distinct([bot_name(spec) for spec in seats])
    names: list[str] = []
    for seat, spec in enumerate(seats):
        typed = given[seat].strip() if seat < len(given) else ""
        if typed:
            names.append(clean_name(typed))
        elif spec.strip().lower() == "human":
            names.append(fallback_name(seat))
        else:
            names.append(bots[seat])
    for seat, name in enumerate(names):
        check_unique(name, seat, names)
    return tuple(names)
