"""The data digest: a canonical fingerprint of every data table, recorded in each audit entry.

Each audit entry records the digest of the election's data as it stands after the change, and its
hash covers that digest; ``audit verify`` recomputes the digest from the tables and compares it with
the head entry. The digest is defined on typed values, not on SQLite's bytes, so another store
(PostgreSQL) computes the same digest for the same data:

- A row is the canonical JSON array of its columns in the order ``TABLES`` lists them (integers as
  integers, text as JSON strings, NULL as ``null``; ``json.dumps`` with sorted keys, no spaces,
  no ASCII escaping).
- A **whole** table (the large results tables, written only by an import that replaces them) is
  recomputed from the rows whenever a change touches it. Definition 1 digests it as SHA-256 of the
  canonical JSON array of its rows sorted by key (``whole_table_digest``); definition 2, below, by its
  groups (``grouped_table_digest``).
- An **additive** table (every other table: small, or changed a few rows at a time by tally-sheet
  entry) is digested as the sum, modulo 2**2048, of SHAKE-256 (256 bytes) of ``table`` + NUL + row,
  published as the SHA-256 of that sum. The sum is order-free and is kept up to date row by row from
  the changes a transaction makes, so entering one sheet costs the rows it writes, not the table.
  (2048 bits: an additive hash needs a large modulus to resist generalised-birthday forgeries.)
- The election's digest is SHA-256 of the canonical JSON object ``{table: [rows, table digest]}``.

Definition 2 (recorded as ``"2:"`` + the hex digest, ``definition_of``; a plain hex digest is definition
1, which entries written before it keep) changes only the whole tables, so that ``audit verify`` can
name the rows that differ in them, not just the table. Each whole table has two **axes** that together
make its key (tally: precinct and choice; vote types: precinct, and choice with vote type; statistics:
contest and precinct). Along each axis the rows are split into groups, one per key value, and each group
is digested as a whole table is (SHA-256 of the JSON array of its rows in key order). The table's digest
is SHA-256 of the canonical JSON ``{axis: [[group key, rows, group digest], ...]}`` (entries sorted by
the key's canonical JSON), and that text is kept beside the table's digest (``TABLE#groups`` in
``data_digest``): it checks itself against the digest. One edited row changes one group on each axis,
and the two groups cross at that row.

The running sums live in the ``data_digest`` table, which is not election data: it is checked
against the head entry at the start of every change and at verification, so altering it is noticed.
"""

from __future__ import annotations

import hashlib
import sqlite3
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain, compress, groupby, islice
from operator import add, itemgetter, lt, ne
from typing import Any

from recount_desktop.store.dialect import change_table, on_server, touched_table
from recount_desktop.store.digest_core import (
    DEFINITION,
    MODULUS,
    canonical_row,
    definition_of,
    election_digest_of,
    row_term,
    sum_after,
    sum_digest,
)
from recount_desktop.store.digest_core import ENCODER as _ENCODER

# The arithmetic the server runs too (``pg_audit``): in ``digest_core``; callers name these ``digest.X``.
__all__ = ["DEFINITION", "MODULUS", "canonical_row", "definition_of", "row_term"]

GROUPS = "#groups"  # ``data_digest`` row ``TABLE#groups``: a whole table's group digests
_FETCH = 20_000


@dataclass(frozen=True)
class Axis:
    """One way of splitting a whole table's rows into groups: by the values of these columns."""

    name: str
    columns: tuple[int, ...]  # indexes into the table's columns


@dataclass(frozen=True)
class TableSpec:
    """How one data table is digested: its columns in canonical order and its sort key."""

    name: str
    columns: tuple[str, ...]
    order_by: str = ""  # whole tables only: an ORDER BY every store evaluates the same way
    axes: tuple[Axis, ...] = ()  # whole tables, definition 2: the two axes that together make the key
    group_order: str = ""  # definition 2: first axis, then second, so each group's rows are in key order
    # ``group_order`` after the first axis, in Python: the order of a first-axis group's rows when
    # they are digested as they are written (``rows_table_digest``)
    within_group: Callable[[Sequence[Any]], Any] | None = field(default=None, compare=False)

    @property
    def additive(self) -> bool:
        return not self.order_by


