"""Start-up check: time the start to the operator prompt, open the window, keep it up, close it.

Set ``RECOUNT_DESKTOP_STARTUP_PROBE=SECONDS`` and start the program as usual (no file: the sample
election). The probe answers the operator prompt (the first dialog that comes up) as an operator named
``startup probe``, typing the name when the dialog has none and pressing its OK button, waits for the main
window, leaves it up for SECONDS and closes it. It prints one line per step on standard output:

    startup-probe: operator-prompt
    startup-probe: window <the window's title>
    startup-probe: closed

A message box that comes up on the way (the sample cannot be built, an error) is printed as
``startup-probe: message <its text>`` and closed, so the check never hangs on a dialog.

The smoke test and ``packaging/measure_start.py`` read these lines (the time a line arrives is the time
of that step); IT staff can run it to check an installed bundle on a workstation with no one at it
(with ``QT_QPA_PLATFORM=offscreen`` the window is never drawn on a screen). The program exits 0 when the
window closed normally; a problem shows as a missing line and a message on standard error.
"""

from __future__ import annotations

import sys
from typing import Any

POLL_MS = 10
PREFIX = "startup-probe:"
OPERATOR = "startup probe"  # recorded in the audit log of what the probe opens, so its runs are plain


def _say(step: str) -> None:
    print(f"{PREFIX} {step}", flush=True)


def _seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 3600:
        print(f"recount-desktop: RECOUNT_DESKTOP_STARTUP_PROBE must be a number of seconds (0 to 3600), "
              f"not {value!r}", file=sys.stderr)
        raise SystemExit(2)
    return seconds


def install(value: str) -> None:
    """Create the application early and watch its windows from a timer (the operator prompt runs its own
    event loop, so the timer fires while the prompt is waiting)."""
    seconds = _seconds(value)
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import (
        QApplication,
        QDialog,
        QDialogButtonBox,
        QLineEdit,
        QMainWindow,
        QMessageBox,
    )

    app = QApplication.instance() or QApplication(sys.argv[:1])
    state: dict[str, Any] = {"prompted": False, "window": None}

    def close_window() -> None:
        window = state["window"]
        window.close()
        _say("closed")
        QApplication.quit()

    def answer(dialog: QDialog) -> None:
        """Type the operator's name where the dialog has none, then press OK, as a clerk would."""
        for field in dialog.findChildren(QLineEdit):
            if field.isVisible() and not field.text().strip():
                field.setText(OPERATOR)
                break
        for box in dialog.findChildren(QDialogButtonBox):
            ok = box.button(QDialogButtonBox.StandardButton.Ok)
            if ok is not None:
                ok.click()
                return
        dialog.accept()

    def poll() -> None:
        for widget in QApplication.topLevelWidgets():
            if not widget.isVisible():
                continue
            if isinstance(widget, QMessageBox):
                _say(f"message {' '.join(widget.text().split())}")
                widget.done(0)
            elif isinstance(widget, QDialog) and not state["prompted"]:
                state["prompted"] = True
                _say("operator-prompt")
                answer(widget)
            elif isinstance(widget, QMainWindow) and state["window"] is None:
                state["window"] = widget
                _say(f"window {widget.windowTitle()}")
                timer.stop()
                QTimer.singleShot(int(seconds * 1000), close_window)

    timer = QTimer(app)
    timer.setInterval(POLL_MS)
    timer.timeout.connect(poll)
    timer.start()
