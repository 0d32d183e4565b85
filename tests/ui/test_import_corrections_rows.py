"""The wizard's correction view for units as rows: a statement of votes cast whose unit column the
program does not know ("Area", no word of headers.UNIT_HEADERS) lands on the sheet view; the user
picks the statement layout from the readings, then the header row (H) and the unit column (U) on the
sheet; the totals check re-runs at once, and the correction saved as a profile reads the next file
in one step."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QToolButton

from recount_desktop.importers.profiles import list_profiles, load_profile
from recount_desktop.store import open_election_file
from recount_desktop.ui.pages.import_wizard import ImportDialog
from tests.importers.conftest import write_xlsx
from tests.ui.test_import_corrections import (
    SHEET_VIEW,
    _import,
    _press,
    _select,
    _type_path_and_enter,
    _wait_read,
    _wizard,
)

STATEMENT = "statement of votes cast"



def _statement(path: Path, north_ada: int = 120) -> Path:
    def sheet(title: str, *rows: list[object]) -> list[list[object]]:
        return [[title], ["Area", "Ada", "Bo", "Total"], *rows]

    mayor = sheet("Mayor", ["North", north_ada, 80, 200], ["South", 50, 70, 120], ["Total", 170, 150, 320])
    clerk = sheet("Clerk", ["North", 7, 9, 16], ["South", 5, 6, 11])
    return write_xlsx(path, {"Mayor": mayor, "Clerk": clerk})


def _pick_reading(qtbot, dialog: ImportDialog, wanted: str) -> None:
    """Down through the readings list (each is tried as it is reached) to the one named ``wanted``."""
    choices = dialog.preview.choices
    choices.setFocus()
    for _ in range(choices.count()):
        if wanted in choices.currentText():
            return
        qtbot.keyClick(choices, Qt.Key.Key_Down)
    assert wanted in choices.currentText()


def _correct_statement(qtbot, dialog: ImportDialog) -> None:
    _pick_reading(qtbot, dialog, STATEMENT)
    assert "Still to do: pick the header row" in dialog.preview.status.text()
    _select(qtbot, dialog, 1, 0)  # A2: "Area", by keyboard: H
    _press(qtbot, dialog, Qt.Key.Key_H)
    assert "Still to do: mark the column of unit (precinct) names" in dialog.preview.status.text()
    before = dialog.reads_done
    units = next(b for b in dialog.preview.findChildren(QToolButton) if b.text().startswith("Units"))
    qtbot.mouseClick(units, Qt.MouseButton.LeftButton)  # the mouse does what U does: read again at once
    _wait_read(qtbot, dialog, before)


def test_a_statement_with_an_unknown_unit_header_is_corrected_on_the_sheet(qtbot, window, tmp_path) -> None:
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, _statement(tmp_path / "statement.xlsx"))
    assert not dialog.imported.ok
    assert dialog.tabs.currentIndex() == SHEET_VIEW
    _correct_statement(qtbot, dialog)
    imported = dialog.imported
    assert imported.ok, imported.errors
    assert imported.layout == "sovc" and imported.results.totals("Mayor") == {"Ada": 170, "Bo": 150}
    assert imported.results.totals("Clerk") == {"Ada": 12, "Bo": 15}
    grid = dialog.preview.model
    assert grid.index(2, 0).data(Qt.ItemDataRole.ToolTipRole) == "A3: read as unit column (names)"
    assert "header row" in grid.index(1, 1).data(Qt.ItemDataRole.ToolTipRole)
    assert "every sheet" in dialog.preview.status.text()
    assert "in use: sovc" in dialog.preview.choices.currentText()
    assert "Read as sovc: header row 2, units in column A" in dialog.summary.text()
    sheets = dialog.preview.sheets  # show the Mayor sheet: its Total row was read as a total
    sheets.setFocus()
    if sheets.currentText() != "Mayor":  # the sheets are listed Mayor, Clerk
        before = dialog.reads_done
        qtbot.keyClick(sheets, Qt.Key.Key_Up)
        _wait_read(qtbot, dialog, before)
    assert grid.sheet.name == "Mayor"
    assert "total" in grid.index(4, 1).data(Qt.ItemDataRole.ToolTipRole)  # Mayor's Total row: checked
    _import(qtbot, dialog)
    with open_election_file(window.store.path) as store:
        assert store.results().totals("Mayor") == {"Ada": 170, "Bo": 150}


def test_the_statement_correction_saved_as_a_profile_reads_the_next_file(
    qtbot,
    window,
    tmp_path,
    private_home,
) -> None:
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, _statement(tmp_path / "statement.xlsx"))
    _correct_statement(qtbot, dialog)
    dialog.profile_name.setFocus()
    qtbot.keyClicks(dialog.profile_name, "County statement")
    qtbot.keyClick(dialog.profile_name, Qt.Key.Key_Return)
    profile = load_profile(list_profiles()[0])
    assert (profile.name, profile.format, profile.sheet) == ("County statement", "sovc", None)
    assert profile.reading is not None
    assert (profile.reading.header_rows, profile.reading.unit_column) == ((1,), 0)

    again = _wizard(qtbot, window)
    again.profiles.setFocus()
    qtbot.keyClick(again.profiles, Qt.Key.Key_Down)
    assert again.profiles.currentText() == "County statement"
    _type_path_and_enter(qtbot, again, _statement(tmp_path / "next.xlsx", north_ada=121))
    assert again.imported.layout == "sovc"
    # Ada's 121 in North: neither North's row total (200) nor the Total row's 170 adds up any more
    assert again.imported.results is None
    assert [e.cell for e in again.imported.errors] == ["D3", "B5"]
