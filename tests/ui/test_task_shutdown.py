"""Closing one window waits for its own background work only: another window's import or print goes
on and does not hold the closing up (two windows in one process, issue 16)."""

from __future__ import annotations

import threading
import time

from PySide6.QtWidgets import QWidget

from recount_desktop.ui.tasks import TaskControl, finish_background_tasks, run_in_background


def test_closing_a_window_does_not_wait_for_another_windows_task(qtbot) -> None:
    busy, idle = QWidget(), QWidget()
    qtbot.addWidget(busy)
    qtbot.addWidget(idle)
    release = threading.Event()
    results: list[str] = []

    def work(control: TaskControl) -> str:
        release.wait(20)  # an import in the other window, waiting on the server
        return "imported"

    task = run_in_background(busy, "Importing results", work, results.append)
    started = time.monotonic()
    finish_background_tasks(idle)
    assert time.monotonic() - started < 2  # was: QThreadPool.waitForDone, every window's tasks
    assert not task.ended.is_set()
    release.set()
    finish_background_tasks(busy)  # its own task is waited for
    assert task.ended.is_set()
    qtbot.waitUntil(lambda: results == ["imported"])


def test_a_windows_own_task_is_asked_to_stop_and_waited_for(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    stopped: list[bool] = []

    def work(control: TaskControl) -> None:
        while not control.cancelled():
            time.sleep(0.01)  # the worker's own pace, not the test's
        stopped.append(True)

    run_in_background(window, "Printing", work, lambda _: None)
    finish_background_tasks(window)
    assert stopped == [True]
