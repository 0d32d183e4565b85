"""Recount scope and progress, and the reconciliation view with its banner."""

from __future__ import annotations

from PySide6.QtCore import Qt

from recount_desktop.recount.scope import get_scope
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
from recount_desktop.ui.pages.recount_page import ChoiceTotalModel, UnitDifferenceModel, UnitProgressModel

MAYOR = "Mayor of Plattsmouth"


def _enter_twice(
    window, sheet_id: str, precinct: str, counts: dict[str, int], method: str = "manual"
) -> None:
    store = window.store
    for who in ("clerk-a", "clerk-b"):
        store.operator = who
        enter_sheet(store, TallySheetEntry(sheet_id, MAYOR, counts, precinct=precinct, method=method))
    store.operator = window.operator
    window.reload()


def test_set_a_petition_scope_of_two_precincts_and_see_progress(sample_window, qtbot) -> None:
    page = sample_window.recount_page
    sample_window.show_page(2)
    page.choose_contest(MAYOR)
    page.all_units.click()  # untick "all precincts"
    for row in (0, 1):
        page.units.item(row).setCheckState(Qt.CheckState.Checked)
    page.method.setCurrentIndex(page.method.findData("machine"))
    qtbot.keyClicks(page.requested_by, "Gary Novak")
    page.set_button.click()
    scope = get_scope(sample_window.store, MAYOR)
    assert [u.precinct for u in scope.units] == ["Precinct 01", "Precinct 02"]
    assert scope.method.value == "machine" and scope.requested_by == "Gary Novak"
    assert page.progress.rowCount() == 2
    assert "sheets expected 2" in page.summary.text()
    _enter_twice(sample_window, "M-1", "Precinct 01", {"Ellen Fitch": 130, "Gary Novak": 120})
    assert page.progress.data(page.progress.index(0, 3)) == "1"  # verified
    assert page.progress.data(page.progress.index(0, 7)) == "done"
    assert page.progress.data(page.progress.index(1, 7)) == "no sheet yet"
    contests = sample_window.contests_page.contests
    mayor_row = [r.contest.name for r in contests.rows()].index(MAYOR)
    assert contests.data(contests.index(mayor_row, 7)) == "1/2 sheets"


def test_reconciliation_banner_when_the_outcome_changes(sample_window, qtbot, qtmodeltester) -> None:
    store = sample_window.store
    original = sample_window.snapshot.results.precinct_votes(MAYOR)["Precinct 01"]
    flipped = {"Ellen Fitch": original["Ellen Fitch"] - 10, "Gary Novak": original["Gary Novak"] + 10}
    from recount_desktop.recount.scope import set_scope

    set_scope(store, MAYOR, ["Precinct 01"])
    _enter_twice(sample_window, "M-1", "Precinct 01", flipped)
    page = sample_window.reconcile_page
    sample_window.show_page(3)
    assert page.contest.currentText() == MAYOR
    assert "THE OUTCOME CHANGED" in page.banner.text()
    assert "Gary Novak" in page.winners.text().split("Winners after:")[1]
    rows = {page.totals.data(page.totals.index(r, 0)): page.totals.data(page.totals.index(r, 3))
            for r in range(page.totals.rowCount())}
    assert rows == {"Ellen Fitch": "-10", "Gary Novak": "+10"}
    assert page.units.data(page.units.index(0, 4), Qt.ItemDataRole.BackgroundRole) is not None
    for model in (page.totals, page.units, sample_window.recount_page.progress):
        qtmodeltester.check(model)
    assert isinstance(page.totals, ChoiceTotalModel) and isinstance(page.units, UnitDifferenceModel)
    assert isinstance(sample_window.recount_page.progress, UnitProgressModel)


def test_an_unchanged_outcome_says_so_calmly(sample_window) -> None:
    original = sample_window.snapshot.results.precinct_votes(MAYOR)["Precinct 02"]
    _enter_twice(sample_window, "M-2", "Precinct 02", dict(original))
    page = sample_window.reconcile_page
    assert page.banner.text().startswith("The outcome is unchanged: Ellen Fitch.")


def test_a_machine_recount_change_in_nebraska_is_flagged_as_substantial(sample_window) -> None:
    """32-1119(6): a machine recount that moves a precinct's count is flagged for the board."""
    from recount_desktop.recount.scope import set_scope

    original = sample_window.snapshot.results.precinct_votes(MAYOR)["Precinct 04"]
    set_scope(sample_window.store, MAYOR, ["Precinct 04"], method="machine")
    moved = {"Ellen Fitch": original["Ellen Fitch"] - 1, "Gary Novak": original["Gary Novak"]}
    _enter_twice(sample_window, "M-4", "Precinct 04", moved, method="machine")
    page = sample_window.reconcile_page
    sample_window.show_page(3)
    flags = page.flags.text()
    assert "Substantial change (Neb. Rev. Stat. 32-1119(6)): Precinct 04, Ellen Fitch " in flags
    assert f"{original['Ellen Fitch']:,} -&gt; {original['Ellen Fitch'] - 1:,}" in flags
    assert "any change is flagged" in flags and "Gary Novak" not in flags
    assert "counted using such device" in flags and "by hand" not in flags  # 32-1119(6)'s own words
