"""A sheet holding the totals of a contest's units on other sheets is a check, not more units.

Two places meet it. Sheets read on their own and joined (``every_sheet``): a second sheet with ONE
unit ('County', 'Countywide', 'All Precincts', 'Saline County') holding the totals of the first was
joined as a fourth precinct, every count doubled, exit 0 (regression sweep, F1). And one statement
reading over several sheets (``sheet_totals``): a sheet 'Mayor County' with one row 'Countywide'
equal to the Mayor sheet's precincts was read as one more precinct (F8). Both ask the one question
answered here, over one contest's counts by sheet (``compare_with_the_rest``): does a sheet holding
fewer of its units than the other sheets together sum, choice by choice, to theirs?

- equal: that sheet holds the others' total. It is checked, and kept out of the counts;
- not equal: its first differing choice, for the caller to judge (a sheet of several units is a
  portion of one table; one unit named as a total that does not add up is refused; ``every_sheet``
  and ``sheet_totals`` say when one unit is a precinct of its own).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from recount_desktop.domain import ElectionResults
from recount_desktop.importers.values import is_county_total_label, is_total_label

THEIRS = "theirs"  # the sheet being joined holds the totals of what was read
MINE = "mine"  # what was read holds the totals of the sheet being joined
MIN_OTHER_UNITS = 2  # the sum of one other unit is that unit: no total can be told

SheetKey = TypeVar("SheetKey", bound=Hashable)
UnitKey = TypeVar("UnitKey", bound=Hashable)


@dataclass(frozen=True)
class Difference:
    """The first choice (in name order) whose count on a sheet is not the others' sum."""

    choice: str
    here: int
    summed: int


def compare_with_the_rest(
    by_sheet: Mapping[SheetKey, Mapping[UnitKey, Counter[str]]],
) -> dict[SheetKey, Difference | None]:
    """For one contest's counts by sheet (sheet -> unit -> choice -> votes): each sheet holding
    fewer units than the other sheets together (they two or more, none of its units among them),
    with None when its units' sum equals theirs choice by choice, else the first difference. A unit
    on two other sheets (portions of it) counts once among them, its counts on both."""
    sums = {sheet: _summed(per_unit.values()) for sheet, per_unit in by_sheet.items()}
    found: dict[SheetKey, Difference | None] = {}
    for sheet, per_unit in by_sheet.items():
        others = {unit for other, units in by_sheet.items() if other != sheet for unit in units}
        if len(per_unit) >= len(others) or len(others) < MIN_OTHER_UNITS or not others.isdisjoint(per_unit):
            continue
        rest = _summed(summed for other, summed in sums.items() if other != sheet)
        found[sheet] = _first_difference(sums[sheet], rest)
    return found


def named_as_total(name: str) -> bool:
    """A unit named as the county's or the file's total ('County', 'Saline County', 'Countywide',
    'All Precincts', 'Total'): never a precinct of its own when it does not add up."""
    plain = " ".join(name.split()).lower()
    return is_county_total_label(name) or is_total_label(name) or plain in {"countywide", "all precincts"}


def _summed(counts: object) -> Counter[str]:
    total: Counter[str] = Counter()
    for count in counts:  # type: ignore[attr-defined]
        total.update(count)
    return total


def _first_difference(here: Counter[str], summed: Counter[str]) -> Difference | None:
    for choice in sorted(set(here) | set(summed)):
        if here[choice] != summed[choice]:
            return Difference(choice, here[choice], summed[choice])
    return None


@dataclass(frozen=True)
class TotalCheck:
    """What the comparison found: which side holds totals, per contest, and the refusals."""

    totals: dict[str, str]  # contest -> THEIRS or MINE
    errors: list[tuple[str, str]]  # (contest, why)


def check_total_sheets(results: ElectionResults, theirs: ElectionResults, sheets: str) -> TotalCheck:
    """Compare each contest on both sides whose units are disjoint (``sheets``: the sheets already
    read, named in the messages); one unit not adding up may be a total or a precinct: refused."""
    mine_names = {contest.name for contest in results.contests}
    totals: dict[str, str] = {}
    errors: list[tuple[str, str]] = []
    for contest in theirs.contests:
        if contest.name not in mine_names:
            continue
        by_side = {MINE: counts_by_unit(results, contest.name), THEIRS: counts_by_unit(theirs, contest.name)}
        for side, differs in compare_with_the_rest(by_side).items():
            if differs is None:
                totals[contest.name] = side
            elif len(by_side[side]) == 1:
                errors.append((contest.name, _cannot_tell(next(iter(by_side[side])), differs, side, sheets)))
    return TotalCheck(totals, errors)


def counts_by_unit(results: ElectionResults, contest: str) -> dict[str, Counter[str]]:
    """One contest's counts: unit -> choice -> votes."""
    found: dict[str, Counter[str]] = {}
    for tally in results.tallies:
        if tally.contest == contest:
            found.setdefault(tally.precinct, Counter())[tally.choice] += tally.votes
    return found


def _cannot_tell(unit: str, differs: Difference, side: str, sheets: str) -> str:
    where = "this sheet" if side == THEIRS else f"sheet(s) {sheets}"
    rest = f"sheet(s) {sheets}" if side == THEIRS else "this sheet"
    return (
        f"its one unit {unit!r} on {where} may be the total of the units on {rest} or a unit of its "
        f"own, and it does not equal their sum ({differs.choice!r}: {differs.here} there, "
        f"{differs.summed} summed); not imported rather than counted twice. Import one sheet "
        "with import --sheet NAME, or correct the total"
    )


def without_units(results: ElectionResults, contests: set[str]) -> ElectionResults:
    """``results`` with the named contests' tallies and statistics taken out, and the units left
    with no tally dropped (an earlier sheet found to hold the totals of a later one)."""
    tallies = tuple(t for t in results.tallies if t.contest not in contests)
    kept = {t.precinct for t in tallies}
    return ElectionResults(
        contests=results.contests,
        precincts=tuple(p for p in results.precincts if p.name in kept),
        tallies=tallies,
        statistics=tuple(s for s in results.statistics if s.contest not in contests or s.precinct in kept),
        devices=tuple(d for d in results.devices if d.precinct is None or d.precinct in kept),
    )
