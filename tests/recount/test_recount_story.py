"""A whole recount, told the way the board lives it: scope, double entry, a discrepancy, a void, the
result."""

from __future__ import annotations

from recount_desktop.recount.reconcile import reconcile, reconciliation_to_json
from recount_desktop.recount.scope import RecountUnit, recount_progress, set_scope
from recount_desktop.recount.sheets import (
    SheetState,
    TallySheetEntry,
    enter_sheet,
    resolve_discrepancy,
    sheet_status,
    void_sheet,
)
from recount_desktop.store import ElectionFile

MAYOR, COUNCIL = "Mayor", "Council (Vote For 2)"


def twice(store: ElectionFile, sheet_id: str, contest: str, precinct: str, counts: dict[str, int],
          second: dict[str, int] | None = None) -> SheetState:
    """Ann types the paper sheet, Ben types it again blind; returns the state after Ben's entry."""
    enter_sheet(store, TallySheetEntry(sheet_id, contest, counts, precinct=precinct, entered_by="Ann",
                                       counted_by="Team 1: Kim; Lee"))
    result = enter_sheet(store, TallySheetEntry(sheet_id, contest, second or counts, precinct=precinct,
                                                entered_by="Ben"))
    return result.state


def test_a_recount_of_two_contests_from_scope_to_amended_result(store: ElectionFile) -> None:
    set_scope(store, MAYOR, "all", method="manual", requested_by="Bo (losing candidate)")
    set_scope(store, COUNCIL, ["P1", "P2"], method="manual", requested_by="E (losing candidate)")
    assert recount_progress(store, MAYOR).units_expected == 3
    assert recount_progress(store, COUNCIL).sheets_expected == 2

    # Mayor: P1 one sheet, P2 two batches, P3 one sheet; every one typed twice and agreeing.
    assert twice(store, "M-P1", MAYOR, "P1", {"Ada": 99, "Bo": 98}) is SheetState.VERIFIED
    assert twice(store, "M-P2a", MAYOR, "P2", {"Ada": 30, "Bo": 25}) is SheetState.VERIFIED
    assert twice(store, "M-P2b", MAYOR, "P2", {"Ada": 20, "Bo": 27}) is SheetState.VERIFIED
    assert twice(store, "M-P3", MAYOR, "P3", {"Ada": 30, "Bo": 31}) is SheetState.VERIFIED

    # Council P1: Ben types D as 5 where Ann typed 50; Cy, a third operator, finds 52 on the paper.
    state = twice(store, "C-P1", COUNCIL, "P1", {"C": 60, "D": 50, "E": 49}, {"C": 60, "D": 5, "E": 49})
    assert state is SheetState.DISCREPANCY
    lines = sheet_status(store, "C-P1").differing
    assert [(d.line, d.first, d.second) for d in lines] == [("D", 50, 5)]
    resolved = resolve_discrepancy(store, "C-P1", {"D": 52}, "recounted the D pile: 52", resolved_by="Cy")
    assert resolved.state is SheetState.RESOLVED
    assert resolved.counts is not None and resolved.counts.count_map() == {"C": 60, "D": 52, "E": 49}

    # Council P2: the sheet was filled in for the wrong contest line; voided and entered again.
    assert twice(store, "C-P2", COUNCIL, "P2", {"C": 41, "D": 30, "E": 30}) is SheetState.VERIFIED
    void_sheet(store, "C-P2", "team wrote C's count in the wrong row", voided_by="Cy")
    assert twice(store, "C-P2-r", COUNCIL, "P2", {"C": 40, "D": 30, "E": 31}) is SheetState.VERIFIED

    result = reconcile(store)
    mayor, council = result.contest(MAYOR), result.contest(COUNCIL)
    # Mayor: Ada 99 + 50 + 30 = 179, Bo 98 + 52 + 31 = 181: the recount reverses the result.
    assert mayor.amended_totals == {"Ada": 179, "Bo": 181}
    assert (mayor.winners_before, mayor.winners_after, mayor.outcome_changed) == (("Ada",), ("Bo",), True)
    assert (mayor.margin_before, mayor.margin_after) == (1, 2)
    p2 = {u.choice: (u.original, u.recount, u.difference) for u in mayor.units if u.precinct == "P2"}
    assert p2 == {"Ada": (50, 50, 0), "Bo": (51, 52, 1)}
    # Council: P3 was not recounted and keeps 20/10/10. C 60+40+20 = 120, D 52+30+10 = 92, E 49+31+10 = 90.
    assert council.amended_totals == {"C": 120, "D": 92, "E": 90}
    assert council.outcome_changed is False
    assert set(council.winners_after) == {"C", "D"}
    assert (council.margin_before, council.margin_after) == (1, 2)
    assert {u.precinct for u in council.units} == {"P1", "P2"}
    assert mayor.pending_sheets == council.pending_sheets == 0

    progress = recount_progress(store, COUNCIL)
    assert (progress.verified, progress.resolved, progress.voided,
            progress.units_without_sheet) == (1, 1, 1, ())
    assert reconciliation_to_json(result)["contests"][0]["totals"] == [
        {"choice": "Ada", "original": 180, "amended": 179}, {"choice": "Bo", "original": 179, "amended": 181}]
    assert store.verify_audit().ok


