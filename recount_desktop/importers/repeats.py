"""A unit met again in a statement's contest: two portions of a split precinct, or a repeated copy.

A statement of votes cast may list one precinct on two rows of a contest: the portions of a split
precinct (two ballot styles), to be summed, or a page printed twice, to be counted once. The rows
alone cannot tell them apart when their counts are equal, so the file's own total rows decide: the
reading whose unit sums equal them is kept. Rows with different counts cannot be a copy: they are
portions, summed. With no total to decide, equal rows are counted once, as before, and the warning
says the file could not tell.

Only rows of one sheet are weighed so: across sheets one title may name two contests (a primary's
DEM and REP sheets both titled GOVERNOR), so a unit met again there is the builder's duplicate
error. Rows under different subtotal rows (Precinct 1 of the City of Alma, Precinct 1 of the City
of Burr) are two units of one name, refused naming both groups, unless the rows and both
subtotals repeat each other (a page printed twice).

Plain data here; ``unit_rows`` gathers the totals, the builder applies the verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from recount_desktop.importers.checks import cell_range

if TYPE_CHECKING:
    from recount_desktop.importers.source import Sheet

Where = tuple["Sheet", int, int]
PrecinctKey = tuple[str | None, str]
Part = tuple[str, str | None]  # (choice, vote type) of one count of the unit
Count = tuple[int, Where]
Closing = tuple[int, str, tuple[object, ...]]  # a contest's total row: row, label, figures


class Verdict(Enum):
    """What the contest's totals say about its repeated units."""

    NO_TOTAL = "no total"  # no total row closes a repeated row
    SUMMED = "summed"  # every total equals the units with the repeated rows summed, and only so
    ONCE = "once"  # every total equals the units with the equal repeated rows counted once, only so
    EITHER = "either"  # every total fits both readings (or no repeated rows are equal)
    NEITHER = "neither"  # some total fits no reading: an error naming it


class RepeatedUnit:
    """One unit met more than once in a contest: the counts of its first rows and of each later
    occurrence, each with its cell."""

    def __init__(self, contest: str, unit: PrecinctKey) -> None:
        self.contest = contest
        self.unit = unit
        self.first: dict[Part, Count] = {}
        self.again: list[dict[Part, Count]] = []

    def met_again(self, part: Part, first: Count, count: Count) -> None:
        """A count of ``part`` met again: it belongs to the first later occurrence not holding it."""
        self.first.setdefault(part, first)
        for occurrence in self.again:
            if part not in occurrence:
                occurrence[part] = count
                return
        self.again.append({part: count})

    @property
    def same_counts(self) -> bool:
        """Every later occurrence repeats the first's counts: it may be a copy."""
        return all(
            votes == self.first[part][0]
            for occurrence in self.again
            for part, (votes, _w) in occurrence.items()
        )

    def cells_again(self) -> list[tuple[Where, int]]:
        return [(where, votes) for occurrence in self.again for votes, where in occurrence.values()]

    def rows(self) -> str:
        """``rows 5 and 17``, or ``sheet '1' row 5 and sheet '2' row 4`` across sheets."""
        places = [first_cell(self.first)] + [first_cell(occurrence) for occurrence in self.again]
        sheets = {id(sheet) for sheet, _r, _c in places}
        if len(sheets) == 1:
            return "rows " + _and([str(r + 1) for _s, r, _c in places])
        return _and([f"sheet '{sheet.name}' row {r + 1}" for sheet, r, _c in places])

    def cells(self) -> str:
        """The cells of each occurrence, occurrence by occurrence."""
        occurrences = [self.first, *self.again]
        return _and([cell_range([where for _v, where in occurrence.values()]) for occurrence in occurrences])


def first_cell(occurrence: dict[Part, Count]) -> Where:
    """The top-left cell of one occurrence's counts."""
    return min((where for _v, where in occurrence.values()), key=lambda w: (w[1], w[2]))


def _and(items: list[str]) -> str:
    if not items:
        return ""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


@dataclass(frozen=True)
class TotalOverRepeats:
    """A total row of the contest that closes repeated rows: its figure, and the units' sums with
    the repeated rows summed and with the equal ones counted once."""

    where: Where
    choice: str
    vote_type: str | None
    total: int
    summed: int
    once: int
    cells: str
    fits_summed: bool
    fits_once: bool

    @property
    def cell(self) -> str:
        sheet, row, col = self.where
        return sheet.cell(row, col)


