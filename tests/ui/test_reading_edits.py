"""Corrections to a sheet's reading, as the sheet view makes them, on Alamosa County's abstract."""

from __future__ import annotations

from recount_desktop.importers.grid import find_readings
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Sheet, open_book
from recount_desktop.ui.pages import reading_edits
from tests.conftest import REAL_DATA

ALAMOSA = REAL_DATA / "CO" / "2014 General Election Official Results By Precinct.xls"


def _sheet() -> Sheet:
    return open_book(ALAMOSA, ProblemLog(ALAMOSA.name)).sheet("Elec. Results")


def test_picking_the_header_row_takes_the_reading_found_under_it() -> None:
    sheet = _sheet()
    detected = find_readings(sheet)[0]
    empty = Reading(sheet.name, "columns")
    picked = reading_edits.with_header_rows(empty, sheet, [detected.header_rows[0]])
    assert picked.unit_columns == detected.unit_columns and picked.total_columns == detected.total_columns
    assert reading_edits.what_is_missing(picked) is None


def test_a_header_row_with_no_reading_under_it_keeps_the_columns_picked() -> None:
    sheet = _sheet()
    units = Reading(sheet.name, "columns", unit_columns=(1, 2, 3), label_columns=(0,))
    picked = reading_edits.with_header_rows(units, sheet, [5, 4])
    assert picked.header_rows == (4, 5) and picked.unit_columns == (1, 2, 3)


def test_a_column_takes_one_role_and_clearing_leaves_it_unread() -> None:
    reading = Reading("S", "columns", (0,), unit_columns=(1, 2, 3), label_columns=(0,))
    moved = reading_edits.with_columns(reading, "total", [3])
    assert moved.unit_columns == (1, 2) and moved.total_columns == (3,)
    cleared = reading_edits.with_columns(moved, None, [2, 3])
    assert cleared.unit_columns == (1,) and cleared.total_columns == ()


def test_skipping_rows_toggles_them_and_never_the_header() -> None:
    reading = Reading("S", "columns", (0,), unit_columns=(1, 2), label_columns=(0,))
    skipped = reading_edits.with_rows_skipped(reading, [0, 4, 6])
    assert skipped.skip_rows == (4, 6)
    assert reading_edits.with_rows_skipped(skipped, [4]).skip_rows == (6,)


def test_what_is_still_missing_is_said_in_order() -> None:
    empty = Reading("S", "columns")
    assert "header row" in (reading_edits.what_is_missing(empty) or "")
    headed = Reading("S", "columns", (0,))
    assert "unit columns" in (reading_edits.what_is_missing(headed) or "")
    with_units = Reading("S", "columns", (0,), unit_columns=(1,))
    assert "choice names" in (reading_edits.what_is_missing(with_units) or "")


def _long_sheet() -> Sheet:
    rows: list[list[object]] = [
        ["County canvass"],
        ["Precinct Name", "Contest Title", "Choice Name", "Total Votes"],
        ["North", "Mayor", "Ada", 120],
    ]
    return Sheet("Canvass", rows)


def test_a_statement_read_by_hand_names_its_header_row_and_unit_column_for_every_sheet() -> None:
    sheet = _long_sheet()
    blank = reading_edits.empty_reading(sheet, "sovc")
    assert blank.sheet is None and blank.units == "rows"
    assert "pick the header row" in (reading_edits.what_is_missing(blank) or "")
    headed = reading_edits.with_header_rows(blank, sheet, [1])
    assert headed.header_rows == (1,) and headed.sheet is None
    assert "unit (precinct) names" in (reading_edits.what_is_missing(headed) or "")
    picked = reading_edits.with_columns(headed, "unit", [2, 0])
    assert picked.unit_column == 0 and reading_edits.what_is_missing(picked) is None
    skipped = reading_edits.with_columns(picked, "skipped", [0, 3])
    assert skipped.unit_column is None and skipped.skipped_columns == (0, 3)
    again = reading_edits.with_columns(skipped, None, [3])
    assert again.skipped_columns == (0,)
    # T and L mark columns of precincts-as-columns sheets: here they leave the skipped column skipped
    assert reading_edits.with_columns(again, "total", [0]) == again
    assert reading_edits.with_columns(again, "label", [0]) == again


def test_a_long_tables_header_row_names_its_columns_by_their_words() -> None:
    sheet = _long_sheet()
    long = reading_edits.with_header_rows(reading_edits.empty_reading(sheet, "long"), sheet, [1])
    assert long.sheet == "Canvass" and long.unit_column == 0
    assert long.field_columns == {"precinct": 0, "contest": 1, "choice": 2, "votes": 3}
    assert reading_edits.what_is_missing(long) is None
    title = reading_edits.with_header_rows(reading_edits.empty_reading(sheet, "long"), sheet, [0])
    title = reading_edits.with_columns(title, "unit", [0])
    assert "contest and choice columns" in (reading_edits.what_is_missing(title) or "")


def test_a_wide_sheet_keeps_at_most_three_header_rows() -> None:
    sheet = _long_sheet()
    wide = reading_edits.with_header_rows(reading_edits.empty_reading(sheet, "wide"), sheet, [0, 1, 2, 3])
    assert wide.header_rows == (1, 2, 3)