def _precinct_or_0(row: Sequence[Any]) -> Any:
    """``COALESCE(precinct_id, 0)``: a contest-wide row (no precinct) first."""
    return 0 if row[1] is None else row[1]


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
              order_by="choice_id, precinct_id", axes=(Axis("precinct", (1,)), Axis("choice", (0,))),
              group_order="precinct_id, choice_id", within_group=itemgetter(0)),
    TableSpec("tally_vote_type", ("choice_id", "precinct_id", "vote_type", "votes"),
              order_by="choice_id, precinct_id, vote_type",
              axes=(Axis("precinct", (1,)), Axis("choice and vote type", (0, 2))),
              group_order="precinct_id, choice_id, vote_type", within_group=itemgetter(0, 2)),
    TableSpec("contest_statistics", ("contest_id", "precinct_id", "registered_voters", "ballots_cast",
                                     "over_votes", "under_votes"),
              order_by="contest_id, COALESCE(precinct_id, 0)",
              axes=(Axis("contest", (0,)), Axis("precinct", (1,))),
              group_order="contest_id, COALESCE(precinct_id, 0)", within_group=_precinct_or_0),
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
    # A whole table under definition 2: the JSON whose SHA-256 is ``value`` (so equality needs only
    # ``value``; the stored digests are read without it, see ``read_groups``).
    groups: str | None = field(default=None, compare=False)

    def published(self, spec: TableSpec) -> str:
        """What the election digest covers: the SHA-256 itself, or the SHA-256 of the running sum."""
        return sum_digest(self.value) if spec.additive else self.value


def _select(spec: TableSpec, server: bool = False, order_by: str | None = None) -> str:
    order_by = spec.order_by if order_by is None else order_by
    select = f"SELECT {', '.join(spec.columns)} FROM {spec.name}"
    if server:  # PostgreSQL: text columns sort in byte order (COLLATE "C"), as in SQLite
        return select + (f" ORDER BY {order_by}" if order_by else "")
    # SQLite: the unary + keeps the order but makes SQLite sort a plain scan (its C sorter) instead of
    # walking the key index and looking each row up: 2.6 times faster on the tally table.
    order = ", ".join(f"+{term.strip()}" for term in order_by.split(",")) if order_by else ""
    return select + (f" ORDER BY {order}" if order else "")


def _row_batches(conn: sqlite3.Connection, spec: TableSpec,
                 order_by: str | None = None) -> Iterator[list[Any]]:
    cursor = conn.execute(_select(spec, on_server(conn), order_by))
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


