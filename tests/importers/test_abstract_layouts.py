"""Precincts-as-columns abstracts (issue 11): a layout profile that does not fit a sheet, vote-type
rows under each candidate, alternating name and count rows, blocks side by side, arithmetic totals
in wide sheets. Each test file is small, written here, and modelled on a real county's family
(tests/data/real_counties/README.md)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from openpyxl import load_workbook

from recount_desktop.cli import main
from recount_desktop.domain import Election
from recount_desktop.importers import read_tally_file
from recount_desktop.importers.grid import find_readings
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.profiles import LayoutProfile, load_profile, save_profile
from recount_desktop.importers.source import open_book
from recount_desktop.store import create_election_file
from tests.importers.conftest import write_xlsx

REAL = Path(__file__).parents[1] / "data" / "real_counties"
ALAMOSA = REAL / "CO" / "2014 General Election Official Results By Precinct.xls"


@pytest.fixture
def election_path(tmp_path: Path, election: Election) -> Path:
    path = tmp_path / "e.canvass"
    create_election_file(path, election, operator="clerk").close()
    return path


def _alamosa_like(path: Path, second: list[list[object]]) -> Path:
    """Alamosa's family: `Name - Party` in column A, contest-title rows, a `Total` column."""
    first: list[list[object]] = [
        ["", "Pct 1", "Pct 2", "Pct 3", "Total"],
        ["United States Senator", None, None, None, None],
        ["Mark Udall - DEM", 10, 20, 30, 60],
        ["Cory Gardner - REP", 5, 6, 7, 18],
    ]
    return write_xlsx(path, {"Elec. Results": first, "Sheet3": second})


def _profile_without_sheet(source: Path, tmp_path: Path) -> Path:
    reading = find_readings(open_book(source, ProblemLog("x")).sheet("Elec. Results"))[0]
    profile = LayoutProfile("Alamosa abstract", "abstract", None, replace(reading, sheet=None))
    return save_profile(profile, tmp_path / "alamosa.toml")


def test_a_profile_with_no_sheet_skips_alamosas_empty_sheet3_with_a_note(tmp_path: Path) -> None:
    """The real Alamosa workbook ends in an empty `Sheet3`: skipped, noted, never an IndexError."""
    profile = load_profile(_profile_without_sheet(ALAMOSA, tmp_path))
    assert profile.sheet is None and profile.reading is not None and profile.reading.sheet is None
    imported = read_tally_file(ALAMOSA, profile=profile)
    assert imported.errors == ()
    assert imported.results is not None
    assert imported.results.totals("United States Senator")["Mark Udall"] == 2440
    assert any(n.sheet == "Sheet3" and "empty" in n.label for n in imported.notes.skipped)


