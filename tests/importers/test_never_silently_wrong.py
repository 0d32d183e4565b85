"""Issue 11, section 1: a file's own totals are found by label and by arithmetic and never counted
as units; every total is checked; a difference is refused unless accepted (and then audited); a
blank or error count cell is refused; the import prints a one-screen summary."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook

from recount_desktop.cli import main
from recount_desktop.domain import Election
from recount_desktop.importers import read_tally_file
from recount_desktop.importers.grid import find_readings
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.profiles import LayoutProfile, ProfileError, load_profile, save_profile
from recount_desktop.importers.source import open_book
from recount_desktop.store import create_election_file, open_election_file
from tests.importers.conftest import TALLY_HEADER, write_csv, write_xlsx


def _sovc(*rows: list[object]) -> dict[str, list[list[object]]]:
    """Two contest sheets, so the file reads as a statement of votes cast."""
    clerk = [["Clerk"], ["Precinct", "Cy", "Di"], ["P1", 1, 2], ["P2", 3, 4]]
    return {"1": [["Mayor"], ["Precinct", "Ada", "Bo"], *rows], "2": clerk}


@pytest.mark.parametrize("label", ["Zone A - Total", "Cumulative", "Countywide Sum", "ZZZ", None])
def test_a_total_row_is_found_by_label_or_by_arithmetic_and_never_counted(tmp_path: Path, label: str) -> None:
    rows = [["P1", 10, 20], ["P2", 30, 40], ["P3", 5, 6], [label, 45, 66]]
    imported = read_tally_file(write_xlsx(tmp_path / "s.xlsx", _sovc(*rows)))
    assert imported.errors == ()
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 45, "Bo": 66}  # not 90 and 132
    assert [p.name for p in imported.results.precincts] == ["P1", "P2", "P3"]
    assert any(note.cell == "A6" for note in imported.notes.totals)


def test_a_row_that_is_not_the_sum_stays_a_unit(tmp_path: Path) -> None:
    rows = [["P1", 10, 20], ["P2", 30, 40], ["Countywide Sum", 41, 60]]
    imported = read_tally_file(write_xlsx(tmp_path / "s.xlsx", _sovc(*rows)))
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 81, "Bo": 120}


def test_a_group_total_then_a_grand_total_both_check(tmp_path: Path) -> None:
    """Park County: a county's own total, an empty cumulative group, then the grand total."""
    rows = [
        ["County", None, None],
        ["P1", 10, 20],
        ["P2", 30, 40],
        ["Park - Total", 40, 60],
        ["Cumulative", None, None],
        ["Cumulative", 0, 0],
        ["Cumulative - Total", 0, 0],
        ["County - Total", 40, 60],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "park.xlsx", _sovc(*rows)))
    assert imported.errors == () and imported.warnings == ()
    assert imported.results is not None and imported.results.totals("Mayor") == {"Ada": 40, "Bo": 60}
    assert [note.label for note in imported.notes.skipped] == ["County", "Cumulative"]


def test_a_difference_names_both_cells_both_numbers_and_the_difference(tmp_path: Path) -> None:
    rows = [["P1", 10, 20], ["P2", 30, 40], ["Total:", 40, 61]]
    path = write_xlsx(tmp_path / "s.xlsx", _sovc(*rows))
    imported = read_tally_file(path)
    assert imported.results is None
    message = str(imported.errors[0])
    assert "sheet '1', cell C5" in message and "(C3:C4)" in message
    assert "add up to 60" in message and "says 61" in message and "+1" in message
    accepted = read_tally_file(path, accept_differences=True)
    assert accepted.results is not None and accepted.results.totals("Mayor")["Bo"] == 60
    assert [d.as_dict()["difference"] for d in accepted.differences] == [1]


def test_a_shortfall_that_suppressed_cells_explain_is_a_warning(tmp_path: Path) -> None:
    rows = [["P1", 10, "***"], ["P2", 30, 40], ["Total:", 40, 61]]
    imported = read_tally_file(write_xlsx(tmp_path / "s.xlsx", _sovc(*rows)))
    assert imported.errors == () and imported.results is not None
    assert imported.results.contest("Mayor").incomplete_precinct_data
    assert any("suppressed cells can explain" in str(w) for w in imported.warnings)


