"""What keeps an import from being silently wrong: the cells read as totals, statistics or skipped,
the differences between a file's own totals and its units, blank count cells, and total units.

Plain data and pure functions over the builder's tallies; the builder decides what is an error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from recount_desktop.importers.headers import (
    TOTAL_LABELS_WARNED,
    is_total_like_header,
    normalise_header,
)
from recount_desktop.importers.values import is_blank, number_in_text

if TYPE_CHECKING:
    from recount_desktop.importers.source import Sheet

Where = tuple["Sheet", int, int]
PrecinctKey = tuple[str | None, str]
NOTE_LIMIT = 2000  # a statewide file has thousands of total rows: keep this many, count the rest


@dataclass(frozen=True)
class CellNote:
    """A row, column or cell read as something other than a unit's count, and what it was read as."""

    sheet: str | None
    cell: str
    label: str

    def __str__(self) -> str:
        place = self.cell if self.sheet is None else f"'{self.sheet}'!{self.cell}"
        return f"{place} {self.label!r}" if self.label else place


@dataclass
class ReadingNotes:
    """Where the file's own totals, its statistics and the rows or columns left out were found."""

    totals: list[CellNote] = field(default_factory=list)
    statistics: list[CellNote] = field(default_factory=list)
    skipped: list[CellNote] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: {"totals": 0, "statistics": 0, "skipped": 0})
    _seen: set[tuple[str, str | None, str]] = field(default_factory=set)

    def note(self, kind: str, sheet: str | None, cell: str, label: str) -> None:
        """Record one place once (a total row is seen once per choice; it is one row)."""
        key = (kind, sheet, cell)
        if key in self._seen:
            return
        self._seen.add(key)
        self.counts[kind] += 1
        found: list[CellNote] = getattr(self, kind)
        if len(found) < NOTE_LIMIT:
            found.append(CellNote(sheet, cell, label))


@dataclass(frozen=True)
class TotalDifference:
    """A file's own total that its units do not add up to: both places, both numbers."""

    contest: str
    choice: str
    vote_type: str | None
    sheet: str | None
    total_cell: str
    unit_cells: str
    total: int
    units_sum: int

    @property
    def difference(self) -> int:
        return self.total - self.units_sum

    def as_dict(self) -> dict[str, object]:
        """For the audit log's details (JSON)."""
        return {
            "contest": self.contest,
            "choice": self.choice,
            "vote_type": self.vote_type,
            "sheet": self.sheet,
            "total_cell": self.total_cell,
            "unit_cells": self.unit_cells,
            "total": self.total,
            "units_sum": self.units_sum,
            "difference": self.difference,
        }


@dataclass(frozen=True)
class BlankCell:
    where: Where
    precinct: PrecinctKey
    contest: str
    choice: str


class Counted(Protocol):
    votes: int | None
    suppressed: bool


TallyKey = tuple[str, PrecinctKey, str]
MIN_UNITS_FOR_SUM = 3  # a total unit is the sum of at least two others


def find_total_units(tallies: Mapping[TallyKey, Counted]) -> set[PrecinctKey]:
    """Units whose every count is the sum of the other units' counts, in every contest they hold
    counts for (at least one contest with two other units): a county-total row under a label no
    one foresaw (``CO``, ``EL PASO CO``). A total is never a unit."""
    sums: dict[tuple[str, str], int] = {}
    units: dict[str, set[PrecinctKey]] = {}
    for (contest, unit, choice), entry in tallies.items():
        if entry.votes is not None and not entry.suppressed:
            sums[(contest, choice)] = sums.get((contest, choice), 0) + entry.votes
        units.setdefault(contest, set()).add(unit)
    not_sum: set[tuple[str, PrecinctKey]] = set()
    covered: dict[tuple[str, PrecinctKey], int] = {}
    for (contest, unit, choice), entry in tallies.items():
        votes = entry.votes
        if votes is None or entry.suppressed or 2 * votes != sums.get((contest, choice), 0):
            not_sum.add((contest, unit))
        elif votes:
            covered[(contest, unit)] = covered.get((contest, unit), 0) + 1
    nonzero: dict[str, int] = {}
    for (contest, _choice), total in sums.items():
        nonzero[contest] = nonzero.get(contest, 0) + (total > 0)
    candidates: dict[PrecinctKey, bool] = {}
    for contest, members in units.items():
        for unit in members:
            is_sum = (contest, unit) not in not_sum and covered.get((contest, unit), 0) == nonzero[
                contest
            ] > 0
            if not is_sum:
                candidates[unit] = False
            elif len(members) >= MIN_UNITS_FOR_SUM:
                candidates.setdefault(unit, True)
    return {unit for unit, total in candidates.items() if total}


