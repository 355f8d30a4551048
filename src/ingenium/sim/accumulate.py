"""A batch's summary folded one game at a time, in bounded memory and in any order.

A million games do not fit in memory, and a resumed run reads half of its games back from a
file while it plays the rest, so the summary is never computed from a list: each result is
folded into counts, sums, sums of squares and histograms of integer-valued figures (scores,
decisions, the game's length units), whose size depends on the game, not on the number of
games. First places are counted per size of the tie (a k-way tie gives each seat 1/k) and
added up at the end, so a summary is the same whatever order the games arrived in.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable

from ingenium.engine import get_game
from ingenium.sim.designer import designer
from ingenium.sim.inference import wilson_interval
from ingenium.sim.runner import GameResult
from ingenium.sim.stats import (
    BotSummary,
    GroupTable,
    LengthSummary,
    RivalSummary,
    SeatSummary,
    Summary,
    distribution,
    quartiles,
)

ALL = "all seats"
LENGTH = "game length"  # the group of a game's own length units: per game, not per seat


def seat_name(seat: int) -> str:
    """How a seat is named beside the bots in statistics tables: 'Player 1'."""
    return f"Player {seat + 1}"


def _wins(ties: Counter[int]) -> float:
    """First places from {tie size: count}, summed in a fixed order."""
    return sum(count / size for size, count in sorted(ties.items()))


class Accumulator:
    """Everything a Summary needs; `add` each result, then `summary()`."""

    def __init__(self) -> None:
        self.first: GameResult | None = None
        self.games = 0
        self.seat_ties: list[Counter[int]] = []  # per seat: {tie size: first places}
        self.seat_scores: list[Counter[float]] = []
        self.bot_ties: defaultdict[str, Counter[int]] = defaultdict(Counter)
        self.bot_scores: defaultdict[str, Counter[float]] = defaultdict(Counter)
        self.decisions: Counter[float] = Counter()
        self.seconds = 0.0
        self.units: dict[str, Counter[float]] = {}
        self.appearances: Counter[str] = Counter()  # seat-games per bot, seat and ALL
        self.sums: defaultdict[tuple[str, str, str], float] = defaultdict(float)
        self.seen: Counter[tuple[str, str, str]] = Counter()
        self.groups: dict[str, set[str]] = {}  # in the game's order of groups
        self.split: defaultdict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0] * 4)
        self.winners = self.others = 0
        self.rival: Counter[float] = Counter()  # solo: the automated rival's scores
        self.rival_wins = 0

    def add(self, result: GameResult) -> None:
        """Fold one finished game in."""
        if self.first is None:
            self.first = result
            self.seat_ties = [Counter() for _ in range(result.players)]
            self.seat_scores = [Counter() for _ in range(result.players)]
        self.games += 1
        self.decisions[result.decisions] += 1
        self.seconds += result.seconds
        tie = len(result.winners)
        for seat, bot in enumerate(result.bots):
            won = seat in result.winners
            self.seat_scores[seat][result.scores[seat]] += 1
            self.bot_scores[bot][result.scores[seat]] += 1
            if won:
                self.seat_ties[seat][tie] += 1
                self.bot_ties[bot][tie] += 1
                self.winners += 1
            else:
                self.others += 1
            whom = (bot, seat_name(seat), ALL)
            for who in whom:
                self.appearances[who] += 1
            figures = result.statistics[seat] if seat < len(result.statistics) else {}
            self._add_figures(whom, won, figures)
        for unit, value in (result.statistics[0] if result.statistics else {}).get(
                LENGTH, {}).items():  # the game's own length units, the same in every seat
            self.units.setdefault(unit, Counter())[value] += 1
        if result.players == 1:
            self._add_rival(result)

    def _add_figures(self, whom: tuple[str, str, str], won: bool,
                     figures: dict[str, dict[str, float]]) -> None:
        offset = 0 if won else 2
        for group, values in figures.items():
            if group == LENGTH:
                continue
            keys = self.groups.setdefault(group, set())
            for key, value in values.items():
                keys.add(key)
                for who in whom:
                    self.sums[group, key, who] += value
                    self.seen[group, key, who] += 1
                pair = self.split[group, key]
                pair[offset] += value
                pair[offset + 1] += value * value

    def _add_rival(self, result: GameResult) -> None:
        if not result.winners:
            self.rival_wins += 1
        for (group, key), _name in get_game(result.game).rival_scores.items():
            figures = result.statistics[0] if result.statistics else {}
            if key in figures.get(group, {}):
                self.rival[figures[group][key]] += 1

    def add_all(self, results: Iterable[GameResult]) -> Accumulator:
        """Fold many results in; returns self."""
        for result in results:
            self.add(result)
        return self

    def statistics(self) -> dict[str, GroupTable]:
        """group -> key -> bot, seat ("Player 1") and ALL -> {"mean", "seen"} per seat-game;
        keys sorted."""
        table: dict[str, GroupTable] = {}
        whom = list(self.appearances)
        for group, keys in self.groups.items():
            rows: GroupTable = {}
            for key in sorted(keys):
                rows[key] = {who: {"mean": self.sums[group, key, who] / self.appearances[who],
                                   "seen": self.seen[group, key, who] / self.appearances[who]}
                             for who in whom}
            table[group] = rows
        return table

    def seats(self) -> list[SeatSummary]:
        """One row per seat."""
        assert self.first is not None
        rows = []
        for seat, bot in enumerate(self.first.bots):
            wins = _wins(self.seat_ties[seat])
            shape = distribution(self.seat_scores[seat])
            low, high = wilson_interval(wins, self.games)
            rows.append(SeatSummary(seat, bot, round(wins, 3), wins / self.games, low, high,
                                    shape.mean, shape.sd, quartiles(self.seat_scores[seat])))
        return rows

    def bots(self) -> list[BotSummary]:
        """One row per bot spec, in order of first appearance; seats pooled."""
        rows = []
        for bot, scores in self.bot_scores.items():
            n, wins = sum(scores.values()), _wins(self.bot_ties[bot])
            shape = distribution(scores)
            low, high = wilson_interval(wins, n)
            rows.append(BotSummary(bot, n, round(wins, 3), wins / n, low, high, shape.mean,
                                   shape.sd, quartiles(scores)))
        return rows

    def rivals(self) -> list[RivalSummary]:
        """A solo game's automated rival, from the seat's statistics (Game.rival_scores)."""
        assert self.first is not None
        if self.first.players != 1 or not self.rival:
            return []
        (name,) = get_game(self.first.game).rival_scores.values()
        shape = distribution(self.rival)
        low, high = wilson_interval(self.rival_wins, self.games)
        return [RivalSummary(name, self.rival_wins, self.rival_wins / self.games, low, high,
                             shape.mean, shape.sd)]

    def length(self) -> LengthSummary:
        """Decisions and seconds per game, and the game's own units."""
        shape = distribution(self.decisions)
        return LengthSummary(shape.mean, shape.sd, int(shape.min), shape.median,
                             int(shape.max), self.seconds / self.games,
                             {unit: distribution(h) for unit, h in self.units.items()}, shape)

    def summary(self) -> Summary:
        """The whole batch."""
        if self.first is None:
            raise ValueError("no games to summarize")
        length = self.length()
        keys = {group: sorted(keys) for group, keys in self.groups.items()}
        seats = self.seats()
        answer = designer(keys, self.split, self.winners, self.others,
                          [_wins(t) for t in self.seat_ties], self.seat_scores,
                          len(set(self.first.bots)) == 1)
        return Summary(self.first.game, self.first.players, self.games, seats,
                       length.mean_decisions, length.mean_seconds, self.bots(), length,
                       self.statistics(), self.rivals(), self.first.variant, answer)


def summarize(results: Iterable[GameResult]) -> Summary:
    """Aggregate results of the same game and player count (at least one)."""
    return Accumulator().add_all(results).summary()


def bot_summaries(results: Iterable[GameResult]) -> list[BotSummary]:
    """Win rate and score distribution per bot spec, seats pooled."""
    return Accumulator().add_all(results).bots()
