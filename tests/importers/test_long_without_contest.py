"""A long table with no contest column (``PRECINCT, Candidate, Votes``: Sedgwick KS 2012) is
refused saying the contest column is missing; the hint said it looked like a statement with
choices such as 'Candidate' and sent the user to --format sovc, which failed on every row (second
real-file check, finding 6)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv


def test_a_long_table_without_a_contest_column_is_refused_naming_what_is_missing(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["PRECINCT", "Candidate", "Votes"],
        [101, "Barack Obama", 527],
        [101, "Mitt Romney", 458],
        [102, "Barack Obama", 205],
    ]
    imported = read_tally_file(write_csv(tmp_path / "president.csv", rows))
    assert imported.results is None
    [error] = imported.errors
    assert (
        "long table (units down column A under 'PRECINCT', and 'Candidate', 'Votes' columns)" in error.message
    )
    assert "no contest column" in error.message
    assert "--format sovc" not in error.message
