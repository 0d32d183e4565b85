"""A hand-made sheet of units down the rows with statistics across (``jurisdiction, reg_voters,
total_ballots_cast, pres_total_votes, trump_n, trump_pct, ...``) is no abstract: a column headed
by a statistic holds each row's figure, so its header is no unit. It was read as an abstract of
one contest 'jurisdiction' whose candidates were the precincts, with registered voters counted as
votes, exit 0 (second real-file check, finding 3: Camden MO). Now refused, never read so."""

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


@pytest.mark.parametrize("tail", [[], [["BEND", "", "", "", "", "", ""]]])
def test_units_down_the_rows_with_statistics_across_are_not_read_as_an_abstract(
    tmp_path: Path, tail: list[list[object]]
) -> None:
    imported = read_tally_file(write_csv(tmp_path / "camden.csv", [*ROWS, *tail]))
    assert imported.results is None and imported.errors
    assert imported.layout != "abstract" or imported.reading is None


def test_an_abstract_with_unit_columns_still_reads(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["", "Adams", "Baker", "Absentee", "Total"],
        ["Mayor", "", "", "", ""],
        ["Ada Lovelace - DEM", 10, 20, 5, 35],
        ["Bob Smith - REP", 3, 4, 1, 8],
    ]
    imported = read_tally_file(write_csv(tmp_path / "abstract.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "abstract"
    assert imported.results.totals("Mayor") == {"Ada Lovelace": 35, "Bob Smith": 8}