def test_a_profile_that_does_not_fit_a_sheet_is_an_error_naming_file_and_sheet(
    tmp_path: Path, election_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second sheet of another shape (only two columns) under a profile with no sheet."""
    source = _alamosa_like(tmp_path / "alamosa.xlsx", [["Printed 2014-11-20", "by the clerk"]])
    profile = _profile_without_sheet(source, tmp_path)
    imported = read_tally_file(source, profile=load_profile(profile))
    assert imported.results is None
    assert [(e.file, e.sheet) for e in imported.errors] == [("alamosa.xlsx", "Sheet3")]
    assert "does not fit" in imported.errors[0].message and imported.errors[0].cell == "C1"
    before = election_path.read_bytes()
    assert main(["import", str(election_path), str(source), "--profile", str(profile)]) == 1
    err = capsys.readouterr().err
    assert "alamosa.xlsx, sheet 'Sheet3', cell C1" in err and "Traceback" not in err
    assert election_path.read_bytes() == before


def test_a_header_row_past_the_sheet_is_an_error_not_an_index_error(tmp_path: Path) -> None:
    source = _alamosa_like(tmp_path / "alamosa.xlsx", [["note"]])
    reading = find_readings(open_book(source, ProblemLog("x")).sheet("Elec. Results"))[0]
    moved = replace(reading, sheet="Sheet3", header_rows=(5,))
    imported = read_tally_file(source, profile=LayoutProfile("x", "abstract", "Sheet3", moved))
    assert imported.results is None
    assert imported.errors[0].sheet == "Sheet3" and "past the sheet's last row" in imported.errors[0].message


def _vote_type_abstract(path: Path, trump_total: int = 249) -> Path:
    """A precincts-as-columns abstract with vote-type rows under each candidate (`Polling Place`,
    `Early`, `Mail-In`), then an unlabelled row that is their total; an `Absentee` unit and a
    `Total` column, as in Dakota's and Alamosa's abstracts."""
    rows: list[list[object]] = [
        ["", "Precinct 1", "Precinct 2", "Absentee", "Total"],
        ["PRESIDENT AND VICE PRESIDENT", None, None, None, None],
        ["Trump/Pence - REP", None, None, None, None],
        ["Polling Place", 100, 80, 0, 180],
        ["Early", 20, 10, 0, 30],
        ["Mail-In", 5, 4, 30, 39],
        [None, 125, 94, 30, trump_total],
        ["Clinton/Kaine - DEM", None, None, None, None],
        ["Polling Place", 50, 40, 0, 90],
        ["Early", 10, 12, 0, 22],
        ["Mail-In", 3, 2, 20, 25],
        [None, 63, 54, 20, 137],
        [None, None, None, None, None],
        ["COUNTY SHERIFF", None, None, None, None],
        ["Ann Jackson - REP", None, None, None, None],
        ["Polling Place", 70, 60, 0, 130],
        ["Early", 9, 8, 0, 17],
        ["Mail-In", 1, 1, 40, 42],
        [None, 80, 69, 40, 189],
    ]
    return write_xlsx(path, {"Abstract": rows})


def test_vote_type_rows_under_each_candidate_are_stored_and_their_total_row_checked(tmp_path: Path) -> None:
    imported = read_tally_file(_vote_type_abstract(tmp_path / "abstract.xlsx"))
    assert imported.errors == () and imported.warnings == ()
    results = imported.results
    assert results is not None
    assert imported.layout == "abstract"
    assert [c.name for c in results.contests] == ["PRESIDENT AND VICE PRESIDENT", "COUNTY SHERIFF"]
    # the unlabelled total row is checked, never added in (249, not 498)
    assert results.totals("PRESIDENT AND VICE PRESIDENT") == {"Trump/Pence": 249, "Clinton/Kaine": 137}
    assert results.totals("COUNTY SHERIFF") == {"Ann Jackson": 189}
    assert sorted(p.name for p in results.precincts) == ["Absentee", "Precinct 1", "Precinct 2"]
    trump = {
        t.precinct: t for t in results.tallies_of("PRESIDENT AND VICE PRESIDENT") if t.choice == "Trump/Pence"
    }
    assert dict(trump["Precinct 1"].vote_types) == {"Polling Place": 100, "Early": 20, "Mail-In": 5}
    assert trump["Precinct 1"].votes == 125
    assert any(n.cell == "row 7" for n in imported.notes.totals)


def test_a_vote_type_total_row_that_does_not_add_up_is_an_error_naming_both_cells(tmp_path: Path) -> None:
    imported = read_tally_file(_vote_type_abstract(tmp_path / "abstract.xlsx", trump_total=250))
    assert imported.results is None
    assert [(e.sheet, e.cell) for e in imported.errors] == [("Abstract", "E7")]
    assert "E4:E6" in imported.errors[0].message and "+1" in imported.errors[0].message


def test_alternating_name_rows_and_count_rows(tmp_path: Path) -> None:
    """Each candidate's name on a row of its own, its counts on the unlabelled row below."""
    rows: list[list[object]] = [
        ["OFFICE / CANDIDATE", "Pct 1", "Pct 2", "Pct 3", "Total"],
        ["UNITED STATES SENATOR", None, None, None, None],
        ["Mark Udall - DEM", None, None, None, None],
        [None, 800, 900, 740, 2440],
        ["Cory Gardner - REP", None, None, None, None],
        [None, 700, 850, 800, 2350],
        ["COUNTY SHERIFF", None, None, None, None],
        ["Robert Jackson - REP", None, None, None, None],
        [None, 1000, 1200, 1278, 3478],
        ["Kenneth McCloskey - DEM", None, None, None, None],
        [None, 500, 600, 523, 1623],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "alternating.xlsx", {"Results": rows}))
    assert imported.errors == ()
    results = imported.results
    assert results is not None
    assert [c.name for c in results.contests] == ["UNITED STATES SENATOR", "COUNTY SHERIFF"]
    assert results.totals("UNITED STATES SENATOR") == {"Mark Udall": 2440, "Cory Gardner": 2350}
    assert results.totals("COUNTY SHERIFF") == {"Robert Jackson": 3478, "Kenneth McCloskey": 1623}
    assert {c.name: c.party for c in results.contest("COUNTY SHERIFF").choices} == {
        "Robert Jackson": "REP",
        "Kenneth McCloskey": "DEM",
    }


def _side_by_side_blocks(path: Path) -> Path:
    """Scotts Bluff's canvass report with two contests' blocks next to each other in shared rows:
    each block `Precinct Name | contest | Total`, its choices on the row below, its own units
    (the right block's `Countywide` is not in the left one) and its own `Total` row."""
    rows: list[list[object]] = [
        ["", "GENERAL Election - November 08, 2016", "", "", "", "", "", "", "", "", ""],
        ["", "Scotts Bluff County", "", "", "", "", "", "", "", "", ""],
        ["", "", "", "", "", "", "", "", "", "", ""],
        [
            "Precinct Name",
            "",
            "For County Sheriff",
            "",
            "Total",
            "",
            "Precinct Name",
            "",
            "For Chimney Rock PPD",
            "",
            "Total",
        ],
        ["", "", "Mark Overman\nREP", "Total", "", "", "", "", "Bob Stuart\nNP", "Total", ""],
        ["Absentee/Early Vote", "", 956, 956, 956, "", "Absentee/Early Vote", "", 300, 300, 300],
        ["Castle Rock A", "", 15, 15, 15, "", "Castle Rock A", "", 5, 5, 5],
        ["Gering I", "", 128, 128, 128, "", "Countywide", "", 56, 56, 56],
        ["Total", "", 1099, 1099, 1099, "", "Total", "", 361, 361, 361],
    ]
    return write_xlsx(path, {"CountyCanvassReport": rows})


