"""Schema of the election file and the migrations that bring an older file up to date.

``PRAGMA user_version`` holds the schema version. Each migration is a list of statements run in
the same transaction as the version bump, so a file is never left half-migrated.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from recount_desktop.store.dialect import on_server
from recount_desktop.store.errors import ElectionFileError

# Version 1: the election, its contests, precincts, tallies and the audit log.
_V1 = [
    """CREATE TABLE election (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        state TEXT NOT NULL CHECK (state IN ('NE', 'CO', 'OK', 'MT', 'UT')),
        jurisdiction TEXT NOT NULL,
        name TEXT NOT NULL,
        election_date TEXT NOT NULL,
        canvass_date TEXT
    )""",
    """CREATE TABLE board_member (
        position INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        title TEXT NOT NULL DEFAULT ''
    )""",
    """CREATE TABLE contest (
        id INTEGER PRIMARY KEY,
        position INTEGER NOT NULL,
        name TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        seats INTEGER NOT NULL CHECK (seats >= 1),
        scope TEXT NOT NULL,
        election_type TEXT,
        voting_method TEXT NOT NULL,
        approval TEXT NOT NULL,
        measure_type TEXT,
        filed_with TEXT NOT NULL,
        runoff_possible INTEGER NOT NULL CHECK (runoff_possible IN (0, 1)),
        incomplete_precinct_data INTEGER NOT NULL DEFAULT 0
    )""",
    """CREATE TABLE choice (
        id INTEGER PRIMARY KEY,
        contest_id INTEGER NOT NULL REFERENCES contest(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        party TEXT,
        UNIQUE (contest_id, name)
    )""",
    """CREATE TABLE precinct (
        id INTEGER PRIMARY KEY,
        position INTEGER NOT NULL,
        name TEXT NOT NULL UNIQUE,
        county TEXT,
        pseudo INTEGER NOT NULL CHECK (pseudo IN (0, 1))
    )""",
    """CREATE TABLE tally (
        choice_id INTEGER NOT NULL REFERENCES choice(id) ON DELETE CASCADE,
        precinct_id INTEGER NOT NULL REFERENCES precinct(id) ON DELETE CASCADE,
        votes INTEGER NOT NULL CHECK (votes >= 0),
        suppressed INTEGER NOT NULL DEFAULT 0 CHECK (suppressed IN (0, 1)),
        PRIMARY KEY (choice_id, precinct_id)
    )""",
    """CREATE TABLE contest_statistics (
        contest_id INTEGER NOT NULL REFERENCES contest(id) ON DELETE CASCADE,
        precinct_id INTEGER REFERENCES precinct(id) ON DELETE CASCADE,
        registered_voters INTEGER CHECK (registered_voters >= 0),
        ballots_cast INTEGER CHECK (ballots_cast >= 0),
        over_votes INTEGER CHECK (over_votes >= 0),
        under_votes INTEGER CHECK (under_votes >= 0)
    )""",
    "CREATE UNIQUE INDEX contest_statistics_unit ON contest_statistics(contest_id, IFNULL(precinct_id, 0))",
    """CREATE TABLE audit_log (
        seq INTEGER PRIMARY KEY,
        ts TEXT NOT NULL,
        operator TEXT NOT NULL,
        action TEXT NOT NULL,
        details TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
    )""",
    """CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
       BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END""",
    """CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
       BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END""",
]

# Version 2: vote-type breakdowns, voting devices and per-election settings (reading choices).
_V2 = [
    """CREATE TABLE tally_vote_type (
        choice_id INTEGER NOT NULL,
        precinct_id INTEGER NOT NULL,
        vote_type TEXT NOT NULL,
        votes INTEGER NOT NULL CHECK (votes >= 0),
        PRIMARY KEY (choice_id, precinct_id, vote_type),
        FOREIGN KEY (choice_id, precinct_id) REFERENCES tally(choice_id, precinct_id) ON DELETE CASCADE
    )""",
    """CREATE TABLE device (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        precinct_id INTEGER REFERENCES precinct(id) ON DELETE SET NULL
    )""",
    """CREATE TABLE setting (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )""",
]

# Version 3: the recount. Recount rows name contests, precincts and devices by name, not by
# id, so that a re-import of the tallies (which replaces those rows) never cascades into tally sheets:
# a sheet is voided with a reason, never deleted, and triggers keep it that way.
_V3 = [
    """CREATE TABLE recount_scope (
        contest TEXT PRIMARY KEY,
        all_units INTEGER NOT NULL CHECK (all_units IN (0, 1)),
        method TEXT NOT NULL CHECK (method IN ('manual', 'machine')),
        requested_by TEXT NOT NULL DEFAULT '',
        requested_at TEXT NOT NULL DEFAULT '',
        set_by_sheets INTEGER NOT NULL DEFAULT 0 CHECK (set_by_sheets IN (0, 1))
    )""",
    """CREATE TABLE recount_scope_unit (
        contest TEXT NOT NULL REFERENCES recount_scope(contest) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        precinct TEXT NOT NULL DEFAULT '',
        device TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (contest, precinct, device)
    )""",
    """CREATE TABLE recount_sheet (
        sheet_id TEXT PRIMARY KEY,
        contest TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN
            ('entered_once', 'verified', 'discrepancy', 'resolved', 'voided')),
        final_entry INTEGER,
        void_reason TEXT,
        voided_by TEXT
    )""",
    "CREATE INDEX recount_sheet_contest ON recount_sheet(contest, state)",
    """CREATE TABLE recount_entry (
        id INTEGER PRIMARY KEY,
        sheet_id TEXT NOT NULL REFERENCES recount_sheet(sheet_id),
        entry_number INTEGER NOT NULL CHECK (entry_number IN (1, 2, 3)),
        precinct TEXT NOT NULL DEFAULT '',
        device TEXT NOT NULL DEFAULT '',
        method TEXT NOT NULL CHECK (method IN ('manual', 'machine')),
        counted_by TEXT NOT NULL DEFAULT '',
        over_votes INTEGER CHECK (over_votes >= 0),
        under_votes INTEGER CHECK (under_votes >= 0),
        blank_ballots INTEGER CHECK (blank_ballots >= 0),
        ballots INTEGER CHECK (ballots >= 0),
        entered_by TEXT NOT NULL,
        entered_at TEXT NOT NULL,
        reason TEXT,
        UNIQUE (sheet_id, entry_number)
    )""",
    """CREATE TABLE recount_entry_count (
        entry_id INTEGER NOT NULL REFERENCES recount_entry(id),
        position INTEGER NOT NULL,
        choice TEXT NOT NULL,
        votes INTEGER NOT NULL CHECK (votes >= 0),
        PRIMARY KEY (entry_id, choice)
    )""",
    """CREATE TRIGGER recount_sheet_no_delete BEFORE DELETE ON recount_sheet
       BEGIN SELECT RAISE(ABORT, 'a tally sheet is voided, never deleted'); END""",
    """CREATE TRIGGER recount_entry_no_delete BEFORE DELETE ON recount_entry
       BEGIN SELECT RAISE(ABORT, 'a tally sheet entry is never deleted'); END""",
    """CREATE TRIGGER recount_entry_no_update BEFORE UPDATE ON recount_entry
       BEGIN SELECT RAISE(ABORT, 'a tally sheet entry is never changed: corrections are new entries'); END""",
    """CREATE TRIGGER recount_entry_count_no_delete BEFORE DELETE ON recount_entry_count
       BEGIN SELECT RAISE(ABORT, 'a tally sheet entry is never deleted'); END""",
    """CREATE TRIGGER recount_entry_count_no_update BEFORE UPDATE ON recount_entry_count
       BEGIN SELECT RAISE(ABORT, 'a tally sheet entry is never changed: corrections are new entries'); END""",
]

# Version 4: the election's own type (general, primary, ...), which decides several statutes' routes.
_V4 = [
    """ALTER TABLE election ADD COLUMN election_type TEXT NOT NULL DEFAULT 'general'
       CHECK (election_type IN ('general', 'primary', 'municipal_primary', 'municipal_general',
                                'local_district', 'special'))""",
]

# Version 5: the audit log binds the data. Each entry records the digest of the data after
# its change (``store.digest``), whose running sums are kept in ``data_digest``; the operator who typed
# or imported each tally-sheet entry and the file it came from are stored with it; a random key per
# election makes the tally-sheet digests in the log unguessable; and the append-only tables refuse an
# INSERT whose key exists (INSERT OR REPLACE / REPLACE / UPSERT would otherwise delete the old row
# without firing its DELETE trigger).
_V5 = [
    "ALTER TABLE audit_log ADD COLUMN data_digest TEXT",
    """CREATE TABLE data_digest (
        tbl TEXT PRIMARY KEY,
        row_count INTEGER NOT NULL,
        value TEXT NOT NULL
    )""",
    "ALTER TABLE recount_entry ADD COLUMN operator TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE recount_entry ADD COLUMN source TEXT NOT NULL DEFAULT ''",
    """CREATE TABLE election_key (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        key TEXT NOT NULL
    )""",
    "INSERT INTO election_key (id, key) VALUES (1, lower(hex(randomblob(32))))",
    """CREATE TRIGGER audit_log_no_replace BEFORE INSERT ON audit_log
       WHEN EXISTS (SELECT 1 FROM audit_log WHERE seq = NEW.seq)
       BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END""",
    """CREATE TRIGGER recount_sheet_no_replace BEFORE INSERT ON recount_sheet
       WHEN EXISTS (SELECT 1 FROM recount_sheet WHERE sheet_id = NEW.sheet_id)
       BEGIN SELECT RAISE(ABORT, 'a tally sheet is voided, never replaced'); END""",
    """CREATE TRIGGER recount_entry_no_replace BEFORE INSERT ON recount_entry
       WHEN EXISTS (SELECT 1 FROM recount_entry WHERE id = NEW.id
                    OR (sheet_id = NEW.sheet_id AND entry_number = NEW.entry_number))
       BEGIN SELECT RAISE(ABORT, 'a tally sheet entry is never replaced'); END""",
    """CREATE TRIGGER recount_entry_count_no_replace BEFORE INSERT ON recount_entry_count
       WHEN EXISTS (SELECT 1 FROM recount_entry_count WHERE entry_id = NEW.entry_id AND choice = NEW.choice)
       BEGIN SELECT RAISE(ABORT, 'a tally sheet entry is never replaced'); END""",
    """CREATE TRIGGER election_key_no_change BEFORE UPDATE ON election_key
       BEGIN SELECT RAISE(ABORT, 'the election key is never changed'); END""",
    """CREATE TRIGGER election_key_no_delete BEFORE DELETE ON election_key
       BEGIN SELECT RAISE(ABORT, 'the election key is never changed'); END""",
]

# Version 6: the tally table's key (choice, precinct) is a named unique index instead of the table's
# inline PRIMARY KEY, so that an import can drop it, load the rows and build it once by sorting
# (``mapping.tally_key_built_after``): kept up row by row, in the file's order, it made the insert a
# third dearer. Same columns, same rows, same rowids (reads return tallies in rowid order); SQLite cannot
# drop a column constraint, so the table is rebuilt (https://www.sqlite.org/lang_altertable.html,
# "Making Other Kinds Of Table Schema Changes"), with foreign keys off (``REBUILT_WITHOUT_FOREIGN_KEYS``):
# with them on, dropping the old table would delete its rows and cascade into ``tally_vote_type``. The
# tally table has no trigger and no other index to recreate.
TALLY_KEY_INDEX = "tally_key"
CREATE_TALLY_KEY = f"CREATE UNIQUE INDEX {TALLY_KEY_INDEX} ON tally(choice_id, precinct_id)"
_V6 = [
    """CREATE TABLE tally_v6 (
        choice_id INTEGER NOT NULL REFERENCES choice(id) ON DELETE CASCADE,
        precinct_id INTEGER NOT NULL REFERENCES precinct(id) ON DELETE CASCADE,
        votes INTEGER NOT NULL CHECK (votes >= 0),
        suppressed INTEGER NOT NULL DEFAULT 0 CHECK (suppressed IN (0, 1))
    )""",
    "INSERT INTO tally_v6 (rowid, choice_id, precinct_id, votes, suppressed)"
    " SELECT rowid, choice_id, precinct_id, votes, suppressed FROM tally ORDER BY rowid",
    "DROP TABLE tally",
    "ALTER TABLE tally_v6 RENAME TO tally",
    CREATE_TALLY_KEY,
]

MIGRATIONS: tuple[list[str], ...] = (_V1, _V2, _V3, _V4, _V5, _V6)
DATA_DIGEST_VERSION = 5  # the first schema whose audit entries record the data digest
SCHEMA_VERSION = len(MIGRATIONS)
# Migrations that rebuild a table under foreign keys: run with enforcement off, then checked whole.
REBUILT_WITHOUT_FOREIGN_KEYS = frozenset({6})
# The oldest schema this program reads as it is, without migrating (a file on read-only media cannot be
# migrated): 5 and 6 differ only in how the tally key is stored, not in what any query reads.
READABLE_FROM = 5


def _normalised(sql: str) -> str:
    return " ".join(sql.split())


def expected_triggers(version: int = SCHEMA_VERSION) -> dict[str, str]:
    """The guard triggers a file of ``version`` holds, by name, as the migrations created them."""
    found = {}
    for statements in MIGRATIONS[:version]:
        for statement in statements:
            words = statement.split()
            if words[:2] == ["CREATE", "TRIGGER"]:
                found[words[2]] = _normalised(statement)
    return found


def trigger_problems(conn: sqlite3.Connection) -> list[str]:
    """Guard triggers dropped, changed or added behind the program's back (names them)."""
    if on_server(conn):
        from recount_desktop.store import pg_schema

        return pg_schema.trigger_problems(conn)
    expected = expected_triggers(min(schema_version(conn), SCHEMA_VERSION))
    present = {
        name: _normalised(sql or "")
        for name, sql in conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'")
    }
    problems = [f"trigger {name} was dropped" for name in expected if name not in present]
    problems += [f"trigger {name} was changed" for name in expected
                 if name in present and present[name] != expected[name]]
    problems += [f"trigger {name} was added outside the program" for name in present if name not in expected]
    return problems + _tally_key_problems(conn)


