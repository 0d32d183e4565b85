"""The main window as its pages see it: exactly what a page may use, and nothing more.

Each page is handed the window as a ``PageHost``. The pages never import ``main_window`` (an
import-linter contract checks it), so what they can reach of the window is what is named here.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from recount_desktop.store import ElectionFile
from recount_desktop.ui.snapshot import Snapshot


class SnapshotView(Protocol):
    """A page that shows a snapshot (the audit log, shown again after the reports page logs a step)."""

    def show_snapshot(self, snapshot: Snapshot | None) -> None: ...


@runtime_checkable
class PageHost(Protocol):
    """The window's open election and the two ways a page tells it that the election changed."""

    @property
    def store(self) -> ElectionFile | None:
        """The open election file, or None before one is opened."""

    @property
    def snapshot(self) -> Snapshot | None:
        """What every page shows, read after the last change."""

    @property
    def audit_page(self) -> SnapshotView: ...

    def reload(self) -> None:
        """Results or settings changed: read and analyse the election again, and show it."""

    def recount_changed(self, contest: str) -> None:
        """A sheet, void, resolution or scope of ``contest`` was saved: refresh its recount progress."""
