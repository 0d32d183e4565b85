"""The import wizard on real county files: the summary, a workbook of three elections, totals that do
not add up, a mangled copy corrected on the sheet view and saved as a profile for the next file."""

from __future__ import annotations

import csv
from datetime import date
from pathlib import Path

import openpyxl
import pytest
import python_calamine
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QLabel, QToolButton, QWidget

from recount_desktop.domain import Election, State
from recount_desktop.importers.profiles import list_profiles, load_profile
from recount_desktop.store import create_election_file, open_election_file
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.pages.import_wizard import ImportDialog
from recount_desktop.ui.pages.sheet_preview import ROLES
from tests.conftest import REAL_DATA

ALAMOSA = REAL_DATA / "CO" / "2014 General Election Official Results By Precinct.xls"
ALAMOSA_SHEET = "Elec. Results"
JUAB = REAL_DATA / "UT" / "Juab Precinct Results.xlsx"
SUMMARY, SHEET_VIEW = 0, 3
LAPTOP = (1366, 768 - 40)  # the screen less a taskbar and the dialog's title bar


def _rows(path: Path, sheet: str) -> list[list[object]]:
    """A sheet's cells read with plain calamine, independently of the importer."""
    book = python_calamine.CalamineWorkbook.from_path(str(path))
    return book.get_sheet_by_name(sheet).to_python()  # type: ignore[return-value]


def _alamosa_copy(
    path: Path, precinct_headers: bool = True, change: tuple[int, int, int] | None = None
) -> Path:
    """Alamosa's abstract written to xlsx; ``precinct_headers=False`` puts bare numbers (1..8) over
    the precinct columns, so the program no longer recognises a header; ``change`` = (row, col, by)."""
    rows = [list(r) for r in _rows(ALAMOSA, ALAMOSA_SHEET)]
    if not precinct_headers:
        rows[0] = [None, *range(1, len(rows[0]) - 1), "Total"]
    if change is not None:
        r, c, by = change
        rows[r][c] = int(rows[r][c]) + by  # type: ignore[call-overload]
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = ALAMOSA_SHEET
    for row in rows:
        sheet.append([None if v == "" else v for v in row])
    book.save(path)
    return path


def _senate_from_total_column(rows: list[list[object]]) -> dict[str, int]:
    """United States Senator's choices and the file's own Total column (the last), read here."""
    start = next(i for i, r in enumerate(rows) if r[0] == "United States Senator") + 1
    found: dict[str, int] = {}
    for row in rows[start:]:
        if not row[0]:
            break
        found[str(row[0])] = int(row[-1])  # type: ignore[call-overload]
    return found



@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    election = Election(
        State.CO, "Alamosa County", "General Election 2014", date(2014, 11, 4), date(2014, 11, 20)
    )
    create_election_file(tmp_path / "county.canvass", election, operator="clerk-a").close()
    shown = MainWindow("clerk-a")
    qtbot.addWidget(shown)
    shown.open_election(tmp_path / "county.canvass")
    return shown


def _wizard(qtbot, window: MainWindow) -> ImportDialog:
    dialog = window.import_results()
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    return dialog


def _type_path_and_enter(qtbot, dialog: ImportDialog, path: Path) -> None:
    dialog.path.setFocus()
    qtbot.keyClicks(dialog.path, str(path))
    done = dialog.reads_done
    qtbot.keyClick(dialog.path, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.reads_done > done, timeout=20000)
    assert dialog.width() <= LAPTOP[0] and dialog.height() <= LAPTOP[1]  # whatever the file shows


def _wait_read(qtbot, dialog: ImportDialog, done: int) -> None:
    qtbot.waitUntil(lambda: dialog.reads_done > done and dialog.imported is not None, timeout=20000)


def _import(qtbot, dialog: ImportDialog) -> None:
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result() == ImportDialog.DialogCode.Accepted, timeout=20000)


def _select(qtbot, dialog: ImportDialog, row: int, first: int, last: int | None = None) -> None:
    """Click a cell of the sheet, then Shift+Right to stretch the selection to column ``last``."""
    table = dialog.preview.table
    table.scrollTo(dialog.preview.model.index(row, first))
    rect = table.visualRect(dialog.preview.model.index(row, first))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    for _ in range((last or first) - first):
        qtbot.keyClick(table, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)


def _press(qtbot, dialog: ImportDialog, key: Qt.Key) -> None:
    qtbot.keyClick(dialog.preview.table, key)


def test_enter_in_the_file_field_reads_the_file_and_keeps_the_wizard_open(qtbot, window) -> None:
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, ALAMOSA)
    assert dialog.isVisible() and dialog.result() == 0
    qtbot.keyClick(dialog, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)  # Alt+D: the sheet view
    assert dialog.tabs.currentIndex() == SHEET_VIEW
    assert dialog.path.text() == str(ALAMOSA)
    assert dialog.imported is not None and dialog.imported.ok


