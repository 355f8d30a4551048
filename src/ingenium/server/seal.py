"""Tamper evidence for the stored record: a chain of HMACs over a table's creation record, its
seats and its moves, keyed by the server's secret (never stored in the database).

The chain starts from the creation record and the seats, and each move extends it:
`seal = HMAC(key, previous seal + move)`. The table row stores the seal of its whole record,
written in the same statement as the move count. At load the server computes the seal again; a
record changed by someone with write access to the database but not the secret (a move rolled
back with the move count, a move or a chance outcome replaced, a seed set, a seat's token
changed) no longer matches and the table is `damaged`. A table written before seals existed is
sealed at its first load. What a seal cannot show: the whole row and moves put back as they
were at an earlier moment (a snapshot restored), which is a legitimate undo's effect too.

The secret comes from INGENIUM_SECRET, else from a file beside the default database (made on
first use, readable by its owner only); several processes or machines share it through the
variable.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Iterable, Sequence
from pathlib import Path

from platformdirs import user_data_dir

from ingenium.server.storage import MoveRecord, SeatRecord, TableRecord

SECRET_ENV = "INGENIUM_SECRET"


def server_secret() -> bytes:
    """The key of the seals: INGENIUM_SECRET, else a random one kept in the data directory."""
    given = os.environ.get(SECRET_ENV, "").strip()
    if given:
        return given.encode()
    path = Path(user_data_dir("ingenium")) / "server-secret"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # another process made it meanwhile
        else:
            with os.fdopen(descriptor, "w") as file:
                file.write(secrets.token_hex(32))
    return path.read_text().strip().encode()


class Sealer:
    """Computes and extends the seals of table records with one key."""

    def __init__(self, key: bytes) -> None:
        self.key = key

    def _mac(self, previous: str, item: object) -> str:
        text = previous + json.dumps(item, separators=(",", ":"))
        return hmac.new(self.key, text.encode(), hashlib.sha256).hexdigest()

    def start(self, record: TableRecord) -> str:
        """The seal of a table before its first move: its creation record and seats."""
        return self._mac("", [record.id, record.game, record.players, record.seed,
                              record.variant, [_sealed_seat(s) for s in record.seats]])

    def extend(self, seal: str, moves: Iterable[tuple[int, int, str]]) -> str:
        """The seal after `moves` (seq, seat, option), from the seal before them. (A move's
        undo barrier is not sealed: the rules compute it again at every replay.)"""
        for seq, seat, option in moves:
            seal = self._mac(seal, [seq, seat, option])
        return seal

    def seal(self, record: TableRecord, history: Sequence[tuple[int, str]]) -> str:
        """The seal of a whole record: its creation record, seats and history."""
        return self.extend(self.start(record), entries(history))

    def matches(self, stored: str, record: TableRecord, moves: Iterable[MoveRecord]) -> bool:
        """Whether a stored seal is the record's (compared in constant time)."""
        return hmac.compare_digest(stored, self.seal(record, [(m.seat, m.option)
                                                              for m in moves]))


def _sealed_seat(seat: SeatRecord) -> list[object]:
    """What the seal covers of a seat: who plays it (an account only when there is one, so
    the seals of tables made before accounts stay valid). Names are not sealed: they are
    what people call a seat, never who may act for it."""
    sealed: list[object] = [seat.seat, seat.kind, seat.bot, seat.token_hash]
    return [*sealed, seat.account] if seat.account is not None else sealed


def entries(history: Sequence[tuple[int, str]], start: int = 0) -> list[tuple[int, int, str]]:
    """History entries from `start` on, numbered: what the seal covers of each move."""
    return [(seq, seat, option) for seq, (seat, option) in enumerate(history[start:], start)]
