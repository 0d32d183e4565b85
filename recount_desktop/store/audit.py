"""The append-only, hash-chained audit log.

Each entry's hash is SHA-256 over the previous entry's hash and the entry's canonical JSON
(sequence number, UTC time, operator, action, details). Altering, removing or inserting a row
breaks the chain at that row. A forged entry appended at the very end with a correctly computed
hash cannot be told from a real one by the chain alone; that is why ``audit verify`` and the
canvassers' report print the head hash, so the board can record it on paper.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

GENESIS_HASH = "0" * 64


@dataclass(frozen=True)
class AuditEntry:
    seq: int
    ts: str
    operator: str
    action: str
    details: Mapping[str, Any]
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class ChainReport:
    """Result of recomputing the chain: ``broken_at`` is the first bad sequence number, if any."""

    entries: int
    head_hash: str
    broken_at: int | None = None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.broken_at is None


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_hash(prev_hash: str, seq: int, ts: str, operator: str, action: str, details_json: str) -> str:
    body = canonical_json(
        {"seq": seq, "ts": ts, "operator": operator, "action": action, "details": json.loads(details_json)}
    )
    return hashlib.sha256((prev_hash + body).encode("utf-8")).hexdigest()


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def append_entry(
    conn: sqlite3.Connection, operator: str, action: str, details: Mapping[str, Any]
) -> AuditEntry:
    """Append one entry. The caller's open transaction makes it atomic with the change it records."""
    if not conn.in_transaction:
        raise RuntimeError("audit entries are written only inside the change's transaction")
    row = conn.execute("SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1").fetchone()
    seq, prev_hash = (row[0] + 1, row[1]) if row else (1, GENESIS_HASH)
    ts = utc_now()
    details_json = canonical_json(details)
    digest = entry_hash(prev_hash, seq, ts, operator, action, details_json)
    conn.execute(
        "INSERT INTO audit_log (seq, ts, operator, action, details, prev_hash, hash)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (seq, ts, operator, action, details_json, prev_hash, digest),
    )
    return AuditEntry(seq, ts, operator, action, json.loads(details_json), prev_hash, digest)


def read_entries(conn: sqlite3.Connection) -> Iterator[AuditEntry]:
    rows = conn.execute(
        "SELECT seq, ts, operator, action, details, prev_hash, hash FROM audit_log ORDER BY seq"
    )
    for seq, ts, operator, action, details, prev_hash, digest in rows:
        yield AuditEntry(seq, ts, operator, action, json.loads(details), prev_hash, digest)


def verify_chain(conn: sqlite3.Connection) -> ChainReport:
    """Recompute every hash in order; report the first entry that does not fit the chain."""
    expected_prev, expected_seq, count = GENESIS_HASH, 1, 0
    rows = conn.execute(
        "SELECT seq, ts, operator, action, details, prev_hash, hash FROM audit_log ORDER BY seq"
    )
    for seq, ts, operator, action, details, prev_hash, digest in rows:
        problem = _entry_problem(expected_seq, expected_prev, seq, ts, operator, action, details,
                                 prev_hash, digest)
        if problem:
            # A removed row is named by the number that is missing, not by the row after the gap.
            return ChainReport(count, expected_prev, broken_at=min(seq, expected_seq), problem=problem)
        expected_prev, expected_seq, count = digest, seq + 1, count + 1
    return ChainReport(count, expected_prev)


def _entry_problem(expected_seq: int, expected_prev: str, seq: int, ts: str, operator: str,
                   action: str, details: str, prev_hash: str, digest: str) -> str:
    if seq != expected_seq:
        return f"entry {expected_seq} is missing (the next entry is {seq}): a row was removed"
    if prev_hash != expected_prev:
        return (
            f"entry {seq} does not follow entry {seq - 1}: "
            "a row was inserted or replaced before it"
        )
    try:
        recomputed = entry_hash(prev_hash, seq, ts, operator, action, details)
    except (ValueError, TypeError):
        return f"entry {seq} has unreadable details: the row was altered"
    if recomputed != digest:
        return f"entry {seq} does not match its hash: the row was altered"
    return ""
