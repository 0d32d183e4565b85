"""The data digest: a canonical fingerprint of every data table, recorded in each audit entry.

Each audit entry records the digest of the election's data as it stands after the change, and its
hash covers that digest; ``audit verify`` recomputes the digest from the tables and compares it with
the head entry. The digest is defined on typed values, not on SQLite's bytes, so another store
(PostgreSQL) computes the same digest for the same data:

- A row is the canonical JSON array of its columns in the order ``TABLES`` lists them (integers as
  integers, text as JSON strings, NULL as ``null``; ``json.dumps`` with sorted keys, no spaces,
  no ASCII escaping).
- A **whole** table (the large results tables, written only by an import that replaces them) is
  digested as SHA-256 of the canonical JSON array of its rows sorted by key. It is recomputed from the
  rows whenever a change touches it.
- An **additive** table (every other table: small, or changed a few rows at a time by tally-sheet
  entry) is digested as the sum, modulo 2**2048, of SHAKE-256 (256 bytes) of ``table`` + NUL + row,
  published as the SHA-256 of that sum. The sum is order-free and is kept up to date row by row from
  the changes a transaction makes, so entering one sheet costs the rows it writes, not the table.
  (2048 bits: an additive hash needs a large modulus to resist generalised-birthday forgeries.)
- The election's digest is SHA-256 of the canonical JSON object ``{table: [rows, table digest]}``.

The running sums live in the ``data_digest`` table, which is not election data: it is checked
against the head entry at the start of every change and at verification, so altering it is noticed.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from recount_desktop.store.dialect import change_table, on_server, touched_table

MODULUS = 1 << 2048
_ACC_BYTES = 256
_FETCH = 20_000


@dataclass(frozen=True)
class TableSpec:
    """How one data table is digested: its columns in canonical order and its sort key."""

    name: str
    columns: tuple[str, ...]
    order_by: str = ""  # whole tables only: an ORDER BY every store evaluates the same way

    @property
    def additive(self) -> bool:
        return not self.order_by


# One entry per data table. Columns are listed explicitly (not read from the schema) so that the
# canonical form is part of the program, identical on every store.
TABLES: tuple[TableSpec, ...] = (
    TableSpec("election", ("id", "state", "jurisdiction", "name", "election_date", "canvass_date",
                           "election_type")),
    TableSpec("board_member", ("position", "name", "title")),
    TableSpec("contest", ("id", "position", "name", "kind", "seats", "scope", "election_type",
                          "voting_method", "approval", "measure_type", "filed_with", "runoff_possible",
                          "incomplete_precinct_data")),
    TableSpec("choice", ("id", "contest_id", "position", "name", "party")),
    TableSpec("precinct", ("id", "position", "name", "county", "pseudo")),
    TableSpec("device", ("id", "name", "precinct_id")),
    TableSpec("tally", ("choice_id", "precinct_id", "votes", "suppressed"),
              order_by="choice_id, precinct_id"),
    TableSpec("tally_vote_type", ("choice_id", "precinct_id", "vote_type", "votes"),
              order_by="choice_id, precinct_id, vote_type"),
    TableSpec("contest_statistics", ("contest_id", "precinct_id", "registered_voters", "ballots_cast",
                                     "over_votes", "under_votes"),
              order_by="contest_id, COALESCE(precinct_id, 0)"),
    TableSpec("setting", ("key", "value")),
    TableSpec("election_key", ("id", "key")),
    TableSpec("recount_scope", ("contest", "all_units", "method", "requested_by", "requested_at",
                                "set_by_sheets")),
    TableSpec("recount_scope_unit", ("contest", "position", "precinct", "device")),
    TableSpec("recount_sheet", ("sheet_id", "contest", "state", "final_entry", "void_reason", "voided_by")),
    TableSpec("recount_entry", ("id", "sheet_id", "entry_number", "precinct", "device", "method",
                                "counted_by", "over_votes", "under_votes", "blank_ballots", "ballots",
                                "entered_by", "entered_at", "reason", "operator", "source")),
    TableSpec("recount_entry_count", ("entry_id", "position", "choice", "votes")),
)
BY_NAME: Mapping[str, TableSpec] = {spec.name: spec for spec in TABLES}

# The whole tables: written only by an import that replaces every row (``write_results``).
WHOLE_TABLES = frozenset(spec.name for spec in TABLES if not spec.additive)


@dataclass(frozen=True)
class TableDigest:
    """One table's digest: its row count and its value (SHA-256 hex, or the running sum as hex)."""

    rows: int
    value: str

    def published(self, spec: TableSpec) -> str:
        """What the election digest covers: the SHA-256 itself, or the SHA-256 of the running sum."""
        return _sum_digest(self.value) if spec.additive else self.value


