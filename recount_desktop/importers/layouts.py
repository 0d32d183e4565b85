"""Which layout a file is in, and the reader for each (both through ``interpret``); and whether a
workbook holds several elections."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.source import Book
from recount_desktop.importers.template import is_template, read_template

if TYPE_CHECKING:
    from recount_desktop.importers.reading import Reading


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
    """The layout the interpreter reads first: a profile's reading, the template, else the first
    case with a candidate reading (long, sovc, wide, abstract); otherwise an error that says what
    was sought."""
    from recount_desktop.importers import interpret

    if reading is not None:
        return reading.layout
    if is_template(book):
        return "template"
    found = interpret.candidates(book)
    if found:
        return found[0].layout
    raise log.reject(None if book.is_csv else book.sheet_names[0], None, interpret.NOTHING_FOUND)


def read(
    layout: str, book: Book, builder: ResultsBuilder, ticker: Ticker, reading: Reading | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Read the book in ``layout`` (with ``reading``, when given); returns contest options and
    election fields (template only)."""
    from recount_desktop.importers import interpret

    if layout == "template":
        return read_template(book, builder, ticker)
    interpret.READERS[layout](book, builder, ticker, reading)
    return {}, {}
