"""A change that takes the server's change lock at its first write, not at BEGIN, and proves then
that what it read before is still so.

Every change holds the one change lock (``pg_change.CHANGE_LOCK``) while it writes and appends its
audit entry, so changes still land one at a time, each on the head before it, and the ids the server
assigns (``max(id) + 1``) follow the log's order. What moves out of the lock is the part of a change
that only reads: a tally sheet's checks (the contest, its choices, the precinct, the sheet's earlier
entry, the scope). When the change first writes, one exchange with the server takes the lock, reads
again everything the change read from the server, reads the head and its digests, and sends the
write. If every read gives the same rows, and the tables of the reads answered from the connection's
kept reads (``pg_reads``) have the same digests, the change's decisions are the ones it would have
made holding the lock from BEGIN, and it goes on; otherwise it is rolled back whole and
``ChangeConflict`` is raised, and the caller runs it again (``ServerElection.optimistically``: a few
times so, then once holding the lock from BEGIN, which cannot conflict).

Once locked, writes whose rows nobody reads back (INSERT, UPDATE and DELETE without RETURNING) are
sent with the next statement that needs an answer, in one exchange; an error in one of them is raised
there, and the change fails whole as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from recount_desktop.store.errors import ElectionFileError
from recount_desktop.store.pg_audit import EMPTY_PRINT, fingerprinted
from recount_desktop.store.pg_prepared import multi_row, numbered
from recount_desktop.store.pg_reads import KeptRows, may_write, read_table

TRIES = 3  # optimistic attempts before the last one, which holds the lock from BEGIN
_FEW = 64  # rows of one executemany sent as one multi-row INSERT


class ChangeConflict(ElectionFileError):
    """Another workstation changed what this change read before it took the lock: run it again."""


def _returns_rows(sql: str) -> bool:
    return not may_write(sql) or " RETURNING " in sql.upper() or sql.lstrip()[:4].upper() == "WITH"


class _NoRows:
    """The cursor of a write sent later: it has no rows to give."""

    rowcount = -1

    def fetchone(self) -> None:
        return None

    def fetchall(self) -> list[Any]:
        return []

    def fetchmany(self, size: int = 1) -> list[Any]:
        return []

    def __iter__(self) -> Any:
        return iter(())


class OptimisticRun:
    """One change's statements until it commits or rolls back (see the module's docstring).
    ``ServerConnection.execute`` hands them here; ``lock`` is ``ServerChange.lock``."""

    def __init__(self, conn: Any, lock: Any) -> None:
        self._conn = conn  # pg.ServerConnection
        self._lock = lock
        self.locked = False
        self.reads: list[tuple[str, tuple[Any, ...], list[Any]]] = []  # read from the server, unlocked
        self.prints: list[str] = []  # their fingerprints, when the server proves them (pg_audit)
        self.kept_tables: set[str] = set()  # tables of reads answered from kept reads, unlocked
        self._later: list[tuple[str, Sequence[Any]]] = []
        self.unproven = False

    def execute(self, sql: str, params: tuple[Any, ...]) -> Any:
        if not _returns_rows(sql):  # sent with the next statement that needs an answer
            self._later.append((sql, params))
            return _NoRows()
        if not self.locked and not self._later and not may_write(sql):
            return self._read(sql, params)
        kept = self._conn.reads.lookup(sql, params) if self.locked else None
        if kept is not None:
            return kept
        rows = self.send([(sql, params)])[-1]
        if self._conn.reads.may_keep(sql):
            fetched = rows.fetchall()
            self._conn.reads.keep(sql, params, fetched)
            return KeptRows(fetched)
        return rows

    def executemany(self, sql: str, rows: list[tuple[Any, ...]]) -> None:
        together = multi_row(sql, rows) if len(rows) <= _FEW else None
        self._later.extend([together] if together else [(sql, row) for row in rows])

    def send(self, statements: list[tuple[str, Sequence[Any]]]) -> list[Any]:
        """The writes waiting and these statements, in one exchange (taking the lock first, if the
        change does not hold it yet); these statements' rows."""
        waiting, self._later = self._later, []
        if not self.locked:
            return list(self._lock(waiting + statements)[len(waiting):])
        results: list[Any] = self._conn.pipelined(waiting + statements)
        return results[len(waiting):]

    def waiting(self) -> list[tuple[str, Sequence[Any]]]:
        """The writes not sent yet, handed over to be sent (``pg_change``, one pipeline)."""
        waiting, self._later = self._later, []
        return waiting

    def _read(self, sql: str, params: tuple[Any, ...]) -> Any:
        kept = self._conn.reads.lookup(sql, params)
        if kept is not None:
            self.kept_tables.add(str(read_table(sql)))
            return kept
        if numbered(sql) is None:
            if params:  # cannot be sent again in a pipeline: never proven
                self.unproven = True
        elif self._conn.server_audit:  # the server proves it under the lock by its fingerprint
            found = self._conn.direct(fingerprinted(sql), params, keep=False).fetchall()
            self.prints.append(str(found[0][-1]) if found else EMPTY_PRINT)
            rows = [tuple(row[:-1]) for row in found]
            self.reads.append((sql, params, rows))
            return KeptRows(rows)
        rows = self._conn.direct(sql, params, keep=False).fetchall()  # kept once proven (lock)
        self.reads.append((sql, params, rows))
        return KeptRows(rows)