class _Groups:
    """The running digests of a whole table's groups along its two axes while its rows arrive a batch
    at a time in ``group_order``. Each row is encoded once (``_row_texts``), and both axes' groups
    hash that text: encoding dominates the cost, and a second encoding per row would double it."""

    def __init__(self, spec: TableSpec) -> None:
        self.axes = spec.axes
        self._keys = [itemgetter(*axis.columns) for axis in spec.axes]
        self._groups: tuple[dict[Any, tuple[Any, list[int]]], ...] = ({}, {})  # key -> (SHA-256, [rows])

    def add(self, batch: Sequence[Sequence[Any]]) -> None:
        """Rows in ``group_order``; a group may go on in the next batch."""
        self.add_runs([list(run) for _, run in groupby(batch, self._keys[0])])

    def add_runs(self, runs: list[list[Sequence[Any]]], integers: bool = False) -> None:
        """Runs of rows in ``group_order``, one per value of the first axis (a run may go on in the
        next call). ``integers``: the caller knows every value is an ``int`` (``_row_texts``)."""
        if not runs:
            return
        first, second = self._keys
        texts = [_row_texts(run, integers) for run in runs]
        self.add_texts([first(run[0]) for run in runs], [list(map(second, run)) for run in runs], texts)

    def add_texts(self, firsts: list[Any], keys: list[list[Any]], texts: list[list[str]]) -> None:
        """``add_runs`` with each run's rows already encoded (``_row_texts``): ``firsts`` the runs'
        first-axis values, ``keys`` their rows' second-axis values."""
        for value, run_texts in zip(firsts, texts, strict=True):
            self._update(0, value, run_texts)
        if all(run_keys == keys[0] for run_keys in keys) and len(set(keys[0])) == len(keys[0]):
            # Every run holds the same second-axis values, each once, in the same order (every
            # precinct votes on every contest): the second axis's groups are the columns, taken in C.
            for key, column in zip(keys[0], zip(*texts, strict=True), strict=True):
                self._update(1, key, list(column))
            return
        crossing: defaultdict[Any, list[str]] = defaultdict(list)
        for run_keys, run_texts in zip(keys, texts, strict=True):
            for key, text in zip(run_keys, run_texts, strict=True):
                crossing[key].append(text)
        for value, group in crossing.items():
            self._update(1, value, group)

    def _update(self, axis: int, value: Any, texts: list[str]) -> None:
        joined = "],[".join(texts).encode()
        group = self._groups[axis].get(value)
        if group is None:
            self._groups[axis][value] = (hashlib.sha256(b"[[" + joined), [len(texts)])
        else:
            group[0].update(b"],[" + joined)
            group[1][0] += len(texts)

    def text(self) -> str:
        """The canonical JSON ``{axis: [[group key, rows, group digest], ...]}``."""
        body = {}
        for axis, groups in zip(self.axes, self._groups, strict=True):
            found = []
            for value, (hasher, rows) in groups.items():
                closed = hasher.copy()
                closed.update(b"]]")
                key = list(value) if len(axis.columns) > 1 else [value]
                found.append((canonical_row(key), [key, rows[0], closed.hexdigest()]))
            body[axis.name] = [entry for _, entry in sorted(found, key=lambda item: item[0])]
        return _ENCODER.encode(body)


def _row_texts(rows: Sequence[Sequence[Any]], integers: bool = False) -> list[str]:
    """Each row's canonical JSON without its brackets. ``integers``: the caller knows every value is an
    ``int`` (the tally rows an import writes), and ``%d`` writes an int as JSON does, at two thirds
    of the cost (checking the types would cost more than it saves: the rows read back are encoded).
    Other rows come from one encoding of them all, split at ``],[``; a text value holding ``],[``
    splits wrongly, which the count shows: those rows are encoded one by one."""
    if integers:
        return list(map(",".join(["%d"] * len(rows[0])).__mod__, rows))
    texts = _ENCODER.encode(rows)[2:-2].split("],[")
    return texts if len(texts) == len(rows) else [canonical_row(row)[1:-1] for row in rows]


def grouped_table_digest(conn: sqlite3.Connection, spec: TableSpec) -> TableDigest:
    """A whole table under definition 2: SHA-256 of its groups' digests along both axes, read in one
    pass over the rows. This is the definition ``audit verify`` checks against."""
    groups = _Groups(spec)
    rows = 0
    for batch in _row_batches(conn, spec, spec.group_order):
        groups.add(batch)
        rows += len(batch)
    return _closed(groups, rows)


def _closed(groups: _Groups, rows: int) -> TableDigest:
    text = groups.text()
    return TableDigest(rows, hashlib.sha256(text.encode()).hexdigest(), text)


def rows_table_digest(spec: TableSpec, rows: Sequence[Sequence[Any]], integers: bool = False) -> TableDigest:
    """The digest ``grouped_table_digest`` reads from a table holding exactly ``rows`` (in any order),
    computed from the rows as a change writes them instead of reading them back.

    ``rows`` hold the values as the store returns them: ``int`` (a bool is stored as 0 or 1: pass the
    integer), text, None; ``integers``: every value is an ``int``. They are put in ``group_order`` here:
    by the first axis (an id), then ``within_group`` (text compares by code point, which is UTF-8's
    byte order, the order of both stores; a NULL precinct as 0).
    """
    if spec.within_group is None:
        raise ValueError(f"{spec.name} is an additive table: its digest is a sum, kept row by row")
    first = itemgetter(*spec.axes[0].columns)
    groups = _Groups(spec)
    runs: list[list[Sequence[Any]]] = []
    size = 0
    for _, run in groupby(sorted(rows, key=first), first):
        runs.append(sorted(run, key=spec.within_group))
        size += len(runs[-1])
        if size >= _FETCH:
            groups.add_runs(runs, integers)
            runs, size = [], 0
    groups.add_runs(runs, integers)
    return _closed(groups, len(rows))


