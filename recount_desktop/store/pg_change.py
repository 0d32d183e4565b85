"""One change on the server, in as few round trips as the guarantees allow.

``ElectionFile.transaction`` pays a round trip for every step of its bookkeeping (BEGIN, the lock,
the head entry, the stored digests, the captured rows, the touched tables, the digests written, the
head again, the audit entry, COMMIT): on a server each is a network exchange made while holding the
change lock, so they, not the work, bounded how many changes per second the clerks could make
together. ``ServerChange`` keeps the same steps and the same results (the same audit entry and data
digest as the file's code computes) in four exchanges:

1. BEGIN, the change lock, emptying the capture table and reading the head entry (with the stored
   running digests, unless the head is the entry this connection wrote last: then the digests it
   wrote are still the stored ones, as the file's code reuses its own while no one else committed);
2. the caller's change;
3. the rows the change wrote, and the whole tables it touched, taken in one statement;
4. the new running digests, the audit entry and COMMIT, sent together in one pipeline.

The lock is still taken right after BEGIN, for the whole change: the sheet's checks read the state
they decide on (first or second entry) under it, so two clerks never both make a first entry, and
the ids the server assigns (``max(id) + 1``) follow the audit log's order, as a file's do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from recount_desktop.store import audit, digest
from recount_desktop.store.data_state import DataChangedOutside, digests_after, matches_head
from recount_desktop.store.digest import TableDigest

CHANGE_LOCK = 16_0016  # the advisory lock every change takes (scoped to the database)

_START = ("BEGIN ISOLATION LEVEL READ COMMITTED",
          f"SELECT pg_advisory_xact_lock({CHANGE_LOCK})",
          "DELETE FROM pg_temp.digest_change")
# The head entry, and the stored digests unless the head is (seq, hash) given: one row per stored
# digest, or one row with NULLs when they are not needed; no row at all for an empty log.
_HEAD_AND_STORED = (
    "WITH h AS (SELECT seq, hash, data_digest FROM audit_log ORDER BY seq DESC LIMIT 1)"
    " SELECT h.seq, h.hash, h.data_digest, d.tbl, d.row_count, d.value FROM h"
    " LEFT JOIN data_digest d ON NOT (h.seq = ? AND h.hash = ?)"
    f" AND d.{digest.NOT_GROUPS}")  # not the whole tables' groups: large, read only to name rows
# Taking the rows also empties the capture tables; rows of whole tables are never captured.
_TAKE_CHANGES = (
    "WITH c AS (DELETE FROM pg_temp.digest_change RETURNING tbl, sign, row),"
    " t AS (DELETE FROM pg_temp.digest_touched RETURNING tbl)"
    " SELECT tbl, sign, row FROM c UNION ALL SELECT tbl, 0, NULL FROM t")
_WRITE_DIGEST = ("INSERT INTO data_digest (tbl, row_count, value) VALUES (?, ?, ?)"
                 " ON CONFLICT(tbl) DO UPDATE SET row_count = excluded.row_count, value = excluded.value")
_APPEND = ("INSERT INTO audit_log (seq, ts, operator, action, details, prev_hash, hash, data_digest)"
           " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")


@dataclass(frozen=True)
class _Head:
    seq: int
    hash: str
    data_digest: str | None


@dataclass(frozen=True)
class _Written:
    """The head entry this connection wrote last and the running digests it stored with it."""

    head: _Head
    digests: dict[str, TableDigest]


class ServerChange:
    """The bookkeeping of one connection's changes (see the module's docstring); one at a time."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn  # a pg.ServerConnection
        self._written: _Written | None = None
        self._head: _Head | None = None
        self._start: dict[str, TableDigest] | None = None

    def begin(self, path: object) -> None:
        """Exchange 1: start the change and learn the digests it builds on."""
        mine = self._written.head if self._written else _Head(0, "", None)
        *_, cursor = self._conn.pipelined([(sql, ()) for sql in _START]
                                          + [(_HEAD_AND_STORED, (mine.seq, mine.hash))])
        self._start_from(cursor.fetchall(), path)
        self._conn.reads.open(self._start)

    def _start_from(self, rows: list[tuple[Any, ...]], path: object) -> None:
        if not rows:
            self._head, self._start = None, None  # the first change: its digests are computed whole
            return
        self._head = _Head(int(rows[0][0]), str(rows[0][1]), rows[0][2])
        if rows[0][3] is None and self._written is not None:
            self._start = self._written.digests
            return
        stored = {str(tbl): TableDigest(int(count), str(value)) for *_, tbl, count, value in rows}
        if self._head.data_digest is None:
            self._start = None
        elif not matches_head(stored, self._head.data_digest):
            raise DataChangedOutside(
                f"{path}: the election data or its digest were changed outside the program (they no "
                f"longer match audit entry {self._head.seq}); nothing was changed. "
                f"Run `recount-desktop audit verify {path}` to see what differs.")
        else:
            self._start = stored

    def commit(self, operator: str, action: str, details: Mapping[str, Any],
               rewrites: frozenset[str]) -> None:
        """Exchanges 3 and 4: the digests after the change, its audit entry, COMMIT."""
        now, changed = self._digests_after(rewrites)
        data_digest = digest.election_digest(now)
        seq, prev_hash = (self._head.seq + 1, self._head.hash) if self._head else (1, audit.GENESIS_HASH)
        ts = audit.utc_now()
        details_json = audit.canonical_json(details)
        entry_hash = audit.entry_hash(prev_hash, seq, ts, operator, action, details_json, data_digest)
        statements: list[tuple[str, Any]] = [(_WRITE_DIGEST, row) for row in digest.stored_rows(changed)]
        statements += [(_APPEND, (seq, ts, operator, action, details_json, prev_hash, entry_hash,
                                  data_digest)), ("COMMIT", ())]
        self._written = None  # until the COMMIT is known to have succeeded
        self._conn.pipelined(statements)
        self._written = _Written(_Head(seq, entry_hash, data_digest), now)
        self._conn.reads.close(now)

    def rolled_back(self) -> None:
        self._conn.reads.close(None)

    def _digests_after(self, rewrites: frozenset[str]) -> tuple[dict[str, TableDigest],
                                                                 dict[str, TableDigest]]:
        changes: dict[str, list[tuple[int, str]]] = {}
        rewritten = set(rewrites)
        # In any order: an additive table's digest is a sum, and its row count a count.
        for table, sign, row in self._conn.execute(_TAKE_CHANGES).fetchall():
            if sign == 0:
                rewritten.add(str(table))
            else:
                changes.setdefault(str(table), []).append((int(sign), str(row)))
        if self._start is None:
            now = digest.current_digests(self._conn)
        else:
            # The head this change builds on may be of an older digest definition (a file published
            # before it, or a server written by an older program): digests_after moves it on.
            recorded = self._head.data_digest if self._head else None
            definition = digest.definition_of(recorded) if recorded else digest.DEFINITION
            now = digests_after(self._conn, self._start, definition, changes, rewritten)
        changed = {name: value for name, value in now.items()
                   if self._start is None or self._start.get(name) != value}
        return now, changed
