"""The store's statements sent to the server through libpq itself, prepared once per connection.

psycopg's ``Connection.execute`` costs about 100 microseconds of the workstation's processor per
statement (a cursor, its adapters, the wait loop), five times what libpq's own ``PQexecPrepared``
costs; a tally sheet's entry sends about twenty statements, most while the change lock is held. So
the statements the store sends again and again (SELECT, INSERT, UPDATE, DELETE, WITH) are prepared
once, under a name of this module's own, and executed through psycopg's libpq wrapper (``pgconn``).
Values still pass through psycopg's adapters (its ``Transformer``), so every type is sent and read
back exactly as psycopg's cursor does. Any other statement (BEGIN, DDL, several
statements at once) is left to psycopg (``None``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import suppress
from functools import lru_cache
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg import pq
from psycopg.adapt import PyFormat
from psycopg.adapt import Transformer as _Transformer

# psycopg's C Transformer (psycopg_binary) carries no type information of its own.
Transformer: Any = _Transformer

_PREPARABLE = ("SELECT", "INSERT", "UPDATE", "DELETE", "WITH")
_MOST = 512  # statements prepared per connection; past that, psycopg runs the others


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str | None:
    """``?`` placeholders as ``$1``, ``$2``, ... outside quoted text; None for a statement this
    module leaves to psycopg."""
    if not sql.lstrip()[:6].upper().startswith(_PREPARABLE) or ";" in sql:
        return None
    out: list[str] = []
    quoted, count = False, 0
    for char in sql:
        if char == "'":
            quoted = not quoted
        if char == "?" and not quoted:
            count += 1
            out.append(f"${count}")
        else:
            out.append(char)
    return "".join(out)


def _closing(text: str, start: int) -> int:
    """Where the parenthesis opened at ``start`` closes, outside quoted text; -1 when it does not."""
    depth, quoted = 0, False
    for index in range(start, len(text)):
        char = text[index]
        if char == "'":
            quoted = not quoted
        elif not quoted and char in "()":
            depth += 1 if char == "(" else -1
            if depth == 0:
                return index
    return -1


@lru_cache(maxsize=256)
def _values_split(sql: str) -> tuple[str, str] | None:
    """``INSERT INTO t (...) VALUES (row)`` as its head and its one row's ``(...)``; None for any
    other statement (ON CONFLICT, RETURNING, a SELECT, several rows)."""
    head, found, rest = sql.partition(" VALUES ")
    rest = rest.strip()
    if (not found or not head.lstrip().upper().startswith("INSERT INTO ") or not rest.startswith("(")
            or _closing(rest, 0) != len(rest) - 1):
        return None
    return head, rest


def multi_row(sql: str, rows: Sequence[Sequence[Any]]) -> tuple[str, tuple[Any, ...]] | None:
    """Several rows of one ``INSERT ... VALUES (...)`` as one statement, inserting them in the same
    order (the same ids, triggers fired row by row as before): one statement for the server to
    run and the workstation to send instead of one per row. None when the statement is not such
    an INSERT."""
    split = _values_split(sql)
    if split is None or len(rows) < 2:
        return None
    head, row = split
    return f"{head} VALUES {', '.join([row] * len(rows))}", tuple(v for r in rows for v in r)


class Rows:
    """A statement's result, read as ``sqlite3``'s cursor is read: ``fetchone``, ``fetchmany``,
    ``fetchall``, iteration, ``rowcount``. Rows are made from the result as they are asked for."""

    def __init__(self, conn: psycopg.Connection[Any], result: pq.abc.PGresult) -> None:
        self._conn = conn
        self._result = result
        self._transformer: Any = None  # made at the first row read: most results are never read
        self._next = 0
        self._count = result.ntuples
        tuples = result.command_tuples
        self.rowcount = tuples if tuples is not None else -1

    def _loader(self) -> Any:
        if self._transformer is None:
            self._transformer = Transformer(self._conn)
            self._transformer.set_pgresult(self._result)
        return self._transformer

    def fetchone(self) -> tuple[Any, ...] | None:
        if self._next >= self._count:
            return None
        self._next += 1
        row: tuple[Any, ...] = self._loader().load_row(self._next - 1, tuple)
        return row

    def fetchmany(self, size: int = 1) -> list[tuple[Any, ...]]:
        end = min(self._next + size, self._count)
        rows: list[tuple[Any, ...]] = (self._loader().load_rows(self._next, end, tuple)
                                       if end > self._next else [])
        self._next = end
        return rows

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self.fetchmany(self._count - self._next)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        while batch := self.fetchmany(1000):
            yield from batch


class PreparedStatements:
    """One connection's prepared statements, keyed by the statement and its parameters' types."""

    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._conn = conn
        self._names: dict[tuple[str, tuple[int, ...]], bytes] = {}
        # Dumps every statement's parameters, as a psycopg cursor's one Transformer dumps each row of
        # an executemany: the dumpers it found for a type are found again at once (a fresh one looks
        # them up: about 4 us a statement). Each statement's rows get a Transformer of their own (``Rows``).
        self._dumper = Transformer(conn)

    def run(self, sql: str, params: Sequence[Any]) -> Rows | None:
        """The statement's rows, or None when it is left to psycopg. Raises psycopg's errors."""
        bound = self._bind(sql, params)
        if bound is None:
            return None
        name, values, formats = bound
        result = self._conn.pgconn.exec_prepared(name, values, formats)
        _raise_on_error(result, self._conn)
        return Rows(self._conn, result)

    def pipeline(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[Rows]:
        """Several statements in one exchange with the server (libpq's pipeline mode): their rows, in
        order. A failing statement makes the server skip the rest; its error is raised. Only for a
        few statements at a time: libpq is switched to blocking writes meanwhile."""
        sends = [self._bind(sql, params) or (sql.encode(), None, None) for sql, params in statements]
        pgconn = self._conn.pgconn
        pgconn.nonblocking = 0
        pgconn.enter_pipeline_mode()
        try:
            for name, values, formats in sends:
                if values is None:  # not prepared: BEGIN, COMMIT, a statement without parameters
                    pgconn.send_query_params(name, None)
                else:
                    pgconn.send_query_prepared(name, values, formats)
            pgconn.pipeline_sync()
            results = [self._pipeline_result(pgconn) for _ in sends]
            while (last := pgconn.get_result()) is not None and last.status != pq.ExecStatus.PIPELINE_SYNC:
                pass
        finally:
            with suppress(psycopg.Error):  # a lost connection: its own error is the one raised
                pgconn.exit_pipeline_mode()
            pgconn.nonblocking = 1
        for result in results:
            _raise_on_error(result, self._conn)
        return [Rows(self._conn, result) for result in results]

    @staticmethod
    def _pipeline_result(pgconn: Any) -> Any:
        """One statement's result; the None that ends it is consumed."""
        result = pgconn.get_result()
        if result is None:
            raise psycopg.OperationalError("the connection to the server was lost")
        while pgconn.get_result() is not None:  # a statement gives one result here; be safe
            pass
        return result

    def _bind(self, sql: str, params: Sequence[Any]) -> tuple[bytes, Any, list[Any]] | None:
        """The statement's prepared name, its parameters as the server reads them, and their formats."""
        text = numbered(sql)
        if text is None:
            return None
        dumper = self._dumper
        values = dumper.dump_sequence(params, [PyFormat.AUTO] * len(params))
        name = self._name(text, tuple(dumper.types))
        return None if name is None else (name, values, list(dumper.formats))

    def _name(self, text: str, types: tuple[int, ...]) -> bytes | None:
        key = (text, types)
        if key in self._names:
            return self._names[key]
        if len(self._names) >= _MOST:
            return None
        name = f"recount_{len(self._names)}".encode()
        # A statement the server cannot prepare would fail the same way through psycopg, which
        # prepares it with the same parameter types: its error is raised here.
        _raise_on_error(self._conn.pgconn.prepare(name, text.encode(), types), self._conn)
        self._names[key] = name
        return name


_FAILED = (pq.ExecStatus.FATAL_ERROR, pq.ExecStatus.BAD_RESPONSE, pq.ExecStatus.NONFATAL_ERROR)


def _raise_on_error(result: pq.abc.PGresult, conn: psycopg.Connection[Any]) -> None:
    if result.status in _FAILED:
        raise pg_errors.error_from_result(result, encoding=conn.info.encoding)
