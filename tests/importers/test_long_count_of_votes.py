"""A long table's column headed "No. of Provisional Votes" or ``provisional_votes_no`` counts votes:
"no" and "number" make an identifier only as the last word after a word that is not about votes
(``precinct_no``, ``District Number``). The second review's lb.csv and ld.csv (issue 11, finding E)
imported with exit 0 and 8 of 41 votes left out; they are now refused, naming the column."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.long_unnamed import speaks_of_votes
from tests.importers.conftest import write_csv, write_xlsx
from tests.importers.test_long_columnar import _declined

MAYOR = [
    ["P1", "Mayor", "Ada", 10, 2, 1],
    ["P1", "Mayor", "Bob", 5, 3, 2],
    ["P2", "Mayor", "Ada", 3, 1, 1],
    ["P2", "Mayor", "Bob", 7, 2, 4],
]


def _head(label: str) -> list[object]:
    return ["precinct", "office", "candidate", "election_day", "mail", label]


@pytest.mark.parametrize(
    ("label", "votes"),
    [
        ("No. of Provisional Votes", True),
        ("provisional_votes_no", True),
        ("Number of Mail Ballots", True),
        ("num_early_votes", True),
        ("precinct_no", False),
        ("county_number", False),
        ("Ballot Style Number", False),
        ("provisional_votes_id", False),  # an identifier, wherever it stands
        ("votes_code", False),
        ("No. of Provisional Votes (key)", False),
    ],
)
def test_a_number_word_is_an_identifier_only_after_a_word_not_about_votes(label: str, votes: bool) -> None:
    assert speaks_of_votes(label) is votes


@pytest.mark.parametrize("label", ["No. of Provisional Votes", "provisional_votes_no"])
def test_a_count_of_provisional_votes_beside_vote_types_is_never_left_out(tmp_path: Path, label: str) -> None:
    source = write_csv(tmp_path / "lb.csv", [_head(label), *MAYOR])
    imported = read_tally_file(source)
    assert imported.results is None
    [error] = imported.errors
    assert error.cell == "line 1, column F"
    assert f"column F {label!r} holds counts but is not a vote type this reader knows" in error.message


def test_a_workbook_read_by_columns_refuses_it_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = write_xlsx(tmp_path / "lb.xlsx", {"Results": [_head("No. of Provisional Votes"), *MAYOR]})
    imported = _declined(source, monkeypatch)
    assert imported.results is None
    assert [e.cell for e in imported.errors] == ["F1"]


def test_a_precinct_number_beside_vote_types_is_skipped(tmp_path: Path) -> None:
    rows = [["precinct_no", "office", "candidate", "election_day", "mail", "votes"]]
    rows += [[p[1:], c, n, d, m, d + m] for p, c, n, d, m, _ in MAYOR]
    imported = read_tally_file(write_csv(tmp_path / "numbered.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 16, "Bob": 17}


def _with_votes(extra: list[str], counts: list[list[int]], votes: list[int]) -> list[list[object]]:
    head: list[object] = [*_head(extra[0])[:5], *extra, "votes"]
    return [head, *([*row[:5], *more, total] for row, more, total in zip(MAYOR, counts, votes, strict=True))]


def test_columns_headed_like_votes_holding_the_difference_are_named_together(tmp_path: Path) -> None:
    rows = _with_votes(["No. of Provisional Votes", "walkin_votes"], [[1, 1]] * 4, [14, 11, 6, 12])
    imported = read_tally_file(write_csv(tmp_path / "two.csv", rows))
    assert imported.results is None
    assert imported.errors[0].cell == "line 2"
    assert imported.errors[0].message.endswith(
        "add up to 12, not to the 14 in the votes column; columns F 'No. of Provisional Votes' and "
        "G 'walkin_votes', which this reader does not know as vote types, hold the missing 2: rename "
        "them to known vote types (Election Day, Early, Mail, Provisional)"
    )


def test_a_column_headed_like_votes_is_named_when_the_difference_is_not_its_count(tmp_path: Path) -> None:
    rows = _with_votes(["No. of Provisional Votes"], [[1], [2], [1], [4]], [15, 10, 5, 13])
    imported = read_tally_file(write_csv(tmp_path / "more.csv", rows))
    assert imported.results is None
    assert imported.errors[0].cell == "line 2"
    assert imported.errors[0].message.endswith(
        "add up to 12, not to the 15 in the votes column; column F 'No. of Provisional Votes', which "
        "this reader does not know as a vote type, is headed like votes: the missing 3 may be there: "
        "rename it to a known vote type (Election Day, Early, Mail, Provisional)"
    )
    assert len(imported.errors) == 4  # every row, its provisional count not read