class Repeats:
    """The repeated units of the statements' contests, and the totals that close them."""

    def __init__(self) -> None:
        self.contests: set[str] = set()  # contests read as statements: a unit met again may be a portion
        self.units: dict[tuple[str, PrecinctKey], RepeatedUnit] = {}
        self.repeated_contests: set[str] = set()
        self.totals: dict[str, list[TotalOverRepeats]] = {}
        self.version = 0  # changes whenever a later occurrence's cell is recorded
        # a unit's statistics (registered voters, over votes) on rows other than its first one:
        # a repeated copy's are left out with its counts
        self._statistic_row: dict[tuple[str, PrecinctKey], tuple[int, int]] = {}
        # the contest's own total rows per sheet (row, label, figures): a subtotal closes a group
        self._closing: dict[tuple[str, int], list[Closing]] = {}
        self._statistics_elsewhere: dict[tuple[str, PrecinctKey], list[tuple[Where, str, int]]] = {}
        # rows with a label and no counts between a contest's unit rows (City of Alma): group headings
        self._headings: dict[tuple[str, int], list[tuple[int, str]]] = {}

    def met_again(self, contest: str, unit: PrecinctKey, part: Part, first: Count, count: Count) -> None:
        repeated = self.units.get((contest, unit))
        if repeated is None:
            repeated = self.units[contest, unit] = RepeatedUnit(contest, unit)
            self.repeated_contests.add(contest)
        repeated.met_again(part, first, count)
        self.version += 1

    def statistic(self, contest: str, unit: PrecinctKey, where: Where, statistic: str, value: int) -> None:
        """A unit's statistic in a statement's contest, kept when it is not on the unit's first row."""
        sheet, row, _c = where
        first = self._statistic_row.setdefault((contest, unit), (id(sheet), row))
        if first != (id(sheet), row):
            self._statistics_elsewhere.setdefault((contest, unit), []).append((where, statistic, value))
            self.version += 1

    def statistics_again(self, repeated: RepeatedUnit) -> list[tuple[Where, str, int]]:
        """The unit's statistics on the rows of its later occurrences."""
        found = self._statistics_elsewhere.get((repeated.contest, repeated.unit), [])
        if not found:
            return []
        rows = {(id(sheet), row) for (sheet, row, _c), _v in repeated.cells_again()}
        return [(where, name, value) for where, name, value in found if (id(where[0]), where[1]) in rows]

    def cells_again(self, contest: str, sheet: Sheet) -> list[tuple[int, int, int, bool]]:
        """(row, column, votes, same counts) of the later occurrences' cells on ``sheet``."""
        found = []
        for repeated in self.units.values():
            if repeated.contest != contest:
                continue
            same = repeated.same_counts
            cells = [*repeated.cells_again(), *((w, v) for w, _name, v in self.statistics_again(repeated))]
            found += [
                (row, col, votes, same) for (where_sheet, row, col), votes in cells if where_sheet is sheet
            ]
        return found

    def closing_row(
        self, contest: str, sheet: Sheet, row: int, label: str, figures: tuple[object, ...]
    ) -> None:
        """A total row of the contest (not one unit's own total over its vote types)."""
        self._closing.setdefault((contest, id(sheet)), []).append((row, label, figures))

    def heading_row(self, contest: str, sheet: Sheet, row: int, label: str) -> None:
        """A row of the contest with a label and no counts: a group's heading (City of Alma), or a
        unit's name over its vote-type rows (told apart in ``groups_apart``)."""
        self._headings.setdefault((contest, id(sheet)), []).append((row, label))

    def headings(self, contest: str, sheet: Sheet) -> list[tuple[int, str]]:
        """The contest's heading rows on ``sheet``: (row, label)."""
        return self._headings.get((contest, id(sheet)), [])

    def groups_apart(
        self, repeated: RepeatedUnit, is_unit: Callable[[str], bool] = lambda _name: False
    ) -> tuple[str, str] | None:
        """When a total row of the contest lies between the unit's first rows and a later
        occurrence, the two are in groups closed by different totals (Precinct 1 of the City of Alma
        and Precinct 1 of the City of Burr): the two groups, said. None when every occurrence lies
        in the first one's group, or when the rows and both groups' totals repeat each other: a
        page printed twice. With no total between them, a heading between them of another name
        than the first one's group (``is_unit``: not a unit's name over its vote types) sets the
        groups apart as well."""
        sheet, first, _c = first_cell(repeated.first)
        closing = sorted(self._closing.get((repeated.contest, id(sheet)), []), key=lambda t: t[0])
        for occurrence in repeated.again:
            again = first_cell(occurrence)[1]
            if any(first < row < again for row, _label, _f in closing):
                after_first = next(t for t in closing if t[0] > first)
                after_again = next((t for t in closing if t[0] > again), None)
                copy = after_again is not None and after_again[2] == after_first[2]
                if not (repeated.same_counts and copy):
                    return _closed_by(after_first), _closed_by(after_again)
                continue
            apart = self._headed_apart(repeated.contest, sheet, first, again, is_unit)
            if apart is not None:
                return apart
        return None

    def _headed_apart(
        self, contest: str, sheet: Sheet, first: int, again: int, is_unit: Callable[[str], bool]
    ) -> tuple[str, str] | None:
        """The headings of two rows' groups, when they differ (whatever the counts: Precinct 1 of
        Alma and Precinct 1 of Burr are two units even with equal counts)."""
        headings = [
            (row, label) for row, label in self._headings.get((contest, id(sheet)), []) if not is_unit(label)
        ]
        over_first = [(row, label) for row, label in headings if row < first]
        over_again = [(row, label) for row, label in headings if row < again]
        if over_again == over_first or over_again[-1][1] == (over_first[-1][1] if over_first else None):
            return None  # no heading between them, or the same group's heading again (a new page)
        return _headed_by(over_first[-1] if over_first else None), _headed_by(over_again[-1])

    def total_seen(self, contest: str, total: TotalOverRepeats) -> None:
        self.totals.setdefault(contest, []).append(total)

    def verdict(self, contest: str) -> Verdict:
        totals = self.totals.get(contest, [])
        if not totals:
            return Verdict.NO_TOTAL
        summed = all(t.fits_summed for t in totals)
        once = all(t.fits_once for t in totals)
        if summed and once:
            return Verdict.EITHER
        if summed:
            return Verdict.SUMMED
        return Verdict.ONCE if once else Verdict.NEITHER

    def summed(self, repeated: RepeatedUnit, verdict: Verdict) -> bool:
        """Whether the unit's rows are summed (portions) rather than counted once (a copy)."""
        return not repeated.same_counts or verdict is Verdict.SUMMED

    def unfit(self, contest: str) -> list[TotalOverRepeats]:
        """The totals that the kept reading (equal rows once, others summed) does not reconcile."""
        return [t for t in self.totals.get(contest, []) if not t.fits_once]


