"""What a long day at the keyboard needs: nothing saved is lost in a crash, the window answers while a
file is read, the operator can change hands, the About box names the statutes, the window comes back
as it was left."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from recount_desktop import importers
from recount_desktop.domain import State
from recount_desktop.domain.rules import load_rules
from recount_desktop.recount.sheets import SheetState, list_sheets
from recount_desktop.store import open_election_file
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.pages import import_wizard
from tests.conftest import REAL_DATA

MAYOR = "Mayor of Plattsmouth"
WHEELER = REAL_DATA / "NE" / "20161108__ne__general__wheeler__precinct.csv"

# A clerk saves one sheet by keyboard, starts typing the next, and the machine dies (SIGKILL: no close
# event, no Python clean-up, nothing flushed by the program).
CRASHING_CLERK = textwrap.dedent(
    """
    import os, signal, sys
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ["RECOUNT_DESKTOP_HOME"] = sys.argv[1]
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from recount_desktop.ui.app import create_main_window
    window = create_main_window(operator="clerk-a")
    window.show()
    page = window.entry_page
    window.show_page(1)
    page.choose_contest("Mayor of Plattsmouth")
    page.precinct.setCurrentIndex(page.precinct.findText("Precinct 01"))
    def sheet(sheet_id, values, last_key):
        page.sheet_id.setFocus()
        QTest.keyClicks(page.sheet_id, sheet_id)
        QTest.keyClick(page.sheet_id, Qt.Key.Key_Return)
        for value in values:
            QTest.keyClicks(page.focusWidget(), value)
            QTest.keyClick(page.focusWidget(), last_key)
    sheet("MAYOR-01", ["120", "118", "", "", "", ""], Qt.Key.Key_Return)  # Enter on the last line saves
    sheet("MAYOR-02", ["97", "8"], Qt.Key.Key_Tab)  # half typed, not saved
    print(window.store.path, page.message.text(), sep="\\n", flush=True)
    os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))
    """
)


@pytest.mark.slow
def test_a_crash_while_entering_a_sheet_loses_nothing_saved(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", CRASHING_CLERK, str(tmp_path / "home")],
                          capture_output=True, text=True, timeout=120, check=False)
    path, message = done.stdout.splitlines()[:2]
    assert "Saved sheet MAYOR-01, entry 1" in message, done.stderr[-600:]
    if hasattr(signal, "SIGKILL"):
        assert done.returncode == -signal.SIGKILL  # it really died, without closing the window
    with open_election_file(path) as store:
        sheets = list_sheets(store)
        assert [(s.sheet_id, s.state) for s in sheets] == [("MAYOR-01", SheetState.ENTERED_ONCE)]
        assert sheets[0].unit.precinct == "Precinct 01"
        assert store.verify_audit().ok
        assert store.audit_entries()[-1].action == "sheet.enter"


def test_the_window_answers_while_a_results_file_is_read(qtbot, sample_window, monkeypatch) -> None:
    """The read runs on a worker: the GUI thread handles events while it works, then shows the result.

    The worker holds the read until the GUI thread has run a timer event; were the read on the GUI
    thread, that event could never run and the read would fail after ten seconds.
    """
    real_read = import_wizard.read_tally_file
    gui_ran = threading.Event()
    reader: list[threading.Thread] = []

    def held_read(path, **kwargs):
        reader.append(threading.current_thread())
        if not gui_ran.wait(10):
            raise RuntimeError("the GUI thread did not run while the file was being read")
        return real_read(path, **kwargs)

    monkeypatch.setattr(import_wizard, "read_tally_file", held_read)
    dialog = sample_window.import_results()
    qtbot.addWidget(dialog)
    dialog.path.setText(str(WHEELER))
    dialog.read_button.click()
    seen: list[tuple[bool, bool]] = []

    def on_gui_thread() -> None:
        seen.append((dialog.task.done, threading.current_thread() is threading.main_thread()))
        sample_window.contests_page.search.setText("sheriff")  # the window still takes input
        gui_ran.set()

    QTimer.singleShot(0, on_gui_thread)
    qtbot.waitUntil(lambda: dialog.imported is not None, timeout=20000)
    assert seen == [(False, True)]  # the GUI ran while the read was still under way
    assert reader and reader[0] is not threading.main_thread()
    assert dialog.contests.rowCount() > 0 and "detected layout" in dialog.layout_label.text()
    assert sample_window.contests_page.proxy.rowCount() == 1  # "County Sheriff", filtered meanwhile


def test_cancel_before_the_write_starts_keeps_the_stored_results(
    qtbot, sample_window, monkeypatch, warnings_shown
) -> None:
    """Cancel pressed during the import's store step: the write never starts, the results stay."""
    before = sample_window.store.counts()
    dialog = sample_window.import_results()
    qtbot.addWidget(dialog)
    dialog.path.setText(str(WHEELER))
    dialog.read_button.click()
    qtbot.waitUntil(lambda: dialog.imported is not None, timeout=20000)
    def never(*_a, **_k):
        raise AssertionError("the import wrote after Cancel")

    monkeypatch.setattr(importers, "import_into_election", never)
    pressed = threading.Event()
    real_open = import_wizard.open_election_file

    def open_after_cancel(*args, **kwargs):
        assert pressed.wait(10)  # the worker opens the file only once Cancel has been pressed
        return real_open(*args, **kwargs)

    monkeypatch.setattr(import_wizard, "open_election_file", open_after_cancel)
    dialog.start_import(replace=True)
    dialog.task.control.cancel()  # as the progress dialog's Cancel button does
    pressed.set()
    qtbot.waitUntil(lambda: dialog.task.done, timeout=20000)
    assert "cancelled" in dialog.layout_label.text() and dialog.import_button.isEnabled()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert sample_window.store.counts() == before and warnings_shown == []


