"""A statement sheet holding one contest's county total is the file's total, not a precinct.

Statement sheets 'Mayor' and 'Clerk' plus a sheet 'Mayor County' titled Mayor with one row
'Countywide' equal to the sum of the Mayor sheet's precincts: the third sheet was read as more of
the Mayor contest, 'Countywide' stored as a third precinct, 78 votes for 50, no warning (regression
sweep, F8). A unit alone on its own sheet for a contest whose other sheet(s) hold two or more units
is compared, choice by choice, with their sum: equal in every contest it holds, it is the total
(checked, not counted); not equal while named as a county's total, the import is refused naming it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field

from recount_desktop.importers.builder import PrecinctKey, TallyEntry, TallyKey
from recount_desktop.importers.values import is_county_total_label, is_total_label

MIN_OTHER_UNITS = 2  # the sum of one other unit is that unit: no total can be told


@dataclass
class _Contest:
    """One contest's counts by sheet: its units there, and per unit its counts by choice."""

    units_on: dict[str | None, set[PrecinctKey]] = field(default_factory=lambda: defaultdict(set))
    counts: dict[PrecinctKey, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
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
        found.units_on[entry.where[0].name].add(unit)
        if entry.votes is None or entry.suppressed:
            found.unknown.add(unit)
        else:
            found.counts[unit][choice] += entry.votes
    verdicts: dict[PrecinctKey, bool] = {}
    mismatches = []
    for contest, found in by_contest.items():
        for sheet, units in found.units_on.items():
            others = {u for s, us in found.units_on.items() if s != sheet for u in us}
            if len(units) != 1 or len(others) < MIN_OTHER_UNITS or units & others:
                continue
            [unit] = units
            if unit in elsewhere or unit in found.unknown or found.unknown & others:
                verdicts[unit] = False  # a unit of other contests, or a count not known: no total
                continue
            differs = _first_difference(found, unit, others)
            verdicts[unit] = verdicts.get(unit, True) and differs is None
            if differs is not None and _named_as_total(unit[1]):
                mismatches.append((unit, sheet, contest, *differs))
    return SheetTotals({unit for unit, total in verdicts.items() if total}, mismatches)


def _first_difference(
    found: _Contest, unit: PrecinctKey, others: set[PrecinctKey]
) -> tuple[str, int, int] | None:
    """The first choice whose count for ``unit`` is not the sum of ``others``' (None: all equal)."""
    summed: Counter[str] = Counter()
    for other in others:
        summed.update(found.counts[other])
    mine = found.counts[unit]
    for choice in sorted(set(summed) | set(mine)):
        if mine[choice] != summed[choice]:
            return (choice, mine[choice], summed[choice])
    return None


def _named_as_total(name: str) -> bool:
    plain = " ".join(name.split()).lower()
    return is_county_total_label(name) or is_total_label(name) or plain in {"countywide", "all precincts"}
