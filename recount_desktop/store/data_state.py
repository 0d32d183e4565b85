"""Binding the audit log to the data: the digest kept up to date through a change, and its check.

``DigestTracker`` runs inside ``ElectionFile.transaction``: at the start it checks that the stored
running digests are the ones the head entry recorded (so a change is never built on digests someone
altered) and, at the end, brings the digests up to date: additive tables from the rows the TEMP
triggers captured, whole tables recomputed when the change touched them. The import
(``ElectionFile.replace_results``) says it rewrites them, and their TEMP "touched" triggers are
dropped for its duration: a trigger per row doubled the cost of a 720,000-row insert. Any other
change that writes a whole table fires them and the table is recomputed. (SQLite's authorizer, per
statement, was tried first: it forces every statement to be prepared again at each change, which
tripled the cost of entering a sheet.)

An import computes the whole tables' digests from the rows it writes (``mapping.write_results``) and
hands them to the change in progress (``note_written``), so that the 720,000 rows of a statewide
import are not read back and encoded again; they are used when the table holds as many rows as were
written (the rewrite left nothing else in it). ``audit verify`` still reads every table.

``verify_state`` recomputes every digest from the tables and compares it with the head entry, by the
digest definition the head entry was written with (``digest.definition_of``): a file whose last entry
predates definition 2 verifies as it was written, and its next change records definition 2 after
checking that the whole tables still hold the rows the last entry recorded.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any

from recount_desktop.store import audit, digest
from recount_desktop.store.audit import ChainReport, TableDifference
from recount_desktop.store.dialect import change_table, on_server
from recount_desktop.store.differing_rows import differing_rows
from recount_desktop.store.digest import BY_NAME, DEFINITION, TABLES, TableDigest
from recount_desktop.store.errors import ElectionFileError


class DataChangedOutside(ElectionFileError):
    """The file's data or digests were changed outside the program: no change is built on them."""


class DigestTracker:
    """Keeps the data digest of one connection's changes; one change at a time."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn
        self._installed = False
        self._rewritten: frozenset[str] = frozenset()
        self._start: dict[str, TableDigest] | None = None
        self._start_definition = DEFINITION  # the definition the head entry's digest was computed by
        self._after: dict[str, TableDigest] | None = None  # the digests this change leaves
        # The digests as this connection last committed them, with SQLite's data_version then: while
        # no other connection has committed since, they need not be read back and checked again.
        self._committed: tuple[int, dict[str, TableDigest]] | None = None

    def begin(self, path: object, rewrites: frozenset[str] = frozenset()) -> None:
        """Call right after BEGIN: check the stored digests against the head entry. ``rewrites`` names
        the whole tables the change replaces (recomputed at the end)."""
        server = on_server(self._conn)  # the server's capture triggers are in its schema (pg_schema)
        if not self._installed and not server:
            for statement in digest.capture_statements() + digest.touch_statements(digest.WHOLE_TABLES):
                self._conn.execute(statement)
            self._installed = True
        self._conn.execute(f"DELETE FROM {change_table(self._conn)}")
        forget_written(self._conn)
        for statement in [] if server else digest.drop_touch_statements(rewrites):
            self._conn.execute(statement)
        self._rewritten = rewrites
        version = self._data_version()
        self._start_definition = DEFINITION
        if self._committed is not None and self._committed[0] == version and not server:
            self._start = self._committed[1]
            return
        last = audit.head(self._conn)
        recorded = last[2] if last else None
        stored = digest.read_stored(self._conn)
        if recorded is not None:
            self._start_definition = digest.definition_of(recorded)
        if recorded is None:
            self._start = None  # first digest of the file: computed whole at the end
        elif not matches_head(stored, recorded):
            raise DataChangedOutside(
                f"{path}: the election data or its digest were changed outside the program (they no "
                f"longer match audit entry {last[0] if last else 0}); nothing was changed. "
                f"Run `recount-desktop audit verify {path}` to see what differs."
            )
        else:
            self._start = stored

    def _data_version(self) -> int:
        if on_server(self._conn):  # other workstations commit at any time: the digests are read each time
            return 0
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def finish(self) -> str:
        """The election digest after the change; the running digests are stored with it."""
        changes = digest.take_changes(self._conn)
        rewritten = self._rewritten | digest.take_touched(self._conn)
        if self._start is None:
            now = digest.current_digests(self._conn)
        else:
            now = digests_after(self._conn, self._start, self._start_definition, changes, rewritten)
        changed = {name: value for name, value in now.items() if self._start is None
                   or self._start.get(name) != value}
        digest.write_stored(self._conn, changed)
        self._after = now
        return digest.election_digest(now)

    def committed(self) -> None:
        """After COMMIT: remember the digests, valid until another connection commits."""
        if self._after is not None:
            self._committed = (self._data_version(), self._after)

    def end(self) -> None:
        """After COMMIT or ROLLBACK: the touch triggers a rewrite dropped are put back."""
        if self._after is None or self._conn.in_transaction:
            self._committed = None  # rolled back, or failed half-way: read them again next time
        self._after = None
        forget_written(self._conn)
        if self._rewritten and not on_server(self._conn):
            for statement in digest.touch_statements(self._rewritten):
                self._conn.execute(statement)
        self._rewritten = frozenset()


# -- shared with the server's change (pg_change) -----------------------------------------------------
def matches_head(stored: Mapping[str, TableDigest], recorded: str) -> bool:
    """Whether the stored running digests are those the head entry recorded, by its definition."""
    return (set(stored) == set(BY_NAME)
            and digest.election_digest(stored, digest.definition_of(recorded)) == recorded)


def digests_after(conn: sqlite3.Connection, start: Mapping[str, TableDigest], definition: int,
                  changes: Mapping[str, list[tuple[int, str]]], rewritten: set[str] | frozenset[str],
                  ) -> dict[str, TableDigest]:
    """The digests after a change: an additive table's from the rows it wrote, a whole table's
    recomputed when the change rewrote it (or taken from the rows written, ``note_written``), or when
    the head's digest is of an older definition."""
    now = dict(start)
    written = _WRITTEN.pop(id(conn), {})
    for spec in TABLES:
        if spec.additive:
            if spec.name in changes:
                now[spec.name] = digest.apply_changes(now[spec.name], changes[spec.name], spec.name)
        elif spec.name in rewritten or definition != DEFINITION:
            if spec.name not in rewritten:
                _check_unchanged(conn, spec, start[spec.name])
            now[spec.name] = _rewritten_digest(conn, spec, written.get(spec.name))
    return now


