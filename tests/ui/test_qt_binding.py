"""The Qt binding must not leak references to None through our models' data() (PySide6 6.12.0 does).

A view calls data() for a dozen roles per cell on every paint, and most answers are None; a binding
that drops a reference to None on each answer crashes the program within minutes of use. The check
runs in a child process so a crash is reported as a failure, not as a dead test run.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

CHILD = textwrap.dedent(
    """
    import os, sys
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtCore import QSortFilterProxyModel, Qt
    from PySide6.QtWidgets import QApplication
    from recount_desktop.ui.widgets.models import ContestSummaryModel
    app = QApplication([])
    proxy = QSortFilterProxyModel()
    proxy.setSourceModel(ContestSummaryModel([]))
    before = sys.getrefcount(None)
    for _ in range(20_000):  # through C++, as a view asks: no rows, so every answer is None
        proxy.headerData(99, Qt.Orientation.Vertical, Qt.ItemDataRole.DecorationRole)
    print(sys.getrefcount(None) - before)
    """
)


def test_answers_of_none_through_qt_do_not_leak_references_to_none() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, f"the Qt binding crashed: {done.stderr[-400:]}"
    assert abs(int(done.stdout.strip())) < 100