def test_choosing_another_layout_reads_the_file_again_at_once(qtbot, window) -> None:
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, ALAMOSA)
    assert dialog.imported.layout == "abstract"
    dialog.format_choice.setFocus()
    before = dialog.reads_done
    qtbot.keyClick(dialog.format_choice, Qt.Key.Key_Down)  # auto -> template
    _wait_read(qtbot, dialog, before)
    assert dialog.format_choice.currentText() == "template"
    assert not dialog.imported.ok and dialog.imported.errors
    assert dialog.tabs.currentIndex() == SHEET_VIEW and not dialog.import_button.isEnabled()
    before = dialog.reads_done
    qtbot.keyClick(dialog.format_choice, Qt.Key.Key_Up)
    _wait_read(qtbot, dialog, before)
    assert dialog.imported.ok and dialog.imported.layout == "abstract"


def test_summary_of_a_file_with_a_total_column_shows_it_checked_not_counted(qtbot, window) -> None:
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, ALAMOSA)
    rows = _rows(ALAMOSA, ALAMOSA_SHEET)
    precincts = [str(p) for p in rows[0][1:-1]]
    summary = dialog.summary.text()
    assert f"{len(precincts)} units" in summary
    assert dialog.tabs.currentIndex() == SUMMARY
    notes = dialog.notes
    noted = [tuple(notes.index(r, c).data() for c in (0, 2, 3)) for r in range(notes.rowCount())]
    assert ("File's total (checked, not counted)", "column J", rows[0][-1]) in noted
    senate = next(c for c in dialog.contests.rows() if c.name == "United States Senator")
    assert senate.votes == sum(_senate_from_total_column(rows).values())
    assert senate.precincts == len(precincts)
    # the sheet view shows the reading: header row, units, the total column, with a legend
    dialog.tabs.setCurrentIndex(SHEET_VIEW)
    model = dialog.preview.model
    assert model.index(0, 3).data() == precincts[2]
    assert model.index(2, 1).data(Qt.ItemDataRole.ToolTipRole) == "B3: read as unit columns (counted)"
    assert "header row" in model.index(0, 3).data(Qt.ItemDataRole.ToolTipRole)
    assert "totals" in model.index(2, 9).data(Qt.ItemDataRole.ToolTipRole)
    legend = [w.text() for w in dialog.preview.findChild(QWidget, "readingLegend").findChildren(QLabel)]
    assert legend == [text for text, _colour in ROLES.values()]


def test_a_workbook_of_three_elections_imports_nothing_until_a_sheet_is_chosen(qtbot, window) -> None:
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, JUAB)
    imported = dialog.imported
    assert imported is not None and imported.elections == ("2022 General", "2022 Primary", "2021 General")
    assert not dialog.import_button.isEnabled()
    assert "Choose one under Sheet; nothing is imported" in dialog.layout_label.text()
    assert dialog.sheet_choice.hasFocus()
    before = dialog.reads_done
    qtbot.keyClick(dialog.sheet_choice, Qt.Key.Key_Down)  # the first sheet: 2022 General
    _wait_read(qtbot, dialog, before)
    assert dialog.sheet_choice.currentText() == "2022 General"
    assert dialog.imported.ok and dialog.imported.sheet == "2022 General"
    assert dialog.import_button.isEnabled()
    # the sheet view shows the wide sheet's two header rows and its column of unit names
    rows = _rows(JUAB, "2022 General")
    grid = dialog.preview.model
    unit_row = next(r for r, row in enumerate(rows) if str(row[0]).strip() == "RR13")
    assert "header row" in grid.index(2, 4).data(Qt.ItemDataRole.ToolTipRole)  # US Senate over Lee
    assert "header row" in grid.index(3, 4).data(Qt.ItemDataRole.ToolTipRole)  # the candidates' row
    unit_tip = grid.index(unit_row, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert unit_tip == f"A{unit_row + 1}: read as unit column (names)"
    _import(qtbot, dialog)
    names = rows[3]
    totals = next(r for r in rows if r[3] == "Totals:")
    file_totals = {str(names[c]): int(totals[c]) for c in range(4, 9)}  # type: ignore[call-overload]
    with open_election_file(window.store.path) as store:
        senate = next(c.name for c in store.results().contests if "Senate" in c.name)
        stored = store.results().totals(senate)
        assert stored["Mike Lee"] == file_totals["Mike Lee"]
        assert stored["Evan McMullin"] == file_totals["Evan McMullin"]
        assert store.audit_entries()[-1].details["sheet"] == "2022 General"


def test_totals_that_do_not_add_up_import_only_when_the_user_accepts_them(qtbot, window, tmp_path) -> None:
    udall_first_precinct = (2, 1, 10)  # B3, ten votes more than the Total column J3 counts
    mangled = _alamosa_copy(tmp_path / "alamosa-changed.xlsx", change=udall_first_precinct)
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, mangled)
    errors = dialog.imported.errors
    assert len(errors) == 1 and errors[0].cell == "J3" and "B3:I3" in errors[0].message
    assert "-10" in errors[0].message
    assert dialog.problems.index(0, 2).data() == "J3"
    table = dialog.problem_table
    qtbot.mouseClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=table.visualRect(dialog.problems.index(0, 3)).center(),
    )
    shown = dialog.preview.table.currentIndex()  # the sheet view goes to the total's cell, J3
    assert (shown.row(), shown.column()) == (2, 9) and "J3" in dialog.cell_row.text()
    assert not dialog.import_button.isEnabled()
    assert dialog.accept_box.isVisible() and not dialog.accept_box.isChecked()
    assert "J3 says 2,440, the units (B3:I3) add up to 2,450" in dialog.differences.text()
    with open_election_file(window.store.path) as store:
        assert store.counts()["tally"] == 0
    before = dialog.reads_done
    qtbot.keyClick(dialog.accept_box, Qt.Key.Key_Space)
    _wait_read(qtbot, dialog, before)
    assert dialog.accept_box.isChecked() and dialog.imported.ok
    assert dialog.problems.index(0, 0).data() == "Warning"
    _import(qtbot, dialog)
    with open_election_file(window.store.path) as store:
        details = store.audit_entries()[-1].details
        assert details["accepted_difference_count"] == 1
        assert details["accepted_differences"][0]["total_cell"] == "J3"
        assert details["accepted_differences"][0]["difference"] == -10


