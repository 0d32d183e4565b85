"""A wide CSV file's ``ZZZ, COUNTY TOTALS`` line is listed under its own label in the summary;
it was listed under its first choice's name, 'BROCK PIERCE, KARLA BALLARD' (second real-file
check, minor: Grand County UT)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv


def test_the_county_totals_line_is_named_by_its_label(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["COUNTY NUMBER", "PRECINCT CODE", "PRECINCT NAME", "Mayor", "Mayor", "Clerk", "Clerk"],
        ["", "", "", "NON", "NON", "NON", "NON"],
        ["", "", "", "BROCK PIERCE", "ANN ABLE", "CY YOUNG", "DI PRINCE"],
        [10, "001", "North", 3, 4, 1, 2],
        [10, "002", "South", 5, 6, 3, 3],
        [10, "ZZZ", "COUNTY TOTALS", 8, 10, 4, 5],
    ]
    imported = read_tally_file(write_csv(tmp_path / "grand.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert [(n.cell, n.label) for n in imported.notes.totals] == [("line 6", "COUNTY TOTALS")]
