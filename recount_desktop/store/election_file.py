"""Open, create and change an election file. Every change goes through ``transaction()``.

``transaction(action, details)`` opens one SQLite transaction, lets the caller change election
data, and writes the audit entry in that same transaction before it commits: a change and its
audit entry land together or not at all, and there is no other way to write.
"""

from __future__ import annotations

import getpass
import os
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.store import audit, digest
from recount_desktop.store.data_state import DigestTracker, note_written, verify_state
from recount_desktop.store.dialect import is_server_url
from recount_desktop.store.errors import ElectionFileError
from recount_desktop.store.mapping import (
    read_contest_attributes,
    read_election,
    read_results,
    write_contest_attributes,
    write_election,
    write_results,
)
from recount_desktop.store.schema import (
    DATA_DIGEST_VERSION,
    READABLE_FROM,
    migrate,
    refuse_newer,
    schema_version,
    trigger_problems,
)

SUFFIX = ".canvass"


def default_operator() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


SQLITE_HEADER = b"SQLite format 3\x00"


def _connect(path: Path, read_only: bool = False) -> sqlite3.Connection:
    """A connection with foreign keys on; nothing is written to the file yet.

    Read-only (a burned disc, a write-protected stick, a read-only share): SQLite is told the file
    cannot change (``immutable=1``), so it neither writes nor looks for lock or journal files beside it.
    """
    target = f"{path.resolve().as_uri()}?mode=ro&immutable=1" if read_only else str(path)
    conn = sqlite3.connect(target, isolation_level=None, check_same_thread=False, uri=read_only)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("PRAGMA busy_timeout = 5000")
    except sqlite3.DatabaseError as error:
        conn.close()
        raise ElectionFileError(f"{path}: not an election file ({error})") from error
    return conn


def _use_rollback_journal(conn: sqlite3.Connection, path: Path) -> None:
    """Keep the file whole between writes: a rollback journal, not write-ahead logging.

    With write-ahead logging, committed changes can live only in ``FILE-wal`` after a crash, and a copy
    of the ``.canvass`` file alone silently lacks them; with a rollback journal every commit is in the
    main file (a ``-journal`` beside it only ever holds the undo of an unfinished write). Switching from
    WAL (files written by earlier versions) checkpoints the log into the file. This rewrites the file
    header, so it runs only once the file is known to be an election file.
    """
    mode = str(conn.execute("PRAGMA journal_mode = DELETE").fetchone()[0]).lower()
    if mode != "delete":
        raise ElectionFileError(f"{path}: cannot switch the file to a rollback journal ({mode}); "
                                "is it open in an older version of Recount Desktop?")
    # FULL: a committed change survives a power cut, not just a crash of the program.
    conn.execute("PRAGMA synchronous = FULL")


def _is_read_only(path: Path) -> bool:
    """Whether the file cannot be written here: write-protected, or on read-only media or a share.
    The folder matters too: the rollback journal is written beside the file."""
    return not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))


def _saving_error(path: Path, error: sqlite3.Error) -> ElectionFileError:
    text = str(error)
    if "full" in text.lower():
        return ElectionFileError(f"{path}: the disk is full; the change was not saved and the election "
                                 "file is as it was. Free some space and try again")
    return ElectionFileError(f"{path}: the change was not saved ({text})")