def plain_tally_digest(
    rows: Sequence[Sequence[int]],
    choice_ids: Sequence[int],
    precinct_ids: Sequence[int],
    votes: Sequence[int],
) -> TableDigest:
    """``rows_table_digest`` of the tally table holding ``rows`` (as there) and plain counts given as
    columns (choice id, precinct id, votes; not suppressed), the same bytes without a row tuple or a
    key function call per count: an import's 720,000 counts are encoded in one C-level pass, and put
    in ``group_order`` by gathering each precinct's rows (``_gathered``) or else by one sort of
    integer keys (``_sorted_runs``)."""
    spec = BY_NAME["tally"]
    choices = [row[0] for row in rows] + list(choice_ids)
    precincts = [row[1] for row in rows] + list(precinct_ids)
    texts = _row_texts(rows, integers=True) if rows else []
    texts += map("%d,%d,%d,0".__mod__, zip(choice_ids, precinct_ids, votes, strict=True))
    if not texts:
        return rows_table_digest(spec, ())
    runs = _gathered(choices, precincts, texts) or _sorted_runs(choices, precincts, texts)
    groups = _Groups(spec)
    batch: list[tuple[int, list[int], list[str]]] = []
    size = 0
    for run in runs:
        batch.append(run)
        size += len(run[1])
        if size >= _FETCH:  # in batches, as ``rows_table_digest`` hands them over
            _add_runs(groups, batch)
            batch, size = [], 0
    _add_runs(groups, batch)
    return _closed(groups, len(texts))


_Run = tuple[int, list[int], list[str]]  # a precinct, and its rows' choices and texts in choice order


def _add_runs(groups: _Groups, runs: list[_Run]) -> None:
    if runs:
        groups.add_texts([run[0] for run in runs], [run[1] for run in runs], [run[2] for run in runs])


def _gathered(choices: list[int], precincts: list[int], texts: list[str]) -> list[_Run] | None:
    """Each precinct's rows in the order they come, when that order is choice order in every precinct
    (a long table read precinct by precinct, a statement's contest sheets one after another): group
    order without a sort. None when the rows change precinct every few rows, or a precinct's choices
    do not rise (a sort decides)."""
    n = len(precincts)
    starts = [0, *compress(range(1, n), map(ne, precincts, islice(precincts, 1, None)))]
    if len(starts) * 4 > n:
        return None
    spans: dict[int, list[tuple[int, int]]] = {}
    for start, end in zip(starts, [*starts[1:], n], strict=True):
        spans.setdefault(precincts[start], []).append((start, end))
    runs: list[_Run] = []
    for precinct in sorted(spans):
        found = spans[precinct]
        if len(found) == 1:
            (start, end), = found
            run_choices, run_texts = choices[start:end], texts[start:end]
        else:
            run_choices = list(chain.from_iterable(choices[start:end] for start, end in found))
            run_texts = list(chain.from_iterable(texts[start:end] for start, end in found))
        if not all(map(lt, run_choices, islice(run_choices, 1, None))):
            return None
        runs.append((precinct, run_choices, run_texts))
    return runs


