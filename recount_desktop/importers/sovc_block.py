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
from itertools import accumulate, chain, compress, pairwise, repeat
from operator import add, eq, itemgetter, ne, or_
from typing import TypeVar, cast

from recount_desktop.importers.sheet_columns import BodyColumns
from recount_desktop.importers.unit_rows import MIN_UNITS, UnitRows, sums_make_a_total
from recount_desktop.importers.values import is_blank, is_total_label

MAX_TOTAL_ROWS = 64  # each total row rescans the rows below it; a sheet of many subtotals goes row by row
_COUNT_TYPES = frozenset((int, float))
RowCheck = Callable[[int, list[int]], None]
_T = TypeVar("_T")


class _Grid:
    """The sheet's rows that hold counts: their row numbers, unit names, and counts by column."""

    def __init__(
        self, rows: list[int], names: list[str], columns: list[list[int]], raw: list[tuple[object, ...]]
    ) -> None:
        self.rows = rows
        self.names = names
        self.columns = columns
        self.raw = raw  # the check columns' cells (a row's Total Votes), column by column

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
    if events is None or units.totals_named_as_units([grid.names[e] for e in events]):
        return False  # a total named as a unit read before: the row-by-row reader reads it as one
    names = _between(grid.names, events)
    keys: list[tuple[str | None, str]] = list(zip(repeat(None), names, strict=False))
    counts = [_between(column, events) for column in grid.columns]  # the units' counts, choice by choice
    if not units.builder.add_plain_block(
        units.sheet, units.contest, plain_row, _between(grid.rows, events), keys, counts
    ):
        return False
    unchecked = _rows_to_check(grid, row_totals)
    start = 0
    for end in [*events, len(grid.rows)]:
        for i in sorted(i for i in unchecked if start <= i < end):
            check_row(grid.rows[i], grid.counts(i))
        sums = [sum(column[start:end]) for column in grid.columns]
        units.units_block(grid.rows[start:end], sums)
        if end < len(grid.rows):
            units.total(grid.rows[end], unit_col, grid.names[end], grid.counts(end))
        start = end + 1
    return True


def _between(items: list[_T], events: list[int]) -> list[_T]:
    """``items`` without the total rows ``events`` (sorted indexes), by slices."""
    if not events:
        return items
    bounds = [-1, *events, len(items)]
    return list(chain.from_iterable(items[a + 1 : b] for a, b in pairwise(bounds)))


def _grid(
    units: UnitRows, rows: range, unit_col: int, count_cols: list[int], check_cols: list[int]
) -> _Grid | None:
    """The block's cells, when every count cell is a whole number >= 0 (or a row is wholly blank,
    with no unit name); else None. The rows are turned into columns once, in C; each column is
    checked and converted as a whole."""
    body = units.sheet.body
    if body is not None and rows.start >= body.start and rows.stop == len(units.sheet.rows):
        return _grid_of_columns(units, rows, body, unit_col, count_cols, check_cols)
    sheet_rows = units.sheet.rows[rows.start : rows.stop]
    wanted = [unit_col, *count_cols, *check_cols]
    table = list(zip(*sheet_rows, strict=False))  # as long as the shortest row
    if not sheet_rows or len(table) <= max(wanted):
        return None  # ragged rows (a CSV file): row by row
    numbered = list(rows)
    kinds = [set(map(type, table[c])) for c in count_cols]  # each column's types
    if not all(kind <= _COUNT_TYPES for kind in kinds):
        keep = _blank_rows_left_out(list(map(itemgetter(*wanted), sheet_rows)), len(count_cols))
        if not keep:
            return None  # a text, a boolean, a blank among counts: the per-row reader names the cell
        table = list(zip(*[sheet_rows[i] for i in keep], strict=False))
        numbered = [numbered[i] for i in keep]
        kinds = [set(map(type, table[c])) for c in count_cols]
    columns = []
    for c, kind in zip(count_cols, kinds, strict=True):
        whole = _whole_counts(table[c], kind)
        if whole is None:
            return None  # a fraction, a negative count, NaN: named by the per-row reader
        columns.append(whole)
    names = list(map(units.builder.names.__getitem__, table[unit_col]))
    return _Grid(numbered, names, columns, [table[c] for c in check_cols])


def _grid_of_columns(
    units: UnitRows,
    rows: range,
    body: BodyColumns,
    unit_col: int,
    count_cols: list[int],
    check_cols: list[int],
) -> _Grid | None:
    """``_grid`` of a sheet read by columns (``source``'s ``Sheet.body``): no cell is blank there,
    so a count column is read whole or the block is not one; its cells are the rows' own."""
    if max(unit_col, *count_cols, *check_cols) >= len(body.values):
        return None
    first = rows.start - body.start
    columns = []
    for c in count_cols:
        whole = body.whole_counts(c, rows.start)
        if whole is None:
            return None  # text, a fraction, a negative count: the per-row reader names the cell
        columns.append(whole)
    names = list(map(units.builder.names.__getitem__, body.values[unit_col][first:]))
    raw = [tuple(body.values[c][first:]) for c in check_cols]
    return _Grid(list(rows), names, columns, raw)