class ElectionFile:
    """An open election file. Use ``open_election_file`` or ``create_election_file``."""

    def __init__(self, conn: sqlite3.Connection, path: Path, operator: str, *, read_only: bool = False,
                 warnings: tuple[str, ...] = ()) -> None:
        self._conn = conn
        self.path = path
        self.operator = operator
        self.read_only = read_only
        # What the window must show loudly on opening: guard triggers dropped or changed, a read-only
        # file that cannot be brought up to date.
        self.warnings = warnings
        self._tracker = DigestTracker(conn)

    # -- writing -------------------------------------------------------------------------
    @contextmanager
    def transaction(self, action: str, details: Mapping[str, Any],
                    rewrites: frozenset[str] = frozenset()) -> Iterator[sqlite3.Connection]:
        """One change to election data with its audit entry, atomically.

        ``details`` is read when the block ends, so the caller may complete it inside the block
        with what the change produced (e.g. the state a tally sheet ended in). ``rewrites`` names the
        whole tables (``digest.WHOLE_TABLES``) the change replaces, row for row: their digests are
        recomputed from the rows; every other table's digest follows the rows the change writes.
        """
        if self._conn.in_transaction:
            raise RuntimeError("transactions do not nest: finish the current change first")
        if self.read_only:
            raise ElectionFileError(f"{self.path}: the election file is read-only (write-protected or on "
                                    "read-only media); nothing can be changed. Copy it somewhere writable "
                                    "to change it")
        try:
            self._begin()
        except sqlite3.OperationalError as error:
            raise ElectionFileError(
                f"{self.path}: cannot change the election file ({error}); is it open for changes in "
                "another window, or read-only?"
            ) from error
        try:
            self._tracker.begin(self.path, rewrites)
            yield self._conn
            data_digest = self._tracker.finish()
            audit.append_entry(self._conn, self.operator, action, details, data_digest)
            self._conn.execute("COMMIT")
            self._tracker.committed()
        except sqlite3.OperationalError as error:  # disk full, file made read-only, I/O error
            self._rollback()
            raise _saving_error(self.path, error) from error
        except BaseException:
            self._rollback()
            raise
        finally:
            self._tracker.end()

    def _begin(self) -> None:
        """Start a change: SQLite takes the file's write lock at once (``server`` overrides this)."""
        self._conn.execute("BEGIN IMMEDIATE")

    def _rollback(self) -> None:
        # A COMMIT that fails on a full disk may already have ended the transaction (SQLite rolls it
        # back itself): a second ROLLBACK would raise "no transaction is active" over the real error.
        if self._conn.in_transaction:
            with suppress(sqlite3.OperationalError):
                self._conn.execute("ROLLBACK")

    def update_election(self, election: Election) -> None:
        """Change the election record; the audit entry keeps the values before and after."""
        details = _election_details(election)
        with self.transaction("election.update", details) as conn:
            details["before"] = _election_details(read_election(conn))
            write_election(conn, election)

    def replace_results(
        self, results: ElectionResults, details: Mapping[str, Any], election: Election | None = None
    ) -> None:
        """Replace all contests, precincts and tallies at once (an import or re-import).

        ``election``, when given, is written in the same transaction (an import that also brings the
        board members for the signature blocks), so the import lands whole or not at all.
        """
        summary: dict[str, Any] = {
            "contests": len(results.contests),
            "precincts": len(results.precincts),
            "tallies": len(results.tallies),
            "votes": results.total_votes(),
            **details,
        }
        with self.transaction("results.replace", summary, rewrites=digest.WHOLE_TABLES) as conn:
            if election is not None:
                before = _election_details(read_election(conn))
                after = _election_details(election)
                summary["election_changes"] = {
                    key: {"old": before[key], "new": value}
                    for key, value in after.items() if before[key] != value
                }
                write_election(conn, election)
            note_written(conn, write_results(conn, results))

    def update_contest_attributes(self, contest_name: str, changes: Mapping[str, str]) -> None:
        """Change a contest's attributes (kind, seats, scope, ...), given as their text values.

        The audit entry records each attribute's stored value before and after, so a board can see
        what the contest was decided under at any time.
        """
        details: dict[str, Any] = {"contest": contest_name, "changes": {}}
        with self.transaction("contest.update", details) as conn:
            before = read_contest_attributes(conn, contest_name, changes)
            write_contest_attributes(conn, contest_name, changes)
            after = read_contest_attributes(conn, contest_name, changes)
            details["changes"] = {a: {"old": before[a], "new": after[a]} for a in changes}

    def set_setting(self, key: str, value: str) -> None:
        """Set an election setting; the audit entry keeps the previous value (None: it was unset)."""
        details: dict[str, Any] = {"key": key, "value": value}
        with self.transaction("setting.set", details) as conn:
            row = conn.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
            details["previous"] = row[0] if row else None
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
        """The chain, the guard triggers, and the data against the head entry's recorded digest."""
        with self.read() as conn:
            report = verify_state(conn, audit.verify_chain(conn))
            problems = tuple(trigger_problems(conn))
        if problems:
            return audit.ChainReport(report.entries, report.head_hash, report.broken_at, report.problem,
                                     report.differences, problems, report.data_bound_from)
        return report

    def head_hash(self) -> str:
        last = audit.head(self._conn)
        return last[1] if last else audit.GENESIS_HASH

    def archive(self, out: str | Path) -> audit.ChainReport:
        """A consistent, checked copy of the election in ``out`` (which must not exist).

        SQLite's backup API copies one consistent state even while another program writes; the copy is
        then opened and verified (integrity, chain, data) before it takes its name, so a half-written or
        failing copy never appears under ``out``.
        """
        from recount_desktop.store.archive import archive_copy

        return archive_copy(self._conn, self.path, Path(out))

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
    """Create a new election file; refuse to overwrite an existing one. A file that cannot be
    completed (disk full, no permission) is removed, with its journal: nothing is left behind.
    A ``postgresql://`` URL creates the schema in that (empty) server database instead."""
    if is_server_url(path):
        from recount_desktop.store.server import create_server

        return create_server(str(path), election)
    path = Path(path)
    if path.exists():
        raise ElectionFileError(f"{path}: a file of that name already exists; choose another name")
    if not path.parent.is_dir():
        raise ElectionFileError(f"{path}: the folder {path.parent} does not exist")
    try:
        conn = _connect(path)
    except sqlite3.Error as error:
        raise ElectionFileError(f"{path}: cannot create the election file ({error})") from error
    try:
        _use_rollback_journal(conn, path)
        migrate(conn, str(path))
        store = ElectionFile(conn, path, operator or default_operator())
        with store.transaction("election.create", _election_details(election)) as tx:
            write_election(tx, election)
    except (sqlite3.Error, ElectionFileError) as error:
        conn.close()
        _remove_partial(path)
        text = str(error)
        if "disk is full" in text or "full" in text.lower():
            raise ElectionFileError(f"{path}: the disk is full; no election file was created") from error
        raise ElectionFileError(f"{path}: cannot create the election file ({error})") from error
    return store


