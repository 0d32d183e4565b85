"""A layout the user forced (``--format``) that reads a total column as a choice does not fit the
file: ``--format sovc`` on a one-contest wide sheet (w09: ``Mayor`` over ``Total Votes`` beside
``Ann Adams``, ``Bob Baker``) stored a contest ``Eligible Voters`` whose choice ``Mayor`` held each
precinct's total votes, exit 0 (last session's note, #11 left out). Automatic detection weighs
every reading against the file's totals; a forced one is read as asked, so it is checked here: a
choice equal, in every unit that voted, to the sum of the contest's other choices is a total, and
the import is refused naming it, unless the reader itself weighed that column and kept it as a
candidate with a warning (too few rows to tell: ``checks.sum_column``)."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from recount_desktop.domain import ElectionResults
from recount_desktop.importers.values import statistic_of

if TYPE_CHECKING:
    from recount_desktop.importers.interpret import Attempt

MIN_OTHER_CHOICES = 2  # a sum of one other choice is only a tie
MIN_UNITS = 2  # units with votes where the choice is the sum: never one unit alone


def total_read_as_choice(results: ElectionResults) -> tuple[str, str, list[str]] | None:
    """The first (contest, choice, other choices) where the choice holds, in every unit with
    votes in the contest (two or more), the sum of two or more other choices' counts."""
    counts: dict[str, dict[str, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
    for tally in results.tallies:
        if not tally.suppressed and statistic_of(tally.choice) is None:
            counts[tally.contest][tally.precinct][tally.choice] = tally.votes
    for contest in results.contests:
        names = [c.name for c in contest.choices if statistic_of(c.name) is None]
        units = [u for u in counts[contest.name].values() if any(u.values())]
        if len(names) <= MIN_OTHER_CHOICES or len(units) < MIN_UNITS:
            continue
        for name in names:
            others = [n for n in names if n != name]
            if all(name in unit and unit[name] == sum(unit.get(o, 0) for o in others) for unit in units):
                return contest.name, name, others
    return None


def refuse_total_read_as_choice(attempt: Attempt, layout: str) -> None:
    """Refuse a forced layout's results holding a total read as a choice, naming it."""
    if attempt.results is None:
        return
    found = total_read_as_choice(attempt.results)
    if found is None:
        return
    contest, choice, others = found
    said = f"{choice!r} equals the sum"  # the reader weighed it and kept it as a choice, warning so
    if any(said in warning.message for warning in attempt.builder.log.warnings):
        return
    shown = ", ".join(repr(o) for o in others[:4]) + (" ..." if len(others) > len(others[:4]) else "")
    attempt.builder.log.error(
        None,
        None,
        f"read as {layout} (--format {layout}), the choice {choice!r} of contest {contest!r} holds in "
        f"every unit the sum of the contest's other choices ({shown}): it is a total read as a "
        f"choice, so the {layout} layout does not fit this file and nothing is imported. Import "
        "without --format to let the layout be recognised, or choose the reading in the import "
        "wizard (File > Import)",
    )
    attempt.results = None
