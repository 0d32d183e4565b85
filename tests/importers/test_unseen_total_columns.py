"""Issue 11 section 1, found on real county files never seen here (helper C3's check): a statement's
``Total Votes Cast`` column is the row's total, checked against the candidates and never read as a
candidate; and a column equal in every unit row to the sum of the choices before it is a total
whatever its header says."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

# Modelled on openelections-sources-co 2026/primary/"2026 Montrose County, CO primary precinct
# results - Governor (Republican).csv": one contest, Name\nParty headers, a Total Votes Cast
# column, statistics after it, thousands separators, and a Totals row.
MONTROSE = (
    'Precinct,"Victor Marx\nRepublican","Barb Kirkmeyer\nRepublican","Total Votes Cast",'
    'Undervotes,Overvotes,"Total Ballots Cast"\n'
    "STATE,1,0,1,0,0,1\n"
    '101,"3,667","2,082","{total}",218,1,"7,968"\n'
    'Totals,"3,668","2,082","5,750",218,1,"7,969"\n'
)


def _montrose(tmp_path: Path, total: str = "5,749") -> Path:
    path = tmp_path / "Governor (Republican).csv"
    path.write_text(MONTROSE.format(total=total), encoding="utf-8")
    return path


def test_total_votes_cast_is_the_rows_total_not_a_candidate(tmp_path: Path) -> None:
    imported = read_tally_file(_montrose(tmp_path), format="sovc")
    assert imported.errors == () and imported.results is not None
    [contest] = imported.results.contests
    assert imported.results.totals(contest.name) == {"Victor Marx": 3668, "Barb Kirkmeyer": 2082}
    assert "column D" in [note.cell for note in imported.notes.totals]


def test_a_total_votes_cast_cell_off_by_one_is_an_error_naming_it(tmp_path: Path) -> None:
    imported = read_tally_file(_montrose(tmp_path, total="5,750"), format="sovc")
    assert imported.results is None
    assert any(e.cell == "line 5" and "a difference of +1" in e.message for e in imported.errors), (
        imported.errors
    )


def _statement(tmp_path: Path, header: str, p2_sum: int) -> Path:
    """Two contest sheets; the first ends in a column of row sums under a header no list knows."""
    mayor = [
        ["Mayor"],
        ["Precinct", "Ada", "Bo", "Cy", header],
        ["P1", 10, 20, 5, 35],
        ["P2", 30, 40, 2, p2_sum],
    ]
    clerk = [["Clerk"], ["Precinct", "Di", "Ed"], ["P1", 1, 2], ["P2", 3, 4]]
    return write_xlsx(tmp_path / "sovc.xlsx", {"1": mayor, "2": clerk})


def test_a_column_summing_the_choices_before_it_is_a_total_whatever_its_label(tmp_path: Path) -> None:
    imported = read_tally_file(_statement(tmp_path, "All Candidates", 72))
    assert imported.layout == "sovc" and imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 40, "Bo": 60, "Cy": 7}
    assert "column E" in [note.cell for note in imported.notes.totals if note.sheet == "1"]


def test_a_column_that_is_not_their_sum_in_one_row_stays_a_choice(tmp_path: Path) -> None:
    imported = read_tally_file(_statement(tmp_path, "Dee", 71))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 40, "Bo": 60, "Cy": 7, "Dee": 106}


def test_a_csv_statements_unlabelled_sum_column_is_checked_not_counted(tmp_path: Path) -> None:
    """The Montrose file with its total column headed by a word no list knows: still a total."""
    path = tmp_path / "Governor.csv"
    path.write_text(
        MONTROSE.format(total="5,749").replace("Total Votes Cast", "Ballot Count"), encoding="utf-8"
    )
    imported = read_tally_file(path, format="sovc")
    assert imported.errors == () and imported.results is not None
    [contest] = imported.results.contests
    assert imported.results.totals(contest.name) == {"Victor Marx": 3668, "Barb Kirkmeyer": 2082}
