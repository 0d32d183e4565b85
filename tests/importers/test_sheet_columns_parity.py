"""Whole imports of statements whose sheets are read by columns give the same results and the same
problems, with the same cells, as the same files read by python-calamine's rows: the edge cases
the columnar read must either read exactly or decline (merged cells, error cells, booleans and
dates among counts, blank and empty-text cells, counts a hair off a whole number, counts stored as
text), each on one contest sheet and, where the columnar read still takes it, on every sheet.

``test_sheet_columns`` checks the rows cell by cell; this checks what a user sees.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from recount_desktop.importers import sheet_columns
from tests.importers.test_sheet_columns import _assert_same, _read_both, _set, _statement

pytestmark = pytest.mark.skipif(not sheet_columns.available(), reason="fastexcel and pyarrow not installed")

SHEETS = ("Mayor", "Clerk", "Sheriff")


@pytest.fixture(autouse=True)
def every_sheet_is_large(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sheet_columns, "MIN_BYTES", 0)


def _three_contests(path: Path, edit: Callable[[Any], None] | None, sheets: tuple[str, ...]) -> Path:
    """A statement of three contest sheets, ``edit`` applied to each sheet named in ``sheets``."""
    _statement(path)
    workbook = load_workbook(path)
    for name in SHEETS[1:]:
        copy = workbook.copy_worksheet(workbook["Mayor"])
        copy.title = name
        copy["A1"] = f"{name} (Vote For 1)"
    if edit is not None:
        for name in sheets:
            edit(workbook[name])
    workbook.save(path)
    return path


def _merged(cells: str) -> Callable[[Any], None]:
    def edit(sheet: Any) -> None:
        sheet.merge_cells(cells)

    return edit


def _text_counts(column: str) -> Callable[[Any], None]:
    """Every count of a candidate, the Total row's too, stored as text."""

    def edit(sheet: Any) -> None:
        for row in range(3, sheet.max_row + 1):
            sheet[f"{column}{row}"] = str(sheet[f"{column}{row}"].value)

    return edit


def _both(*edits: Callable[[Any], None]) -> Callable[[Any], None]:
    def edit(sheet: Any) -> None:
        for one in edits:
            one(sheet)

    return edit


# Edits the columnar read still takes: applied to every sheet, so the fast path itself meets them.
TAKEN: dict[str, Callable[[Any], None]] = {
    "merged title": _merged("A1:D1"),
    "fraction 12.0000000001": _set("B5", 12.0000000001),
    "negative count": _set("C6", -4),
    "count past 64 bits": _set("C7", 1e19),
    "count at 2**63": _set("C7", 2.0**63),
    "largest count below 2**63": _set("C7", 2.0**63 - 1024),
    "minus zero": _set("B8", -0.0),
    "total off by one": _set("B4", 1),
    "empty header cell": _set("D2", None),
    "error text in a unit name": _set("A5", "#N/A precinct"),
}

# Edits the columnar read declines (the sheet goes to calamine): on the first sheet only, so the
# others are still read by columns and the import mixes both reads.
DECLINED: dict[str, Callable[[Any], None]] = {
    "error cell #DIV/0!": _set("B6", "#DIV/0!"),
    "error cell #REF! as a unit": _set("A7", "#REF!"),
    "boolean count": _set("C6", True),
    "date count": _set("C6", datetime(2024, 11, 5)),
    "date in the title row": _set("B1", datetime(2024, 11, 5, 20, 15)),
    "blank count": _set("B6", None),
    "empty text count": _set("B6", ""),
    "blank unit name": _set("A6", None),
    "text count": _set("B6", "12"),
    "counts as text": _text_counts("B"),
    "formula without a value": _set("B6", "=B5+1"),
    "merged counts": _merged("B6:C6"),
    "merged unit names": _merged("A6:A7"),
    "blank row": lambda sheet: sheet.insert_rows(8),
    "blank and fraction": _both(_set("B6", None), _set("C5", 7.5)),
}


@pytest.mark.parametrize("case", list(TAKEN))
def test_statement_read_by_columns_on_every_sheet_imports_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    path = _three_contests(tmp_path / "s.xlsx", TAKEN[case], SHEETS)
    by_columns, by_rows = _read_both(path, monkeypatch)
    _assert_same(by_columns, by_rows)
    assert by_rows.layout == "sovc"


@pytest.mark.parametrize("case", list(DECLINED))
def test_statement_with_one_sheet_read_by_rows_imports_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str
) -> None:
    path = _three_contests(tmp_path / "s.xlsx", DECLINED[case], SHEETS[:1])
    by_columns, by_rows = _read_both(path, monkeypatch)
    _assert_same(by_columns, by_rows)
