"""Issue 16: the server computes a tally sheet's audit entry itself (``store/pg_audit``).

The test server has PL/Python (``.ci/with-postgres`` installs postgresql-plpython3-15), so ``new``
and ``publish`` install the functions. The same story entered through the server's function, through
the workstation's own computation and on an election file gives the same audit log, to the hash.
"""

from __future__ import annotations

import itertools
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.recount import scope, sheet_rows
from recount_desktop.recount.sheets import enter_sheet, sheet_status
from recount_desktop.store import audit, create_election_file, open_election_file, pg_audit, pg_change
from recount_desktop.store.data_state import DataChangedOutside
from recount_desktop.store.server import ServerElection, publish
from tests.pg_testing import fresh_database, needs_server_audit, raw
from tests.reliability.conftest import fill, mayor_sheet

STORY = (("clerk-1", mayor_sheet("T-1", "Ann")), ("clerk-2", mayor_sheet("T-1", "Ben")),
         ("clerk-1", mayor_sheet("T-2", "Ann", precinct="Precinct 2")),
         ("clerk-2", mayor_sheet("T-2", "Ben", ada=7, precinct="Precinct 2")),
         ("clerk-1", mayor_sheet("T-3", "Ann", precinct="Absentee/Early")))


@pytest.fixture
def second_url() -> Iterator[str]:
    yield from fresh_database()


