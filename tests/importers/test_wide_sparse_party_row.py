"""A wide CSV file whose contest names sit over the first column of each contest only (merged
cells saved as CSV) and whose party-code row is sparse (``DEM`` over one candidate): the party row
is no contest-name row. It was taken for one, giving a contest 'DEM' and false differences
(fourth review, R4)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv


def test_a_sparse_party_row_is_not_the_contest_row(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["", "", "President", "", "", "", "Mayor", "", ""],
        ["", "", "", "DEM", "", "", "", "", ""],
        [
            "Eligible Voters",
            "Precinct",
            "Total Votes",
            "DEM - Biden",
            "REP - Trump",
            "Write-in",
            "Total Votes",
            "Ann",
            "Bob",
        ],
        [1000, "Pct 101", 464, 69, 61, 334, 408, 15, 393],
        [1001, "Pct 102", 741, 292, 254, 195, 202, 200, 2],
    ]
    imported = read_tally_file(write_csv(tmp_path / "wide.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert [c.name for c in imported.results.contests] == ["President", "Mayor"]
    assert imported.results.totals("Mayor") == {"Ann": 215, "Bob": 395}
