"""Open, create and change an election file. Every change goes through ``transaction()``.

``transaction(action, details)`` opens one SQLite transaction, lets the caller change election
data, and writes the audit entry in that same transaction before it commits: a change and its
audit entry land together or not at all, and there is no other way to write.
"""

from __future__ import annotations

import getpass
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.store import audit
from recount_desktop.store.errors import ElectionFileError
from recount_desktop.store.mapping import (
    read_election,
    read_results,
    write_contest_attributes,
    write_election,
    write_results,
)
from recount_desktop.store.schema import migrate

SUFFIX = ".canvass"


def default_operator() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise ElectionFileError(f"{path}: cannot switch the file to write-ahead logging ({mode})")
        # FULL: a committed change survives a power cut, not just a crash of the program.
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA busy_timeout = 5000")
    except sqlite3.DatabaseError as error:
        conn.close()
        raise ElectionFileError(f"{path}: not an election file ({error})") from error
    return conn


class ElectionFile:
    """An open election file. Use ``open_election_file`` or ``create_election_file``."""

    def __init__(self, conn: sqlite3.Connection, path: Path, operator: str) -> None:
        self._conn = conn
        self.path = path
        self.operator = operator

    # -- writing -------------------------------------------------------------------------
    @contextmanager
    def transaction(self, action: str, details: Mapping[str, Any]) -> Iterator[sqlite3.Connection]:
        """One change to election data with its audit entry, atomically.

        ``details`` is read when the block ends, so the caller may complete it inside the block
        with what the change produced (e.g. the state a tally sheet ended in).
        """
        if self._conn.in_transaction:
            raise RuntimeError("transactions do not nest: finish the current change first")
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            yield self._conn
            audit.append_entry(self._conn, self.operator, action, details)
            self._conn.execute("COMMIT")
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise

    def update_election(self, election: Election) -> None:
        with self.transaction("election.update", _election_details(election)) as conn:
            write_election(conn, election)

    def replace_results(self, results: ElectionResults, details: Mapping[str, Any]) -> None:
        """Replace all contests, precincts and tallies at once (an import or re-import)."""
        summary = {
            "contests": len(results.contests),
            "precincts": len(results.precincts),
            "tallies": len(results.tallies),
            "votes": sum(t.votes for t in results.tallies),
            **details,
        }
        with self.transaction("results.replace", summary) as conn:
            write_results(conn, results)

    def update_contest_attributes(self, contest_name: str, changes: Mapping[str, str]) -> None:
        """Change a contest's attributes (kind, seats, scope, ...), given as their text values."""
        details = {"contest": contest_name, "changes": dict(changes)}
        with self.transaction("contest.update", details) as conn:
            write_contest_attributes(conn, contest_name, changes)

    def set_setting(self, key: str, value: str) -> None:
        with self.transaction("setting.set", {"key": key, "value": value}) as conn:
            conn.execute(
                "INSERT INTO setting (key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- reading -------------------------------------------------------------------------
    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """The connection for read-only queries by the core packages (recount, reports).

        Reads inside see one consistent snapshot; SQLite's query_only refuses any write through it.
        """
        if self._conn.in_transaction:
            raise RuntimeError("read() inside a change: use the transaction's connection")
        self._conn.execute("PRAGMA query_only = ON")
        self._conn.execute("BEGIN")
        try:
            yield self._conn
        finally:
            self._conn.execute("COMMIT")
            self._conn.execute("PRAGMA query_only = OFF")

    def election(self) -> Election:
        return read_election(self._conn)

    def results(self) -> ElectionResults:
        return read_results(self._conn)

    def settings(self) -> dict[str, str]:
        return dict(self._conn.execute("SELECT key, value FROM setting ORDER BY key").fetchall())

    def counts(self) -> dict[str, int]:
        """Contests, precincts and tallies held, without loading them."""
        return {
            table: self._conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            for table in ("contest", "precinct", "tally")
        }

    def audit_entries(self) -> list[audit.AuditEntry]:
        return list(audit.read_entries(self._conn))

    def verify_audit(self) -> audit.ChainReport:
        return audit.verify_chain(self._conn)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> ElectionFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _election_details(election: Election) -> dict[str, Any]:
    return {
        "state": str(election.state),
        "jurisdiction": election.jurisdiction,
        "name": election.name,
        "election_date": election.election_date.isoformat(),
        "canvass_date": election.canvass_date.isoformat() if election.canvass_date else None,
        "board_members": [[m.name, m.title] for m in election.board_members],
        "election_type": str(election.election_type),
    }


def create_election_file(path: str | Path, election: Election, operator: str | None = None) -> ElectionFile:
    """Create a new election file; refuse to overwrite an existing one."""
    path = Path(path)
    if path.exists():
        raise ElectionFileError(f"{path}: a file of that name already exists; choose another name")
    if not path.parent.is_dir():
        raise ElectionFileError(f"{path}: the folder {path.parent} does not exist")
    conn = _connect(path)
    migrate(conn, str(path))
    store = ElectionFile(conn, path, operator or default_operator())
    with store.transaction("election.create", _election_details(election)) as tx:
        write_election(tx, election)
    return store


def open_election_file(path: str | Path, operator: str | None = None) -> ElectionFile:
    """Open an election file: check it, migrate an older one, refuse a newer one."""
    path = Path(path)
    if not path.is_file():
        raise ElectionFileError(f"{path}: no such election file")
    conn = _connect(path)
    try:
        _check_integrity(conn, path)
        migrate(conn, str(path))
        if conn.execute("SELECT COUNT(*) FROM election").fetchone()[0] != 1:
            raise ElectionFileError(f"{path}: the file holds no election record")
    except sqlite3.DatabaseError as error:
        conn.close()
        raise ElectionFileError(f"{path}: not an election file ({error})") from error
    except ElectionFileError:
        conn.close()
        raise
    return ElectionFile(conn, path, operator or default_operator())


def _check_integrity(conn: sqlite3.Connection, path: Path) -> None:
    problems = [row[0] for row in conn.execute("PRAGMA integrity_check(5)")]
    if problems != ["ok"]:
        raise ElectionFileError(f"{path}: the file is damaged: {'; '.join(problems)}")
    has_tables = conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if has_tables and version == 0:
        raise ElectionFileError(f"{path}: this SQLite file is not a Recount Desktop election file")
    if not has_tables:
        raise ElectionFileError(f"{path}: the file is empty, not an election file")
