"""Optional accounts: a username and a password (hashed with Argon2 by pwdlib), browser
sessions kept by an HttpOnly cookie, and the seats an account plays.

Playing by link needs no account. A seat played by an account also opens with the account's
seat token, derived from the server's secret and the seat's link token (never stored): so a
signed-in player finds their tables on any device, while the database alone still cannot act
for a seat. Signing out everywhere gives each unfinished seat of the account a new link token
(TableManager.rotate_account_seats), which changes its account token too: every token a device
held stops working, and the account's devices take the new ones from its table list.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta

from pwdlib import PasswordHash
from sqlalchemy import DateTime, ForeignKey, String, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ingenium.seatnames import MAX_NAME, BadName, clean_name, comparable
from ingenium.server.storage import (
    FINISHED,
    Base,
    SeatRow,
    Store,
    TableRecord,
    TableRow,
    _answers,
    _record,
    _seats,
    now,
    utc,
)

SESSION_COOKIE = "ingenium_session"
MIN_USERNAME, MIN_PASSWORD, MAX_PASSWORD = 3, 8, 256
PASSWORDS = PasswordHash.recommended()  # Argon2id with pwdlib's current parameters
# verifying against this when the username is unknown costs what a real check costs
_DUMMY_HASH = PASSWORDS.hash(secrets.token_hex(16))


class AccountRow(Base):
    """An account: its username as typed and as compared (`key`, unique), its password hash."""

    __tablename__ = "ingenium_accounts"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    username: Mapped[str] = mapped_column(String(64))
    key: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SessionRow(Base):
    """A signed-in browser: the hash of its cookie, and when it expires."""

    __tablename__ = "ingenium_sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account: Mapped[str] = mapped_column(ForeignKey("ingenium_accounts.id", ondelete="CASCADE"),
                                         index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountError(ValueError):
    """A refused registration or sign-in, in words (the caller picks the status)."""


@dataclass(frozen=True)
class Account:
    """A signed-in account."""

    id: str
    username: str


def check_username(raw: str) -> str:
    """A username as a seat name is checked (seatnames.clean_name), at least 3 characters."""
    try:
        username = clean_name(raw)
    except BadName as exc:
        raise AccountError(f"username: {exc}") from None
    if len(username) < MIN_USERNAME:
        raise AccountError(f"a username has at least {MIN_USERNAME} characters")
    return username


def check_password(password: str) -> str:
    """A password of MIN_PASSWORD to MAX_PASSWORD characters."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


def lookup_key(username: str) -> str | None:
    """The comparable form of a username to look up; None for text no username can be (a
    control character, which PostgreSQL would not even take in a query)."""
    if len(username) > 4 * MAX_NAME or any(unicodedata.category(ch) == "Cc" for ch in username):
        return None
    return comparable(username)


def session_hash(token: str) -> str:
    """Session cookies are stored hashed: the database alone signs nobody in."""
    return hashlib.sha256(token.encode()).hexdigest()


def account_seat_token(key: bytes, table_id: str, seat: int, account: str,
                       link_hash: str | None) -> str:
    """The token an account opens its seat with (derived, never stored); it changes with the
    seat's link token (`link_hash`, its hash), which sign-out everywhere replaces."""
    text = f"account-seat:{table_id}:{seat}:{account}:{link_hash or ''}"
    return "a" + hmac.new(key, text.encode(), hashlib.sha256).hexdigest()


