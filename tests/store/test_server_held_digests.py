"""At the change lock, a connection reads the value of only the stored digests that moved since it
last read them (``pg_change._HEAD_AND_STORED``): the others it holds, by their row version. These
tests take turns between two connections, so the head is never the connection's own."""

from __future__ import annotations

import pytest

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.recount.sheets import enter_sheet, sheet_status
from recount_desktop.store import create_election_file, open_election_file
from recount_desktop.store.digest import TableDigest
from recount_desktop.store.server import ServerElection
from tests.pg_testing import raw
from tests.reliability.conftest import fill, mayor_sheet


def _values_sent(store: ServerElection, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many digest values each head query of ``store`` brings back (spied on its pipelines)."""
    counts: list[int] = []
    prepared = store._conn._prepared
    pipeline = prepared.pipeline

    def spy(statements):  # type: ignore[no-untyped-def]
        results = pipeline(statements)
        for (sql, _), rows in zip(statements, results, strict=True):
            if sql.startswith("WITH h AS"):
                fetched = rows.fetchall()
                counts.append(sum(1 for row in fetched if row[5] is not None))
                rows._next = 0  # read again by the change
        return results

    monkeypatch.setattr(prepared, "pipeline", spy)
    return counts


def test_turns_bring_back_only_the_digests_that_moved_and_the_log_verifies(
        server_url: str, election: Election, results: ElectionResults,
        monkeypatch: pytest.MonkeyPatch) -> None:
    with create_election_file(server_url, election) as store:
        fill(store, results)
    with open_election_file(server_url) as one, open_election_file(server_url) as two:
        assert isinstance(one, ServerElection) and isinstance(two, ServerElection)
        sent = _values_sent(one, monkeypatch)
        for number in range(4):
            one.operator, two.operator = "clerk-a", "clerk-b"
            enter_sheet(one, mayor_sheet(f"H-{number}", "Ann"))
            enter_sheet(two, mayor_sheet(f"H-{number}", "Bob"))
        # The first read brings every table's digest; later ones only the sheets' three tables,
        # which the other connection's entry moved.
        assert sent[0] > 10 and sent[1:] == [3, 3, 3], sent
        assert all(sheet_status(one, f"H-{n}").state == "verified" for n in range(4))
        assert one.verify_audit().ok and two.verify_audit().ok


def test_a_held_digest_altered_behind_the_programs_back_stops_the_next_change(
        server_url: str, election: Election, results: ElectionResults) -> None:
    with create_election_file(server_url, election) as store:
        fill(store, results)
    with open_election_file(server_url) as one, open_election_file(server_url) as two:
        enter_sheet(one, mayor_sheet("A-1", "Ann"))  # one now holds every digest
        two.operator = "clerk-b"
        enter_sheet(two, mayor_sheet("A-1", "Bob"))
        raw(server_url).execute("UPDATE data_digest SET row_count = row_count + 1 WHERE tbl = 'setting'")  # type: ignore[attr-defined]
        with pytest.raises(Exception, match="changed outside the program"):
            enter_sheet(one, mayor_sheet("A-2", "Ann"))
        assert not one._conn.in_transaction


def test_a_held_digest_that_does_not_match_the_head_is_read_again_before_refusing(
        server_url: str, election: Election, results: ElectionResults) -> None:
    """Should a row version ever come back the same for a different value, the head's own digest
    shows it, and the change reads every stored digest again rather than build on the held one."""
    with create_election_file(server_url, election) as store:
        fill(store, results)
    with open_election_file(server_url) as one, open_election_file(server_url) as two:
        assert isinstance(one, ServerElection)
        enter_sheet(one, mayor_sheet("B-1", "Ann"))
        two.operator = "clerk-b"
        enter_sheet(two, mayor_sheet("B-1", "Bob"))
        held = one._change._held
        wrong, version = held["setting"]
        held["setting"] = (TableDigest(wrong.rows + 1, wrong.value), version)
        enter_sheet(one, mayor_sheet("B-2", "Ann"))
        assert one._change._held["setting"][0] == wrong
        assert sheet_status(one, "B-2").state == "entered_once" and one.verify_audit().ok
