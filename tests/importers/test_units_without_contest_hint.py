"""A table of units down column A with statistics across and no contest named (Camden MO:
``jurisdiction, reg_voters, total_ballots_cast, pres_total_votes, trump_n, ...``) is refused saying
what is missing, not only listing the layouts looked for; it was once read transposed (second
real-file check, finding 2), and a statistic-headed column is never a unit."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv

ROWS: list[list[object]] = [
    [
        "jurisdiction",
        "reg_voters",
        "total_ballots_cast",
        "pres_total_votes",
        "trump_n",
        "trump_pct",
        "biden_n",
    ],
    ["BARNUMTON", 1069, 608, 595, 474, "79.66%", 121],
    ["CLIMAX SPRINGS", 1147, 690, 671, 562, "83.76%", 109],
    ["ABSENTEE", 0, 6699, 6603, 4213, "63.80%", 2390],
]


@pytest.mark.parametrize("tail", [[], [["BEND"]]])
def test_the_refusal_names_the_statistics_and_the_missing_contest(
    tmp_path: Path, tail: list[list[object]]
) -> None:
    imported = read_tally_file(write_csv(tmp_path / "camden.csv", [*ROWS, *tail]))
    assert imported.results is None
    [error] = imported.errors
    assert "under 'jurisdiction' with statistics across ('reg_voters', 'total_ballots_cast')" in error.message
    assert "no row names a contest over the other columns ('pres_total_votes', 'trump_n'" in error.message
    assert "tally template" in error.message
