"""Header cells written as an exporter's field names: ``CandidateName``, ``PollingPlaceLong``
(CamelCase) and ``#Precinct`` (second real-file check, findings 2 and 7). ``CandidateName`` was no
choice column, so a long table of a city's runoff was read as an abstract of tabulators named as
candidates, with the district numbers counted as votes, exit 0; ``#Precinct`` was no unit column,
so the units were stored by their ``Precinct ID`` numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.headers import normalise_header
from tests.importers.conftest import write_csv


@pytest.mark.parametrize(
    ("cell", "said"),
    [
        ("CandidateName", "candidate name"),
        ("PollingPlaceLong", "polling place long"),
        ("#Precinct", "precinct"),
        ("Precinct #", "precinct #"),
        ("PRECINCT_NAME", "precinct name"),
        ("Total Votes:", "total votes"),
        ("#", "#"),
    ],
)
def test_header_forms(cell: str, said: str) -> None:
    assert normalise_header(cell) == said


def test_a_long_table_with_camel_case_headers_is_read_as_long(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["Precinct", "Office", "CandidateName", "Votes"],
        [1, "Mayor", "ANN ABLE", 138],
        [1, "Mayor", "BOB BAKER", 87],
        [2, "Mayor", "ANN ABLE", 267],
        [2, "Mayor", "BOB BAKER", 77],
    ]
    imported = read_tally_file(write_csv(tmp_path / "long.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "long"
    assert imported.results.totals("Mayor") == {"ANN ABLE": 405, "BOB BAKER": 164}


def test_a_hash_precinct_column_names_the_units_not_the_id_column(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["#Precinct", "Precinct ID", "Contest Title", "Choice Name", "Total Votes"],
        ["AP - 001", 1, "STATE AUDITOR", "SCOTT FITZPATRICK", 12],
        ["AP - 001", 1, "STATE AUDITOR", "GERALD WISTRAND", 2],
        ["AP - 002", 2, "STATE AUDITOR", "SCOTT FITZPATRICK", 21],
        ["AP - 002", 2, "STATE AUDITOR", "GERALD WISTRAND", 1],
    ]
    imported = read_tally_file(write_csv(tmp_path / "hash.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == ["AP - 001", "AP - 002"]
