"""Problems on one screen, the ones that matter first.

A statewide file warns of the same thing on every line ("over votes suppressed; left out" 112
times), and printed in file order those lines pushed the warnings a board must read (the file's
total disagreeing with its units, a contest resting on incomplete data) past the first screen,
behind "... and 71 more" (second real-file check, finding 5: Wyandotte KS). Here problems of one
message on one sheet are one line with their count and first cells, and the lines are ordered by
weight: differences with the file's totals, then incomplete contests, then the rest in file order.
The full list stays available (``import --all-warnings``).
"""

from __future__ import annotations

from collections.abc import Sequence

from recount_desktop.importers.problems import Problem

SHOWN_LINES = 50  # lines of one digest; the count of the rest is said
SHOWN_CELLS = 5  # cells named on a grouped line

# what a message says, by weight: lower is shown first
_WEIGHTS = (
    (0, ("a difference of", "differ from", "does not add up", "do not add up")),
    (1, ("incomplete",)),
)
_LIGHT = 2


def weight(problem: Problem) -> int:
    """0: a difference with the file's own totals; 1: a contest marked as resting on incomplete
    data; 2: anything else."""
    message = problem.message.lower()
    for value, words in _WEIGHTS:
        if any(word in message for word in words):
            return value
    return _LIGHT


def digest(problems: Sequence[Problem], limit: int = SHOWN_LINES) -> list[str]:
    """One line per message (a repeated one with its count and first cells), heaviest first,
    at most ``limit`` lines and a last line counting the rest."""
    groups: dict[tuple[str | None, str], list[Problem]] = {}
    for problem in problems:
        groups.setdefault((problem.sheet, problem.message), []).append(problem)
    ordered = sorted(groups.values(), key=lambda group: weight(group[0]))  # stable: file order kept
    lines = [_line(group) for group in ordered[:limit]]
    if len(ordered) > limit:
        rest = sum(len(group) for group in ordered[limit:])
        lines.append(f"... and {rest} more")
    return lines


def _line(group: list[Problem]) -> str:
    first = group[0]
    if len(group) == 1:
        return str(first)
    cells = [problem.cell for problem in group if problem.cell]
    shown = ", ".join(cells[:SHOWN_CELLS]) + (", ..." if len(cells) > SHOWN_CELLS else "")
    where = f": {shown}" if shown else ""
    plain = Problem(first.file, first.sheet, None, first.message)
    return f"{plain} ({len(group)} times{where})"
