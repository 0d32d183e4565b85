"""A long table's unnamed columns: an identifier's numbers (``county_id``, ``FIPS``) are never
votes, and a header speaks of votes only in whole words (``county`` holds ``count``, but counts
nothing). The reviewer's countyid.csv (issue 11 review, finding 9) imports as it did before."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.headers import Header
from recount_desktop.importers.long_unnamed import count_columns, speaks_of_votes
from recount_desktop.importers.source import Sheet

COUNTY_ID = """county,{column},precinct,office,district,party,candidate,poll_votes,mail_votes,early_votes
Cheyenne,9,1,President,,D,Barack Obama,6,10,0
Cheyenne,9,2,President,,D,Barack Obama,11,29,5
Cheyenne,9,1,President,,R,Mitt Romney,19,73,16
Cheyenne,9,2,President,,R,Mitt Romney,80,137,29
"""


@pytest.mark.parametrize("column", ["county_id", "CountyID", "FIPS", "county_code", "District Number"])
def test_an_identifier_column_is_skipped_not_taken_for_votes(tmp_path: Path, column: str) -> None:
    source = tmp_path / "countyid.csv"
    source.write_text(COUNTY_ID.format(column=column), encoding="utf-8")
    imported = read_tally_file(source)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("President") == {"Barack Obama": 61, "Mitt Romney": 354}
    assert [(n.cell, n.label) for n in imported.notes.skipped] == [
        ("column B", f"{column} (counts, not read)")
    ]


def test_a_vote_word_inside_another_word_is_no_vote_column(tmp_path: Path) -> None:
    source = tmp_path / "countyid.csv"
    source.write_text(COUNTY_ID.format(column="countywide_rank"), encoding="utf-8")
    imported = read_tally_file(source)
    assert imported.errors == () and imported.results is not None


@pytest.mark.parametrize(
    ("label", "votes"),
    [
        ("walkin_votes", True),
        ("WalkinVotes", True),
        ("Mail Ballots", True),
        ("Election Day", True),
        ("county", False),
        ("Sunday", False),
        ("mailing_address", False),
        ("county_id", False),
        ("vote_center_code", False),
    ],
)
def test_a_header_speaks_of_votes_in_whole_words(label: str, votes: bool) -> None:
    assert speaks_of_votes(label) is votes


@pytest.mark.parametrize(
    ("cells", "found"),
    [
        (["1", "0", None, "12"], True),
        ([1, "0", "", 12], True),
        (["0", 0, None], False),  # no count above zero
        (["1,234", "5"], True),  # a count with a thousands separator, read cell by cell
        (["1", "x"], False),
        ([1, 2.5], False),
        ([1, True], False),
        ([" ", "3"], True),  # a blank text is blank
    ],
)
def test_count_columns_reads_every_kind_of_cell(cells: list[object], found: bool) -> None:
    rows: list[list[object]] = [["precinct", "n"], *(["P", cell] for cell in cells), ["P"]]
    header = Header(0, {"precinct": 0}, {}, [1])
    assert count_columns(Sheet("s", rows), header) == ([1] if found else [])
