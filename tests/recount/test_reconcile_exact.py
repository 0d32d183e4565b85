"""Amended totals are the recount where a unit is wholly recounted and the original elsewhere, and
outcome_changed follows the winners through ties; the numbers are written here from conftest's table."""

from __future__ import annotations

from recount_desktop.recount.reconcile import reconcile
from recount_desktop.recount.scope import RecountUnit, set_scope
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
from recount_desktop.store import ElectionFile


def twice(store: ElectionFile, sheet_id: str, counts: dict[str, int], precinct: str,
          device: str | None = None, contest: str = "Mayor") -> None:
    for who in ("Ann", "Ben"):
        enter_sheet(store, TallySheetEntry(sheet_id, contest, counts, precinct=precinct, device=device,
                                           method="machine" if device else "manual", entered_by=who))


def test_one_device_of_two_does_not_replace_the_whole_precinct(store: ElectionFile) -> None:
    # P1 (Ada 100, Bo 98) was counted on Scanner 1 and Scanner 2; only Scanner 1's sheet is in so far.
    set_scope(store, "Mayor", [RecountUnit("P1", "Scanner 1"), RecountUnit("P1", "Scanner 2")],
              method="machine")
    twice(store, "S1", {"Ada": 60, "Bo": 50}, "P1", "Scanner 1")
    mayor = reconcile(store).contest("Mayor")
    assert mayor.amended_totals == {"Ada": 180, "Bo": 179}  # P1 keeps its original until both are in
    assert mayor.units == ()
    assert mayor.units_without_sheet == (RecountUnit("P1", "Scanner 2"),)

    twice(store, "S2", {"Ada": 39, "Bo": 48}, "P1", "Scanner 2")
    mayor = reconcile(store).contest("Mayor")
    # P1 recount 99 / 98: Ada 180 - 100 + 99 = 179, Bo 179 - 98 + 98 = 179: a tie, so the outcome changed
    assert mayor.amended_totals == {"Ada": 179, "Bo": 179}
    assert mayor.outcome_after.tied == ("Ada", "Bo") and mayor.winners_after == ()
    assert mayor.outcome_changed and mayor.margin_after == 0


def test_a_recount_that_breaks_a_tie_for_the_same_winner_is_not_a_change(store: ElectionFile) -> None:
    set_scope(store, "Mayor", ["P3"])
    twice(store, "M3", {"Ada": 30, "Bo": 30}, "P3")  # P3 was already 30 / 30
    mayor = reconcile(store).contest("Mayor")
    assert mayor.amended_totals == {"Ada": 180, "Bo": 179}
    assert not mayor.outcome_changed and (mayor.margin_before, mayor.margin_after) == (1, 1)


def test_the_second_seat_moving_into_a_tie_changes_the_outcome(store: ElectionFile) -> None:
    # Council: C 120, D 90, E 89 (two seats). P2 recount gives E one more: D 90, E 90, tied for seat 2.
    set_scope(store, "Council (Vote For 2)", ["P2"])
    twice(store, "C2", {"C": 40, "D": 30, "E": 31}, "P2", contest="Council (Vote For 2)")
    council = reconcile(store).contest("Council (Vote For 2)")
    assert council.amended_totals == {"C": 120, "D": 90, "E": 90}
    assert council.winners_before == ("C", "D")
    assert council.winners_after == ("C",) and set(council.outcome_after.tied) == {"D", "E"}
    assert council.outcome_changed
