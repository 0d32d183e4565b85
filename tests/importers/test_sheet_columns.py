"""A large .xlsx sheet read through fastexcel's columns gives the very rows python-calamine gives
(same values, same types, same places), or declines and is read by calamine: every reader, and so
every result and message, is the same either way.

The columnar read is only tried on sheets of ``MIN_BYTES`` compressed XML or more; these tests
lower that bar so that small workbooks take it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from python_calamine import CalamineWorkbook

from recount_desktop.importers import read_tally_file, sheet_columns
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.reader import TallyImport
from recount_desktop.importers.source import open_book
from tests.conftest import REAL_DATA

pytestmark = pytest.mark.skipif(not sheet_columns.available(), reason="fastexcel and pyarrow not installed")

REAL_WORKBOOKS = sorted(REAL_DATA.rglob("*.xlsx"))
LARGE = sheet_columns.MIN_BYTES  # before the fixture below lowers it


@pytest.fixture(autouse=True)
def every_sheet_is_large(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sheet_columns, "MIN_BYTES", 0)


def _calamine_rows(path: Path, name: str) -> list[list[object]]:
    sheet = CalamineWorkbook.from_path(str(path)).get_sheet_by_name(name)
    return sheet.to_python(skip_empty_area=False)  # type: ignore[return-value]


def _typed(rows: list[list[object]]) -> list[list[tuple[type, object]]]:
    """Rows with each cell's type beside it: 12 == 12.0, but a reader may tell them apart."""
    return [[(type(cell), cell) for cell in row] for row in rows]


def _by_columns(path: Path, name: str) -> list[list[object]] | None:
    """The columnar read, checked against calamine's whenever it reads the sheet."""
    rows = sheet_columns.ColumnReader(path).read_rows(name)
    if rows is not None:
        assert _typed(rows) == _typed(_calamine_rows(path, name))
    return rows


def test_real_workbooks_read_by_columns_give_calamines_rows() -> None:
    read = {}
    for path in REAL_WORKBOOKS:
        try:
            names = CalamineWorkbook.from_path(str(path)).sheet_names
        except Exception:  # a CSV file named .xlsx: not a workbook at all
            continue
        read[path.name] = sum(_by_columns(path, name) is not None for name in names)
    assert read["2016_ne_sarpy.xlsx"] == 62  # every sheet of Sarpy's statement
    assert read["2016 Jefferson, CO precinct-level election results.xlsx"] >= 40


# -- generated statement sheets: a title row, a header row, precinct rows and a Total row


def _statement(path: Path, edit: Callable[[Any], None] | None = None, precincts: int = 12) -> Path:
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Mayor"
    sheet.append(["Mayor (Vote For 1)"])
    sheet.append(["Precinct", "Ann Lee\nDEM", "Bo Park\nREP", "Total Votes"])
    for p in range(precincts):
        sheet.append([f"Precinct {p:03d}", p * 3 + 1, p * 2 + 5, p * 5 + 6])
    sheet.append(
        ["Total:", sum(p * 3 + 1 for p in range(precincts)), sum(p * 2 + 5 for p in range(precincts))]
    )
    sheet["D" + str(precincts + 3)] = sum(p * 5 + 6 for p in range(precincts))
    if edit is not None:
        edit(sheet)
    workbook.save(path)
    return path


def _set(cell: str, value: object) -> Callable[[Any], None]:
    def edit(sheet: Any) -> None:
        sheet[cell] = value

    return edit


def _rich_title(sheet: Any) -> None:
    sheet["A1"] = CellRichText(["Mayor ", TextBlock(InlineFont(b=True), "(Vote For 1)")])


def _merged_title(sheet: Any) -> None:
    sheet.merge_cells("A1:D1")


def _title_row_over_two_headers(sheet: Any) -> None:
    sheet.insert_rows(2)
    sheet["B2"], sheet["D2"] = "Candidates", "All"


def _styled_empty_cells_right(sheet: Any) -> None:
    sheet["H1"].number_format = "0.00"  # a cell with a style and no value: not in either range


