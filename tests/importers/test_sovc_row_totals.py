"""A statement of votes cast's per-row ``Total`` column (the unit's votes across the candidates) is
checked, not skipped: a row whose candidates do not add up to it is an error naming both cells, the
numbers and the difference; ``accept_differences`` turns it into a warning."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


def _statement(tmp_path: Path, p2_total: int) -> Path:
    mayor = [["Mayor"], ["Precinct", "Ada", "Bo", "Total"], ["P1", 10, 20, 30], ["P2", 30, 40, p2_total]]
    clerk = [["Clerk"], ["Precinct", "Cy", "Di", "Total"], ["P1", 1, 2, 3], ["P2", 3, 4, 7]]
    return write_xlsx(tmp_path / "sovc.xlsx", {"1": mayor, "2": clerk})


def test_row_totals_that_add_up_import_and_are_noted(tmp_path: Path) -> None:
    imported = read_tally_file(_statement(tmp_path, 70))
    assert imported.layout == "sovc" and imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 40, "Bo": 60}
    assert "column D" in [note.cell for note in imported.notes.totals if note.sheet == "1"]


def test_a_row_total_off_by_one_is_an_error_naming_both_cells(tmp_path: Path) -> None:
    imported = read_tally_file(_statement(tmp_path, 71))
    assert imported.results is None
    [error] = imported.errors
    assert error.sheet == "1" and error.cell == "D4"
    assert "(B4:C4) add up to 70 but the file's total (D4) says 71, a difference of +1" in error.message


def test_an_accepted_row_total_difference_is_a_warning(tmp_path: Path) -> None:
    imported = read_tally_file(_statement(tmp_path, 71), accept_differences=True)
    assert imported.errors == () and imported.results is not None
    assert [d.difference for d in imported.differences] == [1]
    assert any("accepted" in w.message and w.cell == "D4" for w in imported.warnings)


def test_unresolved_write_ins_are_outside_the_row_total(tmp_path: Path) -> None:
    """Dominion's Total Votes counts qualified write-ins, not unresolved ones (Park County 2016)."""
    mayor = [
        ["Mayor"],
        ["Precinct", "Ada", "Bo", "Total Votes", "Cy\nQualified Write In", "Unresolved\nWrite-In"],
        ["P1", 10, 20, 31, 1, 2],
        ["P2", 30, 40, 70, 0, 5],
    ]
    clerk = [["Clerk"], ["Precinct", "Di", "Ed"], ["P1", 1, 2], ["P2", 3, 4]]
    imported = read_tally_file(write_xlsx(tmp_path / "s.xlsx", {"1": mayor, "2": clerk}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor")["Ada"] == 40


def test_a_row_holding_a_redacted_precincts_counts_explains_its_difference(tmp_path: Path) -> None:
    """Adams County 2020: the row that absorbed a redacted precinct differs from its own total."""
    mayor = [
        ["Mayor"],
        ["Precinct", "Ada", "Bo", "Total Votes"],
        ["P1", 10, 20, 29],
        ["P2", "REDACTED - INCLUDED IN PRECINCT P1 RESULTS"],
        ["P3", 30, 40, 70],
    ]
    clerk = [["Clerk"], ["Precinct", "Di", "Ed"], ["P1", 1, 2], ["P3", 3, 4]]
    imported = read_tally_file(write_xlsx(tmp_path / "s.xlsx", {"1": mayor, "2": clerk}))
    assert imported.errors == () and imported.results is not None
    [warning] = [w for w in imported.warnings if w.cell == "D3"]
    assert "a difference of -1" in warning.message and "(B4)" in warning.message
