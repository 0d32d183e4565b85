"""Whether a workbook holds several elections (one per sheet). Which layout a file is in, and its
reading, is the interpreter's (``interpret``)."""

from __future__ import annotations

import re

from recount_desktop.importers.source import Book

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

