"""A statement sheet holding one contest's county total is the file's total, not a precinct.

Statement sheets 'Mayor' and 'Clerk' plus a sheet 'Mayor County' titled Mayor with one row
'Countywide' equal to the sum of the Mayor sheet's precincts: the third sheet was read as more of
the Mayor contest, 'Countywide' stored as a third precinct, 78 votes for 50, no warning (regression
sweep, F8). Here the builder's counts are gathered by sheet and put to ``total_sheets``' one check:
a unit alone on its own sheet for a contest whose other sheet(s) hold two or more units, equal to
their sum in every contest it holds, is the total (checked, not counted); not equal while named as a
county's total, the import is refused naming it; otherwise it is a precinct of its own.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from recount_desktop.importers.builder import PrecinctKey, TallyEntry, TallyKey
from recount_desktop.importers.total_sheets import compare_with_the_rest, named_as_total


@dataclass
class _Contest:
    """One contest's counts by sheet: per sheet its units, per unit its counts by choice."""

    by_sheet: dict[str | None, dict[PrecinctKey, Counter[str]]] = field(default_factory=dict)
    unknown: set[PrecinctKey] = field(default_factory=set)  # a suppressed or missing count


@dataclass(frozen=True)
class SheetTotals:
    """Units found to be a contest's total on a sheet of their own, and those named as a total
    that do not add up: (unit, sheet, contest, choice, its count, the others' sum)."""

    totals: set[PrecinctKey]
    mismatches: list[tuple[PrecinctKey, str | None, str, str, int, int]]


def find_sheet_totals(tallies: Mapping[TallyKey, TallyEntry], contests: set[str]) -> SheetTotals:
    """Among ``contests`` (each read from two or more sheets), the units that are their total."""
    by_contest: dict[str, _Contest] = defaultdict(_Contest)
    elsewhere: set[PrecinctKey] = set()  # units holding counts of other contests too
    for (contest, unit, choice), entry in tallies.items():
        if contest not in contests:
            elsewhere.add(unit)
            continue
        found = by_contest[contest]
        counts = found.by_sheet.setdefault(entry.where[0].name, {}).setdefault(unit, Counter())
        if entry.votes is None or entry.suppressed:
            found.unknown.add(unit)
        else:
            counts[choice] += entry.votes
    verdicts: dict[PrecinctKey, bool] = {}
    mismatches = []
    for contest, found in by_contest.items():
        for sheet, differs in compare_with_the_rest(found.by_sheet).items():
            units = found.by_sheet[sheet]
            if len(units) != 1:
                continue
            [unit] = units
            if unit in elsewhere or found.unknown & {u for per in found.by_sheet.values() for u in per}:
                verdicts[unit] = False  # a unit of other contests, or a count not known: no total
                continue
            verdicts[unit] = verdicts.get(unit, True) and differs is None
            if differs is not None and named_as_total(unit[1]):
                mismatches.append((unit, sheet, contest, differs.choice, differs.here, differs.summed))
    return SheetTotals({unit for unit, total in verdicts.items() if total}, mismatches)
