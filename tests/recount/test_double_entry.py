"""Double entry: blind, by two people, a third settles a difference; voiding never deletes."""

from __future__ import annotations

import sqlite3

import pytest

from recount_desktop.recount.reconcile import reconcile
from recount_desktop.recount.scope import RecountError, RecountUnit, get_scope, recount_progress, set_scope
from recount_desktop.recount.sheets import (
    SheetError,
    SheetState,
    TallySheetEntry,
    enter_sheet,
    list_sheets,
    resolve_discrepancy,
    sheet_status,
    void_sheet,
)
from recount_desktop.store import ElectionFile

MAYOR = "Mayor"


def entry(sheet_id: str = "M-P1", who: str = "Ann", ada: int = 99, bo: int = 98,
          **more: object) -> TallySheetEntry:
    return TallySheetEntry(sheet_id, MAYOR, {"Ada": ada, "Bo": bo}, precinct=more.pop("precinct", "P1"),
                           entered_by=who, **more)  # type: ignore[arg-type]


def _leaves(value: object, key: str = "") -> list[tuple[str, object]]:
    """Every (key, value) at the leaves of a JSON-like structure."""
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in _leaves(v, str(k))]
    if isinstance(value, list | tuple):
        return [leaf for v in value for leaf in _leaves(v, key)]
    return [(key, value)]


def test_the_second_entry_cannot_see_the_first_entrys_numbers(store: ElectionFile) -> None:
    first = enter_sheet(store, entry(ada=99, bo=98))
    assert (first.state, first.differing) == (SheetState.ENTERED_ONCE, ())
    status = sheet_status(store, "M-P1")
    assert status.counts is None and status.differing == ()
    assert all(s.counts is None for s in list_sheets(store))
    logged = store.audit_entries()[-1]
    assert logged.action == "sheet.enter"
    assert "counted" not in logged.details
    # Digests are hex and may contain "99" by chance; every other value must not carry the counts.
    readable = [v for k, v in _leaves(logged.details) if not k.endswith(("hmac", "digest", "hash"))]
    assert not any(v in (99, 98) or (isinstance(v, str) and ("99" in v or "98" in v)) for v in readable)
    assert len(logged.details["lines_hmac"]) == 64
    # Only after Ben submits does the sheet show what it counts.
    enter_sheet(store, entry(who="Ben"))
    status = sheet_status(store, "M-P1")
    assert status.counts is not None and status.counts.count_map() == {"Ada": 99, "Bo": 98}
    assert store.audit_entries()[-1].details["counted"]["counts"] == {"Ada": 99, "Bo": 98}


def test_the_same_operator_cannot_make_both_entries(store: ElectionFile) -> None:
    enter_sheet(store, entry(who="Ann"))
    refusal = "Ann made entry 1 of sheet M-P1; the other entry must be made by someone else"
    with pytest.raises(SheetError, match=refusal):
        enter_sheet(store, entry(who=" ann "))
    assert sheet_status(store, "M-P1").state is SheetState.ENTERED_ONCE
    assert len(sheet_status(store, "M-P1").entries) == 1


def test_a_one_person_office_may_allow_the_same_operator_and_the_report_says_so(store: ElectionFile) -> None:
    store.set_setting("recount.allow_same_operator", "yes")
    enter_sheet(store, entry(who="Ann"))
    second = enter_sheet(store, entry(who="Ann"))
    assert second.state is SheetState.VERIFIED and second.same_operator
    assert store.audit_entries()[-1].details["same_operator_allowed"] is True
    result = reconcile(store)
    assert result.same_operator_allowed and result.same_operator_sheets == 1


def test_the_report_counts_every_sheet_one_person_entered_twice_however_the_name_was_typed(
        store: ElectionFile) -> None:
    store.set_setting("recount.allow_same_operator", "yes")
    for precinct, first, second in (("P1", "Ann", "Ann"), ("P2", "Ann", "Ann"), ("P3", "Ann", " ANN ")):
        for who in (first, second):
            enter_sheet(store, entry(f"M-{precinct}", who, precinct=precinct))
    for who in ("Ann", "Ben"):
        enter_sheet(store, TallySheetEntry("C-P1", "Council (Vote For 2)", {"C": 60, "D": 50, "E": 49},
                                           precinct="P1", entered_by=who))
    assert reconcile(store).same_operator_sheets == 3


