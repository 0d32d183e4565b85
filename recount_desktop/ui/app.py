"""Start the GUI: the given election, else the last one used, else the bundled sample."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication, QMessageBox

from recount_desktop import appstate
from recount_desktop.store import ElectionFileError
from recount_desktop.store.election_file import default_operator
from recount_desktop.ui.main_window import MainWindow


def election_to_open(path: str | None, operator: str) -> Path | None:
    """What the window opens first (CONTRACT.md: the file, else the last used, else the sample)."""
    if path:
        return Path(path)
    recent = appstate.recent_files()
    if recent:
        return Path(recent[0])
    from recount_desktop.sample import ensure_sample_election

    return ensure_sample_election(operator)


def create_main_window(path: str | None = None, operator: str | None = None) -> MainWindow:
    operator = operator or default_operator()
    window = MainWindow(operator)
    try:
        first = election_to_open(path, operator)
    except (ElectionFileError, OSError) as error:
        QMessageBox.warning(window, "Cannot open the sample election", str(error))
        first = None
    if first is not None:
        window.open_election(first)
    return window


def run_gui(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Recount Desktop")
    from recount_desktop.ui.dialogs import ask_operator

    operator = ask_operator(None, default_operator())
    if operator is None:
        return 0
    window = create_main_window(path, operator)
    window.show()
    return int(app.exec())