@lru_cache(maxsize=256)  # each change re-publishes the same unchanged sums: a sheet entry changes three
def _sum_digest(value: str) -> str:
    return hashlib.sha256(int(value, 16).to_bytes(_ACC_BYTES, "big")).hexdigest()


def _encode_blob(value: object) -> object:
    if isinstance(value, bytes):  # never written by the program; only by someone with the sqlite3 shell
        return {"blob": value.hex()}
    raise TypeError(f"cannot encode {type(value).__name__}")


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, sort_keys=True, default=_encode_blob)


def canonical_row(values: Iterable[Any]) -> str:
    """A row's canonical form: the JSON array of its typed values."""
    return _ENCODER.encode(list(values))


def row_term(table: str, row_json: str) -> int:
    """A row's term in an additive table's sum."""
    data = f"{table}\x00{row_json}".encode()
    return int.from_bytes(hashlib.shake_256(data).digest(_ACC_BYTES), "big")


def _select(spec: TableSpec, server: bool = False) -> str:
    if server:  # PostgreSQL: text columns sort in byte order (COLLATE "C"), as in SQLite
        order_by = f" ORDER BY {spec.order_by}" if spec.order_by else ""
        return f"SELECT {', '.join(spec.columns)} FROM {spec.name}{order_by}"
    # SQLite: the unary + keeps the order but makes SQLite sort a plain scan (its C sorter) instead of
    # walking the key index and looking each row up: 2.6 times faster on the tally table.
    order = ", ".join(f"+{term.strip()}" for term in spec.order_by.split(",")) if spec.order_by else ""
    return f"SELECT {', '.join(spec.columns)} FROM {spec.name}" + (f" ORDER BY {order}" if order else "")


def _row_batches(conn: sqlite3.Connection, spec: TableSpec) -> Iterator[list[Any]]:
    cursor = conn.execute(_select(spec, on_server(conn)))
    while batch := cursor.fetchmany(_FETCH):
        yield batch


def whole_table_digest(conn: sqlite3.Connection, spec: TableSpec) -> TableDigest:
    """SHA-256 of the canonical JSON array of the table's rows in key order.

    Rows are encoded a batch at a time (one C-level ``json`` call per batch, the batches joined with
    commas), which gives the same bytes as encoding the whole array at once and costs about a second
    for the 720,000 rows of a statewide import.
    """
    hasher = hashlib.sha256(b"[")
    rows = 0
    for batch in _row_batches(conn, spec):
        text = _ENCODER.encode(batch)[1:-1]
        hasher.update((b"," if rows else b"") + text.encode())
        rows += len(batch)
    hasher.update(b"]")
    return TableDigest(rows, hasher.hexdigest())


def additive_table_digest(conn: sqlite3.Connection, spec: TableSpec) -> TableDigest:
    """The sum of the rows' terms, recomputed from every row."""
    total, rows = 0, 0
    for batch in _row_batches(conn, spec):
        for row in batch:
            total += row_term(spec.name, canonical_row(row))
        rows += len(batch)
    return TableDigest(rows, format(total % MODULUS, "x"))


def table_digest(conn: sqlite3.Connection, spec: TableSpec) -> TableDigest:
    return additive_table_digest(conn, spec) if spec.additive else whole_table_digest(conn, spec)


def current_digests(conn: sqlite3.Connection) -> dict[str, TableDigest]:
    """Every data table's digest, computed from its rows now."""
    return {spec.name: table_digest(conn, spec) for spec in TABLES}


def election_digest(digests: Mapping[str, TableDigest]) -> str:
    """The digest an audit entry records: one SHA-256 over every table's row count and digest."""
    body = {name: [digest.rows, digest.published(BY_NAME[name])] for name, digest in digests.items()}
    return hashlib.sha256(_ENCODER.encode(body).encode()).hexdigest()


def apply_changes(digest: TableDigest, changes: Iterable[tuple[int, str]], table: str) -> TableDigest:
    """An additive table's digest after rows were added (+1) and removed (-1)."""
    total, rows = int(digest.value, 16), digest.rows
    for sign, row_json in changes:
        # The trigger's JSON is only transport: re-encode the typed values canonically.
        total += sign * row_term(table, canonical_row(json.loads(row_json)))
        rows += sign
    return TableDigest(rows, format(total % MODULUS, "x"))


