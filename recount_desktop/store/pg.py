"""The PostgreSQL connection: the one place the store talks to a server.

The store's code is written against Python's DB-API as ``sqlite3`` offers it: ``execute(sql,
params)`` with ``?`` placeholders, ``executemany``, ``in_transaction``, and ``sqlite3``'s exception
classes. ``ServerConnection`` gives a psycopg 3 connection that same surface, so the SQL both stores
understand is written once; what differs (schema, triggers, locking, snapshots) is in ``pg_schema``
and ``server``, and the store asks ``dialect.on_server(conn)`` where it must choose.

Errors are translated into ``sqlite3``'s classes (an integrity violation stays an
``IntegrityError``, a lost connection an ``OperationalError``), so the callers that already explain
them keep doing so; a refusal by the server's privileges becomes ``ServerRefused``, in plain words.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import PosixPath
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import errors as pg_errors
from psycopg import postgres
from psycopg.adapt import Dumper
from psycopg.pq import TransactionStatus

from recount_desktop.store.dialect import is_server_url
from recount_desktop.store.errors import ElectionFileError
from recount_desktop.store.pg_prepared import PreparedStatements, multi_row, numbered
from recount_desktop.store.pg_reads import KeptRows, ReadCache, may_write

__all__ = ["ServerAddress", "ServerConnection", "ServerRefused", "connect", "is_server_url"]

class ServerRefused(ElectionFileError):
    """The server refused the change for the signed-in role (its privileges), said in plain words."""


def shown_url(url: str) -> str:
    """The URL as messages show it: any password is dropped (credentials belong in ~/.pgpass)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}@{host}" if parts.username else host
    if parts.port:
        netloc += f":{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


class ServerAddress(PosixPath):
    """``ElectionFile.path`` for an election on a server: prints as the URL, ``name`` is the database."""

    url: str = ""

    @classmethod
    def of(cls, url: str) -> ServerAddress:
        database = urlsplit(url).path.lstrip("/") or "postgres"
        address = cls(database)
        address.url = shown_url(url)
        return address

    def __str__(self) -> str:
        return self.url or super().__str__()

    def __repr__(self) -> str:
        return f"ServerAddress({self.url!r})"

    def resolve(self, strict: bool = False) -> ServerAddress:
        """Already absolute: the address itself (drafts are keyed by it, whatever the current folder)."""
        return self


@lru_cache(maxsize=1024)  # the store sends the same few statements again and again
def _placeholders(sql: str) -> str:
    """``?`` placeholders as psycopg's ``%s`` (and a literal ``%`` doubled), outside quoted text."""
    out: list[str] = []
    quoted = False
    for char in sql:
        if char == "'":
            quoted = not quoted
        if quoted:
            out.append("%%" if char == "%" else char)
        elif char == "?":
            out.append("%s")
        elif char == "%":
            out.append("%%")
        else:
            out.append(char)
    return "".join(out)


class UniqueViolation(sqlite3.IntegrityError):
    """A key another workstation has just taken (a sheet's first entry): a conflict worth retrying,
    unlike a guard's or a trigger's refusal, which would refuse again."""


def translated(error: psycopg.Error, where: str) -> Exception:
    """A psycopg error as the store's callers expect it (see the module's docstring)."""
    if isinstance(error, pg_errors.InsufficientPrivilege):
        return ServerRefused(
            f"{where}: the server refused this for your database role ({error.diag.message_primary}). "
            "Your role may not make this change: clerks enter tally sheets; the board sets the scope, "
            "resolves, voids and reports; an administrator imports and sets up the election. Ask the "
            "board or the administrator"
        )
    message = error.diag.message_primary or str(error)
    if isinstance(error, pg_errors.RaiseException):  # the append-only guards
        return sqlite3.IntegrityError(message)
    if isinstance(error, pg_errors.UniqueViolation):
        return UniqueViolation(message)
    if isinstance(error, psycopg.IntegrityError):
        return sqlite3.IntegrityError(message)
    if isinstance(error, psycopg.OperationalError | pg_errors.SerializationFailure
                  | pg_errors.DeadlockDetected | pg_errors.AdminShutdown):
        return sqlite3.OperationalError(message)
    return sqlite3.DatabaseError(message)


class _BoolAsInteger(Dumper):
    """A Python bool is stored as the integer 0 or 1, as SQLite stores it (the columns are BIGINT)."""

    oid = postgres.types["int8"].oid

    def dump(self, obj: Any) -> bytes:
        return b"1" if obj else b"0"


_FEW = 64  # rows executemany sends in one pipelined exchange; more go through psycopg's own


