"""Schema 6: the tally key is a unique index built after an import's rows are in.

A file written by the previous program (schema 5, the key inline in the table) opens, is rebuilt to
schema 6 with the same rows in the same order, verifies with the same head hash, and imports again;
on read-only media it opens as it is. A key held twice still fails the import and stores nothing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.store import (
    ElectionFile,
    ElectionFileError,
    create_election_file,
    digest,
    election_file,
    mapping,
    open_election_file,
)
from recount_desktop.store.schema import SCHEMA_VERSION, migrate
from recount_desktop.store.server import publish
from tests.pg_testing import raw


@contextmanager
def _key_kept_inline() -> Iterator[None]:
    """What the previous program did: insert the tally rows into the table with its key in place."""
    yield


def _schema_5_file(
    path: Path, election: Election, results: ElectionResults, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file as the previous program left it: schema 5 (built with the v1..v5 statements), an
    election, an import and a later change, each with its audit entry binding the data."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = DELETE")
    migrate(conn, str(path), target=5)
    with monkeypatch.context() as patch:
        patch.setattr(mapping, "tally_key_built_after", lambda _conn: _key_kept_inline())
        store = ElectionFile(conn, path, "clerk-a")
        with store.transaction("election.create", {}) as tx:
            mapping.write_election(tx, election)
        store.replace_results(results, {"source": "old program"})
        store.update_contest_attributes("Mayor", {"seats": "1"})
        store.close()


def _tally_sql(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        return str(conn.execute("SELECT sql FROM sqlite_master WHERE name = 'tally'").fetchone()[0])
    finally:
        conn.close()


def _tally_rows(path: Path) -> list[tuple[int, ...]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT rowid, * FROM tally ORDER BY rowid").fetchall()
    finally:
        conn.close()


def _indexes_on_tally(path: Path) -> list[tuple[str, str | None]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tally' ORDER BY name"
        ).fetchall()
    finally:
        conn.close()


@pytest.fixture
def old_file(
    tmp_path: Path, election: Election, results: ElectionResults, monkeypatch: pytest.MonkeyPatch
) -> Path:
    path = tmp_path / "old.canvass"
    _schema_5_file(path, election, results, monkeypatch)
    assert "PRIMARY KEY" in _tally_sql(path)
    return path


def test_a_schema_5_file_is_rebuilt_with_the_same_rows_and_head_hash(
    old_file: Path, results: ElectionResults
) -> None:
    rows_before = _tally_rows(old_file)
    conn = sqlite3.connect(old_file)
    vote_types_before = conn.execute("SELECT * FROM tally_vote_type ORDER BY rowid").fetchall()
    conn.close()
    with open_election_file(old_file) as store:
        head = store.head_hash()
        report = store.verify_audit()
        assert report.ok and not report.problem and not report.differences, report
        assert store.results() == results
        entries = len(store.audit_entries())
    assert sqlite3.connect(old_file).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
    assert "PRIMARY KEY" not in _tally_sql(old_file)
    assert _indexes_on_tally(old_file) == [
        ("tally_key", "CREATE UNIQUE INDEX tally_key ON tally(choice_id, precinct_id)")
    ]
    assert _tally_rows(old_file) == rows_before  # the same rowids: reads return tallies in rowid order
    conn = sqlite3.connect(old_file)
    assert conn.execute("SELECT * FROM tally_vote_type ORDER BY rowid").fetchall() == vote_types_before
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()
    assert entries == 3  # the migration writes no audit entry: the chain is the old program's
    with open_election_file(old_file) as store:
        assert store.head_hash() == head


def test_the_head_hash_is_the_one_the_old_program_left(old_file: Path) -> None:
    conn = sqlite3.connect(old_file)
    old_head = conn.execute("SELECT hash FROM audit_log ORDER BY seq DESC LIMIT 1").fetchone()[0]
    conn.close()
    with open_election_file(old_file) as store:
        assert store.head_hash() == old_head
        assert store.verify_audit().ok


def test_a_migrated_file_imports_again_and_verifies(old_file: Path, results: ElectionResults) -> None:
    tallies = tuple(replace(t, votes=t.votes + 5) if t.choice == "Bo Brandt" else t for t in results.tallies)
    changed = ElectionResults(results.contests, results.precincts, tallies, results.statistics)
    with open_election_file(old_file) as store:
        store.replace_results(changed, {"source": "re-import"})
        assert store.results() == changed
        assert store.verify_audit().ok
    assert _indexes_on_tally(old_file)[0][0] == "tally_key"


def test_a_schema_5_file_on_read_only_media_opens_as_it_is(
    old_file: Path, results: ElectionResults, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = old_file.read_bytes()
    monkeypatch.setattr(election_file, "_is_read_only", lambda _path: True)
    with open_election_file(old_file) as store:
        assert store.read_only
        assert store.results() == results
        assert store.verify_audit().ok
    assert old_file.read_bytes() == before


def test_a_schema_4_file_on_read_only_media_still_asks_for_a_writable_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "v4.canvass"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, str(path), target=4)
    conn.execute(
        "INSERT INTO election (id, state, jurisdiction, name, election_date)"
        " VALUES (1, 'NE', 'X County', 'General', '2026-11-03')"
    )
    conn.close()
    monkeypatch.setattr(election_file, "_is_read_only", lambda _path: True)
    with pytest.raises(ElectionFileError, match=r"older version .*schema 4.* writable copy"):
        open_election_file(path)


def test_a_rebuild_that_would_leave_a_broken_reference_changes_nothing(old_file: Path) -> None:
    # Foreign keys off: damage done behind the program's back.
    conn = sqlite3.connect(old_file, isolation_level=None)
    conn.execute("INSERT INTO tally (choice_id, precinct_id, votes) VALUES (999, 1, 5)")
    conn.close()
    before = old_file.read_bytes()
    with pytest.raises(
        ElectionFileError, match=r"schema 6: rows refer to rows that do not exist \(tally row"
    ):
        open_election_file(old_file)
    assert old_file.read_bytes() == before


def test_a_key_held_twice_fails_the_import_and_stores_nothing(
    election_file: ElectionFile, results: ElectionResults
) -> None:
    election_file.replace_results(results, {"source": "first"})
    before = election_file.path.read_bytes()
    twice = [results.tallies[1], results.tallies[1]]  # no vote types: only the key can refuse it
    with (
        pytest.raises(
            sqlite3.IntegrityError, match=r"UNIQUE constraint failed: tally\.choice_id, tally\.precinct_id"
        ),
        election_file.transaction("results.replace", {}, rewrites=digest.WHOLE_TABLES) as conn,
    ):
        conn.execute("DELETE FROM contest_statistics")
        conn.execute("DELETE FROM tally")
        choice_ids = {
            (contest, choice): cid
            for cid, contest, choice in conn.execute(
                "SELECT choice.id, contest.name, choice.name FROM choice"
                " JOIN contest ON contest.id = contest_id"
            )
        }
        precinct_ids = dict(conn.execute("SELECT name, id FROM precinct").fetchall())
        mapping._insert_tallies(conn, twice, choice_ids, precinct_ids)
    assert election_file.path.read_bytes() == before
    assert election_file.results() == results
    assert _indexes_on_tally(election_file.path)[0][0] == "tally_key"


def test_the_same_key_twice_gave_the_same_message_with_the_key_inline(old_file: Path) -> None:
    conn = sqlite3.connect(old_file, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    row = conn.execute("SELECT choice_id, precinct_id FROM tally LIMIT 1").fetchone()
    with pytest.raises(
        sqlite3.IntegrityError, match=r"UNIQUE constraint failed: tally\.choice_id, tally\.precinct_id"
    ):
        conn.execute("INSERT INTO tally (choice_id, precinct_id, votes) VALUES (?, ?, 1)", row)
    conn.close()


def test_the_key_is_dropped_and_built_only_on_a_file(election_file: ElectionFile) -> None:
    class Server:
        on_server = True

        def execute(self, sql: str) -> None:
            raise AssertionError(f"no SQL of its own on the server: {sql}")

    with mapping.tally_key_built_after(Server()):  # type: ignore[arg-type]
        pass
    indexes = "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tally'"
    with election_file.transaction("test.key", {}) as conn:
        with mapping.tally_key_built_after(conn):
            assert conn.execute(indexes).fetchall() == []
        assert conn.execute(indexes).fetchall() == [("tally_key",)]


def test_a_schema_5_server_database_moves_to_6_keeping_its_key(
    server_url: str, election: Election, results: ElectionResults
) -> None:
    with create_election_file(server_url, election) as store:
        store.replace_results(results, {"source": "server"})
        head = store.head_hash()
    raw(server_url).execute("UPDATE schema_info SET version = 5")  # type: ignore[attr-defined]
    with open_election_file(server_url) as store:
        assert store.head_hash() == head
        assert store.verify_audit().ok
        assert store.results() == results
        store.replace_results(results, {"source": "again"})  # no index of the file's to drop there
        assert store.verify_audit().ok
    assert raw(server_url).execute("SELECT version FROM schema_info").fetchone()[0] == 6  # type: ignore[attr-defined]


def test_a_migrated_file_publishes_to_a_server_with_its_head_hash(old_file: Path, server_url: str) -> None:
    with open_election_file(old_file) as store:
        head = store.head_hash()
        publish(store, server_url)
    with open_election_file(server_url) as store:
        assert store.head_hash() == head
        assert store.verify_audit().ok


def test_a_key_dropped_outside_the_program_is_named_and_refuses_a_reimport(
    election_file: ElectionFile, results: ElectionResults
) -> None:
    election_file.replace_results(results, {"source": "first"})
    path = election_file.path
    election_file.close()
    conn = sqlite3.connect(path)
    conn.execute("DROP INDEX tally_key")
    conn.close()
    with open_election_file(path) as store:
        assert any("index tally_key (the tally key) was dropped" in w for w in store.warnings)
        report = store.verify_audit()
        assert not report.ok
        assert report.schema_problems == ("index tally_key (the tally key) was dropped",)
        before = path.read_bytes()
        with pytest.raises(ElectionFileError, match="the change was not saved"):
            store.replace_results(results, {"source": "again"})
        assert path.read_bytes() == before
