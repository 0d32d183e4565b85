"""An abstract of one unit: a header row naming one unit and a total column (``| Pct 1 | Total``),
choices down the left, each choice's total equal to its one count.

The abstract finder looks for two or more unit columns (one column of counts beside its total
could be anything), so such a file was refused as "could not recognise the layout" (fourth review,
R7: a13_one_unit.xlsx). The total column equal to the unit's column in every row vouches for it;
the interpreter offers this reading only when no case found any other.
"""

from __future__ import annotations

from recount_desktop.importers.axes import is_unit_name
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.values import clean_name, is_blank, is_total_label

HEADER_ROWS = 10  # the header row is looked for among the first rows
MIN_LINES = 2  # choice lines under the header, each with its count and its total


def one_unit_reading(book: Book) -> Reading | None:
    """The reading of a one-sheet file that is an abstract of one unit; None for any other file."""
    if book.is_csv or len(book.sheet_names) != 1:
        return None
    sheet = book.sheet(book.sheet_names[0]).counted()
    for r, row in enumerate(sheet.rows[:HEADER_ROWS]):
        named = [c for c, cell in enumerate(row) if not is_blank(cell)]
        if len(named) != 2 or named[1] != named[0] + 1 or named[0] == 0:
            continue
        unit, total = named
        if is_total_label(clean_name(row[unit])) or not is_total_label(clean_name(row[total])):
            continue
        label = _label_column(sheet, r, unit)
        if label is not None:
            cue = (
                f"row {r + 1} names one unit ({clean_name(row[unit])!r}), its total column "
                f"{column_letters(total)} equal to it in every row"
            )
            return Reading(sheet.name, "columns", (r,), (unit,), (total,), (), (label,), cue=cue)
    return None


def _label_column(sheet: Sheet, header: int, unit: int) -> int | None:
    """The one column left of the unit's naming every line, when every line with a count has its
    total equal to it (and there are at least ``MIN_LINES``); None otherwise."""
    labels: set[int] = set()
    lines = 0
    titled = False
    for row in sheet.rows[header + 1 :]:
        count, total = _cell(row, unit), _cell(row, unit + 1)
        names = [c for c in range(unit) if not is_blank(_cell(row, c))]
        if count is None and total is None:
            if names and any(not isinstance(_cell(row, c), str) for c in names):
                return None  # a number left of the unit's column: not a label
            titled = titled or bool(names)
            continue
        if not _is_whole(count) or count != total or len(names) != 1 or not titled:
            return None  # a line above any contest title: the names down the left may be units
        if is_unit_name(clean_name(_cell(row, names[0]))):
            return None
        labels.add(names[0])
        lines += 1
    return labels.pop() if lines >= MIN_LINES and len(labels) == 1 else None


def _is_whole(value: object) -> bool:
    """A count as a workbook stores it: an int, or a float with nothing after the point."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return float(value).is_integer() and value >= 0


def _cell(row: list[object], c: int) -> object:
    value = row[c] if c < len(row) else None
    return None if is_blank(value) else value
