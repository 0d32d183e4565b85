"""Issue 14: what a board and its clerks hit in a full recount, each driven as the user did it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QMessageBox

from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import SheetState, sheet_status
from recount_desktop.reports.tally_sheets import blank_sheets
from recount_desktop.ui.dialogs import OperatorDialog, recent_operators
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.tally_entry import TallyEntryPage

MAYOR = "Mayor of Plattsmouth"


@pytest.fixture
def entry(sample_window: MainWindow) -> TallyEntryPage:
    sample_window.show_page(1)
    sample_window.entry_page.choose_contest(MAYOR)
    return sample_window.entry_page


def printed(window: MainWindow, precinct: str) -> str:
    set_scope(window.store, MAYOR, "all", method="machine")
    window.reload()
    return next(s.sheet_id for s in blank_sheets(window.store, MAYOR) if s.precinct == precinct)


def type_lines(qtbot, page: TallyEntryPage, values: list[str]) -> None:
    for value in values:
        focused = page.focusWidget()
        qtbot.keyClicks(focused, value)
        qtbot.keyClick(focused, Qt.Key.Key_Return)


# -- item 1: a printed sheet's ID decides the unit however the field is left ---------------------
def test_tab_out_of_a_printed_id_fills_and_locks_the_unit(sample_window, entry, qtbot) -> None:
    sheet = printed(sample_window, "Precinct 05")
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 01"))  # the previous sheet's
    entry.method.setCurrentIndex(entry.method.findData("manual"))
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, sheet)
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Tab)  # Tab, not Enter
    assert entry.precinct.currentText() == "Precinct 05"
    assert entry.method.currentData() == "machine"
    assert not entry.precinct.isEnabled() and not entry.method.isEnabled() and not entry.device.isEnabled()
    assert entry.unlock_button.isVisible()
    entry.lines.fields()[0].setFocus()
    type_lines(qtbot, entry, ["40", "41", "", "", "", ""])
    status = sheet_status(sample_window.store, sheet)
    assert status.unit.precinct == "Precinct 05" and status.state is SheetState.ENTERED_ONCE
    assert entry.precinct.isEnabled() and not entry.unlock_button.isVisible()  # the next sheet is open


def test_a_click_elsewhere_fills_it_too(sample_window, entry, qtbot) -> None:
    sheet = printed(sample_window, "Precinct 07")
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, sheet)
    qtbot.mouseClick(entry.counted_by, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: entry.precinct.currentText() == "Precinct 07")
    assert not entry.precinct.isEnabled()


def test_unlocking_asks_why_and_the_reason_is_in_the_audit_log(sample_window, entry, qtbot, monkeypatch) -> None:
    sheet = printed(sample_window, "Precinct 05")
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, sheet)
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Tab)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("", True))
    qtbot.mouseClick(entry.unlock_button, Qt.MouseButton.LeftButton)
    assert not entry.precinct.isEnabled()  # no reason, no unlock
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("sheet mislabelled, board checked", True))
    qtbot.mouseClick(entry.unlock_button, Qt.MouseButton.LeftButton)
    assert entry.precinct.isEnabled()
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 06"))
    entry.lines.fields()[0].setFocus()
    type_lines(qtbot, entry, ["1", "2", "", "", "", ""])
    assert sheet_status(sample_window.store, sheet).unit.precinct == "Precinct 06"
    last = [e for e in sample_window.store.audit_entries() if e.action == "sheet.unit_unlocked"]
    assert last and last[-1].details["reason"] == "sheet mislabelled, board checked"


def test_entries_that_differ_on_the_precinct_let_the_resolver_choose(sample_window, entry, qtbot) -> None:
    for clerk, precinct in (("clerk-a", "Precinct 03"), ("clerk-b", "Precinct 04")):
        sample_window.set_operator(clerk)
        entry.precinct.setCurrentIndex(entry.precinct.findText(precinct))
        entry.sheet_id.setFocus()
        qtbot.keyClicks(entry.sheet_id, "HAND-77")
        qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)
        type_lines(qtbot, entry, ["10", "12", "", "", "", ""])
    assert sheet_status(sample_window.store, "HAND-77").state is SheetState.DISCREPANCY
    sample_window.set_operator("supervisor")
    entry.sheet_table.selectRow(0)
    dialog = entry.resolve()
    qtbot.addWidget(dialog)
    combo = dialog.unit_choices["Precinct"]
    assert [combo.itemText(i) for i in range(combo.count())] == ["choose…", "Precinct 03", "Precinct 04"]
    qtbot.keyClicks(dialog.reason, "the paper says Precinct 04")
    dialog.resolve()
    assert "Choose the right precinct" in dialog.error.text()  # nothing kept silently
    assert sheet_status(sample_window.store, "HAND-77").state is SheetState.DISCREPANCY
    combo.setCurrentIndex(2)
    dialog.resolve()
    status = sheet_status(sample_window.store, "HAND-77")
    assert status.state is SheetState.RESOLVED and status.unit.precinct == "Precinct 04"


# -- item 2: the same clerk is told at once -------------------------------------------------------
def test_the_same_clerk_is_told_as_soon_as_the_sheet_id_is_known(sample_window, entry, qtbot) -> None:
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 02"))
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, "HAND-2")
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)
    type_lines(qtbot, entry, ["5", "6", "", "", "", ""])
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, "HAND-2")
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Tab)
    assert "you (clerk-a) made the first entry" in entry.sheet_note.text()
    assert all(f.text() == "" for f in entry.lines.fields())  # said before any line is typed


# -- item 3: leaving a half-typed sheet asks first; the status bar says a draft is kept ----------
def test_quit_and_change_operator_ask_with_a_half_typed_sheet(sample_window, entry, qtbot, monkeypatch) -> None:
    assert sample_window.status_text().endswith("All changes saved")
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, "HAND-9")
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)
    qtbot.keyClicks(entry.focusWidget(), "17")
    assert "not saved yet (a draft is kept" in sample_window.status_text()
    asked: list[str] = []

    def answer_no(_parent, title, text, *args):
        asked.append(title + ": " + text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", answer_no)
    qtbot.keyClick(entry.focusWidget(), Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert asked and "HAND-9" in asked[0] and sample_window.isVisible()
    sample_window.change_operator()
    assert len(asked) == 2 and sample_window.operator == "clerk-a"
    assert entry.lines.fields()[0].text() == "17"


# -- item 4: the operator prompt ------------------------------------------------------------------
def test_the_operator_prompt_offers_recent_names_and_never_the_login_name(qtbot, sample_window) -> None:
    dialog = OperatorDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.name.currentText() == "" and dialog.name.count() == 0
    qtbot.keyClicks(dialog.name.lineEdit(), "  Dana   Ruiz ")
    qtbot.keyClick(dialog.name.lineEdit(), Qt.Key.Key_Return)
    assert dialog.result() == OperatorDialog.DialogCode.Accepted and dialog.chosen() == "Dana Ruiz"
    again = OperatorDialog()
    qtbot.addWidget(again)
    assert recent_operators() == ["Dana Ruiz"]
    assert again.name.currentText() == "" and again.name.itemText(0) == "Dana Ruiz"


def test_an_operator_change_is_an_audit_entry(sample_window) -> None:
    sample_window.set_operator("clerk-b")
    entry = sample_window.store.audit_entries()[-1]
    assert entry.action == "operator.change" and dict(entry.details) == {"from": "clerk-a", "to": "clerk-b"}
    assert entry.operator == "clerk-b"
