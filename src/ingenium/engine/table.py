"""Table state as flat plain data: cheap to clone, lossless to save, validated on load.

A game's table is a dataclass deriving from FlatTable whose fields hold only ints, strs,
bools, None and *flat* lists of immutable values (ints, strs, tuples of ints). That rule is what
makes `clone` a handful of list copies instead of a deepcopy.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Self, TypeVar

from pydantic import TypeAdapter, ValidationError

from ingenium.engine.errors import BadSave

T = TypeVar("T", bound="FlatTable")


class FlatTable:
    """Mixin for a game's table dataclass."""

    def clone(self) -> Self:
        """An independent copy: every list is copied, its immutable items shared."""
        new = object.__new__(type(self))
        target = new.__dict__
        for key, value in self.__dict__.items():
            target[key] = value.copy() if value.__class__ is list else value
        return new

    def frozen(self) -> FrozenTable:
        """The table as immutable data, to keep at rest (a search's positions): every list as
        a tuple. The garbage collector soon stops scanning a tuple of immutable values (and a
        dict of such), while it scans every item of a list at each full collection;
        `FrozenTable.thaw` gives back a table to play on."""
        values = self.__dict__.copy()
        lists = tuple(key for key, value in values.items() if value.__class__ is list)
        for key in lists:
            values[key] = tuple(values[key])
        return FrozenTable(type(self), values, lists)

    def to_data(self) -> dict[str, Any]:
        """JSON-compatible dict of every field (tuples become lists)."""
        return {
            key: ([list(v) if isinstance(v, tuple) else v for v in value]
                  if isinstance(value, list) else value)
            for key, value in self.__dict__.items()
        }


class FrozenTable(NamedTuple):
    """A table at rest (`FlatTable.frozen`): its class, its fields in order with every list
    as a tuple, and which fields were lists."""

    kind: type[FlatTable]
    values: dict[str, Any]
    lists: tuple[str, ...]

    def thaw(self) -> FlatTable:
        """A new table equal to the one frozen, its lists new lists (fields in their order)."""
        new = object.__new__(self.kind)
        data = self.values.copy()
        for key in self.lists:
            data[key] = list(data[key])
        new.__dict__ = data
        return new


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


def _adapter(cls: type[Any]) -> TypeAdapter[Any]:
    """One pydantic validator per table class, built on first use."""
    if cls not in _ADAPTERS:
        _ADAPTERS[cls] = TypeAdapter(cls)
    return _ADAPTERS[cls]


def table_from_data(cls: type[T], data: object) -> T:
    """Validate saved data into a table of type `cls`, or raise BadSave naming the first fault."""
    try:
        table: T = _adapter(cls).validate_python(data, strict=False)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise BadSave(f"corrupt save: table field '{where}': {first['msg']}") from None
    return table
