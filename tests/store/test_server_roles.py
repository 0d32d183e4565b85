"""Issue 16, "who is who": each operator signs in with their own role; the server records who, and
refuses what the role may not do, in plain words."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest

from recount_desktop.cli import main
from recount_desktop.domain import Election, ElectionResults
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import enter_sheet, sheet_status
from recount_desktop.store import create_election_file, open_election_file
from recount_desktop.store.pg import ServerRefused
from tests.pg_testing import admin_connection, raw
from tests.reliability.conftest import mayor_sheet


def as_user(url: str, user: str) -> str:
    parts = urlsplit(url)
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit((parts.scheme, f"{user}@{host}", parts.path, parts.query, parts.fragment))


@pytest.fixture
def people(server_url: str) -> Iterator[dict[str, str]]:
    """Login roles for two clerks and a board member (cluster-wide, so uniquely named and dropped)."""
    suffix = uuid.uuid4().hex[:8]
    names = {"ann": "clerk", "ben": "clerk", "bea": "board"}
    admin = admin_connection()
    assert main(["server", "init", server_url]) == 0
    for name, role in names.items():
        admin.execute(f"CREATE ROLE {name}_{suffix} LOGIN IN ROLE {role}")  # type: ignore[attr-defined]
    yield {name: f"{name}_{suffix}" for name in names}
    database = urlsplit(server_url).path.lstrip("/")
    admin.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")  # type: ignore[attr-defined]
    for name in names:
        admin.execute(f"DROP ROLE IF EXISTS {name}_{suffix}")  # type: ignore[attr-defined]
    admin.close()  # type: ignore[attr-defined]


def test_two_clerks_enter_a_sheet_and_the_log_names_each(server_url: str, people: dict[str, str],
                                                         election: Election,
                                                         results: ElectionResults) -> None:
    with create_election_file(server_url, election) as store:
        store.replace_results(results, {"file": "county.xlsx"})
        set_scope(store, "Mayor", "all", requested_by="Bo Brandt")
    for clerk, name in (("ann", "Ann"), ("ben", "Ben")):
        with open_election_file(as_user(server_url, people[clerk]), operator="typed") as store:
            enter_sheet(store, mayor_sheet("M-1", name))
    with open_election_file(server_url) as store:
        assert sheet_status(store, "M-1").state == "verified"
        assert sheet_status(store, "M-1").not_independent == ""
        entries = [e for e in store.audit_entries() if e.action == "sheet.enter"]
        assert [e.operator for e in entries] == [people["ann"], people["ben"]]
        assert store.verify_audit().ok


def test_a_clerk_may_not_change_settings_and_is_told_why(server_url: str, people: dict[str, str],
                                                         election: Election) -> None:
    with create_election_file(server_url, election):
        pass
    with open_election_file(as_user(server_url, people["ann"])) as store:
        head = store.head_hash()
        with pytest.raises(ServerRefused, match="refused this for your database role.*Ask the board"):
            store.set_setting("recount.allow_same_operator", "yes")
        assert store.head_hash() == head
    with open_election_file(as_user(server_url, people["bea"])) as store:
        store.set_setting("recount.allow_same_operator", "no")  # the board may
        assert store.verify_audit().ok


def test_no_role_may_update_or_delete_audited_rows(server_url: str, people: dict[str, str],
                                                   election: Election) -> None:
    import psycopg

    with create_election_file(server_url, election):
        pass
    board = raw(as_user(server_url, people["bea"]))
    for statement in ("UPDATE audit_log SET operator = 'x'", "DELETE FROM audit_log",
                      "DELETE FROM recount_entry", "UPDATE election_key SET key = 'x'"):
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            board.execute(statement)  # type: ignore[attr-defined]


def test_a_refusal_on_the_command_line_is_one_plain_line(server_url: str, people: dict[str, str],
                                                          election: Election, tmp_path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    with create_election_file(server_url, election):
        pass
    tallies = tmp_path / "t.csv"
    tallies.write_text("Precinct,Contest,Choice,Votes\nP1,Mayor,A,10\nP1,Mayor,B,9\n")
    assert main(["import", as_user(server_url, people["ann"]), str(tallies)]) == 1
    err = capsys.readouterr().err
    assert "refused this for your database role" in err and "Traceback" not in err


def test_a_clerk_calling_the_servers_audit_function_writes_only_under_the_clerks_own_name(
        server_url: str, people: dict[str, str], election: Election) -> None:
    """The function runs as its caller (SECURITY INVOKER): through it a clerk writes nothing the clerk's
    role may not write directly, and an entry only under the clerk's own name (the log's guard)."""
    import psycopg

    from recount_desktop.store import pg_audit, pg_schema

    with create_election_file(server_url, election) as store:
        if not store._conn.server_audit:  # type: ignore[attr-defined]
            pytest.skip("the test server has no PL/Python")
        head = store.head_hash()
    clerk = raw(as_user(server_url, people["ann"]))
    for statement in pg_schema.SESSION_STATEMENTS:
        clerk.execute(statement)  # type: ignore[attr-defined]
    held = '{"proof": {}, "known": {}}'
    call = f"SELECT {pg_audit.APPEND}('2026-12-01T06:00:00.000000Z', %s, 'sheet.enter', '{{}}', '{held}')"
    with pytest.raises(psycopg.errors.InsufficientPrivilege, match="being written by the database role"):
        clerk.execute(call, (people["bea"],))  # type: ignore[attr-defined]
    clerk.close()  # type: ignore[attr-defined]
    with open_election_file(server_url) as store:
        assert store.head_hash() == head and store.verify_audit().ok