READ_BY_COLUMNS: dict[str, Callable[[Any], None] | None] = {
    "plain": None,
    "fractional count (refused later, as by rows)": _set("B5", 12.0000000001),
    "negative count": _set("C6", -4),
    "large count": _set("B4", 10**15),
    "text beside the counts": _set("D7", "n/a"),  # a column of text only in part: declines
    "rich text title": _rich_title,
    "merged title": _merged_title,
    "two head rows": _title_row_over_two_headers,
    "empty header cell": _set("D2", None),
    "repeated header name": _set("C2", "Ann Lee\nDEM"),
    "entities in names": _set("A1", "Mayor & <Deputy> \"Joint\" 'Race'"),
    "styled empty cell beyond the table": _styled_empty_cells_right,
    "unicode": _set("B2", "Zoë Ñúñez\nDEM"),
    "spaces kept": _set("A1", "  Mayor  "),
    "escape in a unit name": _set("A5", "Precinct_x0041_"),  # both calamines read "PrecinctA"
}

DECLINED: dict[str, Callable[[Any], None]] = {
    "blank count": _set("B6", None),
    "text count": _set("B6", "12"),
    "boolean count": _set("C6", True),
    "date count": _set("C6", datetime(2024, 11, 5)),
    "error cell": _set("B6", "#DIV/0!"),
    "formula without a value": _set("B6", "=B5+1"),
    "empty A1": _set("A1", None),
    "number in the head": _set("B1", 2024),
    "date in the head": _set("B1", datetime(2024, 11, 5, 20, 15)),
    "carriage return in the title": _set("A1", "Mayor\r\n(Vote For 1)"),
    "escape in the title": _set("A1", "Mayor_x000D_"),
    "text right of the table": _set("H1", "printed 11/05"),
    "blank row in the table": lambda sheet: sheet.insert_rows(8),
}


@pytest.mark.parametrize("case", list(READ_BY_COLUMNS))
def test_sheet_read_by_columns_is_calamines(tmp_path: Path, case: str) -> None:
    path = _statement(tmp_path / "s.xlsx", READ_BY_COLUMNS[case])
    rows = _by_columns(path, "Mayor")
    if case == "text beside the counts":
        assert rows is None
    else:
        assert rows is not None, "the columnar read declined a sheet it should read"


@pytest.mark.parametrize("case", list(DECLINED))
def test_sheet_that_may_read_otherwise_is_left_to_calamine(tmp_path: Path, case: str) -> None:
    path = _statement(tmp_path / "s.xlsx", DECLINED[case])
    assert _by_columns(path, "Mayor") is None


def _formatted(number_format: str, whole_column: bool) -> Callable[[Any], None]:
    def edit(sheet: Any) -> None:
        cells = [f"C{row}" for row in range(3, sheet.max_row + 1)] if whole_column else ["C6"]
        for cell in cells:
            sheet[cell].number_format = number_format

    return edit


@pytest.mark.parametrize("whole_column", [False, True], ids=["one cell", "whole column"])
@pytest.mark.parametrize(
    "number_format", ["yyyy-mm-dd", "mm/dd/yy", "h:mm", "[h]:mm:ss", "0.00%", "#,##0", '0" votes"', "@"]
)
def test_counts_in_any_number_format_read_by_columns_are_calamines(
    tmp_path: Path, number_format: str, whole_column: bool
) -> None:
    """A count shown as a date, a time, a percentage...: python-calamine and fastexcel (two calamine
    versions) must agree on whether it is a number or a date; read by columns only as the same."""
    path = _statement(tmp_path / "s.xlsx", _formatted(number_format, whole_column))
    rows = _by_columns(path, "Mayor")  # checked equal to calamine's when read
    dated = any(
        not isinstance(cell, int | float | str) for row in _calamine_rows(path, "Mayor") for cell in row
    )
    assert rows is None if dated else rows is not None


def test_merged_ranges_are_calamines_when_asked(tmp_path: Path) -> None:
    path = _statement(tmp_path / "s.xlsx", _merged_title)
    sheet = open_book(path, ProblemLog(path.name)).sheet("Mayor")
    assert not isinstance(sheet.merged_cells, list)  # read by columns: not read yet
    assert sheet.merged == CalamineWorkbook.from_path(str(path)).get_sheet_by_name("Mayor").merged_cell_ranges
    assert sheet.merged == [((0, 0), (0, 3))]