class ServerConnection:
    """A psycopg connection with the ``sqlite3.Connection`` surface the store uses."""

    on_server = True  # dialect.on_server

    def __init__(self, conn: psycopg.Connection[Any], address: ServerAddress) -> None:
        self.raw = conn
        self.address = address
        self._prepared = PreparedStatements(conn)
        self.reads = ReadCache()  # kept while a change holds the lock (pg_change drives it)
        self.optimistic: Any = None  # pg_optimistic.OptimisticRun while such a change is open
        self.blind_entry_enforced: bool | None = None  # dialect.blind_entry_enforced, once asked
        self.server_audit = False  # the server computes a tally sheet's audit entry (pg_audit), once asked

    @property
    def in_transaction(self) -> bool:
        """A change is open: on the server, or an optimistic one that sends BEGIN with its lock."""
        return self.optimistic is not None or self.raw.info.transaction_status != TransactionStatus.IDLE

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:  # rows are untyped, as in sqlite3
        if self.optimistic is not None:
            return self.optimistic.execute(sql, tuple(params))
        return self.direct(sql, params)

    def direct(self, sql: str, params: Sequence[Any] = (), keep: bool = True) -> Any:
        """``execute`` itself, for an optimistic change (``pg_optimistic``) as for any other;
        ``keep=False``: the rows are not kept (read before the change holds the lock)."""
        if self.reads.active and may_write(sql):
            self.reads.wrote()
        elif (kept := self.reads.lookup(sql, params)) is not None:
            return kept
        try:
            rows = self._prepared.run(sql, tuple(params))
            if rows is None:
                return self.raw.execute(_placeholders(sql), tuple(params))
            if keep and self.reads.may_keep(sql):
                fetched = rows.fetchall()
                self.reads.keep(sql, params, fetched)
                return KeptRows(fetched)
            return rows
        except psycopg.Error as error:
            raise translated(error, str(self.address)) from error

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> Any:
        if self.optimistic is not None:
            return self.optimistic.executemany(sql, [tuple(r) for r in rows])
        if self.reads.active:
            self.reads.wrote()
        batch = [tuple(r) for r in rows]
        try:
            if 0 < len(batch) <= _FEW and numbered(sql) is not None:  # a sheet's counts: one exchange
                together = multi_row(sql, batch)
                self._prepared.pipeline([together] if together else [(sql, row) for row in batch])
                return None
            cursor = self.raw.cursor()
            cursor.executemany(_placeholders(sql), batch)
        except psycopg.Error as error:
            raise translated(error, str(self.address)) from error
        return cursor

    def pipelined(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[Any]:
        """A few statements sent in one exchange with the server, waited for once; their rows, in
        order. A failing statement fails the rest (the server skips them) and raises, translated."""
        try:
            return self._prepared.pipeline(statements)
        except psycopg.Error as error:
            raise translated(error, str(self.address)) from error

    def notified(self) -> set[str]:
        """The payloads of the notifications received so far; never waits. Those that arrived during
        a prepared statement wait in libpq's own queue, where psycopg does not look."""
        payloads = {note.payload for note in self.raw.notifies(timeout=0)}
        while (note := self.raw.pgconn.notifies()) is not None:
            payloads.add(note.extra.decode(self.raw.info.encoding))
        return payloads

    def close(self) -> None:
        self.raw.close()


def connect(url: str) -> ServerConnection:
    """A connection in autocommit mode (the store writes BEGIN and COMMIT itself). Credentials come
    from libpq's own sources (``~/.pgpass``, ``PGSERVICE``, ``PGPASSWORD``), never the command line."""
    address = ServerAddress.of(url)
    try:
        raw = psycopg.connect(url, autocommit=True, connect_timeout=10,
                              application_name="recount-desktop")
    except psycopg.Error as error:
        first = str(error).strip().splitlines()[-1] if str(error).strip() else type(error).__name__
        raise ElectionFileError(
            f"{address}: cannot reach the election's server ({first}). Check the address, that the "
            "server is running, and your password in ~/.pgpass"
        ) from error
    raw.adapters.register_dumper(bool, _BoolAsInteger)
    # The store prepares its own statements (pg_prepared). psycopg's automatic ones must stay off:
    # once it holds any, a ROLLBACK (a refused sheet) makes it send DEALLOCATE ALL, which also drops
    # the store's, and every later statement on the connection fails ("prepared statement ... does
    # not exist"): a window on the server stopped reading after its first refused change.
    raw.prepare_threshold = None
    return ServerConnection(raw, address)
