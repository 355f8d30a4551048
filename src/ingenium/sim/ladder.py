"""Bot ladders: a round robin with rotated seats, rated by Bradley–Terry on the Elo scale.

Every game between N seats is broken into its pairwise results (seat a finished ahead of
seat b; a shared first place counts half to each), the usual way to fit Bradley–Terry to
multiplayer rankings. Strengths are fitted by Hunter's MM algorithm with half a virtual win
each way between every pair that met (so a bot that never beat another keeps a finite
rating), reported as 1500 + 400·log10(strength) with the mean at 1500, so a gap of 400
points means 10:1 odds of finishing ahead. The 95% intervals come from resampling the games.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from itertools import combinations
from typing import Any

import numpy as np

from ingenium.bots import make_bot
from ingenium.sim.accumulate import bot_summaries
from ingenium.sim.runner import BotFactory, GameResult, Job
from ingenium.sim.stats import BotSummary

ELO_BASE = 1500.0
ELO_SCALE = 400.0
PRIOR = 0.5  # virtual wins each way between every pair that met
BOOTSTRAP = 500


@dataclass(frozen=True)
class Rating:
    """One bot's place on the ladder."""

    bot: str
    rating: float
    low: float
    high: float


@dataclass(frozen=True)
class Ladder:
    """Ratings with intervals, the pairwise matrix, and each bot's plain record."""

    game: str
    players: int
    games: int
    lineups: list[list[str]]
    ratings: list[Rating]  # best first
    bots: list[str]  # the order of the matrix rows and columns (as given)
    ahead: list[list[float | None]]  # [a][b]: share of meetings where a finished ahead of b
    meetings: list[list[int]]  # [a][b]: games in which a and b both played
    records: list[BotSummary]

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form."""
        return asdict(self)


def lineups(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """Who sits at each table: every set of `players` distinct bots, or, with fewer bots
    than seats, the bots repeated in turn to fill the seats."""
    if len(bots) < 2:
        raise ValueError("a ladder needs at least two bots")
    if len(set(bots)) != len(bots):
        raise ValueError(f"a bot is listed twice in {', '.join(bots)}")
    if len(bots) >= players:
        return list(combinations(bots, players))
    return [tuple(bots[s % len(bots)] for s in range(players))]


def ladder_jobs(game: str, players: int, bots: list[str], games: int, seed: int = 0,
                variant: str | None = None, bot_factory: BotFactory = make_bot) -> list[Job]:
    """`games` games per line-up, seats rotated game by game. Line-ups of distinct bots play
    each deal (seed) once from every rotation, so no seat is luckier for one bot."""
    jobs = []
    for lineup in lineups(bots, players):
        duplicate = len(set(lineup)) == players
        for k in range(games):
            turn = k % players
            seated = lineup[turn:] + lineup[:turn]
            game_seed = seed + (k // players if duplicate else k)
            jobs.append(Job(game, players, seated, game_seed, variant, bot_factory))
    return jobs


def pairwise(results: list[GameResult], bots: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Per game: wins[g, a, b] (a ahead of b, halves for a shared first place) and
    met[g, a, b] (pairs of seats of a and b in that game)."""
    index = {bot: n for n, bot in enumerate(bots)}
    m = len(bots)
    wins = np.zeros((len(results), m, m))
    met = np.zeros((len(results), m, m))
    for g, result in enumerate(results):
        place = {seat: n for n, seat in enumerate(result.ranking)}
        for i, j in combinations(range(result.players), 2):
            a, b = index[result.bots[i]], index[result.bots[j]]
            if a == b:
                continue
            met[g, a, b] += 1
            met[g, b, a] += 1
            if i in result.winners and j in result.winners:
                wins[g, a, b] += 0.5
                wins[g, b, a] += 0.5
            elif place[i] < place[j]:
                wins[g, a, b] += 1
            else:
                wins[g, b, a] += 1
    return wins, met


def bradley_terry(wins: np.ndarray, met: np.ndarray, iterations: int = 300) -> np.ndarray:
    """Elo-scale ratings (mean 1500) from total pairwise wins and meetings.

    >>> w = np.array([[0.0, 3.0], [1.0, 0.0]]); n = w + w.T
    >>> r = bradley_terry(w, n); round(float(r[0] - r[1]))
    168
    """
    w = wins + PRIOR * (met > 0)
    n = met + 2 * PRIOR * (met > 0)
    p = np.ones(len(w))
    total = w.sum(axis=1)
    for _ in range(iterations):
        denominator = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = total / np.where(denominator > 0, denominator, 1.0)
        new /= np.exp(np.log(new).mean())
        if np.allclose(new, p, rtol=1e-10, atol=0):
            p = new
            break
        p = new
    result: np.ndarray = ELO_BASE + ELO_SCALE * np.log10(p)
    return result


def rate(results: list[GameResult], bots: list[str], bootstrap: int = BOOTSTRAP,
         seed: int = 0) -> tuple[list[Rating], np.ndarray, np.ndarray]:
    """Ratings with 95% bootstrap intervals (games resampled), best first; and the totals."""
    wins, met = pairwise(results, bots)
    total_wins, total_met = wins.sum(axis=0), met.sum(axis=0)
    point = bradley_terry(total_wins, total_met)
    rng = np.random.default_rng(seed)
    draws = np.empty((bootstrap, len(bots)))
    for k in range(bootstrap):
        weight = np.bincount(rng.integers(0, len(results), len(results)),
                             minlength=len(results)).astype(float)
        draws[k] = bradley_terry(np.tensordot(weight, wins, axes=1),
                                 np.tensordot(weight, met, axes=1))
    low, high = np.percentile(draws, [2.5, 97.5], axis=0)
    ratings = [Rating(bot, float(point[n]), float(low[n]), float(high[n]))
               for n, bot in enumerate(bots)]
    ratings.sort(key=lambda r: -r.rating)
    return ratings, total_wins, total_met


def ladder(results: list[GameResult], bots: list[str], seed: int = 0) -> Ladder:
    """The ladder of a finished round robin."""
    if not results:
        raise ValueError("no games to rate")
    ratings, total_wins, total_met = rate(results, bots, seed=seed)
    m = len(bots)
    games_met = [[sum(1 for r in results if bots[a] in r.bots and bots[b] in r.bots)
                  if a != b else 0 for b in range(m)] for a in range(m)]
    ahead: list[list[float | None]] = [
        [float(total_wins[a, b] / total_met[a, b]) if total_met[a, b] else None
         for b in range(m)] for a in range(m)]
    seen = {tuple(r.bots) for r in results}
    lineup_list = [list(lineup) for lineup in lineups(bots, results[0].players)
                   if any(sorted(lineup) == sorted(s) for s in seen)]
    records = {row.bot: row for row in bot_summaries(results)}
    return Ladder(results[0].game, results[0].players, len(results), lineup_list, ratings,
                  list(bots), ahead, games_met, [records[b] for b in bots])
