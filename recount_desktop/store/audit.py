"""The append-only, hash-chained audit log.

Each entry's hash is SHA-256 over the previous entry's hash and the entry's canonical JSON
(sequence number, UTC time, operator, action, details and, from schema 5 on, ``data``: the digest
of the election's data after the change, see ``store.digest``). Altering, removing or inserting a
row breaks the chain at that row; changing the data behind the program's back makes the head's
recorded digest disagree with the tables (``store.verify``). A forged entry appended at the very
end with a correctly computed hash cannot be told from a real one by the file alone; that is why
``audit verify`` and the canvassers' report print the head hash, so the board can record it on paper
and check the file against it later (``audit verify --head HASH``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from recount_desktop.store.dialect import on_server
from recount_desktop.store.digest_core import GENESIS_HASH, canonical_json, entry_hash

# The hash and its canonical JSON: in ``digest_core``, which the server runs too (``pg_audit``).
__all__ = ["GENESIS_HASH", "canonical_json", "entry_hash"]


@dataclass(frozen=True)
class AuditEntry:
    seq: int
    ts: str
    operator: str
    action: str
    details: Mapping[str, Any]
    prev_hash: str
    hash: str
    data_digest: str | None = None  # the election's data digest after the change (None before schema 5)


@dataclass(frozen=True)
class TableDifference:
    """A data table whose rows no longer match what the audit log recorded."""

    table: str
    recorded_rows: int | None  # None: the stored running digest was altered too, so unknown
    current_rows: int
    rows: tuple[str, ...] = ()  # the rows that differ, where the log's details can name them

    def describe(self) -> str:
        if self.recorded_rows is None:
            counted = f"{self.current_rows} rows now"
        elif self.recorded_rows == self.current_rows:
            counted = f"{self.current_rows} rows, as recorded, but their values differ"
        else:
            change = self.current_rows - self.recorded_rows
            counted = (f"{self.recorded_rows} rows recorded, {self.current_rows} now "
                       f"({abs(change)} {'added' if change > 0 else 'removed'})")
        named = f": {'; '.join(self.rows)}" if self.rows else ""
        return f"table {self.table}: {counted}{named}"


@dataclass(frozen=True)
class ChainReport:
    """Result of ``audit verify``: the chain, the schema's guards and the data against the head entry.

    ``broken_at`` is the first entry that fails: a row that does not fit the chain, or the entry whose
    recorded data digest does not match the data. ``differences`` names the tables (and rows where it
    can) when the data differ; ``schema_problems`` lists guards (triggers) dropped or changed.
    """

    entries: int
    head_hash: str
    broken_at: int | None = None
    problem: str = ""
    differences: tuple[TableDifference, ...] = ()
    schema_problems: tuple[str, ...] = ()
    data_bound_from: int | None = None  # the first entry that records a data digest

    @property
    def ok(self) -> bool:
        return self.broken_at is None and not self.schema_problems


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def head(conn: sqlite3.Connection) -> tuple[int, str, str | None] | None:
    """The last entry's sequence number, hash and data digest, or None for an empty log."""
    try:
        row = conn.execute(
            "SELECT seq, hash, data_digest FROM audit_log ORDER BY seq DESC LIMIT 1").fetchone()
    except sqlite3.OperationalError:  # a file from before schema 5, opened read-only
        row = conn.execute("SELECT seq, hash, NULL FROM audit_log ORDER BY seq DESC LIMIT 1").fetchone()
    return (int(row[0]), str(row[1]), row[2]) if row else None


def has_data_digest(conn: sqlite3.Connection) -> bool:
    """Whether the file's audit log has the ``data_digest`` column (schema 5 on; a read-only file of an
    older schema is read as it is). A server database is created at schema 5 or later."""
    if on_server(conn):
        return True
    return any(row[1] == "data_digest" for row in conn.execute("PRAGMA table_info(audit_log)"))


def append_entry(
    conn: sqlite3.Connection, operator: str, action: str, details: Mapping[str, Any],
    data_digest: str | None = None,
) -> AuditEntry:
    """Append one entry. The caller's open transaction makes it atomic with the change it records."""
    if not conn.in_transaction:
        raise RuntimeError("audit entries are written only inside the change's transaction")
    last = head(conn)
    seq, prev_hash = (last[0] + 1, last[1]) if last else (1, GENESIS_HASH)
    ts = utc_now()
    details_json = canonical_json(details)
    digest = entry_hash(prev_hash, seq, ts, operator, action, details_json, data_digest)
    conn.execute(
        "INSERT INTO audit_log (seq, ts, operator, action, details, prev_hash, hash, data_digest)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (seq, ts, operator, action, details_json, prev_hash, digest, data_digest),
    )
    return AuditEntry(seq, ts, operator, action, json.loads(details_json), prev_hash, digest, data_digest)


def _select_entries(conn: sqlite3.Connection) -> sqlite3.Cursor:
    column = "data_digest" if has_data_digest(conn) else "NULL"
    return conn.execute(
        f"SELECT seq, ts, operator, action, details, prev_hash, hash, {column} FROM audit_log ORDER BY seq"
    )


def read_entries(conn: sqlite3.Connection) -> Iterator[AuditEntry]:
    for seq, ts, operator, action, details, prev_hash, digest, data in _select_entries(conn):
        yield AuditEntry(seq, ts, operator, action, json.loads(details), prev_hash, digest, data)


def verify_chain(conn: sqlite3.Connection) -> ChainReport:
    """Recompute every hash in order; report the first entry that does not fit the chain."""
    expected_prev, expected_seq, count, bound_from = GENESIS_HASH, 1, 0, None
    for seq, ts, operator, action, details, prev_hash, digest, data in _select_entries(conn):
        problem = _entry_problem(expected_seq, expected_prev, seq, ts, operator, action, details,
                                 prev_hash, digest, data)
        if not problem and bound_from is not None and data is None:
            problem = (f"entry {seq} records no data digest although entry {bound_from} before it does: "
                       "the row was written outside the program")
        if problem:
            # A removed row is named by the number that is missing, not by the row after the gap.
            return ChainReport(count, expected_prev, broken_at=min(seq, expected_seq), problem=problem,
                               data_bound_from=bound_from)
        if bound_from is None and data is not None:
            bound_from = seq
        expected_prev, expected_seq, count = digest, seq + 1, count + 1
    return ChainReport(count, expected_prev, data_bound_from=bound_from)


def _entry_problem(expected_seq: int, expected_prev: str, seq: int, ts: str, operator: str,
                   action: str, details: str, prev_hash: str, digest: str, data: str | None) -> str:
    if seq != expected_seq:
        return f"entry {expected_seq} is missing (the next entry is {seq}): a row was removed"
    if prev_hash != expected_prev:
        return (
            f"entry {seq} does not follow entry {seq - 1}: "
            "a row was inserted or replaced before it"
        )
    try:
        recomputed = entry_hash(prev_hash, seq, ts, operator, action, details, data)
    except (ValueError, TypeError):
        return f"entry {seq} has unreadable details: the row was altered"
    if recomputed != digest:
        return f"entry {seq} does not match its hash: the row was altered"
    return ""
