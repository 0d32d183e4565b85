"""One block of unit rows under a header: the file's own total rows found by label and by
arithmetic, each checked against the units it closes, and never counted as a unit.

A county's export closes its precinct rows with ``Total:``, ``TOTALS``, ``<County> - Total``,
``Cumulative``, ``County - Total``, or an unlabelled row. Labels cannot be foreseen, so a row whose
every count equals the sum of the unit rows above it (since the previous total) is a total too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from operator import add
from typing import TYPE_CHECKING

from recount_desktop.importers.checks import cell_range
from recount_desktop.importers.repeats import TotalOverRepeats
from recount_desktop.importers.values import (
    SUPPRESSED,
    is_county_total_label,
    is_total_label,
    statistic_of,
)

if TYPE_CHECKING:
    from recount_desktop.importers.builder import ResultsBuilder
    from recount_desktop.importers.source import Sheet

Value = int | str | None  # a count, SUPPRESSED, or None for a blank cell
BAD = "bad"  # a cell already reported as an error: neither blank nor a count
MIN_UNITS = 2  # an arithmetic total closes at least two units
MIN_COLUMNS = 2  # ... over at least two columns with votes, so one coincidence cannot make a total
# a row named like a unit (Clay, not Total or County) may equal the units above it by chance (Clay
# 4, 6 below Adams 1, 2 and Baker 3, 4): a total only over more units, every column holding votes
MIN_UNITS_NAMED = 3
_TOTAL_WORD = re.compile(r"total", re.IGNORECASE)  # Subtotal, Sub-Total, Grand Total
# "all" and "sum" name a total only as the whole label: "All Saints" and "Kim Sum" are names
_WHOLE_TOTAL_LABEL = re.compile(r"^\s*(all(\s+(precincts|units|wards|districts))?|sum(\s+total)?)\s*$", re.I)
# a group of precincts (Ward 1 over its precincts, City of Alma): a subtotal's name as often as a
# unit's (townships vote), so a total over two units, said in a warning naming the row
_GROUP_NAME = re.compile(r"^(ward|district|dist\.|city|town|township|village|borough)\b", re.IGNORECASE)


def named_like_a_unit(label: str) -> bool:
    """A row label that names a unit rather than a total (not blank, Total..., or a county)."""
    return bool(label) and not (
        is_total_label(label)
        or is_county_total_label(label)
        or _TOTAL_WORD.search(label)
        or _WHOLE_TOTAL_LABEL.match(label)
    )


def sums_make_a_total(label: str, sums: Sequence[int], units: int) -> bool:
    """Whether a row whose counts equal ``sums``, the sums of the ``units`` unit rows above it, is
    a total: at least two units, over two columns with votes (one for a row with no name), as for a
    group of units (Ward 1, Township 3); a row named like a unit needs three units, voting in every
    column (``MIN_UNITS_NAMED``)."""
    if units < MIN_UNITS:
        return False
    with_votes = sum(1 for s in sums if s)
    if not label:
        return with_votes >= 1
    if not named_like_a_unit(label) or _GROUP_NAME.match(label):
        # a ward's subtotal over its two precincts is common: read as a total, with a warning naming
        # the row (``UnitRows.total``), unless the name is a unit elsewhere in the file (refused then)
        return with_votes >= MIN_COLUMNS
    if units < MIN_UNITS_NAMED:
        return False
    return with_votes == len(sums) >= MIN_COLUMNS


class UnitRows:
    """The rows of one contest (or one block) whose count columns are ``columns``:
    ``(column, choice or statistic, vote type)``."""

    def __init__(
        self,
        sheet: Sheet,
        contest: str,
        columns: Sequence[tuple[int, str, str | None]],
        builder: ResultsBuilder,
    ) -> None:
        self.sheet = sheet
        self.contest = contest
        self.columns = list(columns)
        self._indexes = [c for c, _choice, _type in self.columns]
        self.whole_row = False  # the last row read by ``values`` holds whole counts only
        self.builder = builder
        width = len(self.columns)
        self._group = [0] * width  # sums since the previous total row
        self._grand = [0] * width
        self._group_rows: list[int] = []
        self._all_rows: list[int] = []
        self._statistics_kept = False
        self.unit_adding_up = 0  # set by ``is_total``: the row adds up to this many units above it
        # group-named rows (Ward 1) read as totals over fewer than MIN_UNITS_NAMED units: checked in
        # ``finish`` that no unit row follows unclosed (then the row may as well be a unit)
        self._group_totals: list[tuple[int, int, str, int]] = []
        self._left_out_cache: tuple[tuple[int, int, int], tuple[list[int], list[int], set[int]]] | None = None
        builder.statement_contest(contest)  # a unit met again here may be a precinct portion
        self._repeated = builder.repeats.repeated_contests  # the builder's set, read on every row

    def continue_from(self, other: UnitRows) -> None:
        """The same table continued after a page break that repeats its header: when the rows above
        were closed by no total and the columns are the same, their sums carry on, so the total row
        at the end closes both pages."""
        if other.columns_named() != self.columns_named() or not other._group_rows:
            return
        self._group, self._grand = list(other._group), list(other._grand)
        self._group_rows, self._all_rows = list(other._group_rows), list(other._all_rows)

    def columns_named(self) -> list[tuple[str, str | None]]:
        return [(choice, vote_type) for _c, choice, vote_type in self.columns]

    def values(self, r: int, row: Sequence[object], unit_name: Callable[[], str]) -> list[Value] | None:
        """The row's counts, one per column; None when every count cell is blank."""
        width = len(row)
        cells = [row[c] if c < width else None for c in self._indexes]
        try:  # the common row, whole numbers (calamine gives floats): converted and checked in C
            whole = list(map(int, cells))  # type: ignore[arg-type]
            if whole == cells and min(whole, default=0) >= 0 and bool not in set(map(type, cells)):
                self.whole_row = True
                return whole  # type: ignore[return-value]
        except (TypeError, ValueError, OverflowError):  # a blank, a text, a NaN: the careful path
            pass
        self.whole_row = False
        found: list[Value] = []
        any_value = False
        count = self.builder.count
        for (c, choice, _type), raw in zip(self.columns, cells, strict=True):
            if type(raw) is int and raw >= 0:
                value: Value = raw
            elif type(raw) is float and raw.is_integer() and raw >= 0:
                value = int(raw)
            else:
                errors = len(self.builder.log.errors)
                value = count((self.sheet, r, c), raw, lambda: f"{choice} in {unit_name()}, {self.contest}")  # noqa: B023
                if value is None and len(self.builder.log.errors) > errors:
                    value = BAD
            any_value = any_value or value is not None
            found.append(value)
        return found if any_value else None

    def is_total(self, label: str, values: Sequence[Value]) -> bool:
        """A total by its label, or because every count is the sum of the units it closes."""
        if label and is_total_label(label):
            return True
        # the units since the last total, or all units: a grand total may follow a subtotal directly
        for sums, rows in ((self._group, self._group_rows), (self._grand, self._all_rows)):
            # list equality runs in C: this is asked of every unit row of a statewide sheet
            if len(rows) >= MIN_UNITS and values == sums and self._sums_make_a_total(label, sums, len(rows)):
                return True
        if self.contest not in self._repeated:
            return False
        # a unit met again with the same counts may be a repeated copy: the sums without it
        group, grand, _involved = self._left_out()
        once = ((self._group, group, self._group_rows), (self._grand, grand, self._all_rows))
        for sums, left, rows in once:
            without = [s - o for s, o in zip(sums, left, strict=True)]
            if (
                len(rows) >= MIN_UNITS
                and values == without
                and self._sums_make_a_total(label, without, len(rows))
            ):
                return True
        return False

    def _sums_make_a_total(self, label: str, sums: Sequence[int], units: int) -> bool:
        """``sums_make_a_total``, and never for a name already read as a unit (Ward 1, a precinct of
        another contest): a unit's name is no total, whatever its counts add up to."""
        if not sums_make_a_total(label, sums, units):
            return False
        if named_like_a_unit(label) and self.builder.is_unit_anywhere(label):
            self.unit_adding_up = units
            return False
        return True

    def totals_named_as_units(self, labels: Sequence[str]) -> bool:
        """Whether a row found a total by its sums is named as a unit already read, or read in a
        later contest (``sovc_block`` then leaves the rows to the row-by-row reader, which reads it
        as a unit)."""
        return any(named_like_a_unit(label) and self.builder.is_unit_anywhere(label) for label in labels)

    def warn_unit_adding_up(self, r: int, col: int, label: str) -> None:
        """A unit row whose counts are the sums of the ``unit_adding_up`` unit rows above it, read as
        a unit because a contest has a unit of its name: said, naming the row, since a subtotal
        read as a unit would count its units twice."""
        units, self.unit_adding_up = self.unit_adding_up, 0
        self.builder.log.warn(
            self.sheet.name,
            self.sheet.cell(r, col),
            f"row {r + 1} {label!r} of {self.contest!r} adds up to the {units} unit rows above it, like a "
            f"subtotal, but {label!r} is a unit elsewhere in the file: it is read as a unit. If it is "
            "a subtotal, label it 'Total' (e.g. 'Ward 1 Total') or choose the rows in the import wizard",
        )

    def _left_out(self) -> tuple[list[int], list[int], set[int]]:
        """Per column, the counts of the rows read so far that repeat an earlier unit's with the same
        counts (left out if they are a copy): in this group, and in all rows; and the columns where
        any unit met again lies among all rows."""
        key = (len(self._all_rows), len(self._group_rows), self.builder.repeats.version)
        if self._left_out_cache is not None and self._left_out_cache[0] == key:
            return self._left_out_cache[1]
        rows, group_rows = set(self._all_rows), set(self._group_rows)
        index = {c: i for i, c in enumerate(self._indexes)}
        group, grand = [0] * len(self.columns), [0] * len(self.columns)
        involved: set[int] = set()
        for row, col, votes, same in self.builder.repeats.cells_again(self.contest, self.sheet):
            i = index.get(col)
            if i is None or row not in rows:
                continue
            involved.add(i)
            if same:
                grand[i] += votes
                group[i] += votes if row in group_rows else 0
        self._left_out_cache = (key, (group, grand, involved))
        return group, grand, involved

    def unit(self, r: int, values: Sequence[Value]) -> None:
        try:  # the common row, all whole counts: summed in C
            self._group = list(map(add, self._group, values))
            self._grand = list(map(add, self._grand, values))
        except TypeError:  # a blank or suppressed cell: counted as nothing
            counts = [v if type(v) is int else 0 for v in values]
            self._group = list(map(add, self._group, counts))
            self._grand = list(map(add, self._grand, counts))
        self._group_rows.append(r)
        self._all_rows.append(r)

    def units_block(self, rows: Sequence[int], sums: Sequence[int]) -> None:
        """``unit`` for several unit rows at once, given their sums per column (``sovc_block``)."""
        self._group = list(map(add, self._group, sums))
        self._grand = list(map(add, self._grand, sums))
        self._group_rows.extend(rows)
        self._all_rows.extend(rows)

    def skipped(self, r: int, col: int, label: str) -> None:
        """A row with a label and no counts: a heading, which sets groups of units apart."""
        self.builder.notes.note("skipped", self.sheet.name, self.sheet.cell(r, col), label)
        self.builder.repeats.heading_row(self.contest, self.sheet, r, label)

    def total(
        self, r: int, col: int, label: str, values: Sequence[Value], keep_statistics: bool = True
    ) -> None:
        """Check a total row against the units it closes (or all units), then start a new group.
        ``keep_statistics`` False: one unit's own total (over its vote-type rows), not the contest's."""
        builder, sheet = self.builder, self.sheet
        builder.notes.note("totals", sheet.name, sheet.cell(r, col), label or "(unlabelled)")
        if keep_statistics and named_like_a_unit(label):
            self._warn_named_total(r, col, label)
            units = len(self._group_rows or self._all_rows)
            if _GROUP_NAME.match(label) and units < MIN_UNITS_NAMED:
                self._group_totals.append((r, col, label, units))
        if named_like_a_unit(label):  # a unit of a contest read later: said in ``finish``
            builder.total_by_sums(self.contest, (sheet, r, col), label)
        if keep_statistics:  # the contest's total, closing a group of units (``repeats.groups_apart``)
            builder.repeats.closing_row(self.contest, sheet, r, label, tuple(values))
        # a unit's own total closes its vote-type rows only: it cannot tell a copy from a portion
        repeats = keep_statistics and self.contest in builder.repeats.repeated_contests
        left = self._left_out() if repeats else None
        keep_statistics = keep_statistics and not self._statistics_kept
        for i, ((c, choice, vote_type), value) in enumerate(zip(self.columns, values, strict=True)):
            if type(value) is not int:
                continue
            statistic = statistic_of(choice)
            if statistic is not None:
                if keep_statistics:  # the contest's figure, once (a sheet may repeat its total row)
                    builder.add_statistic((sheet, r, c), self.contest, None, statistic, value)
                    self._statistics_kept = True
                continue
            if left is not None and i in left[2]:
                self._total_over_repeats((sheet, r, c), i, choice, vote_type, value, left)
                continue
            if value in (self._group[i], self._grand[i]):
                continue
            rows = self._group_rows or self._all_rows
            found = self._group[i] if self._group_rows else self._grand[i]
            cells = cell_range([(sheet, row, c) for row in rows])
            builder.check_total((sheet, r, c), self.contest, choice, vote_type, value, found, cells)
        self._group = [0] * len(self.columns)
        self._group_rows = []

    def _warn_named_total(self, r: int, col: int, label: str) -> None:
        """A row named like a unit read as a total by its sums: said, naming the row, so a unit
        whose counts equal the rows above it by chance is not dropped unseen."""
        rows = len(self._group_rows or self._all_rows)
        self.builder.log.warn(
            self.sheet.name,
            self.sheet.cell(r, col),
            f"row {r + 1} {label!r} of {self.contest!r} is read as a total, not as a unit: each of its "
            f"counts is the sum of the {rows} unit rows above it. If it is a unit, label the file's "
            "total rows 'Total' or choose the rows in the import wizard",
        )

    def _total_over_repeats(
        self,
        where: tuple[Sheet, int, int],
        i: int,
        choice: str,
        vote_type: str | None,
        value: int,
        left: tuple[list[int], list[int], set[int]],
    ) -> None:
        """A total closing rows of a unit met again: which readings it fits, for the builder to
        decide once every total is read (``repeats``)."""
        group, grand = self._group[i], self._grand[i]
        left_group, left_grand = left[0][i], left[1][i]
        rows = self._group_rows or self._all_rows
        found = group if self._group_rows else grand
        found_once = found - (left_group if self._group_rows else left_grand)
        c = self._indexes[i]
        total = TotalOverRepeats(
            where,
            choice,
            vote_type,
            value,
            found,
            found_once,
            cell_range([(self.sheet, row, c) for row in rows]),
            fits_summed=value in (group, grand),
            fits_once=value in (group - left_group, grand - left_grand),
        )
        self.builder.repeats.total_seen(self.contest, total)

    def finish(self) -> None:
        """Every total row was checked when met. A ward's subtotal over two units is one of a file's
        subtotals closing all of its units: when unit rows follow the last total, closed by none, a
        group-named row over two units may as well be a unit (Township 3 over Adams and Baker, then
        Dale), and which one cannot be told: refused, naming the row."""
        if not self._group_rows:
            return
        for r, col, label, units in self._group_totals:
            self.builder.log.error(
                self.sheet.name,
                self.sheet.cell(r, col),
                f"row {r + 1} {label!r} of {self.contest!r} adds up to the {units} unit rows above it, "
                "like a subtotal, but the unit rows after the last total (from row "
                f"{self._group_rows[0] + 1}) are closed by no total: it could be a unit as well as a "
                "subtotal. Label the file's total rows 'Total' (e.g. 'Ward 1 Total'), add the file's "
                "grand total, or choose the rows in the import wizard",
            )


__all__ = ["BAD", "SUPPRESSED", "UnitRows"]
