"""Which layout a file is in, and the reader for each."""

from __future__ import annotations

from typing import Any

from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.headers import LONG_FIELDS, find_long_header
from recount_desktop.importers.long import LOOKED_FOR, read_long_book
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.source import Book
from recount_desktop.importers.template import is_template, read_template

DETECT_SHEETS = 10  # a long file's precinct sheet is among its first few; SOVC books have hundreds
TEMPLATE_HINT = "see the tally template: `recount-desktop template tallies OUT.xlsx`"


def detect(book: Book, log: ProblemLog) -> str:
    """template, long, sovc or wide, tried in that order; otherwise an error that says what was sought."""
    if is_template(book):
        return "template"
    for name in book.sheet_names[:DETECT_SHEETS]:
        if find_long_header(book.sheet(name), LONG_FIELDS) is not None:
            return "long"
    from recount_desktop.importers import sovc, wide

    if sovc.looks_like_sovc(book):
        return "sovc"
    if wide.looks_like_wide(book):
        return "wide"
    sheet = None if book.is_csv else book.sheet_names[0]
    raise log.reject(
        sheet,
        None,
        "could not recognise the layout; looked for a 'Tallies' sheet (the template), "
        f"{LOOKED_FOR} (long), one sheet per contest with a 'Precinct' column under candidate "
        "names (statement of votes cast), and one sheet with a contest-name row over a "
        f"choice-name row (wide); {TEMPLATE_HINT}",
    )


def read(
    layout: str, book: Book, builder: ResultsBuilder, ticker: Ticker
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Read the book in ``layout``; returns contest options and election fields (template only)."""
    if layout == "template":
        return read_template(book, builder, ticker)
    if layout == "long":
        read_long_book(book, builder, ticker)
    elif layout == "sovc":
        from recount_desktop.importers import sovc

        sovc.read_sovc_book(book, builder, ticker)
    elif layout == "wide":
        from recount_desktop.importers import wide

        wide.read_wide_book(book, builder, ticker)
    return {}, {}