def withheld_units(
    blanks: Iterable[BlankCell], counted: set[tuple[str, PrecinctKey]]
) -> set[tuple[str, PrecinctKey]]:
    """(contest, unit) pairs whose every choice is blank: the county withheld the unit's counts
    (a precinct of two voters), which is suppression, not a forgotten cell."""
    return {(b.contest, b.precinct) for b in blanks} - counted


def cell_list(places: Sequence[Where], most: int = 10) -> str:
    """``B4, C7, D9 ...``: the first ``most`` cells, for a message about scattered cells."""
    shown = ", ".join(sheet.cell(row, col) for sheet, row, col in places[:most])
    return shown + (" ..." if len(places) > most else "")


def cell_range(places: list[Where], seen_from: Sheet | None = None) -> str:
    """``F7:F19`` for cells of one column of one sheet, else the first and the last cell; prefixed
    with the sheet's name when that is not ``seen_from`` (the sheet of the message)."""
    if not places:
        return "no unit cells"
    sheet = places[0][0]
    elsewhere = seen_from is not None and sheet is not seen_from and sheet.name is not None
    if elsewhere and all(w[0] is sheet for w in places):
        return f"'{sheet.name}'!{cell_range(places)}"
    first, last = min(places, key=lambda w: (w[1], w[2])), max(places, key=lambda w: (w[1], w[2]))
    sheets = {id(w[0]) for w in places}
    if len(sheets) == 1 and first[1] == last[1] and first[0].name is not None:  # one row of a sheet
        sheet = first[0]
        return f"{sheet.cell(first[1], first[2])}:{sheet.cell(last[1], last[2])}"
    if len(sheets) == 1 and first[2] == last[2]:
        sheet = first[0]
        start, end = sheet.cell(first[1], first[2]), sheet.cell(last[1], last[2])
        if first[1] == last[1]:
            return start
        if start.startswith("line ") and end.startswith("line "):  # a CSV file: lines 4 to 151
            return f"lines {start[5:]} to {end[5:]}"
        return f"{start}:{end}"
    return f"{len(places)} cells from {_named(places[0])} to {_named(places[-1])}"


def _named(where: Where) -> str:
    sheet, row, col = where
    return sheet.cell(row, col) if sheet.name is None else f"'{sheet.name}'!{sheet.cell(row, col)}"


def whole_at(row: Sequence[object], col: int) -> int | None:
    """The whole count in a row's cell, or None for anything else (blank, text, a fraction)."""
    value = row[col] if col < len(row) else None
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    return None


def whole_or_text_at(row: Sequence[object], col: int) -> int | None:
    """``whole_at``, also reading a count stored as text ("1,234": every cell of a CSV file)."""
    value = row[col] if col < len(row) else None
    if isinstance(value, str):
        number = number_in_text(value)
        return number if type(number) is int else None
    return whole_at(row, col)


def column_is_sum(
    rows: Iterable[Sequence[object]],
    total: int,
    parts: Sequence[int],
    at_least: int,
    at: Callable[[Sequence[object], int], int | None] = whole_at,
) -> bool:
    """True when, in every row where all of them hold whole counts, column ``total`` equals the sum of
    columns ``parts``, and at least ``at_least`` such rows have a total above zero: a total column
    under a label that says so (or none). Rows not all whole counts are passed over."""
    found = _sum_rows(rows, total, parts, at)
    return not found.differs and found.above_zero >= at_least


@dataclass
class _SumRows:
    """How a column compares, row by row, with the sum of the columns before it."""

    differs: bool = False  # some row's cell is not the sum
    unreadable: int = 0  # rows with counts where a cell is blank, text or suppressed
    above_zero: int = 0  # rows where it is the sum and above zero
    unit_rows: int = 0  # rows of a unit (not the file's own total row) where it is the sum
    voted_units: int = 0  # of those, rows where it is above zero
    voted_parts: set[int] = field(default_factory=set)  # the summed columns with votes in some row


