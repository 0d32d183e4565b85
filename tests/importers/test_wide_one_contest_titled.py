"""A wide sheet of one contest: the contest's name on a row of its own over its columns (``Mayor``
over ``Total Votes | Undervotes | Overvotes | Ann Adams | Bob Baker``), units down a ``Precinct``
column. It was refused as "could not recognise the layout", even with the user's own reading (a
wide sheet needed two contest names), and --format sovc read it wrong (fourth review, R7:
w09_onecontest.xlsx)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

ROWS: list[list[object]] = [
    [None, None, "Mayor"],
    ["Eligible Voters", "Precinct", "Total Votes", "Undervotes", "Overvotes", "Ann Adams", "Bob Baker"],
    [1000, "Pct 101", 130, 3, 1, 69, 61],
    [1001, "Pct 102", 546, 3, 1, 292, 254],
    [1002, "Pct 103", 782, 3, 1, 392, 390],
    [3003, "Total", 1458, 9, 3, 753, 705],
]


def test_a_wide_sheet_of_one_contest_is_read(tmp_path: Path) -> None:
    imported = read_tally_file(write_xlsx(tmp_path / "mayor.xlsx", {"Sheet": ROWS}))
    assert imported.errors == ()
    assert imported.layout == "wide"
    results = imported.results
    assert results is not None
    assert [c.name for c in results.contests] == ["Mayor"]
    assert results.totals("Mayor") == {"Ann Adams": 753, "Bob Baker": 705}
    assert [p.name for p in results.precincts] == ["Pct 101", "Pct 102", "Pct 103"]
    assert {note.label for note in imported.notes.statistics} >= {"Undervotes", "Overvotes"}


def test_its_totals_are_checked(tmp_path: Path) -> None:
    rows = [*ROWS[:-1], [3003, "Total", 1458, 9, 3, 754, 705]]
    imported = read_tally_file(write_xlsx(tmp_path / "mayor.xlsx", {"Sheet": rows}))
    assert imported.results is None
    assert any("754" in error.message for error in imported.errors)
