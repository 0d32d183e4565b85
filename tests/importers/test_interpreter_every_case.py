"""The interpreter on a small book reads every case's best reading, not only the first clean one:
it keeps the clean reading with the most counts whose totals reconcile, and two clean readings of
different cases that give different results are an error listing both, never a silent pick. A large
book is still read once."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from recount_desktop.importers import grid, interpret, read_tally_file
from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, open_book
from tests.importers.conftest import write_xlsx

ROWS: list[list[object]] = [
    ["", "North", "South", "Total"],
    ["Mayor", None, None, None],
    ["Ada", 10, 20, 30],
    ["Bo", 5, 6, 11],
]


def _offer_as_wide(monkeypatch: pytest.MonkeyPatch, skip_rows: tuple[int, ...]) -> list[str]:
    """A 'wide' case offered first whose reader reads the abstract leaving ``skip_rows`` out: a
    clean reading of another case, agreeing with the abstract's or not. Records the cases read."""
    read: list[str] = []

    def offer(book: Book) -> list[Reading]:
        return [Reading(book.sheet_names[0], "rows", (0,), layout="wide", unit_column=0)]

    def wide_reader(book: Book, builder: ResultsBuilder, ticker: Ticker, reading: Reading | None) -> None:
        read.append("wide")
        found = grid.find_readings(book.sheet(book.sheet_names[0]))[0]
        grid.read_abstract(book.sheet(book.sheet_names[0]), replace(found, skip_rows=skip_rows), builder)

    def abstract_reader(book: Book, builder: ResultsBuilder, ticker: Ticker, reading: Reading | None) -> None:
        read.append("abstract")
        grid.read_abstract_book(book, builder, ticker, reading)

    monkeypatch.setitem(interpret._CANDIDATES, "wide", offer)
    monkeypatch.setitem(interpret.READERS, "wide", wide_reader)
    monkeypatch.setitem(interpret.READERS, "abstract", abstract_reader)
    return read


def test_two_clean_readings_that_disagree_are_an_error_naming_both(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = _offer_as_wide(monkeypatch, skip_rows=(3,))  # Bo's row left out: clean, but other results
    imported = read_tally_file(write_xlsx(tmp_path / "a.xlsx", {"Abstract": ROWS}))
    assert read == ["wide", "abstract"]
    assert imported.results is None
    message = imported.errors[0].message
    assert message.startswith("two readings of this file read clean but give different results")
    assert "wide on 'Abstract'" in message and "abstract on 'Abstract'" in message
    assert "41 votes" in message and "30 votes" in message


def test_clean_readings_that_agree_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read = _offer_as_wide(monkeypatch, skip_rows=())
    imported = read_tally_file(write_xlsx(tmp_path / "a.xlsx", {"Abstract": ROWS}))
    assert read == ["wide", "abstract"]
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 30, "Bo": 11}
    assert "abstract" in [r.layout for r in imported.alternatives]


def test_a_large_book_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read = _offer_as_wide(monkeypatch, skip_rows=(3,))
    monkeypatch.setattr(interpret, "is_small", lambda book: False)
    imported = read_tally_file(write_xlsx(tmp_path / "a.xlsx", {"Abstract": ROWS}))
    assert read == ["wide"] and imported.layout == "wide" and imported.errors == ()


def test_a_book_is_small_below_the_limit_of_count_cells(tmp_path: Path) -> None:
    book = open_book(write_xlsx(tmp_path / "a.xlsx", {"Abstract": ROWS}), ProblemLog("a.xlsx"))
    assert interpret.is_small(book)  # 6 count cells
    assert interpret.is_small(book, limit=7) and not interpret.is_small(book, limit=6)
