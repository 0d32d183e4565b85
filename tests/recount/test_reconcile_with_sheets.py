"""``reconcile_with_sheets`` (the report's single read of the sheets) gives exactly ``reconcile`` and
``list_sheets``, sheet for sheet, in every state a sheet can be in: verified, resolved, voided, in
discrepancy, entered once; device sheets; with and without single-entry mode."""

from __future__ import annotations

import pytest

from recount_desktop.recount.reconcile import reconcile, reconcile_with_sheets
from recount_desktop.recount.scope import RecountUnit, set_scope
from recount_desktop.recount.sheets import (
    SINGLE_ENTRY,
    SheetState,
    TallySheetEntry,
    enter_sheet,
    list_sheets,
    resolve_discrepancy,
    void_sheet,
)
from recount_desktop.store import ElectionFile


def entry(sheet_id: str, contest: str, counts: dict[str, int], who: str, precinct: str | None,
          device: str | None = None) -> TallySheetEntry:
    return TallySheetEntry(sheet_id, contest, counts, precinct=precinct, device=device, entered_by=who,
                           method="machine" if device else "manual", over_votes=1, under_votes=2)


def every_kind_of_sheet(store: ElectionFile) -> None:
    set_scope(store, "Mayor", [RecountUnit("P1", "Scanner 1"), RecountUnit("P1", "Scanner 2"),
                               RecountUnit("P2"), RecountUnit("P3")], method="machine")
    set_scope(store, "Council (Vote For 2)", "all", method="manual")
    for who in ("Ann", "Ben"):  # verified device sheet
        enter_sheet(store, entry("M1", "Mayor", {"Ada": 60, "Bo": 50}, who, "P1", "Scanner 1"))
    enter_sheet(store, entry("M2", "Mayor", {"Ada": 39, "Bo": 48}, "Ann", "P1", "Scanner 2"))  # once
    enter_sheet(store, entry("M3", "Mayor", {"Ada": 50, "Bo": 51}, "Ann", "P2"))  # discrepancy, resolved
    enter_sheet(store, entry("M3", "Mayor", {"Ada": 52, "Bo": 51}, "Ben", "P2"))
    resolve_discrepancy(store, "M3", {"Ada": 51}, "counted again", resolved_by="Cy")
    enter_sheet(store, entry("M4", "Mayor", {"Ada": 31, "Bo": 30}, "Ann", "P3"))  # voided
    void_sheet(store, "M4", "wrong precinct written", voided_by="Cy")
    enter_sheet(store, entry("C1", "Council (Vote For 2)", {"C": 60, "D": 50, "E": 50}, "Ann", "P1"))
    enter_sheet(store, entry("C1", "Council (Vote For 2)", {"C": 60, "D": 51, "E": 50}, "Ben", "P1"))
    for who in ("Ann", "Ben"):
        enter_sheet(store, entry("C2", "Council (Vote For 2)", {"C": 41, "D": 30, "E": 30}, who, "P2"))


@pytest.mark.parametrize("single_entry", [False, True])
def test_the_same_reconciliation_and_the_same_sheets_from_one_read(store: ElectionFile,
                                                                   single_entry: bool) -> None:
    every_kind_of_sheet(store)
    if single_entry:
        store.set_setting(SINGLE_ENTRY, "yes")
    reconciliation, sheets = reconcile_with_sheets(store)
    assert reconciliation == reconcile(store)
    assert set(sheets) == {"Mayor", "Council (Vote For 2)"}
    for contest, statuses in sheets.items():
        assert statuses == list_sheets(store, contest)
    states = {s.sheet_id: s.state for s in sheets["Mayor"]}
    assert states == {"M1": SheetState.VERIFIED, "M2": SheetState.ENTERED_ONCE, "M3": SheetState.RESOLVED,
                      "M4": SheetState.VOIDED}
    mayor = reconciliation.contest("Mayor")
    if single_entry:  # M2 counts: P1 = 60 + 39 / 50 + 48, P2 resolved 51 / 51; P3 has no live sheet
        assert mayor.amended_totals == {"Ada": 180 - 100 + 99 - 50 + 51, "Bo": 179 - 98 + 98 - 51 + 51}
        assert mayor.pending_sheets == 0
    else:  # P1 waits for M2's second entry: only P2 changes
        assert mayor.amended_totals == {"Ada": 180 - 50 + 51, "Bo": 179}
        assert mayor.pending_sheets == 1
    assert mayor.units_without_sheet == (RecountUnit("P3"),)
    council = reconciliation.contest("Council (Vote For 2)")
    assert council.pending_sheets == 1  # C1's two entries differ: pending even in single-entry mode
