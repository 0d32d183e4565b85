"""Where the header and the unit column are in a sheet read with units as rows, for the sheet view
to show when the file's own reading does not apply to the sheet shown (the template, which has no
reading; a sheet other than the one a long or wide file was read from).

The reading the interpreter used (``TallyImport.reading``) is shown whenever it applies; this is
a display-only look at the same clues: the long header the importer matches, else the first row
naming a precinct column, and the header rows under it (contest names, party codes, choice names)
down to the first unit.
"""

from __future__ import annotations

from dataclasses import dataclass

from recount_desktop.importers.headers import LONG_FIELDS, find_long_header, is_unit_header, normalise_header
from recount_desktop.importers.source import Sheet
from recount_desktop.importers.values import is_blank

SEARCH_ROWS = 30
MAX_HEADER_ROWS = 3
UNIT_WORDS = ("precinct", "style", "ward")


@dataclass(frozen=True)
class RowLayout:
    header_rows: tuple[int, ...]
    unit_column: int


def find_row_layout(sheet: Sheet) -> RowLayout | None:
    """The header rows and the column of unit names, or None when no row names a unit column."""
    header = find_long_header(sheet, LONG_FIELDS, need_precinct=True)
    if header is not None:
        return RowLayout((header.row,), header.columns["precinct"])
    for r, row in enumerate(sheet.rows[:SEARCH_ROWS]):
        column = _unit_column(row)
        if column is not None:
            return RowLayout(_header_rows(sheet, r, column), column)
    return None


def _unit_column(row: list[object]) -> int | None:
    for c, cell in enumerate(row):
        words = normalise_header(cell).split()
        if is_unit_header(cell) or (words and words[0] in UNIT_WORDS and "votes" not in words):
            return c  # the importers' unit words (headers.UNIT_HEADERS), or one of these first
    return None


def _header_rows(sheet: Sheet, first: int, column: int) -> tuple[int, ...]:
    """The row naming the unit column, and the rows below it with names but no unit and no numbers."""
    rows = [first]
    for r in range(first + 1, min(first + MAX_HEADER_ROWS, len(sheet.rows))):
        row = sheet.rows[r]
        unit = row[column] if column < len(row) else None
        texts = [c for c in row if isinstance(c, str) and c.strip()]
        numbers = [c for c in row if isinstance(c, int | float) and not isinstance(c, bool)]
        if not is_blank(unit) or numbers or not texts:
            break
        rows.append(r)
    return tuple(rows)
