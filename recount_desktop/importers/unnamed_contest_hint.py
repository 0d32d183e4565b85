"""What to say about a table of units as rows whose contest no row names.

Camden County MO's hand-made file (``jurisdiction, reg_voters, total_ballots_cast,
pres_total_votes, trump_n, trump_pct, biden_n, biden_pct``) has its units down column A and
statistics across, but no row names the contest over its choices' columns. Read as an abstract it
was transposed (the precincts as candidates, registered voters counted as votes: second real-file
check, finding 2); now no reading takes it, and the refusal says why rather than only listing the
layouts it looked for.
"""

from __future__ import annotations

from recount_desktop.importers.headers import normalise_header
from recount_desktop.importers.source import Book
from recount_desktop.importers.values import clean_name, is_blank, number_in_text, statistic_of

HEADER_ROWS = 5
MIN_UNIT_ROWS = 2


def units_without_contest_hint(book: Book) -> str:
    """For a refused file whose first sheet heads statistic columns over rows of units with
    counts: the sentence naming them and what is missing; "" for any other file."""
    if not book.sheet_names:
        return ""
    rows = book.sheet(book.sheet_names[0]).rows
    for r, row in enumerate(rows[:HEADER_ROWS]):
        names = [clean_name(cell) for cell in row]
        statistics = [n for n in names[1:] if n and statistic_of(normalise_header(n))]
        others = [n for n in names[1:] if n and n not in statistics]
        if not names or not names[0] or not statistics or not others:
            continue
        if _unit_rows(rows[r + 1 :]) >= MIN_UNIT_ROWS:
            listed = ", ".join(repr(n) for n in others[:4])
            return (
                f". Row {r + 1} heads names down column A under {names[0]!r} with statistics across "
                f"({', '.join(repr(n) for n in statistics[:3])}), but no row names a contest over the "
                f"other columns ({listed}): no reading can tell its contest and choices. Put the "
                "counts in the tally template (Precinct, Contest, Choice, Votes)"
            )
    return ""


def _unit_rows(rows: list[list[object]]) -> int:
    """Rows with a name in column A and two or more counts to its right."""
    found = 0
    for row in rows:
        counts = [cell for cell in row[1:] if _is_count(cell)]
        if row and isinstance(row[0], str) and not is_blank(row[0]) and len(counts) >= 2:
            found += 1
    return found


def _is_count(cell: object) -> bool:
    if isinstance(cell, bool):
        return False
    return isinstance(cell, int | float) or number_in_text(cell) is not None