def _correct_by_keyboard(qtbot, dialog: ImportDialog, last: int) -> None:
    """Header row 1 (H), precinct columns B.. (U), the Total column (T), names in column A (L)."""
    _select(qtbot, dialog, 0, 1)
    _press(qtbot, dialog, Qt.Key.Key_H)
    assert "Still to do: mark the unit columns" in dialog.preview.status.text()
    _select(qtbot, dialog, 0, 1, last - 1)
    _press(qtbot, dialog, Qt.Key.Key_U)
    _select(qtbot, dialog, 0, last)
    totals = next(b for b in dialog.preview.findChildren(QToolButton) if b.text().startswith("Totals"))
    qtbot.mouseClick(totals, Qt.MouseButton.LeftButton)  # the mouse does what T does
    before = dialog.reads_done
    _select(qtbot, dialog, 2, 0)
    _press(qtbot, dialog, Qt.Key.Key_L)  # the reading is complete: the file is read again at once
    _wait_read(qtbot, dialog, before)


def test_a_file_that_cannot_be_read_lands_on_the_sheet_and_is_corrected_there(
    qtbot, window, tmp_path
) -> None:
    mangled = _alamosa_copy(tmp_path / "alamosa-2014.xlsx", precinct_headers=False)
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, mangled)
    assert not dialog.imported.ok and "could not recognise the layout" in dialog.imported.errors[0].message
    assert dialog.tabs.currentIndex() == SHEET_VIEW and dialog.preview.table.hasFocus()
    rows = _rows(ALAMOSA, ALAMOSA_SHEET)
    last = len(rows[0]) - 1  # the Total column
    _correct_by_keyboard(qtbot, dialog, last)
    assert dialog.imported.ok, dialog.imported.errors
    assert dialog.tabs.currentIndex() == SHEET_VIEW and dialog.import_button.isEnabled()
    assert f"{last - 1} units" in dialog.summary.text()
    senate = next(c for c in dialog.contests.rows() if c.name == "United States Senator")
    assert senate.votes == sum(_senate_from_total_column(rows).values())
    assert "total" in dialog.preview.model.index(3, last).data(Qt.ItemDataRole.ToolTipRole)
    # skip Udall's row with the keyboard: read again at once, shown as skipped, one choice fewer
    before = dialog.reads_done
    _select(qtbot, dialog, 2, 0)
    _press(qtbot, dialog, Qt.Key.Key_S)
    _wait_read(qtbot, dialog, before)
    assert "skipped" in dialog.preview.model.index(2, 3).data(Qt.ItemDataRole.ToolTipRole)
    senate = next(c for c in dialog.contests.rows() if c.name == "United States Senator")
    udall = str(rows[2][0]).split(" - ")[0]  # "Mark Udall - Democratic": name - party
    without_udall = sum(_senate_from_total_column(rows).values()) - int(rows[2][-1])  # type: ignore[call-overload]
    assert udall not in senate.choices and senate.votes == without_udall
    before = dialog.reads_done
    _press(qtbot, dialog, Qt.Key.Key_S)  # again: the row is read
    _wait_read(qtbot, dialog, before)
    assert dialog.imported.ok and "unit" in dialog.preview.model.index(2, 3).data(Qt.ItemDataRole.ToolTipRole)


