"""Keyboard first: a whole tally sheet from the keyboard alone, tab order on every page, the shortcut list."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from recount_desktop.recount.sheets import SheetState, sheet_status
from recount_desktop.ui.widgets.keyboard import ShortcutsDialog, action_shortcuts

MAYOR = "Mayor of Plattsmouth"


def focused() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def press(qtbot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> QWidget:
    qtbot.keyClick(focused(), key, modifier)
    return focused()


def type_into(qtbot, text: str) -> None:
    qtbot.keyClicks(focused(), text)


def test_a_whole_sheet_from_choosing_the_contest_to_the_next_sheet_by_keyboard_only(
    sample_window, qtbot
) -> None:
    window = sample_window
    window.activateWindow()
    qtbot.keyClick(window.contests_page.search, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    page = window.entry_page
    assert window.pages.currentWidget() is page and focused() is page.contest
    type_into(qtbot, "Mayor")  # a closed combo box picks by typing, as a clerk does
    assert page.contest.currentText() == MAYOR
    assert press(qtbot, Qt.Key.Key_Tab) is page.precinct
    type_into(qtbot, "Precinct 04")
    assert page.precinct.currentText() == "Precinct 04"
    assert press(qtbot, Qt.Key.Key_Tab) is page.device
    type_into(qtbot, "DS200-4")
    assert press(qtbot, Qt.Key.Key_Tab) is page.method
    assert press(qtbot, Qt.Key.Key_Tab) is page.sheet_id
    type_into(qtbot, "MAYOR-04")
    assert press(qtbot, Qt.Key.Key_Tab) is page.counted_by
    type_into(qtbot, "Ann Lee; Bo Park")
    fields = page.lines.fields()
    assert press(qtbot, Qt.Key.Key_Tab) is fields[0]
    for field, value in zip(fields, ["131", "127", "0", "2", "", "260"], strict=True):
        assert focused() is field
        type_into(qtbot, value)
        if field is not fields[-1]:
            press(qtbot, Qt.Key.Key_Tab)
    assert page.lines.total.text() == "258" and "adds up" in page.lines.check.text()
    press(qtbot, Qt.Key.Key_Return)  # Enter on the last line saves
    status = sheet_status(window.store, "MAYOR-04")
    assert status.state is SheetState.ENTERED_ONCE and status.unit.label.startswith("Precinct 04")
    assert "Saved sheet MAYOR-04, entry 1" in page.message.text()
    # the next sheet is open: next precinct, empty fields, the cursor in the sheet ID
    assert page.precinct.currentText() == "Precinct 05"
    assert focused() is page.sheet_id and page.sheet_id.text() == ""
    assert all(f.text() == "" for f in page.lines.fields())
    assert [s.sheet_id for s in page.sheets.rows()] == ["MAYOR-04"]


def test_shift_tab_walks_the_entry_form_backwards(sample_window, qtbot) -> None:
    page = sample_window.entry_page
    sample_window.show_page(1)
    page.counted_by.setFocus()
    assert press(qtbot, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier) is page.sheet_id
    assert press(qtbot, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier) is page.method


PAGES = ["contests_page", "entry_page", "recount_page", "reconcile_page", "reports_page", "setup_page",
         "audit_page"]


@pytest.mark.parametrize("name", PAGES)
def test_tab_follows_the_declared_order_on_every_page(sample_window, qtbot, name) -> None:
    page = getattr(sample_window, name)
    sample_window.show_page(sample_window.pages.indexOf(page))
    chain = [
        w
        for w in page.tab_chain()
        if w.isVisible() and w.isEnabled() and w.focusPolicy() & Qt.FocusPolicy.TabFocus
    ]
    assert len(chain) >= 3
    chain[0].setFocus()
    for expected in chain[1:]:
        assert press(qtbot, Qt.Key.Key_Tab) is expected, f"{name}: Tab did not reach {expected.objectName()}"


def test_help_lists_the_keyboard_shortcuts(sample_window, qtbot) -> None:
    shortcuts = dict(action_shortcuts(sample_window.shortcut_actions()))
    assert shortcuts["Ctrl+2"] == "Tally sheet entry"
    assert shortcuts["Ctrl+F"] == "Find contest" and shortcuts["Ctrl+I"] == "Import Results"
    dialog = sample_window.show_shortcuts()
    qtbot.addWidget(dialog)
    assert isinstance(dialog, ShortcutsDialog) and dialog.isVisible()
    text = dialog.text.text()
    for expected in (
        "Ctrl+7",
        "Audit log",
        "Enter on the last line",
        "Save the sheet and open the next one",
        "F1",
    ):
        assert expected in text
    dialog.reject()