def test_a_discrepancy_lists_every_differing_line(store: ElectionFile) -> None:
    enter_sheet(store, entry(ada=99, bo=98, ballots=200))
    second = enter_sheet(store, entry(who="Ben", ada=99, bo=89, ballots=197))
    assert second.state is SheetState.DISCREPANCY
    assert [(d.line, d.first, d.second) for d in second.differing] == [("Bo", 98, 89), ("Ballots", 200, 197)]
    assert reconcile(store).contest(MAYOR).pending_sheets == 1
    assert recount_progress(store, MAYOR).discrepancy == 1


def test_only_a_third_operator_resolves_and_must_settle_every_differing_line(store: ElectionFile) -> None:
    enter_sheet(store, entry(ada=99, bo=98, ballots=200))
    enter_sheet(store, entry(who="Ben", ada=99, bo=89, ballots=197))
    with pytest.raises(RecountError, match="Ben made one of the entries"):
        resolve_discrepancy(store, "M-P1", {"Bo": 98}, "checked", resolved_by="Ben", ballots=200)
    with pytest.raises(RecountError, match="differ on ballots"):
        resolve_discrepancy(store, "M-P1", {"Bo": 98}, "checked", resolved_by="Cy")
    with pytest.raises(RecountError, match="reason is required"):
        resolve_discrepancy(store, "M-P1", {"Bo": 98}, "  ", resolved_by="Cy", ballots=200)
    status = resolve_discrepancy(store, "M-P1", {"Bo": 98}, "paper says 98", resolved_by="Cy", ballots=200)
    assert status.state is SheetState.RESOLVED and status.resolution_reason == "paper says 98"
    assert status.counts is not None and (status.counts.count_map(), status.counts.ballots) == (
        {"Ada": 99, "Bo": 98}, 200)
    # Both typed entries are kept as typed; the resolution is a third entry.
    assert [(n, who) for n, who, _ in status.entries] == [(1, "Ann"), (2, "Ben"), (3, "Cy")]
    with pytest.raises(SheetError, match="already resolved"):
        enter_sheet(store, entry(sheet_id="M-P1", who="Dee"))


def test_a_voided_sheet_stays_in_the_file_and_stops_counting(store: ElectionFile) -> None:
    enter_sheet(store, entry(ada=10))
    enter_sheet(store, entry(who="Ben", ada=10))
    assert reconcile(store).contest(MAYOR).amended_totals == {"Ada": 90, "Bo": 179}
    with pytest.raises(RecountError, match="reason is required"):
        void_sheet(store, "M-P1", "")
    status = void_sheet(store, "M-P1", "wrong precinct's ballots", voided_by="Cy")
    assert status.state is SheetState.VOIDED and status.void_reason == "wrong precinct's ballots"
    assert reconcile(store).contest(MAYOR).amended_totals == {"Ada": 180, "Bo": 179}
    assert len(sheet_status(store, "M-P1").entries) == 2
    with pytest.raises(SheetError, match="was voided; enter the paper sheet again under a new sheet ID"):
        enter_sheet(store, entry(who="Dee"))
    for statement in ("DELETE FROM recount_sheet", "DELETE FROM recount_entry",
                      "UPDATE recount_entry_count SET votes = 0"):
        with pytest.raises(sqlite3.DatabaseError, match="never"):
            store._conn.execute(statement)
    assert store._conn.execute("SELECT COUNT(*) FROM recount_entry").fetchone()[0] == 2


def test_single_entry_mode_counts_a_sheet_entered_once(store: ElectionFile) -> None:
    enter_sheet(store, entry(ada=95))
    assert reconcile(store).contest(MAYOR).pending_sheets == 1
    store.set_setting("recount.single_entry", "yes")
    mayor = reconcile(store).contest(MAYOR)
    assert (mayor.pending_sheets, mayor.amended_totals) == (0, {"Ada": 175, "Bo": 179})
    assert reconcile(store).single_entry