def test_a_correction_saved_as_a_profile_reads_the_next_file_in_one_step(
    qtbot, window, tmp_path, private_home
) -> None:
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, _alamosa_copy(tmp_path / "alamosa-2014.xlsx", precinct_headers=False))
    last = len(_rows(ALAMOSA, ALAMOSA_SHEET)[0]) - 1
    _correct_by_keyboard(qtbot, dialog, last)
    dialog.profile_name.setFocus()
    qtbot.keyClicks(dialog.profile_name, "Alamosa abstract")
    qtbot.keyClick(dialog.profile_name, Qt.Key.Key_Return)
    assert dialog.isVisible() and "Saved the profile 'Alamosa abstract'" in dialog.layout_label.text()
    saved = list_profiles()
    assert [p.parent for p in saved] == [private_home / "data" / "layout-profiles"]
    profile = load_profile(saved[0])
    assert profile.name == "Alamosa abstract" and profile.sheet == ALAMOSA_SHEET
    assert profile.reading is not None
    assert profile.reading.unit_columns == tuple(range(1, last))
    _import(qtbot, dialog)
    assert len(window.store.results().precincts) == last - 1

    next_file = _alamosa_copy(tmp_path / "alamosa-next.xlsx", precinct_headers=False)
    again = _wizard(qtbot, window)
    assert again.profiles.findText("Alamosa abstract") > 0
    again.profiles.setFocus()
    qtbot.keyClick(again.profiles, Qt.Key.Key_Down)
    assert again.profiles.currentText() == "Alamosa abstract"
    _type_path_and_enter(qtbot, again, next_file)
    assert again.imported.ok and again.imported.layout == "abstract"
    assert again.tabs.currentIndex() == SUMMARY and again.import_button.isEnabled()


def test_a_damaged_workbook_lands_on_the_sheet_view_with_its_reason(qtbot, window, tmp_path) -> None:
    damaged = tmp_path / "results.xlsx"
    damaged.write_bytes(b"PK\x03\x04" + b"\x00" * 64)  # a zip header, no zip
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, damaged)
    assert dialog.isVisible() and dialog.tabs.currentIndex() == SHEET_VIEW
    assert "cannot open the workbook" in dialog.problems.index(0, 3).data()
    assert "results.xlsx cannot be opened" in dialog.preview.status.text()
    assert dialog.preview.model.rowCount() == 0 and not dialog.import_button.isEnabled()
    with open_election_file(window.store.path) as store:
        assert store.counts()["tally"] == 0


def test_a_wide_csv_shows_its_header_rows_unit_column_and_county_total_line(qtbot, window) -> None:
    path = REAL_DATA / "UT" / "Washington UT election-20201103-results-export.csv"
    with path.open(encoding="utf-8-sig", newline="") as handle:
        lines = list(csv.reader(handle))
    total_line = next(i for i, row in enumerate(lines) if "COUNTY TOTALS" in " ".join(row).upper())
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, path)
    assert dialog.imported.ok and dialog.imported.layout == "wide"
    grid = dialog.preview.model
    assert grid.rowCount() == len(lines) and not dialog.preview.sheets.isEnabled()
    assert grid.headerData(total_line, Qt.Orientation.Vertical) == str(total_line + 1)  # its line
    assert "totals" in grid.index(total_line, 5).data(Qt.ItemDataRole.ToolTipRole)
    assert "header row" in grid.index(0, 5).data(Qt.ItemDataRole.ToolTipRole)
    unit = lines[0].index("PRECINCT NAME")  # the column the units are read from (not PRECINCT CODE)
    assert "unit column" in grid.index(total_line - 1, unit).data(Qt.ItemDataRole.ToolTipRole)
    assert "unit column" not in (grid.index(total_line - 1, unit - 1).data(Qt.ItemDataRole.ToolTipRole) or "")


def test_wizard_models_pass_the_model_tester(qtmodeltester, qtbot, window) -> None:
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, ALAMOSA)
    for model in (dialog.preview.model, dialog.notes, dialog.contests, dialog.problems):
        qtmodeltester.check(model)
    selection = dialog.preview.table.selectionModel()
    selection.select(dialog.preview.model.index(0, 0), QItemSelectionModel.SelectionFlag.Select)
    assert dialog.preview.model.rowCount() == len(_rows(ALAMOSA, ALAMOSA_SHEET))