def _whole_counts(cells: tuple[object, ...], kind: set[type]) -> list[int] | None:
    """The column's numbers (``kind``: their types, ints and floats only) as whole counts; None
    when one is not a whole number >= 0."""
    column = cast("tuple[float, ...]", cells)
    if kind == {float}:  # calamine's numbers: checked before they are converted
        if not all(map(float.is_integer, column)) or min(column) < 0:
            return None
        return list(map(int, column))
    try:
        whole = list(map(int, column))
    except (ValueError, OverflowError):  # NaN, infinity
        return None
    return whole if tuple(whole) == column and min(whole) >= 0 else None


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
    labelled = _labelled(names)
    unnamed = places(names, "")
    height, width = len(names), len(grid.columns)
    # the column with the most votes: the first test of a total row, rarely passed by a unit row
    pivot = max(range(width), key=lambda j: sum(grid.columns[j]))
    events: list[int] = []
    grand = [0] * width
    start = 0
    while start < height:
        event = _first_total(grid, start, grand, start - len(events), labelled, pivot)
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


def places(cells: Sequence[object], value: object) -> list[int]:
    """The indexes of ``cells`` holding ``value``, found by ``list.index`` (in C)."""
    found: list[int] = []
    at = -1
    while True:
        try:
            at = cells.index(value, at + 1)
        except ValueError:
            return found
        found.append(at)


def _labelled(names: list[str]) -> list[int]:
    """The indexes of the names labelled as totals: each distinct name asked once (a sheet repeats
    no unit), and a name found before not to be one is not asked again (every sheet names the same
    units: the set difference is one step in C)."""
    distinct = set(names)
    distinct.discard("")
    if len(_NOT_TOTAL) > 1 << 16:
        _NOT_TOTAL.clear()
    new = distinct - _NOT_TOTAL  # a statement names the same units on every sheet: asked once
    labels = [name for name in new if is_total_label(name)]
    _NOT_TOTAL.update(new.difference(labels))
    return sorted(chain.from_iterable(places(names, label) for label in labels))


_NOT_TOTAL: set[str] = set()  # unit names met that are not total labels (bounded)


def _first_total(
    grid: _Grid, start: int, grand: list[int], units_before: int, labelled: list[int], pivot: int
) -> int:
    """The first total row at or after ``start`` (``len(grid.names)`` when none): labelled as a total,
    or every count the sum of the units since ``start`` (at least ``MIN_UNITS`` of them), or of all
    units so far (``units_before`` of them above ``start``), as ``unit_rows.sums_make_a_total``
    decides (more evidence for a row named like a unit, less for one with no name). Only the rows
    whose ``pivot`` count is such a sum can be one: every column is summed only when there is one."""
    height = len(grid.names)
    next_label = labelled[bisect_left(labelled, start)] if labelled and labelled[-1] >= start else height
    first = grid.columns[pivot][start:next_label]
    running = list(accumulate(first, initial=0))
    maybe = map(eq, first, running)
    if grand[pivot]:
        maybe = map(or_, maybe, map(eq, first, map(add, running, repeat(grand[pivot]))))
    sums: list[list[int]] = []
    for i in compress(range(next_label - start), maybe):
        if i < MIN_UNITS and units_before + i < MIN_UNITS:
            continue  # too few units above it for either sum
        sums = sums or [list(accumulate(column[start:next_label], initial=0)) for column in grid.columns]
        name = grid.names[start + i]
        group = [s[i] for s in sums]
        counts = grid.counts(start + i)
        if counts == group and sums_make_a_total(name, group, i):
            return start + i
        whole = [s + g for s, g in zip(group, grand, strict=True)]
        if counts == whole and sums_make_a_total(name, whole, units_before + i):
            return start + i
    return next_label


def _rows_to_check(grid: _Grid, row_totals: Sequence[tuple[int, list[int]]]) -> set[int]:
    """Rows whose Total Votes cell is not, as a whole number, the sum of the counts it adds up: the
    per-row reader's check decides (and names the cells of) those."""
    unchecked: set[int] = set()
    for (_col, parts), totals in zip(row_totals, grid.raw, strict=True):
        if parts:
            found = list(map(sum, zip(*(grid.columns[j] for j in parts), strict=True)))
        else:
            found = [0] * len(totals)
        if set(map(type, totals)) <= _COUNT_TYPES:  # compared in C
            unchecked.update(compress(range(len(totals)), map(ne, totals, found)))
        else:
            unchecked.update(
                i
                for i, (total, expected) in enumerate(zip(totals, found, strict=True))
                if type(total) not in _COUNT_TYPES or total != expected
            )
    return unchecked