EMPTY_ADDITIVE = TableDigest(0, "0")


# -- the stored running digests --------------------------------------------------------------------
def read_stored(conn: sqlite3.Connection) -> dict[str, TableDigest]:
    return {
        name: TableDigest(int(rows), str(value))
        for name, rows, value in conn.execute("SELECT tbl, row_count, value FROM data_digest")
    }


def write_stored(conn: sqlite3.Connection, digests: Mapping[str, TableDigest]) -> None:
    conn.executemany(
        "INSERT INTO data_digest (tbl, row_count, value) VALUES (?, ?, ?)"
        " ON CONFLICT(tbl) DO UPDATE SET row_count = excluded.row_count, value = excluded.value",
        [(name, d.rows, d.value) for name, d in digests.items()],
    )


# -- change capture --------------------------------------------------------------------------------
CHANGE_TABLE = "temp.digest_change"


def capture_statements() -> list[str]:
    """TEMP objects (this connection only, never stored in the file) that record every row an
    additive table gains or loses: the program's own writes are tracked, row by row, at SQLite's level,
    so no code path can forget to update the digest."""
    statements = [
        "CREATE TEMP TABLE IF NOT EXISTS digest_change (tbl TEXT NOT NULL, sign INTEGER NOT NULL,"
        " row TEXT NOT NULL)"
    ]
    for spec in TABLES:
        if not spec.additive:
            continue
        new = "json_array(" + ", ".join(f"NEW.{c}" for c in spec.columns) + ")"
        old = "json_array(" + ", ".join(f"OLD.{c}" for c in spec.columns) + ")"
        # Unqualified: a trigger may not name a schema; TEMP is searched first.
        insert = f"INSERT INTO digest_change (tbl, sign, row) VALUES ('{spec.name}'"
        statements += [
            f"CREATE TEMP TRIGGER IF NOT EXISTS digest_{spec.name}_insert AFTER INSERT ON main.{spec.name}"
            f" BEGIN {insert}, 1, {new}); END",
            f"CREATE TEMP TRIGGER IF NOT EXISTS digest_{spec.name}_delete AFTER DELETE ON main.{spec.name}"
            f" BEGIN {insert}, -1, {old}); END",
            f"CREATE TEMP TRIGGER IF NOT EXISTS digest_{spec.name}_update AFTER UPDATE ON main.{spec.name}"
            f" BEGIN {insert}, -1, {old}); {insert}, 1, {new}); END",
        ]
    return statements


def touch_statements(tables: Iterable[str]) -> list[str]:
    """TEMP triggers that note a whole table was written. A change that says it rewrites the table
    drops them for its duration (a statewide import would pay a trigger per row for nothing); any
    other change that writes it (a cascade, a future code path) is noticed and the table recomputed."""
    statements = ["CREATE TEMP TABLE IF NOT EXISTS digest_touched (tbl TEXT PRIMARY KEY)"]
    for table in tables:
        for event in ("INSERT", "UPDATE", "DELETE"):
            statements.append(
                f"CREATE TEMP TRIGGER IF NOT EXISTS digest_{table}_{event.lower()} AFTER {event} ON"
                f" main.{table} BEGIN INSERT OR IGNORE INTO digest_touched VALUES ('{table}'); END")
    return statements


def drop_touch_statements(tables: Iterable[str]) -> list[str]:
    return [f"DROP TRIGGER IF EXISTS temp.digest_{table}_{event}" for table in tables
            for event in ("insert", "update", "delete")]


def take_touched(conn: sqlite3.Connection) -> set[str]:
    touched = {str(row[0]) for row in conn.execute(f"SELECT tbl FROM {touched_table(conn)}")}
    conn.execute(f"DELETE FROM {touched_table(conn)}")
    return touched


def take_changes(conn: sqlite3.Connection) -> dict[str, list[tuple[int, str]]]:
    """The rows captured since the last call, by table; the capture table is emptied."""
    changes: dict[str, list[tuple[int, str]]] = {}
    for table, sign, row in conn.execute(f"SELECT tbl, sign, row FROM {change_table(conn)} ORDER BY rowid"):
        changes.setdefault(table, []).append((int(sign), str(row)))
    conn.execute(f"DELETE FROM {change_table(conn)}")
    return changes