def test_an_entry_that_does_not_fit_the_election_is_refused_whole(store: ElectionFile) -> None:
    bad = TallySheetEntry("X1", MAYOR, {"Ada": 1, "Zed": 2}, precinct="P9", entered_by="Ann")
    with pytest.raises(SheetError) as caught:
        enter_sheet(store, bad)
    lines = {p.line for p in caught.value.problems}
    assert lines == {"Zed", "Bo", "precinct"}
    with pytest.raises(SheetError, match="no contest named 'Sheriff'"):
        enter_sheet(store, TallySheetEntry("X2", "Sheriff", {"A": 1}, precinct="P1"))
    assert store._conn.execute("SELECT COUNT(*) FROM recount_sheet").fetchone()[0] == 0
    with pytest.raises(ValueError, match="whole number"):
        TallySheetEntry("X3", MAYOR, {"Ada": -1, "Bo": 0}, precinct="P1")
    with pytest.raises(ValueError, match="precinct, a device or both"):
        TallySheetEntry("X4", MAYOR, {"Ada": 1, "Bo": 0})


def test_a_sheet_that_does_not_add_up_gets_a_warning_not_a_refusal(store: ElectionFile) -> None:
    # 200 ballots x 1 vote allowed = 200 positions; 99 + 98 + 1 over + 1 under = 199: one short.
    result = enter_sheet(store, entry(ballots=200, over_votes=1, under_votes=1))
    assert result.warnings == ("the sheet accounts for 199 vote positions (votes, over, under, blank) but "
                               "its 200 ballots x 1 allowed = 200: difference -1",)
    council = TallySheetEntry("C1", "Council (Vote For 2)", {"C": 60, "D": 50, "E": 49}, precinct="P1",
                              ballots=79, entered_by="Ann")
    assert enter_sheet(store, council).warnings == (
        "the sheet has 159 votes but its 79 ballots x 2 allowed = 158: 1 too many",)
    fits = TallySheetEntry("C2", "Council (Vote For 2)", {"C": 60, "D": 50, "E": 49}, precinct="P2",
                           ballots=85, over_votes=2, under_votes=3, blank_ballots=3, entered_by="Ann")
    assert enter_sheet(store, fits).warnings == ()  # 159 + 2 + 3 + 3 x 2 = 170 = 85 x 2


def test_a_chosen_scope_holds_and_a_sheet_made_scope_grows(store: ElectionFile) -> None:
    set_scope(store, MAYOR, ["P1"], method="manual", requested_by="petition of 12 Nov")
    with pytest.raises(SheetError, match="P2 is not in the recount scope of 'Mayor'"):
        enter_sheet(store, entry(sheet_id="M-P2", precinct="P2"))
    enter_sheet(store, TallySheetEntry("L1", "Levy", {"Yes": 70, "No": 60}, precinct="P1"))
    enter_sheet(store, TallySheetEntry("L2", "Levy", {"Yes": 40, "No": 45}, precinct="P2"))
    levy = get_scope(store, "Levy")
    assert levy is not None and levy.set_by_sheets
    assert levy.units == (RecountUnit("P1"), RecountUnit("P2"))
    progress = recount_progress(store, "Levy")
    assert (progress.units_expected, progress.entered_once, progress.sheets_expected) == (2, 2, 2)
    with pytest.raises(RecountError, match="no precinct named 'P7'"):
        set_scope(store, MAYOR, ["P7"])


def test_every_change_is_in_the_audit_log(store: ElectionFile) -> None:
    before = len(store.audit_entries())
    set_scope(store, MAYOR, "all", method="machine", requested_by="Bo")
    enter_sheet(store, entry(ada=1))
    enter_sheet(store, entry(who="Ben", ada=2))
    resolve_discrepancy(store, "M-P1", {"Ada": 3}, "paper", resolved_by="Cy")
    void_sheet(store, "M-P1", "spoiled", voided_by="Cy")
    actions = [(e.action, e.details.get("sheet_id"), e.details.get("state"))
               for e in store.audit_entries()[before:]]
    assert actions == [("recount.scope", None, None), ("sheet.enter", "M-P1", "entered_once"),
                       ("sheet.enter", "M-P1", "discrepancy"), ("sheet.resolve", "M-P1", None),
                       ("sheet.void", "M-P1", None)]
    log = store.audit_entries()[before:]
    assert log[3].details["counted"]["counts"] == {"Ada": 3, "Bo": 98}
    assert log[4].details["reason"] == "spoiled" and log[4].details["state_before"] == "resolved"
    assert store.verify_audit().ok
