"""Which layout a file is in, and the reader for each."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.headers import LONG_FIELDS, find_long_header
from recount_desktop.importers.long import LOOKED_FOR, read_long_book
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.source import Book
from recount_desktop.importers.template import is_template, read_template

if TYPE_CHECKING:
    from recount_desktop.importers.grid import Reading

DETECT_SHEETS = 10  # a long file's precinct sheet is among its first few; SOVC books have hundreds
TEMPLATE_HINT = "see the tally template: `recount-desktop template tallies OUT.xlsx`"


_ELECTION_SHEET = re.compile(
    r"\b(19|20)\d\d\b.*\b(general|primary|special|municipal|election)\b"
    r"|\b(general|primary|special|municipal)\b.*\b(19|20)\d\d\b",
    re.IGNORECASE,
)


def several_elections(book: Book) -> tuple[str, ...]:
    """Sheets named as elections ("2022 General", "2021 Primary"), when there are two or more: the
    workbook holds one election per sheet and the user must choose one."""
    if book.is_csv:
        return ()
    found = tuple(name for name in book.sheet_names if _ELECTION_SHEET.search(name))
    return found if len(found) >= 2 else ()


def detect(book: Book, log: ProblemLog, reading: Reading | None = None) -> str:
    """template, long, sovc, wide or abstract, tried in that order (a profile's reading means
    abstract); otherwise an error that says what was sought."""
    if reading is not None:
        return "abstract"
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
    from recount_desktop.importers import grid

    if grid.looks_like_abstract(book):
        return "abstract"
    sheet = None if book.is_csv else book.sheet_names[0]
    raise log.reject(
        sheet,
        None,
        "could not recognise the layout; looked for a 'Tallies' sheet (the template), "
        f"{LOOKED_FOR} (long), one sheet per contest with a 'Precinct' column under candidate "
        "names (statement of votes cast), one sheet with a contest-name row over a "
        "choice-name row (wide), and a row of unit names over columns of counts (abstract); "
        f"{TEMPLATE_HINT}",
    )


def read(
    layout: str, book: Book, builder: ResultsBuilder, ticker: Ticker, reading: Reading | None = None
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
    elif layout == "abstract":
        from recount_desktop.importers import grid

        grid.read_abstract_book(book, builder, ticker, reading)
    return {}, {}
