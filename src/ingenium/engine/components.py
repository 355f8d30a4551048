"""One reader for every game's printed components: a TOML data file becomes validated, frozen
records, and anything wrong in it becomes one ComponentError line naming the file, the record
and the field.

A game describes each printed record as a frozen dataclass whose fields are the TOML keys, plus
the fields the game derives itself (an id made from the name, a position): `record` checks one
TOML table against the dataclass with pydantic's strict JSON rules (whole numbers, true/false,
known enum values, lists of the declared kind; fields annotated with a game's vocabulary parser
run it) and hands back an instance of that same dataclass, so the rules read plain slotted
attributes. Counts against the rulebook stay in each game's `validation.py`.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Tile:
...     name: str
...     copies: int
...     source: Source
>>> record(Tile, {"name": "Wheel", "copies": 2, "source": "rulebook"}, "tiles.toml tile #1")
Tile(name='Wheel', copies=2, source='rulebook')
>>> record(Tile, {"name": "Wheel", "copies": "two", "source": "rulebook"}, "tiles.toml tile #1")
Traceback (most recent call last):
...
ingenium.engine.components.ComponentError: tiles.toml tile #1 (Wheel): copies must be int, not 'two'
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from importlib.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, NoReturn, TypeVar

from pydantic import GetCoreSchemaHandler, TypeAdapter, ValidationError
from pydantic_core import core_schema

from ingenium.engine.errors import IngeniumError

Source = Literal["rulebook", "reconstructed"]
SOURCES: tuple[str, ...] = ("rulebook", "reconstructed")
DataDir = Traversable | Path
Raw = dict[str, Any]
_R = TypeVar("_R")
_K = TypeVar("_K")

_TYPE_NAMES = {"int_type": "int", "int_from_float": "int", "string_type": "str",
               "bool_type": "bool", "list_type": "list", "tuple_type": "list",
               "dict_type": "a table", "model_type": "a table", "dataclass_type": "a table"}


class ComponentError(IngeniumError, ValueError):
    """A data file that breaks the rulebook's component list or a game's effect vocabulary."""


def read_toml(directory: DataDir, name: str) -> Raw:
    """One data file of `directory`, parsed; a missing file or bad TOML is a ComponentError."""
    try:
        text = directory.joinpath(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ComponentError(f"{name}: data file missing") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ComponentError(f"{name}: not valid TOML: {error}") from None


def table(data: Mapping[str, Any], key: str, file: str) -> list[Any]:
    """The array of tables `[[key]]` of a data file."""
    value = data.get(key)
    if not isinstance(value, list):
        raise ComponentError(f"{file}: missing array of tables [[{key}]]")
    return value


def labelled(where: str, raw: object) -> str:
    """`where` followed by the record's id and name, as a reader finds it in the file."""
    if not isinstance(raw, dict):
        return where
    label = " ".join(str(raw[k]) for k in ("id", "name") if isinstance(raw.get(k), str))
    return f"{where} ({label})" if label and not where.endswith(f"({label})") else where


def check_provenance(raw: Mapping[str, Any], where: str) -> None:
    """`source` is rulebook or reconstructed; a reconstructed record says in `why` what was
    reconstructed and why (rulebook records need not)."""
    source, why = raw.get("source"), raw.get("why", "")
    if source not in SOURCES:
        raise ComponentError(f"{where}: source must be one of {SOURCES}, not {source!r}")
    if not isinstance(why, str) or (raw.get("source") == "reconstructed" and not why):
        raise ComponentError(f"{where}: a reconstructed record needs a short `why`")


def record(cls: type[_R], raw: object, where: str, /, defaults: Mapping[str, Any] | None = None,
           computed: Mapping[str, Any] | None = None, **derived: Any) -> _R:
    """One TOML table as a `cls` record. `defaults` fill the keys the file may leave out;
    `computed` replaces values of the file's keys (a name turned into an id); `derived` fields
    are the game's alone, never written in the file. Raises ComponentError on any fault."""
    if not isinstance(raw, dict):
        raise ComponentError(f"{where}: expected a table, found {raw!r}")
    where = labelled(where, raw)
    names = _fields(cls)
    unknown = set(raw) - (names - set(derived))
    if unknown:
        raise ComponentError(f"{where}: unknown field(s) {', '.join(sorted(map(str, unknown)))}")
    if "why" in names:
        check_provenance(raw, where)
    values = {**(defaults or {}), **raw, **(computed or {}), **derived}
    try:
        return _adapter(cls).validate_json(json.dumps(values, default=str), strict=True)
    except ValidationError as error:
        raise ComponentError(f"{where}: {explain(error)}") from None