class Accounts:
    """Accounts and sessions on the server's database (called from a database thread)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._session = store.sessions()

    def register(self, username: str, password: str) -> Account:
        """A new account; AccountError if the username is taken (compared without case)."""
        account = Account(secrets.token_hex(16), username)
        hashed = PASSWORDS.hash(password)
        try:
            with self._session.begin() as session:
                session.add(AccountRow(id=account.id, username=username,
                                       key=comparable(username), password_hash=hashed,
                                       created_at=now()))
        except IntegrityError:
            raise AccountError(f"the username {username!r} is taken") from None
        return account

    def check(self, username: str, password: str) -> Account | None:
        """The account if the password is right (the same work either way)."""
        key = lookup_key(username)
        with self._session() as session:
            row = None if key is None else session.scalars(select(AccountRow).where(
                AccountRow.key == key)).first()
        if row is None:
            PASSWORDS.verify(password, _DUMMY_HASH)
            return None
        valid, updated = PASSWORDS.verify_and_update(password, row.password_hash)
        if not valid:
            return None
        if updated is not None:  # hashed with older parameters: rehash now
            with self._session.begin() as session:
                found = session.get(AccountRow, row.id)
                if found is not None:
                    found.password_hash = updated
        return Account(row.id, row.username)

    def open_session(self, account: Account, lifetime: float, replaces: str | None) -> str:
        """A new session cookie (a fresh one at every sign-in; `replaces`, the browser's old
        cookie, ends)."""
        token = secrets.token_urlsafe(32)
        stamp = now()
        with self._session.begin() as session:
            if replaces:
                session.execute(delete(SessionRow).where(
                    SessionRow.id_hash == session_hash(replaces)))
            session.execute(delete(SessionRow).where(SessionRow.account == account.id,
                                                     SessionRow.expires_at < stamp))
            session.add(SessionRow(id_hash=session_hash(token), account=account.id,
                                   created_at=stamp,
                                   expires_at=stamp + timedelta(seconds=lifetime)))
        return token

    def signed_in(self, token: str) -> Account | None:
        """The account of a session cookie, unless it expired or ended."""
        with self._session() as session:
            row = session.get(SessionRow, session_hash(token))
            if row is None:
                return None
            if utc(row.expires_at) <= now():
                return None
            account = session.get(AccountRow, row.account)
            return None if account is None else Account(account.id, account.username)

    def end_session(self, token: str) -> None:
        """Sign this browser out."""
        with self._session.begin() as session:
            session.execute(delete(SessionRow).where(SessionRow.id_hash == session_hash(token)))

    def end_all_sessions(self, account: str) -> int:
        """Sign the account out everywhere; how many sessions ended."""
        with self._session.begin() as session:
            result = session.execute(delete(SessionRow).where(SessionRow.account == account))
            return int(getattr(result, "rowcount", 0))

    def find(self, username: str) -> Account | None:
        """An account by username (compared without case)."""
        key = lookup_key(username)
        if key is None:
            return None
        with self._session() as session:
            row = session.scalars(select(AccountRow).where(AccountRow.key == key)).first()
            return None if row is None else Account(row.id, row.username)

    def usernames(self, ids: list[str]) -> dict[str, str]:
        """Usernames of accounts by id."""
        if not ids:
            return {}
        with self._session() as session:
            rows = session.execute(select(AccountRow.id, AccountRow.username)
                                   .where(AccountRow.id.in_(ids))).all()
            return {row[0]: row[1] for row in rows}

    def tables_of(self, account: str, finished: bool | None,
                  limit: int) -> list[tuple[TableRecord, int]]:
        """The account's tables (most recent first) and its seat at each; `finished`: only
        finished ones (True), only the others (False), or all (None)."""
        with self._session() as session:
            query = (select(TableRow, SeatRow.seat).join(SeatRow, SeatRow.table_id == TableRow.id)
                     .where(SeatRow.account == account))
            if finished is True:
                query = query.where(TableRow.status == FINISHED)
            elif finished is False:
                query = query.where(TableRow.status != FINISHED)
            rows = session.execute(query.order_by(TableRow.updated_at.desc())
                                   .limit(limit)).all()
            ids = [row[0].id for row in rows]
            seats, answers = _seats(session, ids), _answers(session, ids)
            return [(_record(row[0], seats.get(row[0].id, ()), answers.get(row[0].id, 0)),
                     int(row[1])) for row in rows]