def test_change_operator_from_the_file_menu(sample_window, monkeypatch) -> None:
    from recount_desktop.ui.widgets.dialogs import OperatorDialog

    def type_name_and_press_enter(dialog: OperatorDialog) -> int:  # the modal prompt, as a clerk uses it
        dialog.name.setEditText("  Ann   Lee ")
        dialog.name.lineEdit().returnPressed.emit()
        return dialog.result()

    monkeypatch.setattr(OperatorDialog, "exec", type_name_and_press_enter)
    action = next(a for a in sample_window.file_menu.actions() if a.text() == "Change Op&erator…")
    action.trigger()
    assert "Operator: Ann Lee" in sample_window.status_text()
    page = sample_window.setup_page
    page.seats.setValue(1)
    page.apply_button.click()  # any write: it is recorded under the new name
    with open_election_file(sample_window.store.path) as store:
        assert store.audit_entries()[-1].operator == "Ann Lee"


def test_help_about_lists_the_version_and_each_rule_files_citation(sample_window, monkeypatch) -> None:
    from recount_desktop import __version__

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda _parent, _title, text: shown.append(text))
    help_menu = sample_window.menus[-1]
    next(a for a in help_menu.actions() if "About" in a.text()).trigger()
    assert len(shown) == 1 and f"Recount Desktop {__version__}" in shown[0]
    for state in State:
        rules = load_rules(state)
        assert rules.statute and f"({state.value}): {rules.statute}" in shown[0]


def test_the_window_comes_back_on_the_page_and_size_it_was_left(qtbot) -> None:
    window = MainWindow("clerk-a")
    qtbot.addWidget(window)
    window.resize(760, 540)  # inside the offscreen screen: restoring never exceeds it
    window.show_page(window.pages.indexOf(window.audit_page))
    window.close()
    again = MainWindow("clerk-a")
    qtbot.addWidget(again)
    assert again.pages.currentWidget() is again.audit_page
    assert again.nav.currentRow() == again.pages.indexOf(again.audit_page)
    assert (again.width(), again.height()) == (760, 540)
