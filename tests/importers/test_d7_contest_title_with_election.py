"""A one-sheet statement whose own contest title holds a year and "Election" (``2026 School Bond
Election`` over a Yes/No table) is read as that contest. Since ab7f5ee every such line was taken
for the election's heading and the file refused (last session's note, N2: it imported before).
An election heading (General, Primary, Official Results...) over a one-contest sheet is still
refused, as ab7f5ee's tests keep."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.axes import reads_as_election_line
from tests.importers.conftest import write_xlsx

BODY: list[list[object]] = [
    ["Precinct", "Yes", "No", "Total"],
    ["Pct 1", 10, 20, 30],
    ["Pct 2", 11, 21, 32],
    ["Pct 3", 12, 22, 34],
    ["Total", 33, 63, 96],
]


@pytest.mark.parametrize(
    "title",
    [
        "2026 School Bond Election",
        "2026 Mill Levy Election",
        "Recall Election 2026",
        "2026 Proposition 3 Election",
    ],
)
def test_a_contest_title_holding_year_and_election_names_the_contest(tmp_path: Path, title: str) -> None:
    rows: list[list[object]] = [[title], [], *BODY]
    imported = read_tally_file(write_xlsx(tmp_path / "bond.xlsx", {"Results": rows}))
    assert imported.errors == ()
    results = imported.results
    assert results is not None
    assert [contest.name for contest in results.contests] == [title]
    assert results.totals(title) == {"Yes": 33, "No": 63}
    assert len(results.precincts) == 3


@pytest.mark.parametrize(
    "line",
    [
        "2026 General Election - Official Results",
        "2026 Primary Election",
        "2026 Special Election",
        "2026 General Election - School Bond Question",
        "Official Results",
    ],
)
def test_an_election_heading_is_still_an_election_line(line: str) -> None:
    assert reads_as_election_line(line)


def test_a_heading_naming_a_general_election_over_one_contest_is_still_refused(tmp_path: Path) -> None:
    rows: list[list[object]] = [["2026 General Election - School Bond Question"], *BODY]
    imported = read_tally_file(write_xlsx(tmp_path / "results.xlsx", {"Results": rows}))
    assert imported.results is None
    assert any("--format sovc" in error.message for error in imported.errors)
