"""Issue 16, blind double entry enforced by the server: the two entries of a tally sheet are made by
two database roles. The program says so in plain words before it asks; a clerk who tries it by hand
with psql (or names someone else as the entry's operator) is refused by the server itself."""

from __future__ import annotations

import psycopg
import pytest

from recount_desktop.cli import main
from recount_desktop.domain import Election, ElectionResults
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import SheetError, enter_sheet, list_sheets, sheet_status
from recount_desktop.store import create_election_file, open_election_file
from recount_desktop.store.pg import ServerRefused
from tests.pg_testing import raw
from tests.reliability.conftest import mayor_sheet
from tests.store.test_server_roles import as_user, people  # noqa: F401 (the roles fixture)

REFUSED = psycopg.errors.InsufficientPrivilege
ENTRY = ("INSERT INTO recount_entry (sheet_id, entry_number, method, entered_by, entered_at, operator)"
         " VALUES ('M-1', 2, 'manual', 'Ben', '2026-11-20T10:00:00Z', %s)")


@pytest.fixture
def first_entry_by_ann(server_url: str, people: dict[str, str], election: Election,  # noqa: F811
                       results: ElectionResults) -> str:
    with create_election_file(server_url, election) as store:
        store.replace_results(results, {"file": "county.xlsx"})
        set_scope(store, "Mayor", "all", requested_by="Bo Brandt")
    with open_election_file(as_user(server_url, people["ann"])) as store:
        enter_sheet(store, mayor_sheet("M-1", "Ann"))
    return server_url


def test_the_same_clerk_is_told_why_and_another_clerk_verifies(first_entry_by_ann: str,
                                                              people: dict[str, str]) -> None:  # noqa: F811
    url = first_entry_by_ann
    with open_election_file(as_user(url, people["ann"])) as store:
        head = store.head_hash()
        with pytest.raises(SheetError) as refused:  # typed under another name, still Ann's role
            enter_sheet(store, mayor_sheet("M-1", "Ben"))
        assert f"you ({people['ann']}) made entry 1 of sheet M-1" in str(refused.value.problems[0].message)
        assert store.head_hash() == head
    with open_election_file(as_user(url, people["ben"])) as store:
        enter_sheet(store, mayor_sheet("M-1", "Ben"))
        assert sheet_status(store, "M-1").state == "verified"
        assert [s.sheet_id for s in list_sheets(store)] == ["M-1"]  # every contest's ("WHERE 1" failed)
    with open_election_file(url) as store:
        entries = [e for e in store.audit_entries() if e.action == "sheet.enter"]
        assert [e.operator for e in entries] == [people["ann"], people["ben"]]
        assert store.verify_audit().ok


def test_the_server_refuses_a_second_entry_by_hand_from_the_same_role(first_entry_by_ann: str,
                                                                      people: dict[str, str]) -> None:  # noqa: F811
    ann = raw(as_user(first_entry_by_ann, people["ann"]))
    try:
        with pytest.raises(REFUSED, match="made the other entry of tally sheet M-1"):
            ann.execute(ENTRY, (people["ann"],))  # type: ignore[attr-defined]
        with pytest.raises(REFUSED, match="recorded under the role that makes it"):
            ann.execute(ENTRY, (people["ben"],))  # type: ignore[attr-defined]  # Ben's name, Ann's role
    finally:
        ann.close()  # type: ignore[attr-defined]
    ben = raw(as_user(first_entry_by_ann, people["ben"]))
    try:
        ben.execute("BEGIN")  # type: ignore[attr-defined]
        ben.execute(ENTRY, (people["ben"],))  # type: ignore[attr-defined]  # accepted: another role
        ben.execute("ROLLBACK")  # type: ignore[attr-defined]
    finally:
        ben.close()  # type: ignore[attr-defined]


def test_the_board_may_allow_one_person_both_entries(first_entry_by_ann: str,
                                                    people: dict[str, str]) -> None:  # noqa: F811
    url = first_entry_by_ann
    with open_election_file(as_user(url, people["bea"])) as board:
        board.set_setting("recount.allow_same_operator", "yes")
    with open_election_file(as_user(url, people["ann"])) as store:
        enter_sheet(store, mayor_sheet("M-1", "Ann B."))
        assert sheet_status(store, "M-1").state == "verified"


