"""Issue 16: the same store on an election file and on a PostgreSQL server.

Each test that takes ``election_target`` runs twice, on a file and on a fresh server database; the
tests that take ``server_url`` are about what only the server does (its guards, moving an election
between the two). Without a server they skip, saying why (CI provides one: .ci/with-postgres).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.recount.sheets import enter_sheet, sheet_status
from recount_desktop.store import (
    SCHEMA_VERSION,
    ElectionFileError,
    create_election_file,
    digest,
    open_election_file,
)
from recount_desktop.store.server import publish
from tests.pg_testing import raw
from tests.reliability.conftest import fill, mayor_sheet

# Tables whose rows hold a time or a random key: equal histories still differ there between two runs.
TIMED = {"election_key", "recount_entry", "recount_scope"}


def test_a_new_election_reopens_with_its_record_and_a_verified_log(election_target: str,
                                                                  election: Election) -> None:
    with create_election_file(election_target, election, operator="clerk-a"):
        pass
    with open_election_file(election_target) as store:
        assert store.election() == election
        report = store.verify_audit()
        assert report.ok and report.entries == 1 and report.head_hash == store.head_hash()
        assert [e.action for e in store.audit_entries()] == ["election.create"]
        assert store.warnings == ()


def test_the_whole_story_verifies_and_reads_back_the_same(election_target: str, election: Election,
                                                        results: ElectionResults) -> None:
    with create_election_file(election_target, election, operator="clerk-a") as store:
        fill(store, results)
        assert store.results() == results.__class__(results.contests, results.precincts, results.tallies,
                                                     results.statistics, store.results().devices)
        assert sheet_status(store, "M-1").state == "verified"
        assert sheet_status(store, "M-2").state == "discrepancy"
        report = store.verify_audit()
        assert report.ok, report.problem
        assert report.entries == 9


def test_a_failed_change_leaves_neither_data_nor_log_entry(election_target: str, election: Election) -> None:
    with create_election_file(election_target, election) as store:
        head = store.head_hash()
        with pytest.raises(RuntimeError, match="boom"), store.transaction("setting.set", {"key": "x"}) as tx:
            tx.execute("INSERT INTO setting (key, value) VALUES (?, ?)", ("x", "1"))
            raise RuntimeError("boom")
        assert store.settings() == {}
        assert store.head_hash() == head and store.verify_audit().ok


def test_both_stores_record_the_same_data_digest_for_the_same_story(tmp_path: Path, server_url: str,
                                                                   election: Election,
                                                                   results: ElectionResults) -> None:
    tables = {}
    for target in (str(tmp_path / "same.canvass"), server_url):
        with create_election_file(target, election, operator="clerk-a") as store:
            fill(store, results)
            with store.read() as conn:
                tables[target] = digest.current_digests(conn)
    on_file, on_server = tables.values()
    assert set(on_file) == set(on_server) == set(digest.BY_NAME)
    for name in set(on_file) - TIMED:
        assert on_file[name] == on_server[name], name


def test_the_server_records_its_session_user_as_operator(server_url: str, election: Election) -> None:
    with create_election_file(server_url, election, operator="typed name") as store:
        store.set_setting("recount.allow_same_operator", "no")
    with open_election_file(server_url, operator="another typed name") as store:
        operators = {entry.operator for entry in store.audit_entries()}
    session_user = raw(server_url).execute("SELECT session_user").fetchone()[0]  # type: ignore[attr-defined]
    assert operators == {session_user}


@pytest.mark.parametrize("statement", [
    "UPDATE audit_log SET operator = 'someone else' WHERE seq = 1",
    "DELETE FROM audit_log WHERE seq = 1",
    "TRUNCATE audit_log",
    "DELETE FROM recount_entry",
    "UPDATE recount_entry_count SET votes = votes + 1",
    "DELETE FROM recount_sheet",
    "UPDATE election_key SET key = 'guessable'",
])
def test_the_server_refuses_to_change_audited_rows(server_url: str, election: Election,
                                                   results: ElectionResults, statement: str) -> None:
    import psycopg

    with create_election_file(server_url, election) as store:
        fill(store, results)
        head = store.head_hash()
    with pytest.raises(psycopg.errors.RaiseException, match="append-only|never|voided"):
        raw(server_url).execute(statement)  # type: ignore[attr-defined]
    with open_election_file(server_url) as store:
        assert store.head_hash() == head and store.verify_audit().ok


def test_data_changed_behind_the_programs_back_is_named(server_url: str, election: Election,
                                                        results: ElectionResults) -> None:
    with create_election_file(server_url, election) as store:
        fill(store, results)
    raw(server_url).execute("UPDATE tally SET votes = votes + 5 WHERE votes = 98")  # type: ignore[attr-defined]
    with open_election_file(server_url) as store:
        report = store.verify_audit()
        assert not report.ok
        assert [d.table for d in report.differences] == ["tally"]


def test_a_dropped_guard_is_reported_on_opening_and_by_verify(server_url: str, election: Election) -> None:
    with create_election_file(server_url, election):
        pass
    raw(server_url).execute("DROP TRIGGER audit_log_no_delete ON audit_log")  # type: ignore[attr-defined]
    raw(server_url).execute("ALTER TABLE recount_entry DISABLE TRIGGER recount_entry_no_update")  # type: ignore[attr-defined]
    with open_election_file(server_url) as store:
        assert any("audit_log_no_delete was dropped" in w for w in store.warnings)
        problems = store.verify_audit().schema_problems
        assert "trigger audit_log_no_delete was dropped" in problems
        assert "trigger recount_entry_no_update was disabled" in problems


def test_a_server_schema_from_a_newer_program_is_refused(server_url: str, election: Election) -> None:
    with create_election_file(server_url, election):
        pass
    raw(server_url).execute(f"UPDATE schema_info SET version = {SCHEMA_VERSION + 1}")  # type: ignore[attr-defined]
    with pytest.raises(ElectionFileError, match="newer version"):
        open_election_file(server_url)


def test_a_database_that_is_not_an_election_is_refused(server_url: str, election: Election) -> None:
    with pytest.raises(ElectionFileError, match="holds no Recount Desktop election"):
        open_election_file(server_url)
    raw(server_url).execute("CREATE TABLE other (x int)")  # type: ignore[attr-defined]
    with pytest.raises(ElectionFileError, match="not empty"):
        create_election_file(server_url, election)


def test_archive_and_publish_keep_the_head_hash(tmp_path: Path, server_url: str, election: Election,
                                                results: ElectionResults) -> None:
    with create_election_file(server_url, election) as store:
        fill(store, results)
        server_head = store.verify_audit().head_hash
        archived = store.archive(tmp_path / "archive.canvass")
    assert archived.ok and archived.head_hash == server_head
    with open_election_file(tmp_path / "archive.canvass") as copy:
        assert copy.verify_audit().head_hash == server_head
        assert copy.warnings == ()
        original = copy.results()
        second = tmp_path.name.replace("-", "_")
    from tests.pg_testing import admin_connection, database_url

    admin = admin_connection()
    target = f"recount_test_pub_{second[-20:]}"
    admin.execute(f"CREATE DATABASE {target}")  # type: ignore[attr-defined]
    try:
        url = database_url(server_url, target)
        with open_election_file(tmp_path / "archive.canvass") as copy:
            published = publish(copy, url)
        assert published.ok and published.head_hash == server_head
        with open_election_file(url) as again:
            assert again.results() == original
            enter_sheet(again, mayor_sheet("M-3", "Ben", precinct="Absentee/Early"))
            assert sheet_status(again, "M-3").state == "verified"
            assert again.verify_audit().ok
    finally:
        admin.execute(f"DROP DATABASE IF EXISTS {target} WITH (FORCE)")  # type: ignore[attr-defined]


def test_a_listening_workstation_hears_of_changes_saved_elsewhere(server_url: str, election: Election,
                                                                 results: ElectionResults) -> None:
    with create_election_file(server_url, election) as store:
        fill(store, results)
    with open_election_file(server_url) as watching, open_election_file(server_url) as entering:
        watching.listen()  # type: ignore[attr-defined]
        assert watching.changed_contests() == set()  # type: ignore[attr-defined]
        enter_sheet(entering, mayor_sheet("M-3", "Ben", precinct="Absentee/Early"))
        heard: set[str] = set()
        deadline = time.monotonic() + 5  # delivered right after the commit, not within it
        while not heard and time.monotonic() < deadline:
            heard = watching.changed_contests()  # type: ignore[attr-defined]
        # one notification per audit entry: the sender's backend, the action and its contest
        assert {tuple(note.split("\t")[1:]) for note in heard} == {("sheet.enter", "Mayor")}
        assert watching.changed_contests() == set()  # type: ignore[attr-defined]


def test_a_draft_on_a_server_election_is_found_again_from_any_folder(server_url: str, election: Election,
                                                                     tmp_path: Path, monkeypatch) -> None:
    from recount_desktop import drafts

    monkeypatch.setenv("RECOUNT_DESKTOP_HOME", str(tmp_path / "home"))
    with create_election_file(server_url, election) as store:
        drafts.save_draft(store.path, store.operator, {"sheet_id": "M-7", "counts": {"Ada Alvarez": 3}})
        where = store.path
    monkeypatch.chdir(tmp_path)
    with open_election_file(server_url) as store:
        assert store.path.resolve() == where.resolve() and str(store.path) == str(where)
        assert drafts.load_draft(store.path, store.operator)["sheet_id"] == "M-7"


def test_a_dropped_connection_is_a_plain_refusal_and_nothing_half_saved(server_url: str,
                                                                        election: Election) -> None:
    with create_election_file(server_url, election) as store:
        head = store.head_hash()
        raw(server_url).execute(  # type: ignore[attr-defined]
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()")
        with pytest.raises(ElectionFileError, match="cannot change|not saved"):
            store.set_setting("recount.allow_same_operator", "no")
    with open_election_file(server_url) as again:
        assert again.head_hash() == head and again.settings() == {} and again.verify_audit().ok
