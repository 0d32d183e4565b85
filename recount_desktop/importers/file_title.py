"""A statement of one contest whose title is only in its file's name.

Montrose County CO publishes one CSV per contest (openelections-sources-co 2026/primary/"2026
Montrose County, CO primary precinct results - Governor (Republican).csv"): a header row of
``Precinct`` and the candidates, no title row, and a CSV has no sheet name. Read as a statement
(``--format sovc``), the contest is named from the file's name, with a warning that says so.
"""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers.headers import LONG_FIELDS, is_unit_header, match_header
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.source import Book
from recount_desktop.importers.values import clean_name, is_blank, number_in_text

UNTITLED = "Contest"


def contest_from_file_name(source: Path | None, log: ProblemLog, cell: str) -> str:
    """The part of the file's name after its last `` - `` (``Governor (Republican)``), else the
    whole name; ``Contest`` when there is no file."""
    if source is None:
        return UNTITLED
    stem = " ".join(source.stem.split())
    title = stem.rsplit(" - ", 1)[-1].strip() or stem
    log.warn(
        None,
        cell,
        f"the file gives no contest title (no title row above its header, and a CSV file has no sheet "
        f"name): its one contest is named {title!r} from the file's name, all its choices in it. "
        "Check that they are one contest's (each party of a primary is a contest of its own), and "
        "rename the contest after import if the name is wrong, or add a title row above the header",
    )
    return title


def untitled_statement_hint(book: Book) -> str:
    """For a file no reading recognised: when its first row is a unit header over candidates
    (``Precinct | Victor Marx | ...``) and counts follow, say which reading fits and how to ask
    for it (it is not taken unasked: one header row may hold two primaries' candidates)."""
    if not book.sheet_names:
        return ""
    rows = book.sheet(book.sheet_names[0]).rows
    if len(rows) < 2 or not rows[0] or not is_unit_header(rows[0][0]):
        return ""
    long = _long_without_contest(rows[0])
    if long:
        return long
    choices = [clean_name(cell) for cell in rows[0][1:] if not is_blank(cell)]
    counts = [
        cell for cell in rows[1][1:] if isinstance(cell, int | float) or number_in_text(cell) is not None
    ]
    if not choices or not counts:
        return ""
    return (
        f". Row 1 looks like the header of a statement of one contest with no title (units down "
        f"column A under {clean_name(rows[0][0])!r}, choices along row 1 such as {choices[0]!r}): "
        "choose the statement layout in the import wizard, or import --format sovc, to read it as one "
        "contest named from the file's name (check that its choices are one contest's)"
    )


def _long_without_contest(header: list[object]) -> str:
    """For a row 1 naming a unit, a choice and a votes column but no contest (``PRECINCT, Candidate,
    Votes``: Sedgwick KS's one-contest file): the hint that the contest column is missing. Such a
    row names fields, not a statement's candidates, so the statement hint would mislead."""
    columns = match_header(header, LONG_FIELDS, vote_types=False).columns
    if "contest" in columns or "choice" not in columns or "votes" not in columns:
        return ""
    named = ", ".join(repr(clean_name(header[columns[f]])) for f in ("choice", "votes"))
    return (
        f". Row 1 looks like the header of a long table (units down column A under "
        f"{clean_name(header[0])!r}, and {named} columns) with no contest column: add a column "
        "headed 'Contest' holding each row's contest (the same one on every row for a file of one "
        "contest) and import it again"
    )
