"""A ``County`` row (the county's total, labelled only ``County``) under a wide sheet's precinct
rows is read as the file's total, checked and not counted (issue 11 section 1). The last session's
note listed it as refused with false differences (w10); the review file is lost, and none of the
variants below is refused at 6dd7ce9: this guards them. A ``County`` row that does not add up is
refused naming its cell, never stored as a precinct."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

UNITS: list[list[object]] = [["Pct 1", 10, 20, 5, 7], ["Pct 2", 11, 21, 6, 8], ["Pct 3", 12, 22, 7, 9]]
HEAD: list[list[object]] = [["", "Mayor", "", "Clerk", ""], ["Precinct", "Ann", "Bob", "Cy", "Dee"]]


def _with_votes_columns(row: list[object]) -> list[object]:
    """The same row with each contest's Total Votes after its choices."""
    if row[0] == "":
        return ["", "Mayor", "", "", "Clerk", "", ""]
    if row[0] == "Precinct":
        return ["Precinct", "Ann", "Bob", "Total Votes", "Cy", "Dee", "Total Votes"]
    a, b, c, d = row[1:]
    return [row[0], a, b, a + b, c, d, c + d]


@pytest.mark.parametrize("variant", ["plain", "votes columns", "blank row before", "then Total"])
def test_a_county_row_is_the_total_checked_not_counted(tmp_path: Path, variant: str) -> None:
    rows = [*HEAD, *UNITS, ["County", 33, 63, 18, 24]]
    if variant == "votes columns":
        rows = [_with_votes_columns(row) for row in rows]
    elif variant == "blank row before":
        rows.insert(-1, [])
    elif variant == "then Total":
        rows.append(["Total", 33, 63, 18, 24])
    imported = read_tally_file(write_xlsx(tmp_path / "wide.xlsx", {"Results": rows}))
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "wide"
    assert [p.name for p in imported.results.precincts] == ["Pct 1", "Pct 2", "Pct 3"]
    assert imported.results.totals("Mayor") == {"Ann": 33, "Bob": 63}
    assert imported.results.totals("Clerk") == {"Cy": 18, "Dee": 24}


def test_a_county_row_that_does_not_add_up_is_refused(tmp_path: Path) -> None:
    rows = [*HEAD, *UNITS, ["County", 33, 64, 18, 24]]
    imported = read_tally_file(write_xlsx(tmp_path / "wide.xlsx", {"Results": rows}))
    assert imported.results is None
    assert any(error.cell == "C6" and "64" in error.message for error in imported.errors)