def _tally_key_problems(conn: sqlite3.Connection) -> list[str]:
    """Since schema 6 the tally key is an index, which one statement drops: without it a key could be
    held twice, and no tally can be deleted or imported again ("foreign key mismatch")."""
    if schema_version(conn) < 6:
        return []
    row = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?",
                       (TALLY_KEY_INDEX,)).fetchone()
    if row is None:
        return [f"index {TALLY_KEY_INDEX} (the tally key) was dropped"]
    if _normalised(row[0] or "") != _normalised(CREATE_TALLY_KEY):
        return [f"index {TALLY_KEY_INDEX} (the tally key) was changed"]
    return []


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def refuse_newer(conn: sqlite3.Connection, path: str) -> int:
    """The file's schema version; a file written by a newer Recount Desktop is refused untouched."""
    current = schema_version(conn)
    if current > SCHEMA_VERSION:
        raise ElectionFileError(
            f"{path}: this election file was written by a newer version of Recount Desktop "
            f"(file schema {current}, this program understands up to {SCHEMA_VERSION}). "
            "Open it with that version or newer; the file has not been changed."
        )
    return current


def migrate(conn: sqlite3.Connection, path: str, target: int = SCHEMA_VERSION) -> int:
    """Bring the file up to ``target``; refuse a file written by a newer Recount Desktop."""
    current = refuse_newer(conn, path)
    for version in range(current + 1, target + 1):
        if version in REBUILT_WITHOUT_FOREIGN_KEYS:
            with _foreign_keys_off(conn):
                _migrate_one(conn, path, version)
        else:
            _migrate_one(conn, path, version)
    return schema_version(conn)