# -- whole tables digested as the change writes them --------------------------------------------------
# By the connection's id: a sqlite3.Connection takes neither attributes nor weak references. Each
# change forgets what an earlier one (rolled back) noted, at its start.
_WRITTEN: dict[int, dict[str, TableDigest]] = {}


def note_written(conn: Any, digests: Mapping[str, TableDigest]) -> None:
    """Hand the change in progress on ``conn`` the digests of whole tables it rewrote, computed from
    the rows it wrote (``mapping.write_results``): ``digests_after`` takes them instead of reading
    the tables back."""
    _WRITTEN[id(conn)] = dict(digests)


def forget_written(conn: Any) -> None:
    """At a change's start and end: digests noted by an earlier change are never used."""
    _WRITTEN.pop(id(conn), None)


def _rewritten_digest(conn: sqlite3.Connection, spec: digest.TableSpec,
                      written: TableDigest | None) -> TableDigest:
    """A rewritten whole table's digest: the one computed from the rows written, when the table holds
    exactly that many rows (so the rewrite left none behind: every row written is in it, by its key);
    otherwise read back from the table."""
    if written is not None:
        count = conn.execute(f"SELECT count(*) FROM {spec.name}").fetchone()[0]
        if int(count) == written.rows:
            return written
    return digest.grouped_table_digest(conn, spec)


def _check_unchanged(conn: sqlite3.Connection, spec: digest.TableSpec, recorded: TableDigest) -> None:
    """Before a whole table's digest moves to the current definition: its rows must still be those
    the head entry recorded (by definition 1), or the new digest would bless an edit made outside."""
    if digest.whole_table_digest(conn, spec) != recorded:
        raise DataChangedOutside(
            f"table {spec.name} no longer holds the rows the last audit entry recorded: it was changed "
            "outside the program; nothing was changed. Run `recount-desktop audit verify` to see what "
            "differs.")


# -- verification ----------------------------------------------------------------------------------
def verify_state(conn: sqlite3.Connection, chain: ChainReport) -> ChainReport:
    """The chain's report, completed with the check of the data against the head entry."""
    last = audit.head(conn)
    if not chain.ok or last is None or last[2] is None:
        return chain
    definition = digest.definition_of(last[2])
    now = digest.current_digests(conn, definition)
    if digest.election_digest(now, definition) == last[2]:
        return chain
    stored = digest.read_stored(conn)
    # The program last wrote the stored digests by the current definition, whatever the head's.
    if stored == (now if definition == DEFINITION else digest.current_digests(conn)):
        # The data are exactly as the program last wrote them, but the log ends before that write.
        problem = (f"entry {last[0]}, now the last, recorded an earlier state of the data than the one "
                   "the program last wrote: later entries were removed from the log (their changes remain)")
        return ChainReport(chain.entries, chain.head_hash, broken_at=last[0], problem=problem,
                           data_bound_from=chain.data_bound_from)
    differences = _differences(conn, now, stored, last[2], definition)
    problem = (f"entry {last[0]} (the last) recorded the election's data as it stood after its change, "
               "and the data no longer match it: they were changed outside the program")
    return ChainReport(chain.entries, chain.head_hash, broken_at=last[0], problem=problem,
                       differences=differences, data_bound_from=chain.data_bound_from)


