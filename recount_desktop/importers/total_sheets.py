"""A sheet holding the county's totals beside a sheet of precinct counts is a check, not a unit.

Two sheets of one contest with disjoint units were joined as portions of one table; a second sheet
with ONE unit ('County', 'Countywide', 'All Precincts', 'Saline County') holding the totals of the
first was joined as a fourth precinct, every count doubled, exit 0 (regression sweep, F1). Here,
for each contest on both sheets with disjoint units, the side with fewer units is compared, choice
by choice, with the other side's sum:

- equal: that side is the other's total. It is checked, and kept out (the later sheet not added, or
  an earlier sheet's units taken out of what was read);
- not equal and that side has one unit: it may be a total that does not match, or a precinct of its
  own; the import cannot tell which, so it is refused naming both sheets and the differing choice;
- otherwise (several units on each side) the sheets are portions of one table, joined as before.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from recount_desktop.domain import ElectionResults

THEIRS = "theirs"  # the sheet being joined holds the totals of what was read
MINE = "mine"  # what was read holds the totals of the sheet being joined


@dataclass(frozen=True)
class TotalCheck:
    """What the comparison found: which side holds totals, per contest, and the refusals."""

    totals: dict[str, str]  # contest -> THEIRS or MINE
    errors: list[tuple[str, str]]  # (contest, why)


def check_total_sheets(results: ElectionResults, theirs: ElectionResults, sheets: str) -> TotalCheck:
    """Compare each contest on both sides whose units are disjoint (``sheets``: the sheets already
    read, named in the messages)."""
    mine_names = {contest.name for contest in results.contests}
    totals: dict[str, str] = {}
    errors: list[tuple[str, str]] = []
    for contest in theirs.contests:
        if contest.name not in mine_names:
            continue
        mine_units, mine_sum = _units_and_sums(results, contest.name)
        their_units, their_sum = _units_and_sums(theirs, contest.name)
        if mine_units & their_units or len(mine_units) == len(their_units):
            continue  # the same units (a copy or a clash), or portions of like size
        side, few, many_sum, few_sum = (
            (THEIRS, their_units, mine_sum, their_sum)
            if len(their_units) < len(mine_units)
            else (MINE, mine_units, their_sum, mine_sum)
        )
        if few_sum == many_sum:
            totals[contest.name] = side
        elif len(few) == 1:
            errors.append((contest.name, _cannot_tell(few, few_sum, many_sum, side, sheets)))
    return TotalCheck(totals, errors)


def _units_and_sums(results: ElectionResults, contest: str) -> tuple[set[str], Counter[str]]:
    units: set[str] = set()
    sums: Counter[str] = Counter()
    for tally in results.tallies:
        if tally.contest == contest:
            units.add(tally.precinct)
            sums[tally.choice] += tally.votes
    return units, sums


def _cannot_tell(few: set[str], few_sum: Counter[str], many_sum: Counter[str], side: str, sheets: str) -> str:
    [unit] = few
    choice = next(c for c in sorted(set(few_sum) | set(many_sum)) if few_sum[c] != many_sum[c])
    where = "this sheet" if side == THEIRS else f"sheet(s) {sheets}"
    rest = f"sheet(s) {sheets}" if side == THEIRS else "this sheet"
    return (
        f"its one unit {unit!r} on {where} may be the total of the units on {rest} or a unit of its "
        f"own, and it does not equal their sum ({choice!r}: {few_sum[choice]} there, "
        f"{many_sum[choice]} summed); not imported rather than counted twice. Import one sheet "
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