def _sum_rows(
    rows: Iterable[Sequence[object]],
    total: int,
    parts: Sequence[int],
    at: Callable[[Sequence[object], int], int | None],
    is_unit: Callable[[Sequence[object]], bool] = lambda _row: True,
) -> _SumRows:
    """Compare every row (a row blank in all these columns is no row of counts); stop at the first
    row where the column is not the sum."""
    found = _SumRows()
    columns = (total, *parts)
    for row in rows:
        value = at(row, total)
        counts = [at(row, c) for c in parts]
        if value is None or None in counts:
            if not all(c >= len(row) or is_blank(row[c]) for c in columns):
                found.unreadable += 1
            continue
        if value != sum(v for v in counts if v is not None):
            found.differs = True
            return found
        unit = is_unit(row)
        found.unit_rows += unit
        found.voted_parts.update(c for c, v in zip(parts, counts, strict=True) if v)
        if value:
            found.above_zero += 1
            found.voted_units += unit
    return found


MIN_CHOICES_BEFORE_SUM = 2  # a total column sums two choices or more
MIN_ROWS_BY_LABEL = 2  # a column headed as a total (or blank): its sum in this many rows with votes
MIN_UNITS_BY_ARITHMETIC = 5  # a column headed like a candidate: its sum in this many units with votes


@dataclass(frozen=True)
class SumColumn:
    """The last choice column, equal in every row to the sum of the choices before it."""

    column: int
    label: str  # its header
    rows: int  # the unit rows where it is the sum
    taken: bool  # read as the file's total (False: kept as a choice, too few rows to tell)

    def warning(self, cell: str) -> str | None:
        """What the user is told about a column headed like a candidate (``cell``: its header's
        place): read as a total, or kept as a choice that may be one. None when its header says
        it is a total."""
        if is_total_like_header(self.label) and normalise_header(self.label) in TOTAL_LABELS_WARNED:
            return (
                f"column {cell} {self.label!r} equals the sum of the choices before it in all "
                f"{self.rows} unit rows: read as the file's total by its header, not as a "
                f"candidate named {self.label!r}. If it is a candidate, choose the columns in the "
                "import wizard"
            )
        if is_total_like_header(self.label):
            return None
        if self.taken:
            return (
                f"column {cell} {self.label!r} equals the sum of the choices before it in all "
                f"{self.rows} unit rows, so it is read as the file's total, not a candidate"
            )
        return (
            f"column {cell} {self.label!r} equals the sum of the choices before it in every row "
            f"(all {self.rows} unit rows, too few to tell): read as a candidate; check "
            "that it is not the file's total"
        )


def sum_column(
    rows: Iterable[Sequence[object]],
    choices: Mapping[int, str],
    is_unit: Callable[[Sequence[object]], bool] = lambda _row: True,
    at: Callable[[Sequence[object], int], int | None] = whole_or_text_at,
) -> SumColumn | None:
    """The last of the ``choices`` (column -> header) when its counts are the sum of the choices
    before it (issue 11 section 1), the one rule of the statement and wide readers. Under a blank or
    total-like header (``Ballot Count``) it is the file's total by its label, rows not all counts
    passed over. Under a header that could be a candidate's (``Carl Jones``) it is a total only
    when every row with counts can be checked (no blank, text or suppressed cell: a skipped row
    could be the one that tells), at least ``MIN_UNITS_BY_ARITHMETIC`` unit rows have votes, and two
    of the choices before it have votes; with fewer rows it stays a choice (``taken`` False) for the
    caller to warn of. None otherwise."""
    if len(choices) < MIN_CHOICES_BEFORE_SUM + 1:
        return None
    *parts, last = sorted(choices)
    found = _sum_rows(rows, last, parts, at, is_unit)
    label = choices[last]
    if found.differs:
        return None
    if is_total_like_header(label):
        taken = found.above_zero >= MIN_ROWS_BY_LABEL
        return SumColumn(last, label, found.unit_rows, True) if taken else None
    if found.unreadable or not found.voted_units or len(found.voted_parts) < MIN_CHOICES_BEFORE_SUM:
        return None  # a row not checked, or one choice with votes: Bob's counts equal to Carl's
    return SumColumn(last, label, found.unit_rows, found.voted_units >= MIN_UNITS_BY_ARITHMETIC)
