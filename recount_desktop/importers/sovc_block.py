"""A statement's contest sheet read as one block, when every count cell is a whole number.

Most contest sheets of a statement of votes cast are a plain grid: a unit name and a whole count
per candidate on every row, the county's ``Total:`` row at the end. Such a sheet is checked and
stored column by column, with the loops in C (``map``, ``accumulate``, ``zip``), instead of cell by
cell. The readings are the per-row reader's (``sovc._read_contest_sheet``): a total row is found by
its label or because its counts are the sum of the units above it, every total is checked, and a
row's Total Votes column is checked against the row. Anything else on the sheet (a blank, a text or
a suppressed cell, a row with no unit name that is not a total, a heading row, a unit or a choice
met before) makes ``read_whole_block`` return False having changed nothing, and the per-row reader,
which names each cell, reads the sheet.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence
from itertools import accumulate, chain, compress, repeat
from operator import add, eq, itemgetter, or_

from recount_desktop.importers.unit_rows import MIN_COLUMNS, MIN_UNITS, UnitRows
from recount_desktop.importers.values import is_blank, is_total_label

MAX_TOTAL_ROWS = 64  # each total row rescans the rows below it; a sheet of many subtotals goes row by row
_COUNT_TYPES = frozenset((int, float))
RowCheck = Callable[[int, list[int]], None]


class _Grid:
    """The sheet's rows that hold counts: their row numbers, unit names, and counts by column."""

    def __init__(
        self, rows: list[int], names: list[str], columns: list[list[int]], raw: list[tuple[object, ...]]
    ) -> None:
        self.rows = rows
        self.names = names
        self.columns = columns
        self.raw = raw  # the check columns' cells (a row's Total Votes), row by row

    def counts(self, i: int) -> list[int]:
        return [column[i] for column in self.columns]


def read_whole_block(
    units: UnitRows,
    rows: range,
    unit_col: int,
    plain_row: Sequence[tuple[int, str, str | None]],
    row_totals: Sequence[tuple[int, list[int]]],
    check_row: RowCheck,
) -> bool:
    """Read ``rows`` of the contest sheet as one block; False (nothing changed) when it is not one.

    ``plain_row``: (column, choice, party) of every count column, all plain choices; ``row_totals``:
    (column, indexes into ``plain_row`` it adds up) for each Total Votes column; ``check_row(r,
    counts)``: the per-row reader's check of a row whose Total Votes cell is not the sum found here.
    """
    grid = _grid(units, rows, unit_col, [c for c, _choice, _party in plain_row], [c for c, _p in row_totals])
    if grid is None:
        return False
    events = _total_rows(grid)
    if events is None:
        return False
    totals = set(events)
    unit_rows = [i for i in range(len(grid.rows)) if i not in totals]
    keys: list[tuple[str | None, str]] = [(None, grid.names[i]) for i in unit_rows]
    counts = list(zip(*grid.columns, strict=True))  # row by row, in C
    if totals:
        counts = [counts[i] for i in unit_rows]
    if not units.builder.add_plain_block(
        units.sheet, units.contest, plain_row, [grid.rows[i] for i in unit_rows], keys, counts
    ):
        return False
    unchecked = _rows_to_check(grid, row_totals)
    start = 0
    for end in [*events, len(grid.rows)]:
        block = range(start, end)
        for i in block:
            if i in unchecked:
                check_row(grid.rows[i], grid.counts(i))
        sums = [sum(column[start:end]) for column in grid.columns]
        units.units_block([grid.rows[i] for i in block], sums)
        if end < len(grid.rows):
            units.total(grid.rows[end], unit_col, grid.names[end], grid.counts(end))
        start = end + 1
    return True


def _grid(
    units: UnitRows, rows: range, unit_col: int, count_cols: list[int], check_cols: list[int]
) -> _Grid | None:
    """The block's cells, when every count cell is a whole number >= 0 (or a row is wholly blank,
    with no unit name); else None."""
    sheet_rows = units.sheet.rows[rows.start : rows.stop]
    wanted = [unit_col, *count_cols, *check_cols]
    if not sheet_rows or min(map(len, sheet_rows)) <= max(wanted):
        return None  # ragged rows (a CSV file): row by row
    cells = list(map(itemgetter(*wanted), sheet_rows))
    width = len(count_cols)
    columns = list(zip(*cells, strict=True))
    labels, counted = columns[0], columns[1 : 1 + width]
    numbers = list(chain.from_iterable(counted))
    types = set(map(type, numbers))
    numbered = list(rows)
    if not types <= _COUNT_TYPES:
        keep = _blank_rows_left_out(cells, width)
        if keep is None:
            return None  # a text, a boolean, a blank among counts: the per-row reader names the cell
        cells = [cells[i] for i in keep]
        numbered = [numbered[i] for i in keep]
        if not cells:
            return None
        columns = list(zip(*cells, strict=True))
        labels, counted = columns[0], columns[1 : 1 + width]
        numbers = list(chain.from_iterable(counted))
    try:
        whole = list(map(int, numbers))
    except (ValueError, OverflowError):  # NaN, infinity
        return None
    if whole != numbers or min(whole) < 0:
        return None  # a fraction or a negative count: named by the per-row reader
    height = len(cells)
    names = list(map(units.builder.names.__getitem__, labels))
    split = [whole[j * height : (j + 1) * height] for j in range(width)]
    raw = [cell[1 + width :] for cell in cells]
    return _Grid(numbered, names, split, raw)