@pytest.fixture
def by_server(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The actions whose audit entry the server computed and appended."""
    done: list[str] = []
    commit = pg_change.ServerChange._commit_on_server

    def counted(self: pg_change.ServerChange, run: object, operator: str, action: str,
                details: object) -> None:
        commit(self, run, operator, action, details)  # type: ignore[arg-type]
        done.append(action)

    monkeypatch.setattr(pg_change.ServerChange, "_commit_on_server", counted)
    return done


def _same_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every run of the story gets the same times, so equal histories hash equally."""
    ticks = itertools.count(1)
    monkeypatch.setattr(audit, "utc_now", lambda: f"2026-12-01T06:00:00.{next(ticks):06d}Z")
    monkeypatch.setattr(sheet_rows, "utc_now", lambda: "2026-12-01T06:00:00Z")
    monkeypatch.setattr(scope, "utc_now", lambda: "2026-12-01T06:00:00Z")


def _tell_story(target: str | Path, monkeypatch: pytest.MonkeyPatch, on_server: bool = True) -> str:
    _same_clock(monkeypatch)
    with open_election_file(target) as store:
        if isinstance(store, ServerElection):
            needs_server_audit(store)  # installed by publish when the server has PL/Python
            store._conn.server_audit = on_server
        for operator, sheet in STORY:
            store.operator = operator
            enter_sheet(store, sheet)
        assert sheet_status(store, "T-2").state == "discrepancy"
        report = store.verify_audit()
        assert report.ok, report.problem
        return report.head_hash


def test_the_server_and_the_workstation_write_the_log_the_file_writes(
        tmp_path: Path, server_url: str, second_url: str, election: Election, results: ElectionResults,
        by_server: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    start = tmp_path / "start.canvass"
    with create_election_file(start, election) as store:
        fill(store, results)
    shutil.copy(start, tmp_path / "file.canvass")
    with open_election_file(start) as store:
        publish(store, server_url)
        publish(store, second_url)
    on_file = _tell_story(tmp_path / "file.canvass", monkeypatch)
    assert by_server == []
    by_workstation = _tell_story(second_url, monkeypatch, on_server=False)
    assert by_server == []
    computed_by_server = _tell_story(server_url, monkeypatch)
    assert by_server == ["sheet.enter"] * len(STORY)
    assert computed_by_server == by_workstation == on_file
    with open_election_file(server_url) as store:
        archived = store.archive(tmp_path / "archive.canvass")
    assert archived.ok and archived.head_hash == on_file


def test_a_read_that_moved_before_the_lock_is_refused_by_the_server_and_the_entry_run_again(
        server_url: str, election: Election, results: ElectionResults, by_server: list[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann reads sheet T-1 as new; before her entry takes the lock, Ben enters T-1 at his desk. The
    server's proof of Ann's reads fails, the whole pipeline is rolled back, and her entry is run
    again: it becomes T-1's second entry. Nothing is lost, no sheet has two first entries."""
    with create_election_file(server_url, election) as store:
        fill(store, results)
    with open_election_file(server_url) as ann, open_election_file(server_url) as ben:
        needs_server_audit(ann)
        ann.operator, ben.operator = "clerk-1", "clerk-2"
        commit = pg_change.ServerChange._commit_on_server
        first = [True]

        def ben_first(self: pg_change.ServerChange, *args: object) -> None:
            if first.pop() if first else False:
                enter_sheet(ben, mayor_sheet("T-1", "Ben"))
            commit(self, *args)  # type: ignore[arg-type]

        monkeypatch.setattr(pg_change.ServerChange, "_commit_on_server", ben_first)
        enter_sheet(ann, mayor_sheet("T-1", "Ann"))
        assert ann.conflicts == 1
        status = sheet_status(ann, "T-1")
        assert status.state == "verified" and [e[1] for e in status.entries] == ["Ben", "Ann"]
        assert ann.verify_audit().ok


def test_the_server_refuses_an_entry_built_on_digests_altered_outside_the_program(
        server_url: str, election: Election, results: ElectionResults) -> None:
    with create_election_file(server_url, election) as store:
        fill(store, results)
        needs_server_audit(store)
    conn = raw(server_url)
    conn.execute("UPDATE data_digest SET row_count = row_count + 1 WHERE tbl = 'setting'")  # type: ignore[attr-defined]
    conn.close()  # type: ignore[attr-defined]
    with open_election_file(server_url) as store:
        head = store.head_hash()
        with pytest.raises(DataChangedOutside, match="changed outside the program"):
            enter_sheet(store, mayor_sheet("T-1", "Ann"))
        assert store.head_hash() == head


def test_functions_not_exactly_the_programs_are_not_used(server_url: str, election: Election,
                                                          results: ElectionResults) -> None:
    with create_election_file(server_url, election) as store:
        fill(store, results)
        needs_server_audit(store)
    conn = raw(server_url)
    conn.execute(f"CREATE OR REPLACE FUNCTION {pg_audit.PROVE}(actual text, expected text) RETURNS boolean"  # type: ignore[attr-defined]
                 " LANGUAGE plpgsql AS $$ BEGIN RETURN true; END $$")
    conn.close()  # type: ignore[attr-defined]
    with open_election_file(server_url) as store:
        assert isinstance(store, ServerElection) and not store._conn.server_audit
        enter_sheet(store, mayor_sheet("T-1", "Ann"))  # the workstation computes the entry
        assert store.verify_audit().ok
    assert any("installed the server's audit functions" in line for line in _init(server_url))
    with open_election_file(server_url) as store:
        assert store._conn.server_audit


def _init(url: str) -> list[str]:
    from recount_desktop.store.server import init_server

    return init_server(url)


def test_a_change_the_server_does_not_compute_is_run_again_by_the_workstation(
        server_url: str, election: Election, results: ElectionResults, by_server: list[str]) -> None:
    """A change that writes a whole results table (its digest is recomputed from every row, which the
    server's function does not do) is declined by the server, rolled back whole and run again with
    the workstation computing the entry: saved once, the log verifies."""
    with create_election_file(server_url, election) as store:
        fill(store, results)
        needs_server_audit(store)
        entries = len(store.audit_entries())
        by_server.clear()  # fill's sheets

        def touch_tally() -> None:
            with store.transaction("test.touch", {}) as tx:
                tx.execute("UPDATE tally SET votes = votes + 1 WHERE precinct_id = 1")

        assert isinstance(store, ServerElection)
        store.optimistically(touch_tally)
        assert store.conflicts == 1 and by_server == []
        assert len(store.audit_entries()) == entries + 1
        assert store.verify_audit().ok
        enter_sheet(store, mayor_sheet("T-9", "Ann"))  # the next sheet is the server's again
        assert by_server == ["sheet.enter"]


def test_the_servers_function_is_built_from_the_programs_own_digest_and_hash_text() -> None:
    """One text for both: the function's body holds ``digest_core`` and ``pg_audit_server`` exactly as
    the program imports them, so the server cannot compute a digest or a hash the program would not."""
    import inspect

    from recount_desktop.store import digest_core, pg_audit_server

    body = pg_audit.append_body()
    assert repr(inspect.getsource(digest_core)) in body
    assert repr(inspect.getsource(pg_audit_server)) in body
    assert "import recount_desktop" not in body and "from recount_desktop" not in body


def test_the_function_reads_the_head_the_digests_and_the_captured_rows_in_one_statement() -> None:
    """Run as the server runs it, against a stand-in for PL/Python's ``plpy``: one statement reads
    the head entry, the stored digests and the change's captured rows; one writes the digests and the
    audit entry. The entry it appends is the one the program's own arithmetic gives."""
    import json
    import types

    from recount_desktop.store import digest, digest_core, pg_audit_server

    core = types.SimpleNamespace(**vars(digest_core), NOT_GROUPS=digest.NOT_GROUPS,
                                 ADDITIVE=sorted(s.name for s in digest.TABLES if s.additive),
                                 TABLES=sorted(s.name for s in digest.TABLES))
    stored = {name: (0, format(0, "x")) if name in core.ADDITIVE else (0, "0" * 64) for name in core.TABLES}
    head = {"seq": 7, "hash": "a" * 64, "data_digest": pg_audit_server._election_digest(core, stored)}
    row = json.dumps(["S-1", "Mayor", "entered", None, None, None])
    answers = [[{"kind": 0, "tbl": head["hash"], "n": head["seq"], "value": head["data_digest"]},
                *({"kind": 1, "tbl": t, "n": r, "value": v} for t, (r, v) in stored.items()),
                {"kind": 2, "tbl": "recount_sheet", "n": 1, "value": row}], []]
    executed: list[tuple[object, object]] = []

    class Plpy:
        def prepare(self, sql: str, types: object = None) -> str:
            return sql

        def execute(self, plan: str, args: object = None) -> object:
            executed.append((plan, args))
            return answers.pop(0)

        def error(self, message: str, **kwargs: object) -> None:
            raise AssertionError(message)

    held = json.dumps({"proof": {}, "known": {}})
    answer = json.loads(pg_audit_server.append_audit(Plpy(), {}, core, "2026-12-01T06:00:00Z", "clerk-1",
                                                     "sheet.enter", '{"sheet_id":"S-1"}', held))
    assert len(executed) == 2
    rows, value = digest_core.sum_after(*stored["recount_sheet"], [(1, row)], "recount_sheet")
    data = pg_audit_server._election_digest(core, {**stored, "recount_sheet": (rows, value)})
    assert answer["data"] == data and answer["digests"]["recount_sheet"] == [rows, value]
    assert answer["hash"] == digest_core.entry_hash("a" * 64, 8, "2026-12-01T06:00:00Z", "clerk-1",
                                                    "sheet.enter", '{"sheet_id":"S-1"}', data)
