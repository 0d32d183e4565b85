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

import re
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from recount_desktop.domain import ElectionResults
from recount_desktop.importers.values import is_county_total_label, is_total_label

MIN_OTHER_UNITS = 2  # the sum of one other unit is that unit: no total can be told
_DIGITS = re.compile(r"\d+")

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


def named_like_a_unit(unit: str, units: Iterable[str]) -> bool:
    """'Pct 9' beside 'Pct 1', 'Pct 2': the same words around other numbers, and not named as a
    total. 'Absentee', 'North' or 'Ward 2' beside 'Pct 1' are not: they may be subtotals."""
    if named_as_total(unit) or not any(character.isdigit() for character in unit):
        return False
    shape = _shape(unit)
    return any(_shape(other) == shape for other in units if other != unit)


def _shape(name: str) -> str:
    return _DIGITS.sub("#", " ".join(name.split()).lower())


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
class OneUnitOff:
    """A sheet holding one unit of a contest that is not the sum of the other sheets' units: a
    total that does not add up, or a precinct of its own (``rest``: the sheets it was compared to)."""

    side: str
    contest: str
    unit: str
    differs: Difference
    rest: tuple[str, ...]
    units: frozenset[str]  # the units of the contest on ``rest``
    total_of: str | None = None  # one sheet of ``rest`` (two units or more) whose sum it equals


@dataclass(frozen=True)
class TotalSides:
    """What the comparison over every sheet read found: per sheet, the contests whose totals it
    holds and the sheets it holds them of; the one-unit sheets that do not add up."""

    totals: dict[str, dict[str, tuple[str, ...]]]
    one_unit: list[OneUnitOff]
    ambiguous: list[tuple[str, tuple[str, ...]]]  # (contest, sheets): several equal the others' sum


def find_total_sides(sides: Mapping[str, ElectionResults]) -> TotalSides:
    """Each contest read from two or more ``sides`` (sheets, or a reading of several, by name),
    compared at once: a county totals sheet read first is the sum of every detail sheet, not of the
    first alone."""
    held: dict[str, list[str]] = {}
    for side, results in sides.items():
        for contest in results.contests:
            held.setdefault(contest.name, []).append(side)
    found = TotalSides({}, [], [])
    for name, names in held.items():
        if len(names) < 2:
            continue
        by_side = {side: counts_by_unit(sides[side], name) for side in names}
        verdicts = compare_with_the_rest(by_side)
        equal = [side for side, differs in verdicts.items() if differs is None]
        if len(equal) > 1:
            found.ambiguous.append((name, tuple(equal)))
        elif equal:
            rest = tuple(side for side in names if side != equal[0])
            found.totals.setdefault(equal[0], {})[name] = rest
        else:
            for side, differs in verdicts.items():
                if differs is not None and len(by_side[side]) == 1:
                    rest = tuple(other for other in names if other != side)
                    [unit] = by_side[side]
                    units = frozenset(u for other in rest for u in by_side[other])
                    total_of = _sheet_summed_to(
                        by_side[side][unit], {other: by_side[other] for other in rest}
                    )
                    found.one_unit.append(OneUnitOff(side, name, unit, differs, rest, units, total_of))
    return found


def _sheet_summed_to(counts: Counter[str], sheets: Mapping[str, Mapping[str, Counter[str]]]) -> str | None:
    """The sheet of two or more units whose sum the counts equal, choice by choice: the one unit
    holds that sheet's total, not the others' (a precinct of its own never does)."""
    for sheet, units in sheets.items():
        if len(units) >= MIN_OTHER_UNITS and _first_difference(counts, _summed(units.values())) is None:
            return sheet
    return None


def counts_by_unit(results: ElectionResults, contest: str) -> dict[str, Counter[str]]:
    """One contest's counts: unit -> choice -> votes."""
    found: dict[str, Counter[str]] = {}
    for tally in results.tallies:
        if tally.contest == contest:
            found.setdefault(tally.precinct, Counter())[tally.choice] += tally.votes
    return found


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