def _blank_rows_left_out(cells: list[tuple[object, ...]], width: int) -> list[int] | None:
    """Indexes of the rows to read: a row with no name and no counts is left out, as the per-row
    reader does; a row with some counts blank or text, or a name over blank counts (a heading), is
    not for this reader (None)."""
    keep = []
    for i, cell in enumerate(cells):
        counts = cell[1 : 1 + width]
        if set(map(type, counts)) <= _COUNT_TYPES:
            keep.append(i)
        elif not (is_blank(cell[0]) and all(map(is_blank, counts))):
            return None
    return keep


def _total_rows(grid: _Grid) -> list[int] | None:
    """The rows (indexes into ``grid``) that are totals, as ``UnitRows.is_total`` would find them row by
    row; None when a row with no unit name is neither a total nor blank (an error the per-row reader
    reports) or there are too many totals to scan this way."""
    names = grid.names
    labelled = [i for i, name in enumerate(names) if name and is_total_label(name)]
    unnamed = [i for i, name in enumerate(names) if not name]
    height, width = len(names), len(grid.columns)
    events: list[int] = []
    grand = [0] * width
    start = 0
    while start < height:
        event = _first_total(grid, start, grand, start - len(events), labelled)
        if unnamed[bisect_left(unnamed, start) : bisect_left(unnamed, event)]:
            return None  # a nameless row that is not a total: an error, named row by row
        if event == height:
            return events
        events.append(event)
        if len(events) > MAX_TOTAL_ROWS:
            return None
        grand = [g + sum(column[start:event]) for g, column in zip(grand, grid.columns, strict=True)]
        start = event + 1
    return events


def _first_total(grid: _Grid, start: int, grand: list[int], units_before: int, labelled: list[int]) -> int:
    """The first total row at or after ``start`` (``len(grid.names)`` when none): labelled as a total,
    or every count the sum of the units since ``start`` (at least ``MIN_UNITS`` of them), or of all
    units so far (``units_before`` of them above ``start``), over at least ``MIN_COLUMNS`` columns
    with votes (one when the row has no name)."""
    height = len(grid.names)
    next_label = labelled[bisect_left(labelled, start)] if labelled and labelled[-1] >= start else height
    sums = [list(accumulate(column[start:next_label], initial=0)) for column in grid.columns]
    same = [map(eq, column[start:next_label], s) for column, s in zip(grid.columns, sums, strict=True)]
    matches = map(all, zip(*same, strict=True))
    if any(grand):
        overall = [
            map(eq, column[start:next_label], map(add, s, repeat(g)))
            for column, s, g in zip(grid.columns, sums, grand, strict=True)
        ]
        matches = map(or_, matches, map(all, zip(*overall, strict=True)))
    for i in compress(range(next_label - start), matches):
        needed = MIN_COLUMNS if grid.names[start + i] else 1
        group = [s[i] for s in sums]
        counts = grid.counts(start + i)
        if i >= MIN_UNITS and counts == group and sum(1 for v in group if v) >= needed:
            return start + i
        whole = [s + g for s, g in zip(group, grand, strict=True)]
        if units_before + i >= MIN_UNITS and counts == whole and sum(1 for v in whole if v) >= needed:
            return start + i
    return next_label


def _rows_to_check(grid: _Grid, row_totals: Sequence[tuple[int, list[int]]]) -> set[int]:
    """Rows whose Total Votes cell is not, as a whole number, the sum of the counts it adds up: the
    per-row reader's check decides (and names the cells of) those."""
    unchecked: set[int] = set()
    for k, (_col, parts) in enumerate(row_totals):
        found = (
            [sum(values) for values in zip(*(grid.columns[j] for j in parts), strict=True)] if parts else None
        )
        for i, cell in enumerate(grid.raw):
            total = cell[k]
            expected = found[i] if found is not None else 0
            if type(total) not in _COUNT_TYPES or total != expected:
                unchecked.add(i)
    return unchecked
