"""Render the main screens of the sample election to PNG files (``make screenshots``).

Runs offscreen in a private home folder, so it neither reads nor changes the user's own state.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QApplication, QWidget


def _save(widget: QWidget, folder: Path, name: str) -> Path:
    for _ in range(3):  # a layout change posts a request that lays out the scroll areas on the next turn
        QApplication.processEvents()
    target = folder / f"{name}.png"
    widget.grab().save(str(target))
    return target


MAYOR = "Mayor of Plattsmouth"
CHANGES = {"Precinct 04": {"Ellen Fitch": -1, "Gary Novak": +1}, "Early Voting": {"Gary Novak": +2}}


def recount_story(store: Any) -> None:
    """A machine recount of the Mayor race through the public APIs: two entries per sheet, one discrepancy."""
    from recount_desktop.recount.scope import set_scope
    from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet

    set_scope(store, MAYOR, "all", method="machine", requested_by="automatic (32-1119(1))")
    precincts = list(store.results().precinct_votes(MAYOR).items())
    for number, (precinct, votes) in enumerate(precincts[:-2], start=1):
        counts = {c: v + CHANGES.get(precinct, {}).get(c, 0) for c, v in votes.items()}
        for who in ("clerk-a", "clerk-b"):
            store.operator = who
            typo = {"Gary Novak": counts["Gary Novak"] + 10} if who == "clerk-b" and number == 3 else {}
            enter_sheet(store, TallySheetEntry(f"MAYOR-{number:02d}", MAYOR, {**counts, **typo},
                                               precinct=precinct, method="machine"))
    store.operator = "clerk"


def _wait(app: QApplication, done: Callable[[], bool]) -> None:
    from PySide6.QtCore import QEventLoop

    while not done():
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)  # sleeps until the worker reports


def render_all(folder: Path) -> list[Path]:
    from recount_desktop.ui.app import create_main_window

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    folder.mkdir(parents=True, exist_ok=True)
    window = create_main_window(operator="clerk")
    window.resize(1366, 768)
    window.show()
    assert window.store is not None
    recount_story(window.store)
    window.reload()
    shots = []
    window.contests_page.select_contest(MAYOR)
    shots.append(_save(window, folder, "contests-and-findings"))
    window.contests_page.tabs.setCurrentIndex(1)
    shots.append(_save(window, folder, "contest-precincts"))
    window.contests_page.tabs.setCurrentIndex(0)
    shots += _entry(window, folder)
    window.show_page(2)
    window.recount_page.choose_contest(MAYOR)
    shots.append(_save(window, folder, "recount-progress"))
    window.show_page(3)
    shots.append(_save(window, folder, "reconciliation"))
    shots += _reports(app, window, folder)
    window.show_page(5)
    shots.append(_save(window, folder, "election-setup"))
    window.show_page(6)
    window.audit_page.verify()
    window.audit_page.table.selectRow(2)  # an entry in the detail pane
    shots.append(_save(window, folder, "audit-log"))
    shots += _dialogs(window, folder)
    window.show_page(0)
    importer = window.import_results()
    if importer is not None:
        from recount_desktop.sample import sample_workbook

        importer.path.setText(str(sample_workbook()))
        importer.read_file()
        _wait(app, lambda: importer.imported is not None)
        importer.tabs.setCurrentIndex(3)  # the sheet with the reading marked on it: the view a user corrects
        shots.append(_save(importer, folder, "import-wizard"))
        importer.reject()
    window.close()
    return shots


def _entry(window: Any, folder: Path) -> list[Path]:
    """A printed sheet scanned into the entry screen, then the resolver's view of a discrepancy."""
    window.show_page(1)
    entry = window.entry_page
    entry.choose_contest(MAYOR)
    scanned = next(s for s in entry.printed_sheets().values() if s.precinct == "Early Voting")
    entry.sheet_id.setText(scanned.sheet_id)  # as a scanner types the printed sheet's QR code, then Enter
    entry.sheet_id.returnPressed.emit()
    for field, value in zip(entry.lines.fields(), ("412", "398", "0", "6", "", "816"), strict=True):
        field.setText(value)
    shots = [_save(window, folder, "tally-sheet-entry")]
    entry.sheet_table.selectRow(2)
    dialog = entry.resolve()
    if dialog is not None:
        dialog.resize(640, 360)
        shots.append(_save(dialog, folder, "discrepancy"))
        dialog.reject()
    return shots


def _dialogs(window: Any, folder: Path) -> list[Path]:
    """A finding's statute with the quoted words marked, and the sign dialog with its stamp preview."""
    from recount_desktop.ui.pages.reports_page import SignDialog

    shots = []
    window.show_page(0)
    window.contests_page.select_contest(MAYOR)
    finding = window.snapshot.analyses[MAYOR].findings[0]
    statute = window.contests_page._open_statute(QUrl(f"statute:{finding.rule_id}"))
    if statute is not None:
        shots.append(_save(statute, folder, "statute"))
        statute.reject()
    sign = SignDialog(window, "county-board.p12", ["Chair of the Board of Canvassers", "County Clerk"],
                      "County Clerk")
    sign.show()
    shots.append(_save(sign, folder, "sign-dialog"))
    sign.reject()
    return shots


def _reports(app: QApplication, window: Any, folder: Path) -> list[Path]:
    from PySide6.QtWidgets import QFileDialog

    page = window.reports_page
    window.show_page(4)
    with tempfile.TemporaryDirectory() as out:
        original = QFileDialog.getSaveFileName
        QFileDialog.getSaveFileName = lambda *_a, **_k: (str(Path(out) / "report.pdf"), "")  # type: ignore[method-assign]
        try:
            page.export("report")
            _wait(app, lambda: page.task is not None and page.task.done)
        finally:
            QFileDialog.getSaveFileName = original  # type: ignore[method-assign]
        return [_save(window, folder, "reports")]


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
