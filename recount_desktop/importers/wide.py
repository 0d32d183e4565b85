"""The ``wide`` layout (precincts as rows, contests side by side): not yet supported."""

from __future__ import annotations

from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.source import Book


def looks_like_wide(book: Book) -> bool:
    return False


def read_wide_book(book: Book, builder: ResultsBuilder, ticker: Ticker) -> None:
    raise builder.log.reject(None, None, "the wide layout is not supported yet")
