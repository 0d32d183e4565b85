"""An election on the county's PostgreSQL server: open, create, archive to a file, publish a file.

``ServerElection`` is an ``ElectionFile`` whose connection is a ``pg.ServerConnection``: every change
still goes through ``transaction(action, details)``, one server transaction with its audit entry,
the hash chain and the data digest computed by the same code as for a file. What differs:

- changes are serialised by a transaction-scoped advisory lock taken right after BEGIN, so the audit
  log's sequence and the running digests advance one change at a time while reads never wait;
- ``read()`` is a REPEATABLE READ, READ ONLY snapshot;
- the operator is the server's session user (each clerk signs in with their own role), never a name
  typed at the keyboard.
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

import psycopg

from recount_desktop.domain import Election
from recount_desktop.store import audit, pg, pg_audit, pg_schema
from recount_desktop.store.archive import write_checked_archive
from recount_desktop.store.digest import TABLES
from recount_desktop.store.election_file import ElectionFile, _election_details
from recount_desktop.store.errors import ElectionFileError
from recount_desktop.store.mapping import write_election
from recount_desktop.store.pg_change import ServerChange
from recount_desktop.store.pg_optimistic import TRIES, ChangeConflict
from recount_desktop.store.schema import MIGRATIONS
from recount_desktop.store.schema import migrate as migrate_file

T = TypeVar("T")
AUDIT_COLUMNS = ("seq", "ts", "operator", "action", "details", "prev_hash", "hash", "data_digest")
# Tables read back in insertion order: the server keeps that order in a ``rowid`` column.
ORDERED_TABLES = frozenset({"tally", "tally_vote_type", "contest_statistics", "recount_sheet"})


class ServerElection(ElectionFile):
    """An election in a server database (see the module's docstring)."""

    def __init__(self, conn: Any, path: Path, operator: str, **options: Any) -> None:
        super().__init__(conn, path, operator, **options)
        self._change = ServerChange(conn)
        self._optimistic = False  # the next change takes the lock at its first write (pg_optimistic)
        self.conflicts = 0  # optimistic changes run again because another workstation got there first

    def optimistically(self, attempt: Callable[[], T]) -> T:
        """Run ``attempt`` (one change, which may be run again) taking the lock only at its first
        write; when another workstation changed what it read meanwhile, run it again, and the last
        time hold the lock from BEGIN. See ``pg_optimistic``."""
        for _ in range(TRIES):
            self._optimistic = True
            try:
                return attempt()
            except ChangeConflict:
                self.conflicts += 1
            finally:
                self._optimistic = False
        return attempt()

    @contextmanager
    def transaction(self, action: str, details: Mapping[str, Any],
                    rewrites: frozenset[str] = frozenset()) -> Iterator[Any]:
        """As ``ElectionFile.transaction``: one change with its audit entry, atomically; the
        bookkeeping in four exchanges with the server (``pg_change``)."""
        if self._conn.in_transaction:
            raise RuntimeError("transactions do not nest: finish the current change first")
        optimistic, self._optimistic = self._optimistic, False
        try:
            self._change.begin(self.path, optimistic)
            yield self._conn
            self._change.commit(self.operator, action, details, rewrites)
        except sqlite3.OperationalError as error:  # the connection dropped, a conflict
            self._rollback()
            raise ElectionFileError(f"{self.path}: the change was not saved ({error})") from error
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        self._change.rolled_back()
        if self._conn.in_transaction:
            with suppress(sqlite3.Error):
                self._conn.execute("ROLLBACK")

    @contextmanager
    def read(self) -> Iterator[Any]:
        """One consistent snapshot of the election; the server refuses any write through it."""
        if self._conn.in_transaction:
            raise RuntimeError("read() inside a change: use the transaction's connection")
        self._conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        try:
            yield self._conn
        finally:
            self._conn.execute("ROLLBACK" if self._failed() else "COMMIT")

    def _failed(self) -> bool:
        from psycopg.pq import TransactionStatus

        conn: pg.ServerConnection = self._conn  # type: ignore[assignment]
        return bool(conn.raw.info.transaction_status == TransactionStatus.INERROR)

    def listen(self) -> None:
        """Hear of every change committed at any workstation (``changed_contests``)."""
        self._conn.execute(f"LISTEN {pg_schema.NOTIFY_CHANNEL}")

    def changed_contests(self) -> set[str]:
        """The changes committed (here or elsewhere) since the last call, one per audit entry, each
        "sender's backend pid<TAB>action<TAB>contest or empty" (``pg_schema.NOTIFY_BODY``); never
        waits. ``ui/server_watch`` sorts them into what a window shows again."""
        conn: pg.ServerConnection = self._conn  # type: ignore[assignment]
        if self._conn.in_transaction:
            return set()
        try:
            return conn.notified()
        except psycopg.Error as error:
            raise pg.translated(error, str(self.path)) from error

    def archive(self, out: str | Path) -> audit.ChainReport:
        """A complete election file of this election (data and audit log), verified before it takes
        its name: its ``audit verify`` gives the same head hash as the server's."""
        return archive_to_file(self, Path(out))


def _session_user(conn: pg.ServerConnection) -> str:
    return str(conn.execute("SELECT session_user").fetchone()[0])


def _start_session(conn: pg.ServerConnection) -> None:
    for statement in pg_schema.SESSION_STATEMENTS:
        conn.execute(statement)
    conn.server_audit = pg_audit.installed(conn)
    if conn.server_audit:
        pg_audit.warm_up(conn)


def open_server(url: str) -> ServerElection:
    """Open the election in a server database: check it, migrate an older schema, refuse a newer one."""
    conn = pg.connect(url)
    where = str(conn.address)
    try:
        if not pg_schema.has_schema(conn):
            raise ElectionFileError(f"{where}: this database holds no Recount Desktop election; create one "
                                    f"with `recount-desktop new {where} ...` or `recount-desktop publish`")
        pg_schema.migrate(conn, where)
        _start_session(conn)
        if conn.execute("SELECT COUNT(*) FROM election").fetchone()[0] != 1:
            raise ElectionFileError(f"{where}: the database holds no election record")
        warnings = tuple(f"{where}: {problem}: the database was changed outside the program; run "
                         "`recount-desktop audit verify`" for problem in pg_schema.trigger_problems(conn))
        operator = _session_user(conn)
    except (ElectionFileError, sqlite3.Error):
        conn.close()
        raise
    return ServerElection(conn, conn.address, operator, warnings=warnings)


def create_server(url: str, election: Election) -> ServerElection:
    """Create the schema in an empty server database and record the election, as ``new`` does for a file."""
    conn = pg.connect(url)
    where = str(conn.address)
    try:
        pg_schema.create(conn, where)
        pg_audit.install(conn)  # when the server has PL/Python; the workstations compute it otherwise
        _grant_if_roles(conn)
        # As the file's migration does: the key that makes the log's tally-sheet digests unguessable.
        conn.execute("INSERT INTO election_key (id, key) VALUES (1, ?)", (secrets.token_hex(32),))
        _start_session(conn)
        store = ServerElection(conn, conn.address, _session_user(conn))
        with store.transaction("election.create", _election_details(election)) as tx:
            write_election(tx, election)
    except (ElectionFileError, sqlite3.Error):
        conn.close()
        raise
    return store


# -- moving an election between a server and a file -------------------------------------------------
def _copied_tables() -> list[tuple[str, tuple[str, ...]]]:
    """Every stored table with its columns, parents before children."""
    return ([(spec.name, spec.columns) for spec in TABLES if spec.name != "election_key"]
            + [("audit_log", AUDIT_COLUMNS), ("data_digest", ("tbl", "row_count", "value"))])


def _rows(conn: Any, table: str, columns: tuple[str, ...]) -> Iterator[list[Any]]:
    order = " ORDER BY rowid" if table in ORDERED_TABLES else ""
    cursor = conn.execute(f"SELECT {', '.join(columns)} FROM {table}{order}")
    while batch := cursor.fetchmany(20_000):
        yield batch


def _insert_all(target: Any, source: Any, table: str, columns: tuple[str, ...]) -> None:
    marks = ", ".join("?" for _ in columns)
    for batch in _rows(source, table, columns):
        target.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", batch)


def _election_key(conn: Any) -> str:
    return str(conn.execute("SELECT key FROM election_key WHERE id = 1").fetchone()[0])


def _set_file_key(conn: sqlite3.Connection, key: str) -> None:
    """The file's migration made a key of its own; the archive keeps the election's. The guard is
    lifted for this one write and put back exactly as the migration wrote it."""
    guard = next(s for steps in MIGRATIONS for s in steps if "TRIGGER election_key_no_change" in s)
    conn.execute("DROP TRIGGER election_key_no_change")
    conn.execute("UPDATE election_key SET key = ? WHERE id = 1", (key,))
    conn.execute(guard)


def archive_to_file(store: ServerElection, out: Path) -> audit.ChainReport:
    """Write the server's election, one consistent snapshot, into a new election file ``out``."""

    def fill(part: Path) -> None:
        target = sqlite3.connect(str(part), isolation_level=None)
        try:
            target.execute("PRAGMA journal_mode = DELETE")
            migrate_file(target, str(part))
            with store.read() as source:
                target.execute("BEGIN IMMEDIATE")
                _set_file_key(target, _election_key(source))
                for table, columns in _copied_tables():
                    _insert_all(target, source, table, columns)
                target.execute("COMMIT")
        finally:
            target.close()

    return write_checked_archive(out, store.path, fill)


def publish(source: ElectionFile, url: str) -> audit.ChainReport:
    """Load an election file, verified, into an empty server database; the server's copy is verified
    in turn and must give the same head hash."""
    before = source.verify_audit()
    if not before.ok:
        problem = before.problem or "; ".join(before.schema_problems)
        raise ElectionFileError(f"{source.path}: the election file does not verify ({problem}); nothing was "
                                f"published. Run `recount-desktop audit verify {source.path}`")
    conn = pg.connect(url)
    where = str(conn.address)
    try:
        pg_schema.create(conn, where)
        pg_audit.install(conn)  # when the server has PL/Python; the workstations compute it otherwise
        _grant_if_roles(conn)
        with source.read() as file_conn:
            conn.execute("BEGIN")
            try:
                conn.execute("INSERT INTO election_key (id, key) VALUES (1, ?)", (_election_key(file_conn),))
                for table, columns in _copied_tables():
                    _insert_all(conn, file_conn, table, columns)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
    finally:
        conn.close()
    with open_server(url) as server:
        after = server.verify_audit()
    if not after.ok or after.head_hash != before.head_hash:
        raise ElectionFileError(f"{where}: the published election does not verify as the file does "
                                f"({after.problem or after.head_hash}); drop the database and publish again")
    return after


# -- server init: the database and the roles ---------------------------------------------------------
def init_server(url: str) -> list[str]:
    """Create the election's database (when missing) and the roles ``clerk``, ``board`` and ``admin``,
    and grant their privileges on an election already in it. Run by the county's database
    administrator; returns what was done, one line each."""
    from urllib.parse import urlsplit, urlunsplit

    from recount_desktop.store import pg_roles

    parts = urlsplit(url)
    database = parts.path.lstrip("/")
    if not database:
        raise ElectionFileError(f"{pg.shown_url(url)}: name the database, as in postgresql://HOST/DBNAME")
    done = []
    maintenance = pg.connect(urlunsplit((parts.scheme, parts.netloc, "/postgres", parts.query, "")))
    try:
        exists = maintenance.execute("SELECT 1 FROM pg_database WHERE datname = ?", (database,)).fetchone()
        if not exists:
            maintenance.execute(f'CREATE DATABASE "{database}" TEMPLATE template0 ENCODING \'UTF8\'')
            done.append(f"created the database {database}")
        done += [f"created the role {role}" for role in pg_roles.create_roles(maintenance)]
    finally:
        maintenance.close()
    conn = pg.connect(url)
    try:
        conn.execute(f'REVOKE ALL ON DATABASE "{database}" FROM PUBLIC')
        if pg_schema.has_schema(conn):
            done += pg_schema.bring_triggers_up_to_date(conn)  # a database made by an earlier version
            done.append(pg_audit.install(conn))
            pg_roles.grant(conn)
            done.append("granted clerk, board and admin their privileges on the election")
        else:
            done.append("no election in the database yet: `recount-desktop new` grants the privileges")
    finally:
        conn.close()
    return done


def _grant_if_roles(conn: pg.ServerConnection) -> None:
    from recount_desktop.store import pg_roles

    if pg_roles.existing_roles(conn):
        pg_roles.grant(conn)