def _migrate_one(conn: sqlite3.Connection, path: str, version: int) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        for statement in MIGRATIONS[version - 1]:
            conn.execute(statement)
        if version in REBUILT_WITHOUT_FOREIGN_KEYS:
            _refuse_broken_references(conn, path, version)
        conn.execute(f"PRAGMA user_version = {version}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


@contextmanager
def _foreign_keys_off(conn: sqlite3.Connection) -> Iterator[None]:
    """Foreign key enforcement off for a table rebuild, then as it was (the pragma is a no-op inside
    a transaction, so it is set around it)."""
    was_on = bool(conn.execute("PRAGMA foreign_keys").fetchone()[0])
    conn.execute("PRAGMA foreign_keys = OFF")
    try:
        yield
    finally:
        if was_on:
            conn.execute("PRAGMA foreign_keys = ON")


def _refuse_broken_references(conn: sqlite3.Connection, path: str, version: int) -> None:
    """After a rebuild with foreign keys off: every reference still finds its row, or nothing is kept."""
    broken = conn.execute("PRAGMA foreign_key_check").fetchmany(5)
    if broken:
        named = "; ".join(f"{table} row {rowid} -> {parent}" for table, rowid, parent, _fk in broken)
        raise ElectionFileError(
            f"{path}: cannot bring the file up to schema {version}: rows refer to rows that do not "
            f"exist ({named}); the file has not been changed. Run `recount-desktop audit verify`"
        )
