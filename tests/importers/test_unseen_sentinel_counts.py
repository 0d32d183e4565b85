"""A count of 2147483647 or 4294967295 is the largest number a 32-bit field holds: an export's
placeholder, never votes. Anderson County KS 2023 (openelections-sources-ks 2023/Anderson/
Precincts_8.csv) gave it as the write-in votes of four precincts, and it imported as 4.29 billion
votes with exit 0 (issue 11, helper C3's check). It is refused naming the cell, in every layout."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

ANDERSON = """Precinct,Contest Name,Candidate Name,Votes,Voter Turnout
"P1","City Commissioner","Ann Able","13","33.00%"
"P1","City Commissioner","WRITE IN","{count}","33.00%"
"P2","City Commissioner","Ann Able","10","28.74%"
"P2","City Commissioner","WRITE IN","0","28.74%"
"""


@pytest.mark.parametrize(
    ("count", "said"),
    [
        ("2147483647", "2,147,483,647 is the largest number a signed 32-bit field holds"),
        ("4294967295", "4,294,967,295 is the largest number a 32-bit field holds"),
    ],
)
def test_a_long_files_placeholder_count_is_refused_naming_its_cell(
    tmp_path: Path, count: str, said: str
) -> None:
    path = tmp_path / "Precincts_8.csv"
    path.write_text(ANDERSON.format(count=count), encoding="utf-8")
    imported = read_tally_file(path)
    assert imported.results is None
    [error] = imported.errors  # once: not also as a blank cell
    assert error.cell == "line 3" and error.message.startswith(said)


def test_a_count_just_below_the_placeholder_is_read(tmp_path: Path) -> None:
    path = tmp_path / "Precincts_8.csv"
    path.write_text(ANDERSON.format(count="2147483646"), encoding="utf-8")
    imported = read_tally_file(path)
    assert imported.errors == () and imported.results is not None


def test_a_statements_placeholder_count_is_refused_naming_its_cell(tmp_path: Path) -> None:
    """Whole numbers in a workbook's contest sheets take the builder's short way: still refused."""
    mayor = [["Mayor"], ["Precinct", "Ada", "Bo"], ["P1", 2**31 - 1, 1], ["P2", 3, 2], ["P3", 1, 1]]
    clerk = [["Clerk"], ["Precinct", "Di", "Ed"], ["P1", 1, 2], ["P2", 3, 4], ["P3", 1, 1]]
    imported = read_tally_file(write_xlsx(tmp_path / "s.xlsx", {"1": mayor, "2": clerk}))
    assert imported.results is None
    assert [(e.sheet, e.cell) for e in imported.errors] == [("1", "B3")]
    assert "placeholder the export wrote" in imported.errors[0].message
