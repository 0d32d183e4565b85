"""Render the main screens of the sample election to PNG files (``make screenshots``).

Runs offscreen in a private home folder, so it neither reads nor changes the user's own state.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget


def _save(widget: QWidget, folder: Path, name: str) -> Path:
    QApplication.processEvents()
    target = folder / f"{name}.png"
    widget.grab().save(str(target))
    return target


def render_all(folder: Path) -> list[Path]:
    from recount_desktop.ui.app import create_main_window

    folder.mkdir(parents=True, exist_ok=True)
    window = create_main_window(operator="clerk")
    window.resize(1366, 768)
    window.show()
    shots = [_save(window, folder, "main-window")]
    window.close()
    return shots


def main(argv: list[str]) -> int:
    folder = Path(argv[0] if argv else "docs/screenshots")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as home:
        os.environ["RECOUNT_DESKTOP_HOME"] = home
        app = QApplication.instance() or QApplication(["recount-desktop"])
        for path in render_all(folder):
            print(f"wrote {path}")
        del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
