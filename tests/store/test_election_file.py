"""The election file keeps every record exactly, migrates old files and refuses newer ones."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from recount_desktop.domain import Approval, BoardMember, Election, ElectionResults
from recount_desktop.store import (
    SCHEMA_VERSION,
    ElectionFileError,
    create_election_file,
    open_election_file,
)
from recount_desktop.store.schema import MIGRATIONS, migrate


def test_every_record_type_round_trips(tmp_path: Path, election: Election, results: ElectionResults) -> None:
    path = tmp_path / "round.canvass"
    with create_election_file(path, election, operator="clerk-a") as store:
        store.replace_results(results, {"source": "fixture"})
    with open_election_file(path) as store:
        assert store.election() == election
        assert store.results() == results
        assert store.results().contest("Levy Question").approval == Approval.parse("3/5")
        assert store.results().tallies[0].vote_types == (("Election Day", 60), ("Early", 40))


def test_file_uses_a_rollback_journal_foreign_keys_and_current_schema(election_file) -> None:
    # Issue 15: a rollback journal keeps every commit in the main file (a copy of it is whole).
    conn = sqlite3.connect(election_file.path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()
    with pytest.raises(sqlite3.IntegrityError), election_file.transaction("test.orphan", {}) as tx:
        tx.execute("INSERT INTO choice (contest_id, position, name) VALUES (999, 0, 'X')")


def test_a_failed_change_leaves_data_and_log_untouched(election_file, results: ElectionResults) -> None:
    election_file.replace_results(results, {"source": "first"})
    before = (election_file.results(), len(election_file.audit_entries()))
    with pytest.raises(RuntimeError), election_file.transaction("results.replace", {}) as tx:
        tx.execute("DELETE FROM tally")
        raise RuntimeError("power cut simulated mid-change")
    assert (election_file.results(), len(election_file.audit_entries())) == before


def test_every_change_writes_one_audit_entry(election_file, results, election) -> None:
    election_file.replace_results(results, {"source": "sample.xlsx"})
    election_file.update_contest_attributes("Mayor", {"seats": "2", "scope": "municipal"})
    election_file.update_election(replace(election, board_members=(BoardMember("Sam Clerk", "Clerk"),)))
    election_file.set_setting("recount.single_entry", "no")
    actions = [e.action for e in election_file.audit_entries()]
    assert actions == ["election.create", "results.replace", "contest.update", "election.update",
                       "setting.set"]
    assert all(e.operator == "clerk-a" for e in election_file.audit_entries())
    assert election_file.audit_entries()[1].details["tallies"] == len(results.tallies)
    assert election_file.results().contest("Mayor").seats == 2


def test_bad_contest_attribute_is_refused_and_nothing_changes(election_file, results) -> None:
    election_file.replace_results(results, {"source": "x"})
    entries = len(election_file.audit_entries())
    with pytest.raises(ElectionFileError, match="scope cannot be 'galactic'"):
        election_file.update_contest_attributes("Mayor", {"seats": "3", "scope": "galactic"})
    with pytest.raises(ElectionFileError, match="seats cannot be '0'"):
        election_file.update_contest_attributes("Mayor", {"seats": "0"})
    assert election_file.results().contest("Mayor").seats == 1
    assert len(election_file.audit_entries()) == entries


def test_existing_file_is_never_overwritten(tmp_path: Path, election: Election) -> None:
    path = tmp_path / "e.canvass"
    create_election_file(path, election).close()
    with pytest.raises(ElectionFileError, match="already exists"):
        create_election_file(path, election)


def test_older_schema_is_migrated_keeping_its_data(tmp_path: Path) -> None:
    path = tmp_path / "v1.canvass"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, str(path), target=1)
    conn.execute(
        "INSERT INTO election VALUES (1, 'UT', 'Davis County', 'General 2024', '2024-11-05', NULL)"
    )
    conn.close()
    with open_election_file(path) as store:
        assert store.election().jurisdiction == "Davis County"
        assert store.settings() == {}  # the v2 table exists now
        assert store.election().election_type == "general"  # v4 column, defaulted
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


def test_newer_schema_is_refused_and_file_left_alone(tmp_path: Path, election: Election) -> None:
    path = tmp_path / "future.canvass"
    create_election_file(path, election).close()
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(ElectionFileError, match="newer version of Recount Desktop"):
        open_election_file(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "empty"), (b"PK\x03\x04 not a database at all" * 50, "not an election file")],
)
def test_files_that_are_not_elections_are_refused(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.canvass"
    path.write_bytes(content)
    with pytest.raises(ElectionFileError, match=message):
        open_election_file(path)


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ElectionFileError, match="no such election file"):
        open_election_file(tmp_path / "nowhere.canvass")


def test_read_access_sees_data_and_refuses_writes(election_file, results) -> None:
    election_file.replace_results(results, {"source": "x"})
    with election_file.read() as conn:
        assert conn.execute("SELECT COUNT(*) FROM contest").fetchone()[0] == 3
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            conn.execute("DELETE FROM contest")
    election_file.set_setting("k", "v")  # writing works again afterwards
    assert election_file.settings() == {"k": "v"}


def test_election_type_round_trips(tmp_path: Path, election: Election) -> None:
    primary = replace(election, election_type="municipal_primary")
    with create_election_file(tmp_path / "p.canvass", primary) as store:
        assert store.election() == primary
