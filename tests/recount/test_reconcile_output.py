"""reconcile --json is CONTRACT.md key for key; Nebraska's substantial changes are flagged, not acted on."""

from __future__ import annotations

import json

from recount_desktop.recount.reconcile import reconcile, reconciliation_to_json
from recount_desktop.recount.scope import RecountUnit, recount_progress, set_scope
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet, void_sheet
from recount_desktop.store import ElectionFile


def _both(store: ElectionFile, sheet_id: str, precinct: str, ada: int, bo: int,
          method: str = "manual") -> None:
    for who in ("Ann", "Ben"):
        store.operator = who  # each clerk signed in to the program (issue 15: else "not independent")
        enter_sheet(store, TallySheetEntry(sheet_id, "Mayor", {"Ada": ada, "Bo": bo}, precinct=precinct,
                                           method=method, entered_by=who))


def test_reconcile_json_has_exactly_the_contract_shape(store: ElectionFile) -> None:
    _both(store, "M-P1", "P1", 98, 100)
    enter_sheet(store, TallySheetEntry("M-P2", "Mayor", {"Ada": 1, "Bo": 1}, precinct="P2", entered_by="Ann"))
    document = json.loads(json.dumps(reconciliation_to_json(reconcile(store))))
    assert document == {"contests": [{
        "contest": "Mayor",
        "units": [
            {"precinct": "P1", "device": None, "choice": "Ada", "original": 100, "recount": 98,
             "difference": -2},
            {"precinct": "P1", "device": None, "choice": "Bo", "original": 98, "recount": 100,
             "difference": 2},
        ],
        "totals": [{"choice": "Ada", "original": 180, "amended": 178},
                   {"choice": "Bo", "original": 179, "amended": 181}],
        "winners_before": ["Ada"], "winners_after": ["Bo"], "outcome_changed": True,
        "pending_sheets": 1, "not_independent_sheets": [],
    }]}


def test_no_recount_means_no_contests(store: ElectionFile) -> None:
    assert reconciliation_to_json(reconcile(store)) == {"contests": []}


def test_nebraska_flags_a_machine_recount_that_moved_a_precinct(ne_store: ElectionFile) -> None:
    _both(ne_store, "M-P1", "P1", 100, 95, method="machine")  # Bo -3
    _both(ne_store, "M-P2", "P2", 50, 51, method="machine")  # unchanged
    _both(ne_store, "M-P3", "P3", 31, 30, method="manual")  # a hand count is not a machine recount
    flags = reconcile(ne_store).contest("Mayor").substantial_changes
    assert [(f.precinct, f.choice, f.original, f.recount) for f in flags] == [("P1", "Bo", 98, 95)]
    ne_store.set_setting("recount.substantial_change_votes", "3")
    assert reconcile(ne_store).contest("Mayor").substantial_changes == ()
    ne_store.set_setting("recount.substantial_change_percent", "3")  # 3 * 100 > 3% of 98 = 2.94
    assert [f.choice for f in reconcile(ne_store).contest("Mayor").substantial_changes] == ["Bo"]


def test_other_states_get_no_substantial_change_flags(store: ElectionFile) -> None:
    _both(store, "M-P1", "P1", 10, 95, method="machine")
    assert reconcile(store).contest("Mayor").substantial_changes == ()


def test_units_still_without_a_sheet_match_the_progress_count(store: ElectionFile) -> None:
    set_scope(store, "Mayor", "all", method="machine")
    # Scanner 1 stood in P1: its sheet (naming the device alone) counts for P1. P2 is entered once only;
    # P3's only sheet is voided, so P3 still has none.
    for who in ("Ann", "Ben"):
        enter_sheet(store, TallySheetEntry("M-S1", "Mayor", {"Ada": 100, "Bo": 98}, device="Scanner 1",
                                           method="machine", entered_by=who))
    for sheet_id, precinct in (("M-P2", "P2"), ("M-P3", "P3")):
        enter_sheet(store, TallySheetEntry(sheet_id, "Mayor", {"Ada": 1, "Bo": 1}, precinct=precinct,
                                           entered_by="Ann"))
    void_sheet(store, "M-P3", "wrong precinct written")
    mayor = reconcile(store).contest("Mayor")
    assert mayor.units_without_sheet == (RecountUnit("P3"),)
    assert mayor.units_without_sheet == recount_progress(store, "Mayor").units_without_sheet
    assert mayor.pending_sheets == 1
