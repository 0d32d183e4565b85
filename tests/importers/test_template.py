"""The tally template: write a blank one, fill it in, read it back exactly."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from openpyxl import load_workbook

from recount_desktop.domain import BoardMember, ContestKind, State
from recount_desktop.importers import read_tally_file
from recount_desktop.importers.template import write_tally_template
from tests.importers.conftest import TALLY_HEADER, write_csv, write_xlsx


def test_blank_template_has_three_sheets_lists_and_an_example_that_imports(tmp_path: Path) -> None:
    path = write_tally_template(tmp_path / "blank.xlsx")
    workbook = load_workbook(path)
    assert workbook.sheetnames == ["Tallies", "Contests", "Election"]
    lists = [v.formula1 for v in workbook["Contests"].data_validations.dataValidation]
    assert any("statewide" in f for f in lists) and any("irv" in f for f in lists)
    imported = read_tally_file(path)
    assert imported.layout == "template" and imported.errors == ()
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada Alvarez": 120}
    assert imported.election_fields["state"] is State.NE
    assert imported.election_fields["canvass_date"] == date(2026, 11, 16)
    assert imported.election_fields["board_members"] == (
        BoardMember("Jane Q. Chair", "Chair of the Board of Canvassers"),
    )


def test_vote_types_are_summed_and_statistics_are_not_choices(tmp_path: Path) -> None:
    rows = [
        ("precinct ", " CONTEST", "Choice", "Votes", "Vote Type"),
        ("P1", "Levy", "Yes", 10, "Early"),
        ("P1", "Levy", "Yes", 5, "Election Day"),
        ("P1", "Levy", "No", 7, "Early"),
        ("P1", "Levy", "Over Votes", 1, "Early"),
        ("P1", "Levy", "Under Votes", 2, "Early"),
        ("P1", "Levy", "Registered Voters", 40, ""),
        ("P1", "Levy", "Ballots Cast", 25, ""),
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "t.xlsx", {"Tallies": rows}))
    assert imported.errors == ()
    results = imported.results
    assert results is not None
    contest = results.contest("Levy")
    assert contest.choice_names() == ("Yes", "No") and contest.kind is ContestKind.QUESTION
    yes = next(t for t in results.tallies if t.choice == "Yes")
    assert yes.votes == 15 and yes.vote_types == (("Early", 10), ("Election Day", 5))
    (stats,) = results.statistics
    assert (stats.over_votes, stats.under_votes, stats.registered_voters, stats.ballots_cast) == (
        1,
        2,
        40,
        25,
    )


def test_contests_sheet_sets_attributes_and_vote_for_sets_seats(tmp_path: Path) -> None:
    tallies = [
        TALLY_HEADER,
        ("P1", "Board (Vote For 2)", "A", 3),
        ("P1", "Board (Vote For 2)", "B", 4),
        ("P1", "Board (Vote For 2)", "C", 1),
        ("P1", "Prop 1", "For", 9),
        ("P1", "Prop 1", "Against", 2),
    ]
    contests = [
        ("Contest", "Kind", "Seats", "Scope", "Approval", "Runoff Possible"),
        ("Prop 1", "question", None, "School District", "3/5", "no"),
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "t.xlsx", {"Tallies": tallies, "Contests": contests}))
    assert imported.errors == ()
    assert imported.results is not None
    assert imported.results.contest("Board (Vote For 2)").seats == 2
    prop = imported.results.contest("Prop 1")
    assert prop.scope.value == "school_district" and prop.approval.to_text() == "3/5"


@pytest.mark.parametrize(("sep", "encoding"), [(",", "utf-8"), (";", "utf-8-sig"), ("\t", "cp1252")])
def test_csv_tallies_in_any_common_encoding_and_separator(tmp_path: Path, sep: str, encoding: str) -> None:
    rows = [TALLY_HEADER, ("Précinct 1", "Mayor", "José", 1260), ("Précinct 1", "Mayor", "Bo", "240.0")]
    imported = read_tally_file(write_csv(tmp_path / "t.csv", rows, sep, encoding))
    assert imported.errors == () and imported.layout == "template"
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"José": 1260, "Bo": 240}
    assert imported.results.precincts[0].name == "Précinct 1"


def test_names_are_trimmed_and_numbers_as_text_accepted(tmp_path: Path) -> None:
    rows = [TALLY_HEADER, ("P\xa01 ", " Mayor\n", "Ada  Alvarez", "1,260"), ("P\xa01", "Mayor", "Bo", 240.0)]
    imported = read_tally_file(write_xlsx(tmp_path / "t.xlsx", {"Tallies": rows}))
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada Alvarez": 1260, "Bo": 240}
    assert [p.name for p in imported.results.precincts] == ["P 1"]


def test_suppressed_cells_are_kept_as_suppressed_with_a_warning(tmp_path: Path) -> None:
    rows = [
        TALLY_HEADER,
        ("P1", "Mayor", "Ada", "***"),
        ("P1", "Mayor", "Bo", "(< 25)"),
        ("P2", "Mayor", "Ada", 9),
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "t.xlsx", {"Tallies": rows}))
    assert imported.results is not None
    assert imported.results.contest("Mayor").incomplete_precinct_data
    assert sum(t.suppressed for t in imported.results.tallies) == 2
    assert any("D2" in str(w) and "suppressed" in str(w) for w in imported.warnings)


def test_total_row_is_left_out_and_checked(tmp_path: Path) -> None:
    rows = [
        TALLY_HEADER,
        ("P1", "Mayor", "Ada", 5),
        ("P2", "Mayor", "Ada", 6),
        ("TOTALS", "Mayor", "Ada", 12),
    ]
    path = write_xlsx(tmp_path / "t.xlsx", {"Tallies": rows})
    imported = read_tally_file(path)
    assert imported.results is None
    assert [str(e).split(". Correct")[0] for e in imported.errors] == [
        "t.xlsx, sheet 'Tallies', cell D4: 'Mayor', 'Ada': the units (D2:D3) add up to 11 but the file's "
        "total (D4) says 12, a difference of +1"
    ]
    accepted = read_tally_file(path, accept_differences=True)
    assert accepted.results is not None and accepted.results.totals("Mayor") == {"Ada": 11}
    assert [(d.total_cell, d.unit_cells, d.total, d.units_sum) for d in accepted.differences] == [
        ("D4", "D2:D3", 12, 11)
    ]


def test_every_error_is_collected_with_its_cell(tmp_path: Path) -> None:
    rows = [
        TALLY_HEADER,
        ("P1", "Mayor", "Ada", -1),
        ("P1", "Mayor", "Bo", 2.5),
        ("P2", "Mayor", "Ada", "lots"),
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "t.xlsx", {"Tallies": rows}))
    assert imported.results is None
    assert [p.cell for p in imported.errors] == ["D2", "D3", "D4"]
    assert str(imported.errors[0]).startswith("t.xlsx, sheet 'Tallies', cell D2: negative vote count")
