"""GUI fixtures: a private home folder (recent files, window state) and the sample election in a window."""

from __future__ import annotations

import gc
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QMessageBox

from recount_desktop.domain import Election, State
from recount_desktop.store import create_election_file
from recount_desktop.ui.app import create_main_window
from recount_desktop.ui.main_window import MainWindow


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RECOUNT_DESKTOP_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(autouse=True)
def earlier_windows_freed(qapp) -> None:
    """The windows of earlier tests are deleted and collected now, on the GUI thread with nothing
    running in the background: a collection that falls while a worker thread reads a file has freed
    Qt objects under it and crashed the test process."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    """An empty Nebraska election (Kimball County) open in the window, as a clerk opens it to
    import the county's file; a module may give its own."""
    election = Election(State.NE, "Kimball County", "General Election 2026", date(2026, 11, 3))
    create_election_file(tmp_path / "county.canvass", election, operator="clerk-a").close()
    shown = MainWindow("clerk-a")
    qtbot.addWidget(shown)
    shown.open_election(tmp_path / "county.canvass")
    return shown


@pytest.fixture
def warnings_shown(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every QMessageBox.warning's text, instead of a modal box that would block the test."""
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text, *a, **k: shown.append(text))
    return shown


@pytest.fixture
def sample_window(qtbot) -> MainWindow:
    """The window as a clerk first sees it: the bundled Cass County sample election."""
    window = create_main_window(operator="clerk-a")
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    return window
