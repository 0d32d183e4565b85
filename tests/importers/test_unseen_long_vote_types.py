"""OpenElections' Colorado 2012 files (openelections-data-co 2012/20121106__co__general__cheyenne__
precinct.csv and ...ouray...) give ``votes,poll_votes,mail_votes,early_votes``: ``poll_votes`` is the
election-day vote type, never dropped (it made 48 false "do not add up" errors); and a column of
counts that no field names is never dropped silently (issue 11, helper C3's check)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file

CHEYENNE = """county,precinct,office,district,party,candidate,votes,poll_votes,mail_votes,early_votes
Cheyenne,1,President,,D,Barack Obama,16,6,10,0
Cheyenne,2,President,,D,Barack Obama,45,11,29,5
Cheyenne,1,President,,R,Mitt Romney,108,19,73,16
Cheyenne,2,President,,R,Mitt Romney,302,102,170,30
"""


def _csv(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "precinct.csv"
    path.write_bytes(text.replace("\n", "\r").encode())  # the real files end lines with a bare CR
    return path


def test_poll_votes_are_the_election_day_vote_type(tmp_path: Path) -> None:
    imported = read_tally_file(_csv(tmp_path, CHEYENNE))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("President") == {"Barack Obama": 61, "Mitt Romney": 410}
    [p1] = [t for t in imported.results.tallies if t.choice == "Mitt Romney" and t.precinct.endswith("1")]
    assert dict(p1.vote_types) == {"Election Day": 19, "Mail": 73, "Early": 16}


@pytest.mark.parametrize("layout", ["long", "auto"])
def test_without_a_votes_column_poll_votes_are_counted(tmp_path: Path, layout: str) -> None:
    """Automatic detection too: the header row names a long table's columns, so the abstract
    reading (its precinct numbers read as votes) is not offered beside it."""
    text = "\n".join(",".join(line.split(",")[:6] + line.split(",")[7:]) for line in CHEYENNE.splitlines())
    imported = read_tally_file(_csv(tmp_path, text + "\n"), format=layout)
    assert imported.layout == "long" and imported.errors == () and imported.results is not None
    assert imported.results.totals("President") == {"Barack Obama": 61, "Mitt Romney": 410}


def test_an_unknown_vote_column_without_a_votes_column_is_an_error_naming_it(tmp_path: Path) -> None:
    text = "\n".join(",".join(line.split(",")[:6] + line.split(",")[7:]) for line in CHEYENNE.splitlines())
    text = text.replace("poll_votes", "walkin_votes")
    imported = read_tally_file(_csv(tmp_path, text + "\n"), format="long")
    assert imported.results is None
    [error] = imported.errors
    assert error.cell == "line 1, column G"
    assert "'walkin_votes' holds counts but is not a vote type this reader knows" in error.message


def test_a_vote_type_left_unnamed_is_named_in_the_difference_it_explains(tmp_path: Path) -> None:
    # closing the gap in every row, it is read as a vote type of its own name, with a warning (fourth
    # review, R5: test_long_unknown_vote_type_column); off by one in a row, it is refused as before
    renamed = CHEYENNE.replace("poll_votes", "walkin_votes")
    read = read_tally_file(_csv(tmp_path, renamed), format="long")
    assert read.errors == () and read.results is not None
    assert any("read as the vote type 'walkin_votes'" in w.message for w in read.warnings)
    off = renamed.replace("Mitt Romney,302,102,", "Mitt Romney,302,101,")
    imported = read_tally_file(_csv(tmp_path, off), format="long")
    assert imported.results is None
    assert imported.errors[0].cell == "line 2"
    assert imported.errors[0].message.endswith(
        "add up to 10, not to the 16 in the votes column; column H 'walkin_votes', which this reader "
        "does not know as a vote type, holds the missing 6: rename it to a known vote type "
        "(Election Day, Early, Mail, Provisional)"
    )


def test_an_unnamed_column_of_counts_is_listed_as_skipped(tmp_path: Path) -> None:
    text = CHEYENNE.replace("early_votes\n", "early_votes,precinct_id\n")
    lines = text.splitlines()
    text = "\n".join([lines[0], *(line + ",1001" for line in lines[1:])]) + "\n"
    imported = read_tally_file(_csv(tmp_path, text))
    assert imported.errors == () and imported.results is not None
    assert [(n.cell, n.label) for n in imported.notes.skipped] == [
        ("column K", "precinct_id (counts, not read)")
    ]


def test_an_na_district_is_no_district(tmp_path: Path) -> None:
    """openelections-data-ne 2016/counties/20161108__ne__general__arthur__precinct.csv: ``NA`` in the
    district column of a statewide office is no district (it made 'President NA')."""
    path = tmp_path / "arthur.csv"
    path.write_text(
        '"county","precinct","district","office","party","candidate","votes"\n'
        '"Arthur","Absentee",NA,"President","DEM","Hillary Clinton",0\n'
        '"Arthur","Arthur",NA,"President","DEM","Hillary Clinton",17\n'
        '"Arthur","Arthur",NA,"President","REP","Donald J. Trump",228\n',
        encoding="utf-8",
    )
    imported = read_tally_file(path)
    assert imported.errors == () and imported.results is not None
    assert [c.name for c in imported.results.contests] == ["President"]