def test_a_county_total_row_under_an_unforeseen_label_in_a_long_file_is_not_a_precinct(
    tmp_path: Path,
) -> None:
    """El Paso's county-total rows are labelled ``CO``: before, every count was doubled."""
    rows: list[tuple[object, ...]] = [("county", "precinct", "office", "candidate", "votes")]  # OpenElections
    for precinct, ada, bo in (("101", 5, 7), ("102", 6, 8), ("103", 1, 1), ("XYZ", 12, 16)):
        rows += [("El Paso", precinct, "President", "Ada", ada), ("El Paso", precinct, "President", "Bo", bo)]
    imported = read_tally_file(write_csv(tmp_path / "long.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("President") == {"Ada": 12, "Bo": 16}
    assert "XYZ" not in {p.name for p in imported.results.precincts}


def test_blank_counts_are_errors_but_a_whole_blank_unit_is_withheld(tmp_path: Path) -> None:
    rows = [
        TALLY_HEADER,
        ("P1", "Mayor", "Ada", 5),
        ("P1", "Mayor", "Bo", 4),
        ("P2", "Mayor", "Ada", None),  # the county withheld P2 (two voters): both blank
        ("P2", "Mayor", "Bo", None),
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "withheld.xlsx", {"Tallies": rows}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.contest("Mayor").incomplete_precinct_data
    assert sum(t.suppressed for t in imported.results.tallies) == 2
    rows[3] = ("P2", "Mayor", "Ada", 3)
    imported = read_tally_file(write_xlsx(tmp_path / "blank.xlsx", {"Tallies": rows}))
    assert [(e.cell, "no vote count for 'Bo'" in e.message) for e in imported.errors] == [("D5", True)]


def test_an_excel_error_cell_and_an_uncalculated_formula_are_refused_by_cell(tmp_path: Path) -> None:
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "1"
    for row in (["Mayor"], ["Precinct", "Ada", "Bo"], ["P1", 3, "#DIV/0!"], ["P2", 4, "=B3+1"]):
        sheet.append(row)
    workbook.create_sheet("2")
    for row in (["Clerk"], ["Precinct", "Cy"], ["P1", 1], ["P2", 2]):
        workbook["2"].append(row)
    workbook.save(tmp_path / "errors.xlsx")
    imported = read_tally_file(tmp_path / "errors.xlsx")
    assert imported.results is None
    by_cell = {e.cell: e.message for e in imported.errors}
    assert "#DIV/0!" in by_cell["C3"]
    assert "never calculated" in by_cell["C4"]


@pytest.fixture
def election_path(tmp_path: Path, election: Election) -> Path:
    path = tmp_path / "e.canvass"
    create_election_file(path, election, operator="clerk").close()
    return path


def test_the_cli_prints_a_summary_and_accepting_a_difference_is_audited(
    tmp_path: Path, election_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [["P1", 10, 20], ["P2", 30, 40], ["Total:", 40, 61]]
    source = write_xlsx(tmp_path / "s.xlsx", _sovc(*rows))
    assert main(["import", str(election_path), str(source), "--operator", "clerk"]) == 1
    assert "--accept-differences" in capsys.readouterr().err
    assert (
        main(["import", str(election_path), str(source), "--operator", "clerk", "--accept-differences"]) == 0
    )
    out = capsys.readouterr().out
    assert "2 units, 2 contests, 4 choices, 110 votes in all" in out
    assert "read as the file's own totals" in out and "'1'!A5 'Total:'" in out
    assert "1 difference(s)" in out and "+1 at C5" in out
    with open_election_file(election_path, operator="clerk") as store:
        details = store.audit_entries()[-1].details
    assert details["accepted_differences"] == [
        {
            "contest": "Mayor",
            "choice": "Bo",
            "vote_type": None,
            "sheet": "1",
            "total_cell": "C5",
            "unit_cells": "C3:C4",
            "total": 61,
            "units_sum": 60,
            "difference": 1,
        }
    ]


def test_import_sheet_chooses_one_election_of_a_workbook(
    tmp_path: Path, election_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheets = {
        "2022 General": [TALLY_HEADER, ("P1", "Mayor", "Ada", 3)],
        "2021 General": [TALLY_HEADER, ("P1", "Mayor", "Ada", 9)],
    }
    source = write_xlsx(tmp_path / "two.xlsx", sheets)
    assert main(["import", str(election_path), str(source), "--operator", "clerk"]) == 1
    assert "'2022 General', '2021 General'" in capsys.readouterr().err
    assert main(["import", str(election_path), str(source), "--sheet", "2021 general"]) == 0
    with open_election_file(election_path, operator="clerk") as store:
        assert store.results().totals("Mayor") == {"Ada": 9}


def _abstract(path: Path) -> Path:
    """Precincts as columns, with a title row and stray text the detector would misread."""
    return write_xlsx(
        path,
        {
            "Abstract": [
                ["", "North", "South", "Total"],
                ["Mayor", None, None, None],
                ["Ada - DEM", 10, 20, 30],
                ["Bo - REP", 5, 6, 11],
                ["printed 2026-11-09", None, None, None],
            ]
        },
    )


def test_a_layout_profile_round_trips_and_drives_the_import(
    tmp_path: Path, election_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _abstract(tmp_path / "abstract.xlsx")
    imported = read_tally_file(source)
    assert imported.layout == "abstract" and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 30, "Bo": 11}
    reading = find_readings(open_book(source, ProblemLog("x")).sheet("Abstract"))[0]
    assert reading.roles()["unit columns"] == ["B", "C"] and reading.roles()["total columns"] == ["D"]
    profile = LayoutProfile("Our abstract", "abstract", "Abstract", reading)
    path = save_profile(profile, tmp_path / "ours.toml")
    assert load_profile(path) == profile
    assert main(["import", str(election_path), str(source), "--profile", str(path)]) == 0
    assert "abstract layout" in capsys.readouterr().out
    path.write_text(path.read_text() + "colour = 'red'\n")
    with pytest.raises(ProfileError, match=r"unknown key \[reading\] 'colour'"):
        load_profile(path)
    assert main(["import", str(election_path), str(source), "--profile", str(path)]) == 1
    assert "colour" in capsys.readouterr().err


def test_the_wizard_api_previews_a_sheet_and_rereads_a_correction(tmp_path: Path) -> None:
    """The correction view's core, without Qt: the chosen reading, its roles, and a re-read."""
    from dataclasses import replace

    from recount_desktop.importers.preview import preview_sheet, reread

    source = _abstract(tmp_path / "abstract.xlsx")
    preview = preview_sheet(source)
    assert preview.sheet == "Abstract" and preview.rows[2][:2] == ("Ada - DEM", "10")
    chosen = preview.readings[0]
    assert chosen.roles()["header rows"] == ["row 1"]
    # the user says column C is not a unit: the total column no longer reconciles, and says so
    corrected = reread(source, replace(chosen, unit_columns=(1,)))
    assert corrected.results is None and corrected.differences
    assert corrected.differences[0].total_cell == "D3"
    assert reread(source, chosen).results is not None


def test_stacked_blocks_read_as_one_contest_and_a_split_precinct_is_summed_with_a_warning(
    tmp_path: Path,
) -> None:
    """Scotts Bluff's canvass report: one block per candidate; a precinct portion in a second block."""
    rows = [
        ["Precinct Name", None, "Mayor", None, "Total"],
        [None, None, "Ada\nDEM", "Total", None],
        ["P1", None, 10, 10, 10],
        ["P2", None, 20, 20, 20],
        ["Total", None, 30, 30, 30],
        ["Precinct Name", None, "Mayor", None, "Total"],
        [None, None, "Bo\nREP", "Total", None],
        ["P1", None, 4, 4, 4],
        ["P2", None, 6, 6, 6],
        ["Total", None, 10, 10, 10],
        ["Precinct Name", None, "Mayor", None, "Total"],
        [None, None, "Ada\nDEM", "Total", None],
        ["P2", None, 1, 1, 1],
        ["Total", None, 1, 1, 1],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "canvass.xlsx", {"CountyCanvassReport": rows}))
    assert imported.layout == "sovc" and imported.errors == ()
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 31, "Bo": 10}
    assert [c.party for c in imported.results.contest("Mayor").choices] == ["DEM", "REP"]
    warning = next(str(w) for w in imported.warnings if "two blocks" in str(w))
    assert "C4" in warning and "C13" in warning and "20 + 1" in warning


def test_vote_type_rows_under_each_unit_are_stored_and_checked_against_its_total_row(tmp_path: Path) -> None:
    rows = [
        ["P1", None, None],
        ["Polling", 10, 20],
        ["Vote By Mail", 5, 6],
        ["Total", 15, 26],
        ["P2", None, None],
        ["Polling", 1, 2],
        ["Vote By Mail", 3, 4],
        ["Total", 4, 6],
        ["Total:", 19, 32],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "typed.xlsx", _sovc(*rows)))
    assert imported.errors == (), imported.errors
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 19, "Bo": 32}  # no Total row added in
    ada_p1 = next(t for t in imported.results.tallies if (t.precinct, t.choice) == ("P1", "Ada"))
    assert dict(ada_p1.vote_types) == {"Polling": 10, "Vote By Mail": 5}
    rows[3] = ["Total", 15, 27]  # a unit's own total that its vote types do not add up to
    refused = read_tally_file(write_xlsx(tmp_path / "bad.xlsx", _sovc(*rows)))
    assert [e.cell for e in refused.errors] == ["C6"]
    assert "(C4:C5) add up to 26" in refused.errors[0].message
