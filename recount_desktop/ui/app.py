"""Start the GUI: the given election, else the last one used, else the bundled sample."""

from __future__ import annotations

import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox

from recount_desktop import appstate
from recount_desktop.store import ElectionFileError
from recount_desktop.store.dialect import is_server_url
from recount_desktop.store.election_file import default_operator
from recount_desktop.ui.main_window import MainWindow


def election_to_open(path: str | None, operator: str) -> str | Path | None:
    """What the window opens first (CONTRACT.md: the file, else the last used, else the sample).

    A server's address stays text: ``Path`` would fold its ``//`` and make it a missing file."""
    if path:
        return path if is_server_url(path) else Path(path)
    recent = appstate.recent_files()
    if recent:
        return recent[0] if is_server_url(recent[0]) else Path(recent[0])
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


def show_unexpected_error(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    """Last resort for a bug in the window's own code: a plain message for the user, the details in a
    log file for whoever supports the office, never a traceback on screen."""
    log = appstate.app_dir("data") / "errors.log"
    with log.open("a", encoding="utf-8") as handle:
        handle.write(f"--- {datetime.now(UTC).isoformat()}\n")
        handle.write("".join(traceback.format_exception(kind, error, trace)))
    QMessageBox.critical(
        QApplication.activeWindow(),
        "Recount Desktop: unexpected problem",
        f"Something went wrong: {error or kind.__name__}.\n\nEvery change you saved is already in the "
        f"election file. The details were written to {log} for your support contact.",
    )


def run_gui(path: str | None = None) -> int:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Recount Desktop")
    sys.excepthook = show_unexpected_error
    from recount_desktop.ui.widgets.dialogs import ask_operator

    operator = ask_operator(None)
    if operator is None:
        return 0
    window = create_main_window(path, operator)
    window.show_fitted()
    return int(app.exec())
