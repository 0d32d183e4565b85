"""A statement with one sheet per contest and an election title line above each sheet's contest
title (``2016 General Election`` / ``Official Results`` / ``President (Vote for 1)``): each sheet
is its own contest. Every contest was named after the election line and merged into one contest
of seven choices, exit 0 (fourth review, W1). Two sheets that still share a title but not their
choices are refused naming both."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


def _sheet(lines: list[str], title: str, choices: list[str], counts: list[list[int]]) -> list[list[object]]:
    rows: list[list[object]] = [[line] for line in lines]
    rows += [[title], [], ["Precinct", *choices]]
    rows += [[f"Precinct {i + 1}", *row] for i, row in enumerate(counts)]
    return rows


LINES = ["Page: 1 of 3", "2016 General Election", "Official Results"]


def test_each_sheet_is_its_own_contest_under_the_election_lines(tmp_path: Path) -> None:
    sheets = {
        "President": _sheet(LINES, "President (Vote for 1)", ["Trump", "Clinton"], [[69, 254], [10, 20]]),
        "Mayor": _sheet(LINES, "Mayor (Vote for 1)", ["Ann", "Bob"], [[312, 137], [5, 6]]),
        "Question 1": _sheet(LINES, "Question 1", ["Yes", "No"], [[16, 196], [7, 8]]),
    }
    imported = read_tally_file(write_xlsx(tmp_path / "statement.xlsx", sheets))
    assert imported.errors == () and imported.results is not None
    assert [c.name for c in imported.results.contests] == [
        "President (Vote for 1)",
        "Mayor (Vote for 1)",
        "Question 1",
    ]
    assert imported.results.totals("Mayor (Vote for 1)") == {"Ann": 317, "Bob": 143}


def test_two_sheets_with_one_title_and_other_choices_are_refused_naming_both(tmp_path: Path) -> None:
    sheets = {
        "DEM": _sheet([], "GOVERNOR", ["Ann", "Bob"], [[1, 2], [3, 4]]),
        "REP": _sheet([], "GOVERNOR", ["Cy", "Di"], [[5, 6], [7, 8]]),
    }
    imported = read_tally_file(write_xlsx(tmp_path / "primary.xlsx", sheets), format="sovc")
    assert imported.results is None
    assert any(
        e.sheet == "REP" and "sheets 'DEM' and 'REP' are both titled 'GOVERNOR'" in e.message
        for e in imported.errors
    )