def test_stacked_blocks_side_by_side_in_shared_rows_are_two_contests(tmp_path: Path) -> None:
    imported = read_tally_file(_side_by_side_blocks(tmp_path / "canvass.xlsx"))
    assert imported.errors == ()
    results = imported.results
    assert results is not None
    assert [c.name for c in results.contests] == ["For County Sheriff", "For Chimney Rock PPD"]
    assert results.totals("For County Sheriff") == {"Mark Overman": 1099}
    assert results.totals("For Chimney Rock PPD") == {"Bob Stuart": 361}
    sheriff = {t.precinct: t.votes for t in results.tallies_of("For County Sheriff")}
    assert sheriff == {"Absentee/Early Vote": 956, "Castle Rock A": 15, "Gering I": 128}
    ppd = {t.precinct: t.votes for t in results.tallies_of("For Chimney Rock PPD")}
    assert ppd == {"Absentee/Early Vote": 300, "Castle Rock A": 5, "Countywide": 56}


def test_the_right_hand_blocks_total_row_is_checked_against_its_own_units(tmp_path: Path) -> None:
    source = _side_by_side_blocks(tmp_path / "canvass.xlsx")
    workbook = load_workbook(source)
    workbook["CountyCanvassReport"]["I9"] = 362
    workbook.save(source)
    imported = read_tally_file(source)
    assert imported.results is None
    assert [(e.sheet, e.cell) for e in imported.errors] == [("CountyCanvassReport", "I9")]
    assert "I6:I8" in imported.errors[0].message


def _wide(path: Path, last_label: object, total_header: str = "Total Votes", last: int = 41) -> Path:
    """Washington UT's family: contest names over their columns, choice names with a party prefix,
    precincts as rows, a last row of the county's totals (here under any label, or none)."""
    rows: list[list[object]] = [
        ["", "PRESIDENT", "", "", "GOVERNOR", "", ""],
        ["Precinct", "DEM Joe Biden", "REP Donald Trump", total_header, "Jane Roe", "John Doe", total_header],
        ["P1", 10, 20, 30, 5, 6, 11],
        ["P2", 30, 40, 70, 7, 8, 15],
        ["P3", 1, 2, 3, 1, 1, 2],
        [last_label, last, 62, last + 62, 13, 15, 28],
    ]
    return write_xlsx(path, {"Results": rows})


@pytest.mark.parametrize("label", ["Washington", "Countywide", None])
def test_a_wide_sheets_last_row_that_is_the_sum_of_the_units_is_a_total_whatever_its_label(
    tmp_path: Path, label: str | None
) -> None:
    imported = read_tally_file(_wide(tmp_path / "wide.xlsx", label))
    assert imported.layout == "wide" and imported.errors == ()
    results = imported.results
    assert results is not None
    assert results.totals("PRESIDENT") == {"Joe Biden": 41, "Donald Trump": 62}  # not 82 and 124
    assert results.totals("GOVERNOR") == {"Jane Roe": 13, "John Doe": 15}
    assert [p.name for p in results.precincts] == ["P1", "P2", "P3"]
    assert any(note.sheet == "Results" and "6" in note.cell for note in imported.notes.totals)


def test_an_unlabelled_last_row_in_a_wide_sheet_is_checked_not_skipped(tmp_path: Path) -> None:
    imported = read_tally_file(_wide(tmp_path / "wide.xlsx", None, last=42))
    assert imported.results is None
    assert [(e.sheet, e.cell) for e in imported.errors] == [("Results", "B6")]
    assert "B3:B5" in imported.errors[0].message and "+1" in imported.errors[0].message


def test_a_wide_sheets_last_column_that_is_the_sum_of_the_choices_is_a_total_not_a_choice(
    tmp_path: Path,
) -> None:
    imported = read_tally_file(_wide(tmp_path / "wide.xlsx", "Total", total_header="All"))
    assert imported.errors == ()
    results = imported.results
    assert results is not None
    assert results.totals("PRESIDENT") == {"Joe Biden": 41, "Donald Trump": 62}  # no choice "All"
    assert {n.cell for n in imported.notes.totals} >= {"column D", "column G"}
    source = _wide(tmp_path / "wide.xlsx", "Total", total_header="All")
    workbook = load_workbook(source)
    workbook["Results"]["D4"] = 71  # P2's "All" no longer the sum of its choices
    workbook.save(source)
    imported = read_tally_file(source)  # "All" is then a column as written, and the totals disagree
    assert imported.results is None
    assert [(e.sheet, e.cell) for e in imported.errors] == [("Results", "D6")]
