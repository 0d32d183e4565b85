"""Tally sheet entry by keyboard: blind double entry by two operators, discrepancy, resolution, void."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog

from recount_desktop.recount.sheets import SheetState, list_sheets, sheet_status
from recount_desktop.store import open_election_file
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.pages.discrepancy import DiscrepancyDialog
from recount_desktop.ui.pages.tally_entry import SheetListModel, TallyEntryPage

MAYOR = "Mayor of Plattsmouth"


@pytest.fixture
def entry(sample_window: MainWindow) -> TallyEntryPage:
    page = sample_window.entry_page
    sample_window.show_page(1)
    page.choose_contest(MAYOR)
    return page


def type_sheet(qtbot, page: TallyEntryPage, sheet_id: str, values: list[str]) -> None:
    """As a clerk does: sheet ID, Enter, then each line followed by Enter (the last one saves)."""
    page.sheet_id.setFocus()
    qtbot.keyClicks(page.sheet_id, sheet_id)
    qtbot.keyClick(page.sheet_id, Qt.Key.Key_Return)
    for value in values:
        focused = page.focusWidget()
        qtbot.keyClicks(focused, value)
        qtbot.keyClick(focused, Qt.Key.Key_Return)


def test_the_form_has_a_line_per_choice_then_the_ballot_lines(entry) -> None:
    labels = list(entry.lines.choice_fields)
    assert labels == ["Ellen Fitch", "Gary Novak"]
    assert len(entry.lines.fields()) == 6


def test_digits_only_and_a_live_running_total(entry, qtbot) -> None:
    fields = entry.lines.fields()
    qtbot.keyClicks(fields[0], "12a-3")
    assert fields[0].text() == "123"
    qtbot.keyClicks(fields[1], "77")
    assert entry.lines.total.text() == "200"
    qtbot.keyClicks(entry.lines.other_fields["ballots"], "150")
    assert "addition" not in entry.lines.check.text()
    assert "50 too many" in entry.lines.check.text()


def test_two_operators_enter_a_sheet_blind_and_it_is_verified(sample_window, entry, qtbot) -> None:
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 01"))
    type_sheet(qtbot, entry, "MAYOR-01", ["120", "118", "", "", "", ""])
    assert "entry 1: entered once" in entry.message.text()
    assert entry.precinct.currentText() == "Precinct 02"  # the next sheet is opened
    assert entry.sheet_id.hasFocus() and entry.sheet_id.text() == ""
    status = sheet_status(sample_window.store, "MAYOR-01")
    assert status.state is SheetState.ENTERED_ONCE and status.counts is None
    sample_window.set_operator("clerk-b")
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 01"))
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, "MAYOR-01")
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)
    assert "second entry (blind" in entry.sheet_note.text()
    assert all(f.text() == "" for f in entry.lines.fields())  # nothing of the first entry shows
    for value in ["120", "118"]:
        qtbot.keyClicks(entry.focusWidget(), value)
        qtbot.keyClick(entry.focusWidget(), Qt.Key.Key_Tab)
    qtbot.keyClick(entry.focusWidget(), Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert "entry 2: verified" in entry.message.text()
    status = sheet_status(sample_window.store, "MAYOR-01")
    assert status.state is SheetState.VERIFIED
    assert status.counts.count_map() == {"Ellen Fitch": 120, "Gary Novak": 118}
    assert [who for _, who, _ in status.entries] == ["clerk-a", "clerk-b"]
    assert entry.sheets.data(entry.sheets.index(0, 2)) == "verified"


def test_a_mismatch_lands_in_discrepancy_and_a_third_operator_resolves_it(
    sample_window, entry, qtbot
) -> None:
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 03"))
    type_sheet(qtbot, entry, "MAYOR-03", ["101", "99", "", "", "", ""])
    sample_window.set_operator("clerk-b")
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 03"))
    type_sheet(qtbot, entry, "MAYOR-03", ["101", "96", "", "", "", ""])
    assert "discrepancy" in entry.message.text() and "Gary Novak" in entry.message.text()
    sample_window.set_operator("supervisor")
    entry.sheet_table.selectRow(0)
    dialog = entry.resolve()
    qtbot.addWidget(dialog)
    assert dialog.highlighted == ["Gary Novak"]
    assert dialog.fields["Ellen Fitch"].text() == "101"
    assert dialog.fields["Gary Novak"].hasFocus() or dialog.focusWidget() is dialog.fields["Gary Novak"]
    qtbot.keyClicks(dialog.fields["Gary Novak"], "99")
    qtbot.keyClicks(dialog.reason, "paper sheet re-read by the board")
    dialog.resolve()
    assert dialog.result() == DiscrepancyDialog.DialogCode.Accepted
    status = sheet_status(sample_window.store, "MAYOR-03")
    assert status.state is SheetState.RESOLVED
    assert status.counts.count_map() == {"Ellen Fitch": 101, "Gary Novak": 99}
    assert entry.sheets.data(entry.sheets.index(0, 2)) == "resolved"


def test_one_operator_cannot_enter_both_times(sample_window, entry, qtbot) -> None:
    type_sheet(qtbot, entry, "MAYOR-05", ["1", "2", "", "", "", ""])
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 01"))
    type_sheet(qtbot, entry, "MAYOR-05", ["1", "2", "", "", "", ""])
    assert "clerk-a" in entry.message.text()
    assert sheet_status(sample_window.store, "MAYOR-05").state is SheetState.ENTERED_ONCE


def test_a_missing_line_is_refused_and_nothing_is_stored(sample_window, entry, qtbot) -> None:
    entry.sheet_id.setText("MAYOR-09")
    entry.lines.fields()[0].setText("5")
    entry.save()
    assert "Gary Novak" in entry.message.text()
    assert list_sheets(sample_window.store) == ()


def test_void_a_sheet_with_a_reason(sample_window, entry, qtbot, monkeypatch) -> None:
    type_sheet(qtbot, entry, "MAYOR-07", ["3", "4", "", "", "", ""])
    monkeypatch.setattr(
        QInputDialog, "getText", lambda *_a, **_k: ("torn sheet, recounted as MAYOR-07B", True)
    )
    entry.sheet_table.selectRow(0)
    entry.void_button.click()
    status = sheet_status(sample_window.store, "MAYOR-07")
    assert status.state is SheetState.VOIDED and status.void_reason == "torn sheet, recounted as MAYOR-07B"
    assert entry.sheets.data(entry.sheets.index(0, 4)) == "torn sheet, recounted as MAYOR-07B"


def test_saved_sheets_survive_closing_the_window(qtbot, sample_window, entry) -> None:
    type_sheet(qtbot, entry, "MAYOR-11", ["10", "20", "", "", "", ""])
    path = sample_window.store.path
    sample_window.close()
    with open_election_file(path) as store:
        assert [s.sheet_id for s in list_sheets(store)] == ["MAYOR-11"]
        assert store.audit_entries()[-1].action == "sheet.enter"


def _window_on(qtbot, path, operator: str) -> MainWindow:
    """The program started again after a crash: a new window opening the same election file."""
    window = MainWindow(operator)
    qtbot.addWidget(window)
    window.open_election(path)
    return window


def test_a_half_typed_sheet_survives_a_crash_for_its_own_operator_only(qtbot, sample_window, entry) -> None:
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 03"))
    qtbot.keyClicks(entry.counted_by, "Team 4")
    type_sheet(qtbot, entry, "MAYOR-03", ["131", "97"])  # the power goes before the last lines
    path = sample_window.store.path
    _typed_draft(qtbot, path, "clerk-a", "131", "97")
    # no close, no save: the first window is simply abandoned, as after a crash

    other = _window_on(qtbot, path, "clerk-b")  # another clerk: nothing of clerk-a's shows
    assert other.pages.currentWidget() is not other.entry_page
    blank = other.entry_page
    assert blank.sheet_id.text() == "" and all(f.text() == "" for f in blank.lines.fields())

    window = _window_on(qtbot, path, "clerk-a")
    again = window.entry_page
    assert window.pages.currentWidget() is again  # the unsaved sheet is put in front
    assert "Restored the sheet you were typing" in again.message.text()
    assert (again.contest.currentText(), again.precinct.currentText()) == (MAYOR, "Precinct 03")
    assert (again.sheet_id.text(), again.counted_by.text()) == ("MAYOR-03", "Team 4")
    assert [f.text() for f in again.lines.fields()] == ["131", "97", "", "", "", ""]
    assert again.lines.total.text() == "228"
    with open_election_file(path) as store:
        assert not list_sheets(store)  # a draft is not an entry

    last = again.lines.fields()[-1]
    last.setFocus()
    qtbot.keyClick(last, Qt.Key.Key_Return)  # the clerk checks the paper and saves
    assert "Saved sheet MAYOR-03, entry 1" in again.message.text()
    assert _window_on(qtbot, path, "clerk-a").entry_page.sheet_id.text() == ""  # nothing left to restore


def _typed_draft(qtbot, path, operator: str, *numbers: str) -> None:
    """Wait for the draft on disk (it is written a moment after the typing pauses)."""
    from recount_desktop.drafts import load_draft

    def written() -> bool:
        draft = load_draft(path, operator)
        return draft is not None and sorted(draft["lines"].values()) == sorted(numbers)

    qtbot.waitUntil(written)


def test_a_new_clerk_at_the_keyboard_starts_blank_and_cannot_undo_into_the_last_ones_numbers(
    qtbot, sample_window, entry
) -> None:
    type_sheet(qtbot, entry, "MAYOR-05", ["131", "97"])
    path = sample_window.store.path
    sample_window.set_operator("clerk-b")  # File > Change Operator, the sheet not saved
    first = entry.lines.fields()[0]
    assert entry.sheet_id.text() == "" and all(f.text() == "" for f in entry.lines.fields())
    assert entry.message.text() == ""
    assert not first.isUndoAvailable() and not entry.sheet_id.isUndoAvailable()
    first.setFocus()
    qtbot.keyClick(first, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert first.text() == ""
    _typed_draft(qtbot, path, "clerk-a", "131", "97")  # clerk-a's typing is kept as clerk-a's draft

    sample_window.set_operator("clerk-a")  # back at the keyboard: the unsaved sheet is there again
    assert entry.sheet_id.text() == "MAYOR-05"
    assert [f.text() for f in entry.lines.fields()][:2] == ["131", "97"]


def test_opening_another_election_keeps_the_first_ones_unsaved_sheet(
    qtbot, sample_window, entry, tmp_path
) -> None:
    import shutil

    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 03"))
    type_sheet(qtbot, entry, "MAYOR-03", ["131", "97"])
    first_path = sample_window.store.path
    second_path = tmp_path / "copy.canvass"
    shutil.copy(first_path, second_path)
    assert sample_window.open_election(second_path)
    assert entry.sheet_id.text() == ""  # the other election has no unsaved sheet
    assert sample_window.open_election(first_path)
    assert (entry.contest.currentText(), entry.precinct.currentText()) == (MAYOR, "Precinct 03")
    assert entry.sheet_id.text() == "MAYOR-03"
    assert [f.text() for f in entry.lines.fields()][:2] == ["131", "97"]


def test_sheet_list_model_passes_the_model_tester(qtmodeltester, qtbot, sample_window, entry) -> None:
    type_sheet(qtbot, entry, "MAYOR-12", ["10", "20", "", "", "", ""])
    assert isinstance(entry.sheets, SheetListModel)
    qtmodeltester.check(entry.sheets)


def _printed_sheet_for(store, contest: str, precinct: str):
    from recount_desktop.reports.tally_sheets import blank_sheets

    return next(s for s in blank_sheets(store, contest) if s.precinct == precinct)


def test_scanning_a_printed_sheet_fills_in_what_it_is_for(sample_window, entry, qtbot) -> None:
    from recount_desktop.recount.scope import set_scope

    set_scope(sample_window.store, MAYOR, "all", method="machine")
    sample_window.reload()
    printed = _printed_sheet_for(sample_window.store, MAYOR, "Precinct 05")
    assert printed.sheet_id.endswith("-0005")  # the fifth unit of the scope, as print-sheets numbers it
    entry.choose_contest("County Sheriff")  # the clerk was on another contest and method
    entry.method.setCurrentIndex(entry.method.findData("manual"))
    entry.device.setText("left over")
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, printed.sheet_id)  # a USB scanner types the QR code's text...
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)  # ...and Enter
    assert entry.contest.currentText() == MAYOR
    assert entry.precinct.currentText() == "Precinct 05"
    assert entry.method.currentData() == "machine" and entry.device.text() == ""
    assert entry.sheet_id.text() == printed.sheet_id
    assert entry.lines.fields()[0].hasFocus()
    assert f"Sheet {printed.sheet_id} (printed for {MAYOR}, Precinct 05, machine count)" in (
        entry.sheet_note.text())
    for value in ["40", "41", "", "", "", ""]:
        qtbot.keyClicks(entry.focusWidget(), value)
        qtbot.keyClick(entry.focusWidget(), Qt.Key.Key_Return)
    status = sheet_status(sample_window.store, printed.sheet_id)
    assert status.unit.precinct == "Precinct 05" and status.state is SheetState.ENTERED_ONCE
    assert status.method.value == "machine"


def test_an_unknown_or_unprinted_id_is_kept_as_typed(sample_window, entry, qtbot) -> None:
    from recount_desktop.recount.scope import set_scope

    set_scope(sample_window.store, MAYOR, ["Precinct 01"], method="machine")
    sample_window.reload()
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 03"))
    entry.method.setCurrentIndex(entry.method.findData("manual"))
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, "99-XYZ-0001")
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)
    assert entry.sheet_id.text() == "99-XYZ-0001"
    assert entry.contest.currentText() == MAYOR and entry.precinct.currentText() == "Precinct 03"
    assert entry.method.currentData() == "manual"
    assert entry.lines.fields()[0].hasFocus()
    assert "printed for" not in entry.sheet_note.text()


def test_a_scope_set_after_the_first_scan_is_scanned_too(sample_window, entry, qtbot) -> None:
    """The printed IDs are cached per scope: a new scope (saved as the recount page does) is seen."""
    from recount_desktop.recount.scope import set_scope

    set_scope(sample_window.store, MAYOR, "all", method="machine")
    sample_window.recount_changed(MAYOR)
    assert entry.printed_sheet(_printed_sheet_for(sample_window.store, MAYOR, "Precinct 02").sheet_id)
    set_scope(sample_window.store, "County Sheriff", ["Precinct 07"], method="manual")
    sample_window.recount_changed("County Sheriff")
    printed = _printed_sheet_for(sample_window.store, "County Sheriff", "Precinct 07")
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, printed.sheet_id.lower())  # Caps Lock off on the scanner's keyboard
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)
    assert entry.sheet_id.text() == printed.sheet_id
    assert (entry.contest.currentText(), entry.precinct.currentText()) == ("County Sheriff", "Precinct 07")
    assert entry.method.currentData() == "manual" and entry.lines.fields()[0].hasFocus()
