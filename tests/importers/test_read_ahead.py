"""A statement's sheets parsed ahead on another thread give the same import as sheets loaded one by
one: the same results, notes and problems in the same order, whether the thread parses every
sheet, fails on one, cannot open the file, or the reading stops half way."""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest

from recount_desktop.importers import interpret, read_ahead, read_tally_file, source
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.reader import TallyImport
from recount_desktop.importers.source import Sheet, open_book
from tests.importers.conftest import write_xlsx
from tests.importers.test_sovc_block import _everything


def _statement(tmp_path: Path, bad_sheet: bool = False) -> Path:
    sheets: dict[str, list[list[object]]] = {}
    for k in range(14):  # more sheets than detection looks at (10), so some are read ahead
        sheets[f"C{k}"] = [
            [f"Contest {k}"],
            ["Precinct", "Ada", "Bo"],
            ["P1", k, 1],
            ["P2", 2, k],
            ["Total:", k + 2, k + 1 + (1 if bad_sheet and k == 12 else 0)],
        ]
    return write_xlsx(tmp_path / "statement.xlsx", sheets)


@pytest.fixture(autouse=True)
def _large(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read as a large book is: once, its later sheets loaded by the reader (a small book has all
    its sheets loaded while its size is counted)."""
    monkeypatch.setattr(interpret, "is_small", lambda book: False)


def _without_thread(path: Path, monkeypatch: pytest.MonkeyPatch, **options: Any) -> TallyImport:
    with monkeypatch.context() as patch:
        patch.setattr(read_ahead, "sheets_read_ahead", _one_by_one)
        return read_tally_file(path, **options)


def _one_by_one(book: source.Book, names: list[str]) -> Any:
    return nullcontext(book.sheet)


def _parsed_where(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """Each sheet parsed, and whether on another thread (so a test of the thread cannot pass with
    no thread at all)."""
    parsed: list[tuple[str, bool]] = []
    real = source.parse_sheet

    def counting(workbook: Any, name: str) -> Sheet:
        parsed.append((name, threading.current_thread() is not threading.main_thread()))
        return real(workbook, name)

    monkeypatch.setattr(source, "parse_sheet", counting)
    return parsed


@pytest.mark.parametrize("bad_sheet", [False, True], ids=["clean", "a-total-off"])
def test_sheets_read_ahead_import_as_sheets_loaded_one_by_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bad_sheet: bool
) -> None:
    path = _statement(tmp_path, bad_sheet)
    parsed = _parsed_where(monkeypatch)
    ahead = read_tally_file(path)
    # detection loads the first ten here, the thread parses the other four, none twice
    assert [name for name, _ in parsed[:14]] == [f"C{k}" for k in range(14)]
    assert [elsewhere for _, elsewhere in parsed[:14]] == [False] * 10 + [True] * 4
    assert _everything(ahead) == _everything(_without_thread(path, monkeypatch))
    assert (ahead.results is None) == bad_sheet


def test_a_sheet_the_thread_cannot_parse_is_loaded_by_the_book(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _statement(tmp_path)
    original = source._open_workbook

    def failing_on_c12(*args: Any) -> source.Book:
        book = original(*args)
        parser = book.parser
        assert parser is not None

        def factory() -> Callable[[str], Sheet]:
            parse = parser()

            def parse_or_fail(name: str) -> Sheet:
                if name == "C12":
                    raise ValueError("calamine could not")
                return parse(name)

            return parse_or_fail

        book.parser = factory
        return book

    monkeypatch.setattr(source, "_open_workbook", failing_on_c12)
    ahead = read_tally_file(path)
    assert ahead.ok and ahead.results is not None and len(ahead.results.contests) == 14
    assert _everything(ahead) == _everything(_without_thread(path, monkeypatch))


def test_a_file_the_thread_cannot_open_is_read_by_the_book(tmp_path: Path) -> None:
    path = _statement(tmp_path)
    book = open_book(path, ProblemLog(path.name))

    def cannot_open() -> Callable[[str], Sheet]:
        raise OSError("gone")

    book.parser = cannot_open
    with read_ahead.sheets_read_ahead(book, book.sheet_names) as sheet:
        rows = [sheet(name).rows for name in book.sheet_names]
    assert rows == [open_book(path, ProblemLog("x")).sheet(name).rows for name in book.sheet_names]


def test_a_reading_stopped_half_way_stops_the_thread(tmp_path: Path) -> None:
    path = _statement(tmp_path)
    book = open_book(path, ProblemLog(path.name))
    running = threading.active_count()
    ahead = read_ahead.sheets_read_ahead(book, book.sheet_names)
    with pytest.raises(RuntimeError, match="stop"), ahead as sheet:
        assert sheet("C3").rows[0][0] == "Contest 3"
        raise RuntimeError("stop")
    assert book.is_loaded("C3")
    assert threading.active_count() == running  # the thread stopped and waited for
    # asked out of order, and for a sheet met before: each the book's own sheet, its own rows
    with read_ahead.sheets_read_ahead(book, book.sheet_names) as sheet:
        assert [sheet(f"C{k}").rows[0][0] for k in (9, 4, 13, 1)] == [f"Contest {k}" for k in (9, 4, 13, 1)]
        assert sheet("C1") is book.sheet("C1")
