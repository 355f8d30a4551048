"""Reading a game's effect vocabulary from data: the helpers every game's `effects.py` shares.

An effect is written in a data file as a small TOML table with exactly one *head* key (what is
done) and a few modifiers (how much, of which kind). A game lists its heads, each with its parser
and allowed modifiers, in a `Vocabulary`; the parsers read their values with `term`, `whole` and
`flag`, and `need` states a rule between them. Anything outside the vocabulary raises
EffectError with the offending table, which the component reader puts after the record's name.

>>> from enum import StrEnum
>>> class Colour(StrEnum):
...     RED = "red"
>>> paint = Vocabulary({"paint": lambda raw: term(Colour, raw, "paint")}, {}, "{ paint = 'red' }")
>>> paint.parse({"paint": "red"})
<Colour.RED: 'red'>
>>> paint.parse({"paint": "blue"})
Traceback (most recent call last):
...
ingenium.engine.effect_terms.EffectError: effect {'paint': 'blue'}: paint must be one of red
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Generic, TypeVar, overload

from ingenium.engine.errors import IngeniumError

Raw = Mapping[str, object]
_E = TypeVar("_E", bound=StrEnum)
_T = TypeVar("_T")


class EffectError(IngeniumError, ValueError):
    """An effect table outside a game's vocabulary."""


def fail(raw: object, message: str) -> EffectError:
    """The error for one effect table, showing the table."""
    shown = dict(raw) if isinstance(raw, Mapping) else raw
    return EffectError(f"effect {shown}: {message}")


def need(raw: Raw, condition: bool, message: str) -> None:
    """Raise EffectError with `message` unless `condition` holds."""
    if not condition:
        raise fail(raw, message)


def term(cls: type[_E], raw: Raw, key: str) -> _E:
    """The value of `key` as one of the enum's words."""
    value = raw[key]
    if isinstance(value, str) and value in cls._value2member_map_:
        return cls(value)
    raise fail(raw, f"{key} must be one of {', '.join(m.value for m in cls)}")


def optional_term(cls: type[_E], raw: Raw, key: str) -> _E | None:
    """The value of `key` as one of the enum's words, or None when the table leaves it out."""
    return term(cls, raw, key) if key in raw else None


@overload
def whole(raw: Raw, key: str, default: int, low: int, high: int) -> int: ...
@overload
def whole(raw: Raw, key: str, default: None, low: int, high: int) -> int | None: ...
def whole(raw: Raw, key: str, default: int | None, low: int, high: int) -> int | None:
    """The whole number `key` in low..high, or `default` when the table leaves it out."""
    if key not in raw:
        return default
    value = raw[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise fail(raw, f"{key} must be a whole number {low}..{high}")
    return value


def flag(raw: Raw, key: str) -> bool:
    """The true/false modifier `key` (false when left out)."""
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise fail(raw, f"{key} must be true or false")
    return value


def head(raw: object, heads: Mapping[str, object], example: str) -> str:
    """The one head key of an effect table (`example` shows the reader the expected shape)."""
    if not isinstance(raw, Mapping) or not all(isinstance(k, str) for k in raw):
        raise EffectError(f"effect {raw!r} must be a table such as {example}")
    found = [str(key) for key in raw if key in heads]
    if len(found) != 1:
        raise fail(raw, f"needs exactly one of: {', '.join(heads)}")
    return found[0]


class Vocabulary(Generic[_T]):
    """A game's effect heads: each head's parser and the modifiers it allows."""

    def __init__(self, parsers: Mapping[str, Callable[[Raw], _T]],
                 modifiers: Mapping[str, frozenset[str]], example: str) -> None:
        self.parsers, self.modifiers, self.example = parsers, modifiers, example
        self.heads = tuple(parsers)

    def parse(self, raw: object) -> _T:
        """One effect table; EffectError on anything outside the vocabulary."""
        key = head(raw, self.parsers, self.example)
        assert isinstance(raw, Mapping)
        unknown = set(raw) - {key} - self.modifiers.get(key, frozenset())
        if unknown:
            raise fail(raw, f"unknown term(s) {', '.join(sorted(unknown))}")
        return self.parsers[key](raw)

    def parse_list(self, raw: object) -> tuple[_T, ...]:
        """A list of effect tables (an empty list is allowed)."""
        if not isinstance(raw, list):
            raise EffectError(f"effects {raw!r} must be a list of tables")
        return tuple(self.parse(item) for item in raw)
