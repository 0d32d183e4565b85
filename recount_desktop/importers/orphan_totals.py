"""A file's own total row for a contest that no unit row votes in: never dropped silently.

Niobrara County WY 2006 (openelections-sources-wy 20061107/..general__niobrara__precinct.csv) gives
its State House rows a district per precinct (2 to 7) and one county-total row in district 8: the
total closes no contest the file holds. Montana's statewide file has county totals under a bare
``HD`` district. Such a row is read as the total of the same choice's votes in the file's other
contests (in its county, when it names one) when it equals them exactly, with a warning naming
them; when the choice has votes elsewhere that do not add up to it, it is an error naming its
cell (the units it totals may be missing); when no unit row votes for the choice at all (a
contest the file reports only as totals) it is a difference with no units: an error unless the
user accepts differences (``import --accept-differences``), then left out and recorded in the audit
log with the other accepted differences.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from recount_desktop.importers.checks import ReadingNotes, TotalDifference, Where
from recount_desktop.importers.problems import ProblemLog

SHOWN_CONTESTS = 6


class _Entry(Protocol):
    votes: int | None
    types: dict[str, int] | None
    suppressed: bool


Tallies = Mapping[tuple[str, tuple[str | None, str], str], _Entry]
Figures = Sequence[tuple[int, Where, str | None]]


def check_orphan_total(
    log: ProblemLog,
    notes: ReadingNotes,
    key: tuple[str, str, str | None],
    figures: Figures,
    tallies: Tallies,
    county_code: Callable[[str], str],
    differ: Callable[[TotalDifference, str], None],
) -> None:
    """Each figure of a total row for ``key``'s contest (which holds no unit row) against the
    choice's votes in the file's other contests, in the figure's county when it names one. A
    figure no unit row votes for goes to ``differ``: an error unless the user accepts differences,
    then left out and recorded with them."""
    contest, choice, vote_type = key
    by_county = _votes_elsewhere(tallies, key, county_code)
    what = f"{contest!r}, {choice!r}" + (f" ({vote_type})" if vote_type else "")
    for total, (sheet, row, col), code in figures:
        cell = sheet.cell(row, col)
        found = {c: v for (c, county), v in by_county.items() if code is None or county == code}
        votes = sum(found.values())
        if not found:  # votes the file reports only as a total: never left out silently
            notes.note("skipped", sheet.name, cell, f"{choice} (total of nothing read)")
            message = (
                f"{what}: the file's total ({cell}) says {total}, but no unit row of the file votes "
                "in that contest or for that choice"
                + (f" in county {code}" if code else "")
                + ": it has no units to be checked against or stored as"
            )
            differ(
                TotalDifference(contest, choice, vote_type, sheet.name, cell, "no unit rows", total, 0),
                message,
            )
        elif total == votes:
            notes.note("totals", sheet.name, cell, choice)
            log.warn(
                sheet.name,
                cell,
                f"{what}: the file's total ({cell}) closes no unit row of that contest; it equals "
                f"the choice's votes in {_listed(list(found))} ({votes}), so it is read as their "
                "total, checked, and not counted",
            )
        else:
            log.error(
                sheet.name,
                cell,
                f"{what}: the file's total ({cell}) says {total} but no unit row of the file votes in "
                f"that contest, and the choice's votes in {_listed(list(found))} add up to {votes}, "
                f"not {total}: the units it totals may be missing. Correct the file, or remove the row",
            )


def _votes_elsewhere(
    tallies: Tallies, key: tuple[str, str, str | None], county_code: Callable[[str], str]
) -> dict[tuple[str, str | None], int]:
    """The choice's votes per (other contest, county code)."""
    contest, choice, vote_type = key
    found: dict[tuple[str, str | None], int] = {}
    for (other, unit, name), entry in tallies.items():
        if name != choice or other == contest or entry.suppressed or entry.votes is None:
            continue
        votes = entry.votes if vote_type is None else (entry.types or {}).get(vote_type)
        if votes is not None:
            place = (other, county_code(unit[0]) if unit[0] else None)
            found[place] = found.get(place, 0) + votes
    return found


def _listed(contests: list[str]) -> str:
    names = list(dict.fromkeys(contests))
    shown = ", ".join(repr(c) for c in names[:SHOWN_CONTESTS])
    return shown + (f" and {len(names) - SHOWN_CONTESTS} more" if len(names) > SHOWN_CONTESTS else "")