def test_a_pending_sheet_keeps_its_precinct_at_the_original_count(store: ElectionFile) -> None:
    twice(store, "M-P1", MAYOR, "P1", {"Ada": 90, "Bo": 98})
    enter_sheet(store, TallySheetEntry("M-P1b", MAYOR, {"Ada": 10, "Bo": 0}, precinct="P1", entered_by="Ann"))
    mayor = reconcile(store).contest(MAYOR)
    assert mayor.pending_sheets == 1
    assert mayor.units == ()
    assert mayor.amended_totals == {"Ada": 180, "Bo": 179}
    enter_sheet(store, TallySheetEntry("M-P1b", MAYOR, {"Ada": 10, "Bo": 0}, precinct="P1", entered_by="Ben"))
    mayor = reconcile(store).contest(MAYOR)
    assert mayor.amended_totals == {"Ada": 180, "Bo": 179}  # 90 + 10 = the original 100
    assert [(u.choice, u.recount) for u in mayor.units] == [("Ada", 100), ("Bo", 98)]


def test_a_question_that_flips_from_approved_to_rejected(store: ElectionFile) -> None:
    # Yes 120 - No 119 approves; P2 recount finds Yes 38, No 46: Yes 118, No 120 rejects.
    twice(store, "L-P2", "Levy", "P2", {"Yes": 38, "No": 46})
    levy = reconcile(store).contest("Levy")
    assert levy.amended_totals == {"Yes": 118, "No": 120}
    assert (levy.winners_before, levy.winners_after) == (("Yes",), ("No",))
    assert levy.outcome_before.approved is True and levy.outcome_after.approved is False
    assert levy.outcome_changed


def test_a_recount_into_a_tie_is_an_outcome_change(store: ElectionFile) -> None:
    twice(store, "M-P3", MAYOR, "P3", {"Ada": 30, "Bo": 31})  # Ada 180, Bo 180
    mayor = reconcile(store).contest(MAYOR)
    assert mayor.outcome_after.tied == ("Ada", "Bo") and mayor.winners_after == ()
    assert mayor.outcome_changed and mayor.margin_after == 0


def test_a_device_sheet_counts_towards_its_precinct(store: ElectionFile) -> None:
    set_scope(store, MAYOR, [RecountUnit("P1")], method="machine")
    twice(store, "S1", MAYOR, "P1", {"Ada": 60, "Bo": 50})
    enter_sheet(store, TallySheetEntry("S2", MAYOR, {"Ada": 41, "Bo": 48}, device="Scanner 2",
                                       method="machine", entered_by="Ann"))
    enter_sheet(store, TallySheetEntry("S2", MAYOR, {"Ada": 41, "Bo": 48}, device="Scanner 2",
                                       method="machine", entered_by="Ben"))
    mayor = reconcile(store).contest(MAYOR)
    p1 = {u.choice: u.recount for u in mayor.units}
    assert p1 == {"Ada": 101, "Bo": 98}
    assert mayor.amended_totals == {"Ada": 181, "Bo": 179}
    assert not mayor.whole_contest_retabulated


def test_devices_without_a_precinct_make_a_whole_contest_retabulation(store: ElectionFile) -> None:
    for sheet, device, counts in (("T1", "Central A", {"Ada": 100, "Bo": 90}),
                                  ("T2", "Central B", {"Ada": 79, "Bo": 90})):
        for who in ("Ann", "Ben"):
            enter_sheet(store, TallySheetEntry(sheet, MAYOR, counts, device=device, method="machine",
                                               entered_by=who))
    mayor = reconcile(store).contest(MAYOR)
    assert mayor.whole_contest_retabulated
    assert mayor.amended_totals == {"Ada": 179, "Bo": 180}
    assert {(u.device, u.original, u.difference) for u in mayor.units} == {
        ("Central A", None, None), ("Central B", None, None)}