def test_the_command_line_says_why_in_one_line(first_entry_by_ann: str, people: dict[str, str],  # noqa: F811
                                               tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    sheets = tmp_path / "sheets.csv"
    sheets.write_text("Sheet ID,Contest,Precinct,Method,Choice,Votes,Entry,Entered By\n"
                      "M-1,Mayor,Precinct 1,manual,Ada Alvarez,101,2,Ben\n"
                      "M-1,Mayor,Precinct 1,manual,Bo Brandt,98,2,Ben\n")
    assert main(["sheets", "import", as_user(first_entry_by_ann, people["ann"]), str(sheets)]) == 1
    err = capsys.readouterr().err
    assert f"you ({people['ann']}) made entry 1 of sheet M-1" in err and "Traceback" not in err


def test_a_refused_sheet_leaves_the_connection_working(server_url: str, election: Election,
                                                       results: ElectionResults) -> None:
    """A refusal rolls the change back; the connection reads and writes on (psycopg's own automatic
    prepared statements once made it drop the store's at the ROLLBACK)."""
    with create_election_file(server_url, election) as store:
        store.replace_results(results, {"file": "county.xlsx"})
        set_scope(store, "Mayor", "all", requested_by="Bo Brandt")
        for _ in range(8):  # the same reads again and again, as a window's polling does
            with store.read() as conn:
                conn.execute("SELECT pg_backend_pid()").fetchone()
        enter_sheet(store, mayor_sheet("M-1", "Ann"))
        with pytest.raises(SheetError):
            enter_sheet(store, mayor_sheet("M-1", "Ann"))
        assert sheet_status(store, "M-1").state == "entered_once"
        enter_sheet(store, mayor_sheet("M-1", "Ben"))
        assert sheet_status(store, "M-1").state == "verified"
        assert [s.sheet_id for s in list_sheets(store)] == ["M-1"]  # every contest's ("WHERE 1" failed)


def test_an_audit_entry_names_the_role_that_writes_it(first_entry_by_ann: str,
                                                     people: dict[str, str]) -> None:  # noqa: F811
    ann = raw(as_user(first_entry_by_ann, people["ann"]))
    forged = ("INSERT INTO audit_log (seq, ts, operator, action, details, prev_hash, hash)"
              " VALUES (999, 'now', %s, 'sheet.enter', '{}', 'x', 'y')")
    try:
        ann.execute("BEGIN")  # type: ignore[attr-defined]
        with pytest.raises(REFUSED, match="the log records the role that makes each change"):
            ann.execute(forged, (people["ben"],))  # type: ignore[attr-defined]
        ann.execute("ROLLBACK")  # type: ignore[attr-defined]
    finally:
        ann.close()  # type: ignore[attr-defined]
    with open_election_file(as_user(first_entry_by_ann, people["ann"])) as store:
        store.operator = "Ben"  # a name set behind the server's back is refused, not recorded
        refused = pytest.raises(ServerRefused, match="the log records the role that makes each change")
        with refused, store.transaction("operator.change", {"from": people["ann"], "to": "Ben"}):
            pass
    with open_election_file(first_entry_by_ann) as store:
        assert [e.operator for e in store.audit_entries()][-1] == people["ann"]
        assert store.verify_audit().ok


def test_server_init_brings_an_older_databases_triggers_up_to_date(
        server_url: str, election: Election, capsys: pytest.CaptureFixture[str]) -> None:
    from recount_desktop.store import pg_schema

    with create_election_file(server_url, election):
        pass
    older = raw(server_url)  # as the previous version made it: one notification per sheet, no guards
    try:
        for statement in (
                "DROP TRIGGER recount_entry_blind ON recount_entry",
                "DROP TRIGGER audit_log_operator ON audit_log",
                "DROP TRIGGER audit_log_notify ON audit_log",
                "CREATE FUNCTION notify_sheet() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN PERFORM "
                "pg_notify('recount_sheet', NEW.contest); RETURN NULL; END $fn$",
                "CREATE TRIGGER recount_sheet_notify AFTER INSERT OR UPDATE ON recount_sheet FOR EACH ROW "
                "EXECUTE FUNCTION notify_sheet()",
                # the earlier version's next_id, which ran EXECUTE format(...) at every row
                "CREATE OR REPLACE FUNCTION next_id() RETURNS trigger LANGUAGE plpgsql AS $fn$ BEGIN IF "
                "NEW.id IS NULL THEN EXECUTE format('SELECT COALESCE(MAX(id), 0) + 1 FROM %I', "
                "TG_TABLE_NAME) INTO NEW.id; END IF; RETURN NEW; END $fn$"):
            older.execute(statement)  # type: ignore[attr-defined]
    finally:
        older.close()  # type: ignore[attr-defined]
    with open_election_file(server_url) as store:
        # three dropped, one added outside the program, and each table's next_id trigger "changed"
        assert len(store.warnings) == 4 + len(pg_schema._ID_TABLES)
    assert main(["server", "init", server_url]) == 0
    out = capsys.readouterr().out
    assert "added the trigger recount_entry_blind" in out and "dropped the retired trigger" in out
    assert "brought the function next_id up to date" in out
    with open_election_file(server_url) as store:
        assert store.warnings == ()
        assert store.verify_audit().ok
    assert pg_schema.expected_triggers()["audit_log_notify"][0] == "notify_change"