def _differences(conn: sqlite3.Connection, now: dict[str, TableDigest], stored: dict[str, TableDigest],
                 recorded: str, definition: int) -> tuple[TableDifference, ...]:
    """The tables whose rows differ from the head's record. The stored running digests say which,
    when they are still the ones the head recorded; otherwise every table is compared with them and
    the row counts recorded are unknown."""
    trusted = set(stored) == set(BY_NAME) and digest.election_digest(stored, definition) == recorded
    found = []
    for spec in TABLES:
        before = stored.get(spec.name)
        if before is not None and before == now[spec.name]:
            continue
        if spec.additive:
            rows = _named_rows(conn, spec.name)
        else:
            rows = _whole_table_rows(conn, spec, before if trusted else None, now[spec.name], definition)
        found.append(TableDifference(spec.name, before.rows if before and trusted else None,
                                     now[spec.name].rows, rows))
    return tuple(found)


def _whole_table_rows(conn: sqlite3.Connection, spec: digest.TableSpec, before: TableDigest | None,
                      now: TableDigest, definition: int) -> tuple[str, ...]:
    """The rows of a whole table that differ, from the group digests the head entry committed to; or
    why they cannot be named."""
    if definition < DEFINITION:
        return ("its rows cannot be named: the last entry was written before the digest kept them by "
                "precinct and contest (the file's next change records it so)",)
    recorded = digest.read_groups(conn, spec.name)
    if before is None or recorded is None or now.groups is None or not digest.groups_match(
            TableDigest(before.rows, before.value, recorded)):
        return ("its rows cannot be named: the digests kept of its groups were altered too",)
    return differing_rows(conn, spec, recorded, now.groups)


def _named_rows(conn: sqlite3.Connection, table: str) -> tuple[str, ...]:
    """Rows the audit log's own details can name: sheets whose state or count the log did not record,
    and the election record's fields. Other tables are named without their rows."""
    if table == "recount_sheet":
        return _sheet_states_not_logged(conn)
    if table in ("election", "board_member"):
        return _election_fields_not_logged(conn, table)
    return ()


def _logged(conn: sqlite3.Connection, actions: tuple[str, ...]) -> list[dict[str, Any]]:
    """The details of every entry of these actions, oldest first."""
    return [dict(entry.details) for entry in audit.read_entries(conn) if entry.action in actions]


def _sheet_states_not_logged(conn: sqlite3.Connection) -> tuple[str, ...]:
    logged: dict[str, str] = {}
    for details in _logged(conn, ("sheet.enter", "sheets.import", "sheet.resolve", "sheet.void")):
        for item in details.get("sheets", [details]):
            if isinstance(item, dict) and "sheet_id" in item:
                state = item.get("state") or ("voided" if "voided_by" in item else
                                              "resolved" if "resolved_by" in item else None)
                if state:
                    logged[str(item["sheet_id"])] = str(state)
    rows = conn.execute("SELECT sheet_id, state FROM recount_sheet ORDER BY sheet_id").fetchall()
    named = [f"sheet {sheet_id} is {state!r} but the log last recorded {logged.get(sheet_id)!r}"
             for sheet_id, state in rows if logged.get(sheet_id) != state]
    named += [f"sheet {sheet_id} is in the log but not in the file"
              for sheet_id in sorted(set(logged) - {row[0] for row in rows})]
    return tuple(named[:20])


def _election_fields_not_logged(conn: sqlite3.Connection, table: str) -> tuple[str, ...]:
    logged: dict[str, Any] = {}
    for details in _logged(conn, ("election.create", "election.update", "results.replace")):
        if "election_changes" in details:
            logged.update({k: v["new"] for k, v in details["election_changes"].items()})
        elif "state" in details:
            logged = {k: v for k, v in details.items() if k != "before"}
    if not logged:
        return ()
    from recount_desktop.store.mapping import read_election

    try:
        current = read_election(conn)
    except (ElectionFileError, ValueError):
        return ("the election record cannot be read",)
    now = {
        "jurisdiction": current.jurisdiction, "name": current.name,
        "election_date": current.election_date.isoformat(),
        "canvass_date": current.canvass_date.isoformat() if current.canvass_date else None,
        "board_members": [[m.name, m.title] for m in current.board_members],
        "election_type": str(current.election_type), "state": str(current.state),
    }
    wanted = ("board_members",) if table == "board_member" else tuple(k for k in now if k != "board_members")
    return tuple(f"{key} is {now[key]!r} but the log recorded {logged.get(key)!r}"
                 for key in wanted if key in logged and logged[key] != now[key])