def _sorted_runs(choices: list[int], precincts: list[int], texts: list[str]) -> list[_Run]:
    """The rows in ``group_order`` by one stable sort of (precinct, choice) keys, split by precinct."""
    width = max(choices) + 1
    keys = list(map(add, map(width.__mul__, precincts), choices))
    order = sorted(range(len(keys)), key=keys.__getitem__)
    texts = list(map(texts.__getitem__, order))
    choices = list(map(choices.__getitem__, order))
    precincts = list(map(precincts.__getitem__, order))
    runs: list[_Run] = []
    start = 0
    for precinct in sorted(set(precincts)):
        end = bisect_right(precincts, precinct, start)
        runs.append((precinct, choices[start:end], texts[start:end]))
        start = end
    return runs


def groups_match(digest: TableDigest) -> bool:
    """Whether a stored whole table's groups are the ones its digest commits to."""
    return digest.groups is not None and hashlib.sha256(digest.groups.encode()).hexdigest() == digest.value


def additive_table_digest(conn: sqlite3.Connection, spec: TableSpec) -> TableDigest:
    """The sum of the rows' terms, recomputed from every row."""
    total, rows = 0, 0
    for batch in _row_batches(conn, spec):
        for row in batch:
            total += row_term(spec.name, canonical_row(row))
        rows += len(batch)
    return TableDigest(rows, format(total % MODULUS, "x"))


def table_digest(conn: sqlite3.Connection, spec: TableSpec, definition: int = DEFINITION) -> TableDigest:
    if spec.additive:
        return additive_table_digest(conn, spec)
    return whole_table_digest(conn, spec) if definition == 1 else grouped_table_digest(conn, spec)


def current_digests(conn: sqlite3.Connection, definition: int = DEFINITION) -> dict[str, TableDigest]:
    """Every data table's digest, computed from its rows now."""
    return {spec.name: table_digest(conn, spec, definition) for spec in TABLES}


def election_digest(digests: Mapping[str, TableDigest], definition: int = DEFINITION) -> str:
    """The digest an audit entry records: one SHA-256 over every table's row count and digest, with
    the definition it was computed by in front of it (definition 1 has none)."""
    body = {name: [digest.rows, digest.published(BY_NAME[name])] for name, digest in digests.items()}
    return election_digest_of(body, definition)


def apply_changes(digest: TableDigest, changes: Iterable[tuple[int, str]], table: str) -> TableDigest:
    """An additive table's digest after rows were added (+1) and removed (-1)."""
    return TableDigest(*sum_after(digest.rows, digest.value, changes, table))


EMPTY_ADDITIVE = TableDigest(0, "0")


# -- the stored running digests --------------------------------------------------------------------
# The stored digests are read at each change without the whole tables' groups, which are large and
# needed only to name rows (``read_groups``). No ``%`` in it: it runs on both stores' placeholders.
NOT_GROUPS = "tbl NOT IN (" + ", ".join(f"'{name}{GROUPS}'" for name in sorted(WHOLE_TABLES)) + ")"


def read_stored(conn: sqlite3.Connection) -> dict[str, TableDigest]:
    """Every table's stored digest, without the whole tables' groups."""
    query = f"SELECT tbl, row_count, value FROM data_digest WHERE {NOT_GROUPS}"
    return {name: TableDigest(int(rows), str(value)) for name, rows, value in conn.execute(query)}


def read_groups(conn: sqlite3.Connection, table: str) -> str | None:
    row = conn.execute("SELECT value FROM data_digest WHERE tbl = ?", (table + GROUPS,)).fetchone()
    return str(row[0]) if row else None


def stored_rows(digests: Mapping[str, TableDigest]) -> list[tuple[str, int, str]]:
    """The ``data_digest`` rows (table, row count, value) that keep these digests, groups included."""
    rows = [(name, d.rows, d.value) for name, d in digests.items()]
    rows += [(name + GROUPS, d.rows, d.groups) for name, d in digests.items() if d.groups is not None]
    return rows


def write_stored(conn: sqlite3.Connection, digests: Mapping[str, TableDigest]) -> None:
    conn.executemany(
        "INSERT INTO data_digest (tbl, row_count, value) VALUES (?, ?, ?)"
        " ON CONFLICT(tbl) DO UPDATE SET row_count = excluded.row_count, value = excluded.value",
        stored_rows(digests),
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
