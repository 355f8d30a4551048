"""A finished game's report for the end screen and the replay's last position: the final
score by the rulebook's scoring categories for every scoring position, the tie-breaker that
decided each tie (the game's `tie_breakers`, compared as `rank_key` compares them) and the
game's own `statistics()` arranged as tables (group -> rows -> a number per seat).

Nothing here is hidden: it is built only once the game is over."""

from __future__ import annotations

import re
from typing import Any

from ingenium.engine import Game, State, get_game

SNAKE = re.compile(r"_+")


def rules_of(state: State[Any]) -> Game[Any]:
    """The registered game a state plays (with its end-of-game hooks)."""
    return get_game(state.game.name)


def words(key: str) -> str:
    """A statistics key as words ("call_diplomat" -> "call diplomat")."""
    return SNAKE.sub(" ", key).strip()


def shown_value(value: int, how: str) -> int:
    """A rank-key component as a player counts it ("more" keys are stored negated)."""
    if how == "more":
        return -value
    if how == "order":
        return value + 1
    return value


def ties(state: State[Any]) -> list[dict[str, Any]]:
    """Each group of seats tied on points: the tie-breaker that separated them (or None: the
    rules leave them tied) and each seat's value of it."""
    game = rules_of(state)
    scores = state.scores()
    keys = [game.rank_key(state, seat) for seat in range(state.players)]
    groups: dict[int, list[int]] = {}
    for seat in state.ranking():
        groups.setdefault(scores[seat], []).append(seat)
    found = []
    for points, seats in groups.items():
        if len(seats) < 2:
            continue
        decided: dict[str, Any] = {"seats": seats, "points": points, "by": None, "values": []}
        for index, (name, how) in enumerate(game.tie_breakers, start=1):
            values = [keys[seat][index] for seat in seats if index < len(keys[seat])]
            if len(values) == len(seats) and len(set(values)) > 1:
                decided.update(by=name, how=how,
                               values=[shown_value(v, how) for v in values])
                break
        found.append(decided)
    return found


def statistics_tables(state: State[Any]) -> list[dict[str, Any]]:
    """The game's statistics as tables: [{"group", "rows": [{"name", "values": per seat}]}]."""
    per_seat = rules_of(state).statistics(state)
    groups: dict[str, list[str]] = {}
    for seat_stats in per_seat:
        for group, entries in seat_stats.items():
            known = groups.setdefault(group, [])
            known.extend(key for key in entries if key not in known)
    return [{"group": words(group).capitalize(),
             "rows": [{"name": words(key),
                       "values": [seat_stats.get(group, {}).get(key) for seat_stats in per_seat]}
                      for key in keys]}
            for group, keys in groups.items() if keys]


def final_report(state: State[Any]) -> dict[str, Any]:
    """The end screen's report of a finished game (ValueError while it is still going)."""
    if state.decision is not None:
        raise ValueError("the game is not over: there is no final report yet")
    game = rules_of(state)
    return {
        "categories": [{"name": name, "points": points}
                       for name, points in game.score_parts(state)],
        "tie_breakers": [name for name, _ in game.tie_breakers],
        "ties": ties(state),
        "statistics": statistics_tables(state),
    }
