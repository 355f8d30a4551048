"""Per-game ratings (OpenSkill's Plackett-Luce model, which rates games of any number of
players): accounts and bot levels, updated once from every finished table between them.

A table counts if it has a seat played by an account and at least two rated players; a seat
played by link only (no account) is left out, and a player seated twice counts once (its best
seat). Bots are rated as one pseudo-player per level ("bot:easy"), tracked like an account.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce
from sqlalchemy import DateTime, Float, ForeignKey, Integer, String, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ingenium.bots import LEVELS, UnknownBot, parse_spec
from ingenium.server.storage import Base, Store, TableRecord, now

MODEL = PlackettLuce()
BOT_PREFIX, ACCOUNT_PREFIX = "bot:", "account:"


class RatingRow(Base):
    """A player's rating at one game: OpenSkill's mu and sigma, and games counted."""

    __tablename__ = "ingenium_ratings"
    player: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatedRow(Base):
    """A finished table counted in the ratings (so it counts once, whoever finishes it)."""

    __tablename__ = "ingenium_rated"
    table_id: Mapped[str] = mapped_column(ForeignKey("ingenium_tables.id", ondelete="CASCADE"),
                                          primary_key=True)


@dataclass(frozen=True)
class Rating:
    """A player's rating at a game; `score` (mu - 3 sigma) orders the leaderboard."""

    player: str
    game: str
    mu: float
    sigma: float
    games: int

    @property
    def score(self) -> float:
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, object]:
        return {"game": self.game, "rating": round(self.score, 2), "mu": round(self.mu, 2),
                "sigma": round(self.sigma, 2), "games": self.games}


def bot_player(spec: str | None) -> str:
    """A bot seat's rated player: its level ("bot:easy"), else its kind ("bot:greedy")."""
    picked = (spec or "").strip().lower()
    for level, level_spec in LEVELS.items():
        if picked in (level, level_spec):
            return BOT_PREFIX + level
    try:
        return BOT_PREFIX + parse_spec(picked)[0]
    except UnknownBot:
        return BOT_PREFIX + "custom"


def participants(record: TableRecord, ranking: Sequence[int],
                 winners: Sequence[int]) -> list[tuple[str, int]]:
    """(player, rank) of the rated seats, best first (tied winners share rank 0); [] if the
    table does not count."""
    if record.players < 2:
        return []
    place = {seat: (0 if seat in winners else index) for index, seat in enumerate(ranking)}
    found: dict[str, int] = {}
    for seat in record.seats:
        if seat.account is not None:
            player = ACCOUNT_PREFIX + seat.account
        elif seat.kind == "bot":
            player = bot_player(seat.bot)
        else:
            continue
        rank = place.get(seat.seat)
        if rank is not None and (player not in found or rank < found[player]):
            found[player] = rank
    if len(found) < 2 or not any(p.startswith(ACCOUNT_PREFIX) for p in found):
        return []
    return sorted(found.items(), key=lambda item: item[1])


def rate_table(store: Store, record: TableRecord, ranking: Sequence[int],
               winners: Sequence[int]) -> bool:
    """Count a finished table in its game's ratings, once; whether it counted now."""
    rated = participants(record, ranking, winners)
    if not rated:
        return False
    try:
        with store.sessions().begin() as session:
            session.add(RatedRow(table_id=record.id))
            session.flush()  # a second counting of this table fails here
            rows = {row.player: row for row in session.scalars(select(RatingRow).where(
                RatingRow.game == record.game,
                RatingRow.player.in_([player for player, _ in rated])))}
            teams = [[MODEL.create_rating([rows[p].mu, rows[p].sigma]) if p in rows
                      else MODEL.rating()] for p, _ in rated]
            updated = MODEL.rate(teams, ranks=[float(rank) for _, rank in rated])
            stamp = now()
            for (player, _), [new] in zip(rated, updated, strict=True):
                row = rows.get(player)
                if row is None:
                    session.add(RatingRow(player=player, game=record.game, mu=new.mu,
                                          sigma=new.sigma, games=1, updated_at=stamp))
                else:
                    row.mu, row.sigma, row.games, row.updated_at = (new.mu, new.sigma,
                                                                    row.games + 1, stamp)
    except IntegrityError:
        return False  # counted already (another process finished it first)
    return True


def ratings_of(store: Store, player: str) -> list[Rating]:
    """A player's rating at every game it played."""
    with store.sessions()() as session:
        rows = session.scalars(select(RatingRow).where(RatingRow.player == player)
                               .order_by(RatingRow.game)).all()
        return [Rating(r.player, r.game, r.mu, r.sigma, r.games) for r in rows]


def leaderboard(store: Store, game: str, limit: int) -> list[Rating]:
    """A game's rated players, best first."""
    with store.sessions()() as session:
        rows = session.scalars(select(RatingRow).where(RatingRow.game == game)).all()
    ratings = [Rating(r.player, r.game, r.mu, r.sigma, r.games) for r in rows]
    return sorted(ratings, key=lambda r: r.score, reverse=True)[:limit]
