"""Reading data/*.toml into the frozen records of `records.py` with the engine's component reader
(`ingenium.engine.components`); counts are checked by `validation.validate`."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources
from typing import Any

from ingenium.engine.components import ComponentError, read_toml, record, records, refer, table
from ingenium.games.legendary_inventors.components.records import (
    Components,
    Invention,
    Inventor,
    Team,
    TokenKind,
    slug,
)


def _read(name: str) -> dict[str, Any]:
    return read_toml(resources.files(__package__).joinpath("data"), name)


def _name(raw: object) -> str:
    return slug(str(raw.get("name", ""))) if isinstance(raw, dict) else ""


def _team(raw: object, where: str) -> Team:
    team = record(Team, raw, where, computed={"inventors": []})
    inventors = raw.get("inventors") if isinstance(raw, dict) else None
    if not isinstance(inventors, list):
        raise ComponentError(f"{where} ({team.name}): inventors must be list, not {inventors!r}")
    return replace(team, inventors=tuple(
        record(Inventor, i, f"{where} ({team.name}) inventor #{n + 1}", slug=_name(i))
        for n, i in enumerate(inventors)))


def _inventions() -> tuple[Invention, ...]:
    rows = table(_read("inventions.toml"), "invention", "inventions.toml")
    return tuple(record(Invention, raw, f"inventions.toml invention #{n + 1}", id=n,
                        slug=_name(raw), vp=raw.get("age") if isinstance(raw, dict) else None)
                 for n, raw in enumerate(rows))


def _bag(kinds: tuple[TokenKind, ...], age: str, counts: object) -> tuple[int, ...]:
    where = f"tokens.toml bags.{age}"
    if not age.isdigit():
        raise ComponentError(f"{where}: a bag is named by its age, not {age!r}")
    by_key = {k.key: k.id for k in kinds}
    if not isinstance(counts, dict):
        raise ComponentError(f"{where}: expected a table of token counts, found {counts!r}")
    bag: list[int] = []
    for key, n in counts.items():
        kind = refer(by_key, key, where, "token kind")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ComponentError(f"{where}: {key} must be a whole number, not {n!r}")
        bag += [kind] * n
    return tuple(bag)


def load() -> Components:
    """Read and parse every data file (counts are checked by `validation.validate`)."""
    tokens = _read("tokens.toml")
    kinds = tuple(record(TokenKind, raw, f"tokens.toml kinds.{key}", id=n, key=key)
                  for n, (key, raw) in enumerate(tokens.get("kinds", {}).items()))
    bags = {int(age): _bag(kinds, age, counts) for age, counts in tokens.get("bags", {}).items()}
    teams = tuple(records(_read("inventors.toml"), "team", "inventors.toml", _team))
    return Components(teams, _inventions(), kinds, bags)