def _remove_partial(path: Path) -> None:
    for leftover in (path, *(path.with_name(path.name + s) for s in ("-journal", "-wal", "-shm"))):
        leftover.unlink(missing_ok=True)


def open_election_file(path: str | Path, operator: str | None = None) -> ElectionFile:
    """Open an election file: check it, migrate an older one, refuse a newer one.

    A file that cannot be written here is opened read-only (``ElectionFile.read_only``): everything
    that reads works, every change is refused with a plain message. A ``postgresql://`` URL opens
    the election in that server database (``store.server``).
    """
    if is_server_url(path):
        from recount_desktop.store.server import open_server

        return open_server(str(path))
    path = Path(path)
    _check_header(path)
    read_only = _is_read_only(path)
    conn = _connect(path, read_only)
    warnings: list[str] = []
    try:
        _check_integrity(conn, path)
        found = refuse_newer(conn, str(path))
        if read_only:
            warnings += _read_only_warnings(path, found)
        else:
            _use_rollback_journal(conn, path)
            migrate(conn, str(path))
        if conn.execute("SELECT COUNT(*) FROM election").fetchone()[0] != 1:
            raise ElectionFileError(f"{path}: the file holds no election record")
        warnings += [f"{path}: {problem}: the file was changed outside the program; "
                     "run `recount-desktop audit verify`" for problem in trigger_problems(conn)]
    except sqlite3.OperationalError as error:  # locked, read-only, no room: the file itself is fine
        conn.close()
        raise ElectionFileError(f"{path}: cannot open the election file ({error})") from error
    except sqlite3.DatabaseError as error:
        conn.close()
        raise ElectionFileError(f"{path}: not an election file ({error})") from error
    except ElectionFileError:
        conn.close()
        raise
    store = ElectionFile(conn, path, operator or default_operator(), read_only=read_only,
                         warnings=tuple(warnings))
    if not read_only:
        _bind_data(store, found)
    return store


def _read_only_warnings(path: Path, version: int) -> list[str]:
    """Why a read-only file cannot be opened, or what the window must say about it. A file of a schema
    from ``READABLE_FROM`` on is read as it is: migrating it would write."""
    if version < READABLE_FROM:
        raise ElectionFileError(
            f"{path}: this election file was written by an older version of Recount Desktop (schema "
            f"{version}) and must be brought up to date, which needs a writable copy; it is read-only "
            "here. Copy it to a writable folder and open the copy"
        )
    wal = path.with_name(path.name + "-wal")
    if wal.exists() and wal.stat().st_size:
        return [f"{path}: a write-ahead log ({wal.name}) lies beside this read-only file and cannot be "
                "applied here: changes in it are not shown. Open the file where it can be written, or "
                "make copies with `recount-desktop archive`"]
    return []


def _bind_data(store: ElectionFile, found_version: int) -> None:
    """The first data digest of a file migrated from before schema 5: one entry, ``audit.data_bound``,
    records the data as found at migration. Earlier entries stay as they were hashed; they bind no
    data, which ``audit verify`` says (``ChainReport.data_bound_from``)."""
    last = audit.head(store._conn)
    if last is None or last[2] is not None:
        return
    try:
        with store.transaction("audit.data_bound", {
            "schema_found": found_version, "schema": schema_version(store._conn),
            "note": f"first entry to record the data digest (schema {DATA_DIGEST_VERSION}): the data as "
                    "found when the file was brought up to date; earlier entries bind no data",
        }):
            pass
    except ElectionFileError:
        store.close()
        raise


def _check_header(path: Path) -> None:
    """Refuse what is not an SQLite file before SQLite sees it: SQLite would turn an empty file into a
    new database, changing a file the clerk only asked to read."""
    if path.is_dir():
        raise ElectionFileError(f"{path}: is a folder, not an election file")
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except FileNotFoundError as error:
        raise ElectionFileError(f"{path}: no such election file") from error
    except OSError as error:
        raise ElectionFileError(f"{path}: cannot read the file ({error.strerror or error})") from error
    if not header:
        raise ElectionFileError(f"{path}: the file is empty, not an election file")
    if header != SQLITE_HEADER:
        raise ElectionFileError(f"{path}: not an election file (not an SQLite database)")


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
