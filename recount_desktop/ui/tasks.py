"""One helper for long work off the GUI thread: progress, Cancel, and results back on the GUI thread.

The work function runs in a worker thread and must not touch widgets. It receives a ``TaskControl``
to report progress and to ask whether the user pressed Cancel; it raises ``TaskCancelled`` (or any
exception the caller maps) to stop. Success and failure callbacks run on the GUI thread. A failure is
shown as a dialog with its message, never a traceback.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtWidgets import QMessageBox, QProgressDialog, QWidget


class TaskCancelled(Exception):
    """Raised inside the work when the user pressed Cancel."""


class TaskControl:
    """What the work function sees: report progress, check for Cancel."""

    def __init__(self, signals: _Signals) -> None:
        self._signals = signals
        self._cancel = threading.Event()

    def progress(self, done: int, total: int) -> None:
        self._signals.progressed.emit(done, total)

    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def check_cancelled(self) -> None:
        if self._cancel.is_set():
            raise TaskCancelled

    def cancel(self) -> None:
        self._cancel.set()


class _Signals(QObject):
    progressed = Signal(int, int)
    succeeded = Signal(object)
    failed = Signal(object)


class _Runnable(QRunnable):
    def __init__(self, work: Callable[[TaskControl], Any], control: TaskControl, signals: _Signals,
                 ended: threading.Event) -> None:
        super().__init__()
        self._work, self._control, self._signals, self._ended = work, control, signals, ended

    def run(self) -> None:
        try:
            result = self._work(self._control)
        except BaseException as error:  # every failure goes back to the GUI as a message
            self._signals.failed.emit(error)
        else:
            self._signals.succeeded.emit(result)
        finally:
            self._ended.set()


class BackgroundTask(QObject):
    """A running task; keep a reference until ``finished`` is emitted."""

    finished = Signal()

    def __init__(
        self,
        parent: QWidget,
        title: str,
        work: Callable[[TaskControl], Any],
        on_success: Callable[[Any], None],
        on_failure: Callable[[BaseException], None] | None = None,
        on_cancel: Callable[[], None] | None = None,
        *,
        quiet: bool = False,
    ) -> None:
        """``quiet``: no progress dialog (work the user did not ask for, such as reading changes made at
        another workstation, must not put a modal dialog in front of what they are doing)."""
        super().__init__(parent)
        self._parent, self._title = parent, title
        self._on_success, self._on_failure, self._on_cancel = on_success, on_failure, on_cancel
        self.signals = _Signals()
        self.control = TaskControl(self.signals)
        self.dialog: QProgressDialog | None = None
        if not quiet:
            self.dialog = QProgressDialog(title, "Cancel", 0, 0, parent)
            self.dialog.setWindowTitle(title)
            self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
            self.dialog.setMinimumDuration(300)
            self.dialog.canceled.connect(self.control.cancel)
            self.signals.progressed.connect(self._show_progress)
        self.signals.succeeded.connect(self._succeeded)
        self.signals.failed.connect(self._failed)
        self.done = False
        self.ended = threading.Event()  # the work has returned (set on the worker thread)
        QThreadPool.globalInstance().start(_Runnable(work, self.control, self.signals, self.ended))

    def _show_progress(self, done: int, total: int) -> None:
        if self.dialog is not None:
            self.dialog.setMaximum(max(total, 0))
            self.dialog.setValue(min(done, total) if total else 0)

    def _close(self) -> None:
        self.done = True
        if self.dialog is not None:
            self.dialog.canceled.disconnect(self.control.cancel)
            self.dialog.reset()
            self.dialog.hide()
        self.finished.emit()

    def _succeeded(self, result: object) -> None:
        self._close()
        self._on_success(result)

    def _failed(self, error: BaseException) -> None:
        self._close()
        if isinstance(error, TaskCancelled):
            if self._on_cancel is not None:
                self._on_cancel()
            return
        if self._on_failure is not None:
            self._on_failure(error)
        else:
            QMessageBox.warning(self._parent, self._title, str(error) or type(error).__name__)


TASK_SHUTDOWN_MS = 30_000


def finish_background_tasks(window: QWidget) -> None:
    """The window closes: ask every task still running under it to stop, and give them time to.

    A task stops at its next Cancel check (between pages of a print job); one that never checks
    (a PDF being rendered) is waited for, so no half-done work is cut off at exit. Only this
    window's tasks are waited for: another window's import or print goes on, and does not hold
    this window's closing up.
    """
    running = [task for task in window.findChildren(BackgroundTask) if not task.done]
    for task in running:
        task.control.cancel()
    deadline = time.monotonic() + TASK_SHUTDOWN_MS / 1000
    for task in running:
        task.ended.wait(max(0.0, deadline - time.monotonic()))


# The name callers use: starting a task is constructing one.
run_in_background = BackgroundTask