def test_small_sheets_are_left_to_calamine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sheet_columns, "MIN_BYTES", LARGE)
    path = _statement(tmp_path / "s.xlsx")
    assert sheet_columns.ColumnReader(path).read_rows("Mayor") is None


# -- whole imports: the same results and the same problems either way


def _read_both(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[TallyImport, TallyImport]:
    """The file read with the columnar read allowed (which must read a sheet), then by calamine."""
    used: list[bool] = []
    real = sheet_columns.ColumnReader.read

    def spy(self: sheet_columns.ColumnReader, name: str) -> sheet_columns.ReadByColumns | None:
        read = real(self, name)
        used.append(read is not None)
        return read

    with monkeypatch.context() as patch:
        patch.setattr(sheet_columns.ColumnReader, "read", spy)
        by_columns = read_tally_file(path)
    assert any(used), "no sheet was read by columns"
    with monkeypatch.context() as patch:
        patch.setattr(sheet_columns, "available", lambda: False)
        by_rows = read_tally_file(path)
    return by_columns, by_rows


def _assert_same(by_columns: TallyImport, by_rows: TallyImport) -> None:
    assert by_columns.results == by_rows.results
    if by_rows.results is not None:
        assert by_columns.results is not None
        assert by_columns.results.contests == by_rows.results.contests
        assert by_columns.results.precincts == by_rows.results.precincts
        assert tuple(by_columns.results.tallies) == tuple(by_rows.results.tallies)
    assert by_columns.layout == by_rows.layout
    assert by_columns.reading == by_rows.reading
    assert by_columns.errors == by_rows.errors
    assert by_columns.warnings == by_rows.warnings
    assert by_columns.notes == by_rows.notes
    assert by_columns.summary == by_rows.summary


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", ["NE/2016_ne_sarpy.xlsx", "CO/2016 Jefferson, CO precinct-level election results.xlsx"]
)
def test_real_statements_import_the_same_by_columns(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _assert_same(*_read_both(REAL_DATA / name, monkeypatch))


def _two_contests(path: Path, edit: Callable[[Any], None] | None = None) -> Path:
    """A statement of two contest sheets (the layout needs two), the first edited: the second is
    read by columns whatever the first holds."""
    _statement(path)
    workbook = load_workbook(path)
    second = workbook.copy_worksheet(workbook["Mayor"])
    second.title = "Clerk"
    second["A1"] = "Clerk (Vote For 1)"
    if edit is not None:
        edit(workbook["Mayor"])
    workbook.save(path)
    return path


def _counts_as_text(sheet: Any) -> None:
    """A candidate's every count, the Total row's too, written as text: a column of text, read by
    columns, that the block reader leaves to the per-row reader."""
    for row in range(3, sheet.max_row + 1):
        sheet[f"B{row}"] = str(sheet[f"B{row}"].value)


@pytest.mark.parametrize(
    "edit",
    [
        None,
        _set("B5", 12.0000000001),
        _set("C6", -4),
        _set("B6", None),
        _set("B6", "12"),
        _set("B4", 1),
        _counts_as_text,
        _set("C7", 1e19),
        _set("C7", 4294967295),
    ],
    ids=[
        "plain",
        "fraction",
        "negative",
        "blank",
        "text",
        "total off",
        "column of text",
        "past 64 bits",
        "placeholder",
    ],
)
def test_generated_statements_import_the_same_by_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: Callable[[Any], None] | None
) -> None:
    by_columns, by_rows = _read_both(_two_contests(tmp_path / "s.xlsx", edit), monkeypatch)
    _assert_same(by_columns, by_rows)
    assert by_rows.layout == "sovc"


def test_the_file_is_let_go_when_the_cells_are_released(tmp_path: Path) -> None:
    path = _two_contests(tmp_path / "s.xlsx")
    book = open_book(path, ProblemLog(path.name))
    assert book.sheet("Mayor").body is not None  # read by columns
    reader = book._close.__self__  # type: ignore[union-attr]
    assert reader._archive is not None
    book.release()
    assert reader._archive is None and book.sheet("Mayor").rows == []
    assert book.sheet("Clerk").body is not None  # a sheet not read yet opens the file again
