"""Washington NE's abstract (2016): a contest's write-in candidates come indented under a
"Write-ins:" line, and one contest's "Vote for One" sits in the office column of its write-in row.
Both once made false contests: the write-ins of Logan View and Kennard merged into one contest named
"Write-ins:" (so Logan View's fourth seat had no candidate and no finding), and "Vote for One" was a
contest holding only "Write-In"."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from recount_desktop.domain import Election, State
from recount_desktop.domain.rules import analyze_election, load_rules
from recount_desktop.importers import TallyImport, read_tally_file
from tests.importers.conftest import write_xlsx

WASHINGTON = Path(__file__).parents[1] / "data" / "real_counties" / "NE" / "2016_ne_general_wash_precinct.xls"
LOGAN_VIEW = "Logan View School District 94 School Board Member Vote for FOUR"
KENNARD = "Kennard Village Board of Trustees Vote for THREE"


@pytest.fixture(scope="module")
def washington() -> TallyImport:
    return read_tally_file(WASHINGTON)


def test_write_ins_under_a_write_ins_line_belong_to_their_own_contest(washington: TallyImport) -> None:
    results = washington.results
    assert results is not None and washington.errors == ()
    names = [c.name for c in results.contests]
    assert "Write-ins:" not in names
    logan = results.contest(LOGAN_VIEW)
    assert logan.seats == 4
    assert [c.name for c in logan.choices][:4] == [
        "Carrie Beacom",
        "Jeff Wacker",
        "Chad Christianson",
        "Benjamin J. Reynolds",
    ]
    assert len(logan.choices) == 10
    kennard = results.contest(KENNARD)
    assert kennard.seats == 3 and len(kennard.choices) == 19
    assert {"Clint Pearson", "Ronald Kruse"} <= {c.name for c in kennard.choices}
    assert any(n.cell == "row 121" and n.label == "Write-ins:" for n in washington.notes.skipped)


def test_logan_views_fourth_seat_gets_a_finding(washington: TallyImport) -> None:
    assert washington.results is not None
    election = Election(State.NE, "Washington County", "General Election 2016", date(2016, 11, 8))
    analyses = {a.contest: a for a in analyze_election(load_rules(State.NE), election, washington.results)}
    logan = analyses[LOGAN_VIEW]
    assert len(logan.outcome.winners) == 4 and logan.outcome.winners[3] == "Dylan Dam"  # a write-in, 3 votes
    reynolds = logan.finding_for("Benjamin J. Reynolds")
    assert (reynolds.margin, reynolds.compared_with) == (1, "Dylan Dam")


def test_vote_for_one_in_the_office_column_is_the_seats_not_a_contest(washington: TallyImport) -> None:
    results = washington.results
    assert results is not None
    assert "Vote for One" not in [c.name for c in results.contests]
    board = results.contest("State Board of Education Dist. 3")
    assert [c.name for c in board.choices] == ["Rachel Wise", "Write-In"]
    assert board.seats == 1


def test_the_same_lines_in_a_small_abstract(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["NAME OF OFFICE", "NAME OF CANDIDATES", "North", "South", "Total"],
        ["School Board Vote for TWO", "Ann", 10, 20, 30],
        [None, "Ben", 5, 6, 11],
        [None, "Write-ins:", None, None, None],
        [None, "     Cy", 1, 0, 1],
        [None, "     Di", 0, 2, 2],
        ["State Board Dist. 3", "Ed", 7, 8, 15],
        ["Vote for One", "Write-In", 1, 1, 2],
        ["Village Board Vote for ONE", "Flo", 3, 4, 7],
        [None, "Write-ins:", None, None, None],
        [None, "     Gus", 1, 1, 2],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "abstract.xlsx", {"Abstract": rows}))
    results = imported.results
    assert results is not None and imported.errors == ()
    assert [c.name for c in results.contests] == [
        "School Board Vote for TWO",
        "State Board Dist. 3",
        "Village Board Vote for ONE",
    ]
    assert results.totals("School Board Vote for TWO") == {"Ann": 30, "Ben": 11, "Cy": 1, "Di": 2}
    assert results.totals("State Board Dist. 3") == {"Ed": 15, "Write-In": 2}
    assert results.contest("State Board Dist. 3").seats == 1
    assert results.totals("Village Board Vote for ONE") == {"Flo": 7, "Gus": 2}
