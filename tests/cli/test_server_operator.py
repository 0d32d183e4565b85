"""On a server the audit log names the signed-in database role: a different --operator is refused
plainly (exit status 2, wrong usage), never silently ignored."""

from __future__ import annotations

import pytest

from recount_desktop.cli import main
from recount_desktop.domain import Election
from recount_desktop.store import create_election_file, open_election_file
from tests.pg_testing import raw


def _session_user(url: str) -> str:
    conn = raw(url)
    try:
        return str(conn.execute("SELECT session_user").fetchone()[0])  # type: ignore[attr-defined]
    finally:
        conn.close()  # type: ignore[attr-defined]


def test_a_typed_operator_on_a_server_is_refused_and_nothing_changes(
        server_url: str, election: Election, tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    with create_election_file(server_url, election) as store:
        head = store.head_hash()
    tallies = tmp_path / "t.csv"
    tallies.write_text("Precinct,Contest,Choice,Votes\nP1,Mayor,A,10\nP1,Mayor,B,9\n")
    assert main(["import", server_url, str(tallies), "--operator", "Somebody Else"]) == 2
    err = capsys.readouterr().err
    assert "--operator 'Somebody Else' cannot be used on a server" in err
    assert f"({_session_user(server_url)})" in err and "Traceback" not in err
    with open_election_file(server_url) as store:
        assert store.head_hash() == head


def test_the_session_user_as_operator_or_none_is_accepted(server_url: str, election: Election,
                                                          tmp_path) -> None:
    with create_election_file(server_url, election):
        pass
    tallies = tmp_path / "t.csv"
    tallies.write_text("Precinct,Contest,Choice,Votes\nP1,Mayor,A,10\nP1,Mayor,B,9\n")
    assert main(["import", server_url, str(tallies), "--operator", _session_user(server_url)]) == 0
    assert main(["export", server_url, "--out", str(tmp_path / "out.csv")]) == 0  # no --operator


def test_new_on_a_server_with_another_operator_creates_nothing(server_url: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    args = ["new", server_url, "--state", "NE", "--jurisdiction", "Sarpy County", "--election-name", "G",
            "--election-date", "2026-11-03", "--operator", "Somebody Else"]
    assert main(args) == 2
    assert "cannot be used on a server" in capsys.readouterr().err
    conn = raw(server_url)
    try:
        assert conn.execute("SELECT to_regclass('schema_info')").fetchone()[0] is None  # type: ignore[attr-defined]
    finally:
        conn.close()  # type: ignore[attr-defined]


def test_a_typed_operator_on_a_file_is_still_recorded(tmp_path, election: Election) -> None:
    path = tmp_path / "e.canvass"
    with create_election_file(path, election):
        pass
    tallies = tmp_path / "t.csv"
    tallies.write_text("Precinct,Contest,Choice,Votes\nP1,Mayor,A,10\nP1,Mayor,B,9\n")
    assert main(["import", str(path), str(tallies), "--operator", "Ann Clerk"]) == 0
    with open_election_file(path) as store:
        assert store.audit_entries()[-1].operator == "Ann Clerk"
