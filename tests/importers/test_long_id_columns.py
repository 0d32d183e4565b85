"""A long table's unnamed columns: an identifier's numbers (``county_id``, ``FIPS``) are never
votes, and a header speaks of votes only in whole words (``county`` holds ``count``, but counts
nothing). The reviewer's countyid.csv (issue 11 review, finding 9) imports as it did before."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import long_columnar, read_tally_file
from recount_desktop.importers.headers import Header
from recount_desktop.importers.long_unnamed import count_columns, speaks_of_votes
from recount_desktop.importers.source import Sheet
from tests.importers.conftest import write_xlsx
from tests.importers.test_long_columnar import _columnar, _declined

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


@pytest.mark.skipif(not long_columnar.available(), reason="fastexcel and pyarrow not installed")
@pytest.mark.parametrize(
    ("extra", "skipped"),
    [
        ([9, 9], [("column B", "county_id (counts, not read)")]),
        ([9.0, 0.0], [("column B", "county_id (counts, not read)")]),
        (["Adams", "Baker"], []),
        ([0, 0], []),
    ],
)
def test_the_columnar_read_lists_the_same_skipped_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: list[object], skipped: list[tuple[str, str]]
) -> None:
    """A large workbook read by columns says what the row path says of its unread columns."""
    rows: list[list[object]] = [["county", "county_id", "precinct", "office", "candidate", "votes"]]
    rows += [
        ["Cheyenne", extra[p % 2], f"P{p}", "Mayor", name, p + k]
        for p in range(20)
        for k, name in enumerate("AB")
    ]
    imported = _columnar(write_xlsx(tmp_path / "long.xlsx", {"Results": rows}), monkeypatch)
    assert imported.errors == () and imported.results is not None
    assert [(n.cell, n.label) for n in imported.notes.skipped] == skipped


@pytest.mark.skipif(not long_columnar.available(), reason="fastexcel and pyarrow not installed")
def test_a_vote_column_the_reader_cannot_name_is_refused_by_columns_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows: list[list[object]] = [["precinct", "office", "candidate", "poll_votes", "walkin_votes"]]
    rows += [[f"P{p}", "Mayor", name, p + k, 1] for p in range(20) for k, name in enumerate("AB")]
    imported = _declined(write_xlsx(tmp_path / "long.xlsx", {"Results": rows}), monkeypatch)
    assert imported.results is None
    assert "column E 'walkin_votes' holds counts" in imported.errors[0].message