@dataclass(frozen=True, slots=True)
class Parsed:
    """Field metadata: the value is read by a game's own parser (its effect vocabulary), whose
    ValueError becomes the field's error: `Annotated[tuple[Effect, ...], Parsed(parse_effects)]`.
    Unlike pydantic's PlainValidator it builds no schema for the parsed type, which keeps
    building a record's validator cheap (games load their components at import)."""

    parse: Callable[[Any], Any]

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler
                                     ) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(self.parse)


def nested(cls: type[_R]) -> Parsed:
    """For a field listing `cls` records inside another record (a track's bonuses), each read as
    strictly as a record of its own: `Annotated[tuple[Bonus, ...], nested(Bonus)]`."""
    def read(raw: object) -> tuple[_R, ...]:
        if not isinstance(raw, list):
            raise ComponentError(f"must be a list of tables, not {raw!r}")
        return tuple(record(cls, item, f"#{i + 1}") for i, item in enumerate(raw))
    return Parsed(read)


def records(data: Mapping[str, Any], key: str, file: str,
            make: Callable[[object, str], _R]) -> list[_R]:
    """Every record of the array of tables `[[key]]`, each made by `make(raw, where)`."""
    return [make(raw, f"{file} {key} #{i + 1}") for i, raw in enumerate(table(data, key, file))]


def index(items: Iterable[_R], key: Callable[[_R], _K], what: str) -> Mapping[_K, _R]:
    """Records by id, read-only; a repeated id is a ComponentError."""
    by_id: dict[_K, _R] = {}
    for item in items:
        if key(item) in by_id:
            raise ComponentError(f"duplicate {what} id {key(item)!r}")
        by_id[key(item)] = item
    return MappingProxyType(by_id)


def counts(raw: object, where: str, keys: Iterable[str]) -> Mapping[str, int]:
    """A table of whole-number counts with exactly `keys` (and its provenance, checked)."""
    names = list(keys)
    if not isinstance(raw, dict):
        raise ComponentError(f"{where}: expected a table, found {raw!r}")
    unknown = set(raw) - set(names) - {"source", "why", "facts"}
    if unknown:
        raise ComponentError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    missing = [k for k in names if k not in raw]
    if missing:
        raise ComponentError(f"{where}: missing field {missing[0]!r}")
    check_provenance(raw, where)
    try:
        found = _adapter(dict[str, int]).validate_json(
            json.dumps({k: raw[k] for k in names}), strict=True)
    except ValidationError as error:
        raise ComponentError(f"{where}: {explain(error)}") from None
    return MappingProxyType(found)


def refer(known: Mapping[_K, _R], key: _K, where: str, what: str) -> _R:
    """The record that another record names by id; ComponentError if there is none."""
    if key not in known:
        raise ComponentError(f"{where}: no {what} {key!r} (one of {', '.join(map(str, known))})")
    return known[key]


def fail(message: str) -> NoReturn:
    """Raise ComponentError: a data file breaks what the rulebook says."""
    raise ComponentError(message)


def expect(found: object, expected: object, what: str) -> None:
    """A count or list the rulebook fixes: ComponentError naming `what` unless they agree."""
    if found != expected:
        raise ComponentError(f"{what}: the rulebook has {expected}, the data {found}")


def check_all(components: _R, checks: Iterable[Callable[[_R], None]]) -> None:
    """Run a game's checks against its rulebook; a check that finds a component missing (a
    KeyError, IndexError or empty search) becomes a ComponentError naming the check."""
    for check in checks:
        try:
            check(components)
        except (KeyError, IndexError, StopIteration) as error:
            name = check.__name__.removeprefix("_check_")
            raise ComponentError(f"{name}: missing component {error}") from None


def explain(error: ValidationError) -> str:
    """pydantic's report in the words of a data file: field, what it must be, what it is."""
    problems = error.errors()
    first = problems[0]
    names = [str(part) for part in first["loc"] if isinstance(part, str)]
    field, kind, found = (names[-1] if names else "value"), first["type"], first.get("input")
    ctx = first.get("ctx") or {}
    if kind == "missing":
        return f"missing field {field!r}"
    if kind in ("unexpected_keyword_argument", "extra_forbidden"):
        return f"unknown field(s) {field}"
    if kind in _TYPE_NAMES:
        return f"{field} must be {_TYPE_NAMES[kind]}, not {found!r}"
    if kind == "literal_error":
        return f"{field} must be one of {ctx.get('expected')}, not {found!r}"
    if kind == "enum":
        return f"{field} {found!r} is not known (one of {ctx.get('expected')})"
    if kind == "value_error":
        return f"{field}: {ctx.get('error')}"
    return f"{field}: {first['msg']}"


def _fields(cls: type[Any]) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls))


_ADAPTERS: dict[object, TypeAdapter[Any]] = {}


def _adapter(cls: type[_R]) -> TypeAdapter[_R]:
    """pydantic's validator for a record type, built once (building it takes milliseconds)."""
    if cls not in _ADAPTERS:
        _ADAPTERS[cls] = TypeAdapter(cls)
    return _ADAPTERS[cls]
