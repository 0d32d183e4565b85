"""Guards added after review: counts too large to be votes, names that differ only in case, and a
statement sheet holding only total rows."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import TALLY_HEADER, write_xlsx


def _statement(tmp_path: Path, big: object) -> Path:
    mayor = [["Mayor"], ["Precinct", "Ada", "Bo"], ["P1", big, 1], ["P2", 3, 2], ["P3", 1, 1]]
    clerk = [["Clerk"], ["Precinct", "Di", "Ed"], ["P1", 1, 2], ["P2", 3, 4], ["P3", 1, 1]]
    return write_xlsx(tmp_path / "s.xlsx", {"1": mayor, "2": clerk})


@pytest.mark.parametrize(
    ("big", "said"),
    [
        (10**12, "1,000,000,000,000 is too large to be a vote count"),
        (2**63, "a 19-digit number is too large to be a vote count"),
        (1e300, "a 301-digit number is too large to be a vote count"),
    ],
)
def test_a_count_too_large_to_be_votes_is_refused_naming_its_cell(
    tmp_path: Path, big: object, said: str
) -> None:
    imported = read_tally_file(_statement(tmp_path, big))
    assert imported.results is None
    assert [(e.sheet, e.cell, e.message) for e in imported.errors] == [("1", "B3", said)]


def test_the_largest_plausible_count_is_read(tmp_path: Path) -> None:
    imported = read_tally_file(_statement(tmp_path, 10**12 - 1))
    assert imported.errors == ()
    assert imported.results is not None
    assert imported.results.totals("Mayor")["Ada"] == 10**12 - 1 + 4


def test_the_cli_refuses_a_huge_count_without_a_traceback(tmp_path: Path) -> None:
    election = tmp_path / "e.canvass"
    cli = [sys.executable, "-m", "recount_desktop"]
    subprocess.run(
        [
            *cli,
            "new",
            "--state",
            "NE",
            "--jurisdiction",
            "X",
            "--election-name",
            "T",
            "--election-date",
            "2026-11-03",
            str(election),
        ],
        check=True,
        capture_output=True,
    )
    before = election.read_bytes()
    done = subprocess.run(
        [*cli, "import", str(election), str(_statement(tmp_path, 2**63))],
        check=False,
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "B3" in done.stdout + done.stderr and "too large to be a vote count" in done.stdout + done.stderr
    assert election.read_bytes() == before


def test_choices_and_units_differing_only_in_case_are_warned_not_merged(tmp_path: Path) -> None:
    rows = [
        TALLY_HEADER,
        ("Precinct 1", "Mayor", "Ada", 10),
        ("PRECINCT 1", "Mayor", "Bo", 4),
        ("Precinct 2", "Mayor", "ada", 9),
        ("Precinct 2", "Mayor", "Bo", 3),
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "t.xlsx", {"Tallies": rows}))
    assert imported.errors == ()
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 10, "Bo": 7, "ada": 9}
    warned = [w.message for w in imported.warnings]
    assert any(
        "'Mayor' has choices that differ only in capitals or spacing: 'Ada', 'ada'" in w for w in warned
    )
    assert any(
        "units that differ only in capitals or spacing: 'Precinct 1', 'PRECINCT 1'" in w for w in warned
    )


def test_one_precinct_name_in_two_counties_is_not_warned(tmp_path: Path) -> None:
    rows = [
        ("County", "Precinct", "Contest", "Choice", "Votes"),
        ("Cass", "Precinct 1", "Governor", "Ada", 10),
        ("Otoe", "PRECINCT 1", "Governor", "Ada", 4),
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "c.xlsx", {"Results": rows}))
    assert imported.errors == ()
    assert not [w for w in imported.warnings if "capitals" in w.message]


def test_a_statement_sheet_of_only_total_rows_is_no_contest_by_either_reader(tmp_path: Path) -> None:
    mayor = [["Mayor"], ["Precinct", "Ada", "Bo"], ["P1", 1, 2], ["P2", 3, 4], ["Total", 4, 6]]
    empty = [["Clerk"], ["Precinct", "Di", "Ed"], ["Cumulative - Total", 0, 0], ["Total:", 0, 0]]
    imported = read_tally_file(write_xlsx(tmp_path / "z.xlsx", {"1": mayor, "2": empty}))
    assert imported.results is not None
    assert [c.name for c in imported.results.contests] == ["Mayor"]