def repeat_warning(
    repeated: RepeatedUnit, verdict: Verdict, summed: bool, totals: list[TotalOverRepeats]
) -> str:
    """What was done with a repeated unit, and why."""
    name, contest = repeated.unit[1], repeated.contest
    # only a total below every occurrence closes them all: a subtotal between them closes one
    sheet, last, _c = max(
        (first_cell(occurrence) for occurrence in repeated.again), key=lambda where: where[1]
    )
    shown = _and(sorted({t.cell for t in totals if t.where[0] is sheet and t.where[1] > last}))
    count = len(repeated.again) + 1
    if summed:
        portions = "two portions" if count == 2 else f"{count} portions"
        same = " with the same counts" if repeated.same_counts else ""
        text = (
            f"precinct {name!r} appears on {repeated.rows()} of {contest!r}{same}; its {portions} are summed"
        )
        if verdict in (Verdict.SUMMED, Verdict.ONCE, Verdict.EITHER):
            text += f", as the file's total ({shown}) says"
        return text
    text = f"precinct {name!r} appears on {repeated.rows()} of {contest!r} with the same counts; counted once"
    if verdict is Verdict.ONCE:
        return f"{text}, as a repeated copy: the file's total ({shown}) says so"
    if verdict is Verdict.EITHER:
        return (
            f"{text}: the file's totals ({shown}) fit both readings, so they cannot tell a repeated page "
            f"from two equal portions (cells {repeated.cells()})"
        )
    if verdict is Verdict.NO_TOTAL:
        return (
            f"{text}: the file has no total to tell a repeated page from two equal portions "
            f"(cells {repeated.cells()})"
        )
    return text


def _closed_by(closing: Closing | None) -> str:
    if closing is None:
        return "the rows after it, with no total row"
    row, label, _figures = closing
    return f"the group closed by row {row + 1}" + (f" ({label!r})" if label else "")


def _headed_by(heading: tuple[int, str] | None) -> str:
    if heading is None:
        return "the rows before any heading"
    row, label = heading
    return f"the group under row {row + 1} ({label!r})"


def groups_message(repeated: RepeatedUnit, first: str, again: str) -> str:
    """Two units of one name in different groups (closed by different total rows, or under
    different headings): both groups, and what to do."""
    counts = " with the same counts" if repeated.same_counts else " with different counts"
    return (
        f"precinct {repeated.unit[1]!r} appears on {repeated.rows()} of {repeated.contest!r}{counts}, "
        f"in {first} and in {again}: units of one name in "
        "different groups are different units, and they are not summed. Give each a name of its "
        "own in the file (the group's name before the unit's) and import it again"
    )


def total_message(contest: str, total: TotalOverRepeats, repeated: list[RepeatedUnit]) -> str:
    """A total that no reading of the repeated units reconciles: both sums, both places."""
    what = f"{contest!r}, {total.choice!r}" + (f", {total.vote_type}" if total.vote_type else "")
    units = "; ".join(f"{r.unit[1]!r} on {r.rows()}" for r in repeated)
    sums = f"{total.summed} with the repeated rows summed as portions"
    if total.once != total.summed:
        sums += f", or {total.once} with the equal ones counted once as a repeated copy"
    kept = f" from {total.once}, the reading kept" if total.once != total.summed else ""
    return (
        f"{what}: a unit appears more than once ({units}); the units ({total.cells}) add up to {sums}, "
        f"but the file's total ({total.cell}) says {total.total}, a difference of "
        f"{total.total - total.once:+d}{kept}"
    )
