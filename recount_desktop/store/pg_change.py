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
4. the new running digests, the audit entry and COMMIT, sent together in one pipeline, followed
   by the wait for the commit to reach the disk, made after the lock is released (``_COMMIT``).

The lock is taken right after BEGIN, for the whole change: what a change reads to decide (first or
second entry) is read under it, so two clerks never both make a first entry, and the ids the server
assigns (``max(id) + 1``) follow the audit log's order, as a file's do. A tally sheet's entry is made
optimistically (``pg_optimistic``): the lock is taken at its first write, in the same exchange as
the proof that what it read before is unchanged, and the entry is run again when it is not. Such a
change sends nothing at its start: its reads before the lock need no transaction (each sees the
latest commits, as it would in a READ COMMITTED one), so BEGIN and exchange 1 go with the lock.

When the server has the program's audit functions (``pg_audit``), such a change is ONE exchange
(``_commit_on_server``): BEGIN, the lock, the proof of its reads (made by the server, from each
read's fingerprint), its writes, the server computing and appending the digests and the audit entry,
and COMMIT. The lock is then held only while the server works, never across a round trip. A change
the server declines (``pg_audit.NOT_HERE``: a whole table written, an older head) is run again the
way above.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from recount_desktop.store import audit, digest, pg_audit, pg_audit_server
from recount_desktop.store.data_state import DataChangedOutside, digests_after, forget_written, matches_head
from recount_desktop.store.digest import TableDigest
from recount_desktop.store.pg import UniqueViolation
from recount_desktop.store.pg_optimistic import ChangeConflict, OptimisticRun
from recount_desktop.store.pg_reads import digest_moved

CHANGE_LOCK = 16_0016  # the advisory lock every change takes (scoped to the database)

# After BEGIN, one statement: empty the session's capture table (rows a committed change left, which
# no change ever should), set this transaction's synchronous_commit off (read only at its COMMIT: see
# ``_COMMIT``), then take the lock. Its own statement, so every later statement's snapshot is taken
# holding the lock.
_LOCK = (f"WITH emptied AS (DELETE FROM pg_temp.digest_change) SELECT pg_advisory_xact_lock({CHANGE_LOCK}),"
         " set_config('synchronous_commit', 'off', true)")
_START = ("BEGIN ISOLATION LEVEL READ COMMITTED", _LOCK)
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
# Every digest the change moved, in one statement (each table once: no row is updated twice).
_WRITE_DIGESTS = ("INSERT INTO data_digest (tbl, row_count, value) VALUES {rows}"
                  " ON CONFLICT(tbl) DO UPDATE SET row_count = excluded.row_count, value = excluded.value")
_APPEND = ("INSERT INTO audit_log (seq, ts, operator, action, details, prev_hash, hash, data_digest)"
           " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
# The change commits without waiting for its WAL to reach the disk (synchronous_commit was set off for
# the transaction with the lock, ``_LOCK``), so the lock (released at COMMIT) is not held across a
# disk flush. Then, in the same exchange and no longer holding the lock, one
# statement writes a WAL record of its own (a transactional logical-decoding message: PostgreSQL
# waits for the flush only of a commit that wrote WAL) and commits with the session's own
# synchronous_commit: that commit returns once the WAL is on disk up to its own record, which comes
# after the change's, so the change is durable before the store reports it saved. Clerks waiting at
# once are served by one flush (PostgreSQL's group commit) instead of each flushing under the lock.
_COMMIT = (("COMMIT", ()), ("SELECT pg_logical_emit_message(true, 'recount-desktop', 'saved')", ()))


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
        self._kept_under: dict[str, TableDigest] = {}  # the digests the kept reads were read under
        self._path: object = ""
        self._client_next = False  # the next change computes its audit entry here (``_on_server``)

    def begin(self, path: object, optimistic: bool = False) -> None:
        """Exchange 1: start the change and learn the digests it builds on. ``optimistic``: the lock
        is taken at the change's first write (``pg_optimistic``): nothing is sent now, exchange 1
        goes with the lock, and the reads kept meanwhile are proven then by their tables' digests."""
        self._path = path
        forget_written(self._conn)  # digests an import noted in a change that was rolled back
        if optimistic:
            self._head, self._start = None, None
            self._kept_under = self._conn.reads.resume()
            self._conn.optimistic = OptimisticRun(self._conn, self.lock)
            return
        *_, cursor = self._conn.pipelined([(sql, ()) for sql in _START] + [self._head_query()])
        self._start_from(cursor.fetchall(), path)
        self._conn.reads.open(self._start)

    def _head_query(self) -> tuple[str, tuple[Any, ...]]:
        mine = self._written.head if self._written else _Head(0, "", None)
        return _HEAD_AND_STORED, (mine.seq, mine.hash)

    def lock(self, writes: list[tuple[str, Any]]) -> list[Any]:
        """An optimistic change's first write: the lock, the change's reads again, the head and the
        writes in one exchange; the writes' rows. ``ChangeConflict`` when a read moved meanwhile."""
        run: OptimisticRun = self._conn.optimistic
        if run.unproven:
            raise ChangeConflict(f"{self._path}: this change is made holding the lock from its start")
        reads = [(sql, params) for sql, params, _ in run.reads]
        start = [(sql, ()) for sql in _START]  # BEGIN; emptying the capture table, the lock
        try:
            results: list[Any] = self._conn.pipelined(start + reads + [self._head_query()] + writes)
        except UniqueViolation as error:  # e.g. the sheet's first entry, just made elsewhere
            raise ChangeConflict(f"{self._path}: changed at another workstation meanwhile") from error
        run.locked = True
        first = len(start)
        again = results[first:first + len(reads)]
        read_again = any(rows.fetchall() != read[2] for rows, read in zip(again, run.reads, strict=True))
        self._start_from(results[first + len(reads)].fetchall(), self._path)
        before = self._kept_under
        moved = [t for t in run.kept_tables if self._start is None or before.get(t) != self._start.get(t)]
        self._conn.reads.open(self._start)  # forgets the kept reads that moved: a run again reads them
        if read_again:
            raise ChangeConflict(f"{self._path}: changed at another workstation meanwhile")
        if moved:
            raise ChangeConflict(f"{self._path}: {', '.join(sorted(moved))} changed at another workstation")
        for sql, params, rows in run.reads:  # proven to be the rows as they stand under the lock
            self._conn.reads.keep(sql, params, rows)
        self._conn.reads.wrote()
        return results[first + 1 + len(reads):]

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
        run = self._conn.optimistic
        if self._on_server(run, rewrites):
            self._commit_on_server(run, operator, action, details)
            return
        taken = None
        if run is not None and not run.locked:  # it takes the lock now, with the writes waiting and
            taken = run.send([(_TAKE_CHANGES, ())])[-1].fetchall()  # the rows they wrote: one exchange
        now, changed = self._digests_after(rewrites, taken)
        data_digest = digest.election_digest(now)
        seq, prev_hash = (self._head.seq + 1, self._head.hash) if self._head else (1, audit.GENESIS_HASH)
        ts = audit.utc_now()
        details_json = audit.canonical_json(details)
        entry_hash = audit.entry_hash(prev_hash, seq, ts, operator, action, details_json, data_digest)
        stored = digest.stored_rows(changed)
        statements: list[tuple[str, Any]] = [
            (_WRITE_DIGESTS.format(rows=", ".join(["(?, ?, ?)"] * len(stored))),
             tuple(value for row in stored for value in row))] if stored else []
        statements += [(_APPEND, (seq, ts, operator, action, details_json, prev_hash, entry_hash,
                                  data_digest)), *_COMMIT]
        self._written = None  # until the COMMIT is known to have succeeded
        if run is not None:
            run.send(statements)  # with the writes still waiting
            self._conn.optimistic = None
        else:
            self._conn.pipelined(statements)
        self._written = _Written(_Head(seq, entry_hash, data_digest), now)
        self._conn.reads.close(now)

    def _on_server(self, run: OptimisticRun | None, rewrites: frozenset[str]) -> bool:
        """Whether the server computes this change's audit entry, in the one exchange of the whole
        change (``pg_audit``): an optimistic change that has sent nothing yet, every read of which
        the server can prove, on a server that has the functions."""
        if run is None or run.locked or rewrites or run.unproven or not self._conn.server_audit:
            return False
        if self._client_next:  # the server declined the last attempt of this change (NOT_HERE)
            self._client_next = False
            return False
        return len(run.prints) == len(run.reads)

    def _commit_on_server(self, run: OptimisticRun, operator: str, action: str,
                          details: Mapping[str, Any]) -> None:
        """The whole change in one pipeline: BEGIN, the lock, the reads proven, the writes, the server
        computing and appending the audit entry, COMMIT. The lock is never held across a round trip."""
        held = {"proof": {t: [d.rows, d.value] if (d := self._kept_under.get(t)) else [-1, ""]
                          for t in run.kept_tables},
                "known": {t: pg_audit_server.tag(d.rows, d.value) for t, d in self._kept_under.items()}}
        reads = [(sql, params, fingerprint) for (sql, params, _), fingerprint
                 in zip(run.reads, run.prints, strict=True)]
        proofs = [pg_audit.proof(reads)] if reads else []
        waiting = run.waiting()
        call = (pg_audit.CALL, (audit.utc_now(), operator, action, audit.canonical_json(details),
                                audit.canonical_json(held)))
        start = [(sql, ()) for sql in _START]
        self._written = None  # until the COMMIT is known to have succeeded
        try:
            results = self._conn.pipelined(start + proofs + waiting + [call, *_COMMIT])
        except sqlite3.DatabaseError as error:
            refusal = self._refusal(error)
            if refusal is None:  # the server's own error (a guard, a lost connection): as it is
                raise
            raise refusal from error
        answer = json.loads(results[len(start) + len(proofs) + len(waiting)].fetchone()[0])
        now = dict(self._kept_under)  # those the server did not send are the ones held
        now.update({str(t): TableDigest(int(rows), str(value)) for t, (rows, value)
                    in answer["digests"].items()})
        self._conn.optimistic = None
        for sql, params, rows in run.reads:  # proven: the rows as they stood under the lock
            self._conn.reads.keep(sql, params, rows)
        # Not kept as this connection's last written digests: those a change builds on (``_start``)
        # are read and checked against the head, never taken from the tags the server compared.
        self._written = None
        self._conn.reads.close(now)  # forgets the kept reads of every table that moved since

    def _refusal(self, error: sqlite3.DatabaseError) -> Exception | None:
        """The server's refusal of a one-exchange change, as the workstation's own checks say it."""
        state = getattr(error.__cause__, "sqlstate", None)
        if state == pg_audit.CONFLICT:  # a read, or a kept read's table, moved: the next run reads anew
            self._conn.reads.open(None)
        if isinstance(error, UniqueViolation) or state == pg_audit.CONFLICT:
            return ChangeConflict(f"{self._path}: changed at another workstation meanwhile")
        if state == pg_audit.NOT_HERE:  # e.g. the first change after an older program's: run again,
            self._client_next = True  # computing the entry here
            return ChangeConflict(f"{self._path}: the server left this change's entry to the workstation")
        if state == pg_audit.OUTSIDE:
            seq = getattr(getattr(error.__cause__, "diag", None), "message_detail", None) or "?"
            return DataChangedOutside(
                f"{self._path}: the election data or its digest were changed outside the program (they no "
                f"longer match audit entry {seq}); nothing was changed. "
                f"Run `recount-desktop audit verify {self._path}` to see what differs.")
        return None

    def rolled_back(self) -> None:
        self._conn.optimistic = None
        self._conn.reads.close(None)

    def _digests_after(self, rewrites: frozenset[str], taken: list[Any] | None
                       ) -> tuple[dict[str, TableDigest], dict[str, TableDigest]]:
        """``taken``: the rows of ``_TAKE_CHANGES`` when already read; otherwise they are read here."""
        changes: dict[str, list[tuple[int, str]]] = {}
        rewritten = set(rewrites)
        if taken is None:
            taken = self._conn.execute(_TAKE_CHANGES).fetchall()
        # In any order: an additive table's digest is a sum, and its row count a count.
        for table, sign, row in taken:
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
        start = self._start
        changed = {name: value for name, value in now.items()
                   if start is None or digest_moved(start.get(name), value)}
        return now, changed
