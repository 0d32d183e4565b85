"""Long work runs off the GUI thread, reports progress, can be cancelled, and never shows a traceback."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from recount_desktop.ui.tasks import TaskControl, run_in_background


@pytest.fixture
def parent(qtbot) -> QWidget:
    widget = QWidget()
    qtbot.addWidget(widget)
    return widget


def test_work_runs_off_the_gui_thread_and_returns_on_it(qtbot, parent) -> None:
    seen: dict[str, object] = {}

    def work(control: TaskControl) -> int:
        seen["worker"] = threading.current_thread()
        for i in range(5):
            control.progress(i + 1, 5)
        return 42

    task = run_in_background(parent, "Counting", work,
                             lambda r: seen.update(result=r, gui=threading.current_thread()))
    qtbot.waitUntil(lambda: task.done)
    assert seen["result"] == 42
    assert seen["worker"] is not threading.main_thread()
    assert seen["gui"] is threading.main_thread()


def test_cancel_stops_the_work_and_calls_on_cancel(qtbot, parent) -> None:
    started, cancelled = threading.Event(), []
    succeeded: list[object] = []

    def work(control: TaskControl) -> str:
        started.set()
        while True:
            control.check_cancelled()
            control._cancel.wait(0.01)  # wakes as soon as Cancel is pressed

    task = run_in_background(
        parent, "Importing", work, succeeded.append, on_cancel=lambda: cancelled.append(1)
    )
    qtbot.waitUntil(started.is_set)
    task.dialog.findChild(QPushButton).click()  # the dialog's Cancel button
    qtbot.waitUntil(lambda: task.done)
    assert cancelled == [1] and succeeded == []


def test_failure_is_a_message_not_a_traceback(qtbot, parent, monkeypatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))

    def work(control: TaskControl) -> None:
        raise ValueError("results.xlsx, sheet 'Tallies', cell D7: -3 is not a vote count")

    task = run_in_background(parent, "Importing", work, lambda r: None)
    qtbot.waitUntil(lambda: task.done)
    assert shown == ["results.xlsx, sheet 'Tallies', cell D7: -3 is not a vote count"]
