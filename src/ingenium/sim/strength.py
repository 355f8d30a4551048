"""One bot's measured strength: games against a field of one opponent spec, the tested bot's
seat rotated game by game over paired deals (each deal, the game's seed, is played once from
every seat, so a deal that favours one seat favours the tested bot as often as its opponents),
its win share (ties split) with a 95% Wilson interval and the CPU time its decisions took
(time.process_time, since a shared machine's wall clock says little)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import ingenium
from ingenium.bots import make_bot
from ingenium.sim.stats import wilson_interval


@dataclass(frozen=True)
class Strength:
    """What a match measured (everything a strength figure must say)."""

    game: str
    players: int
    bot: str
    opponent: str
    games: int
    wins: float  # ties for first split between the tied seats
    low: float
    high: float
    cpu_ms_per_decision: float  # the tested bot's, over the decisions it was asked (2+ options)

    @property
    def rate(self) -> float:
        """Win share."""
        return self.wins / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "rate": self.rate}


def deals(games: int, players: int, seed: int = 0) -> list[tuple[int, int]]:
    """(game seed, tested seat) of each game: deal after deal, each played from every seat in
    turn (the last deal cut short when `games` is not a multiple of `players`)."""
    return [(seed + index // players, index % players) for index in range(games)]


def measure(game: str, players: int, bot: str, opponent: str, games: int, seed: int = 0,
            progress: Callable[[Strength], None] | None = None) -> Strength:
    """`games` games of `bot` against players - 1 `opponent`s on paired deals (`deals`);
    `progress` is handed the figures so far after every game."""
    rules = ingenium.get_game(game)
    wins, cpu, decisions = 0.0, 0.0, 0
    for index, (deal, tested) in enumerate(deals(games, players, seed)):
        state = rules.new_game(players, deal)
        bots = [make_bot(bot if seat == tested else opponent, seat, (seed + index) * 10 + seat)
                for seat in range(players)]
        while (decision := state.decision) is not None:
            if len(decision.options) == 1:
                state.apply(decision.options[0])
                continue
            start = time.process_time()
            option = bots[decision.seat].choose(state, decision)
            if decision.seat == tested:
                cpu += time.process_time() - start
                decisions += 1
            state.apply(option.id)
        winners = state.winners()
        if tested in winners:
            wins += 1 / len(winners)
        if progress is not None:
            progress(_figures(game, players, bot, opponent, index + 1, wins, cpu, decisions))
    return _figures(game, players, bot, opponent, games, wins, cpu, decisions)


def _figures(game: str, players: int, bot: str, opponent: str, games: int, wins: float,
             cpu: float, decisions: int) -> Strength:
    low, high = wilson_interval(wins, games)
    return Strength(game, players, bot, opponent, games, wins, low, high,
                    1000 * cpu / max(decisions, 1))
