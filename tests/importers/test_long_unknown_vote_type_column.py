"""A long table with vote-type columns (Mail-In, In Person), a ``Total`` votes column, and one
more count column no vote-type word names (``Drop Box``) that holds, in every row, what the named
types leave out of the total: read as a vote type of that name, with a warning. The file was
refused asking for the column to be renamed (fourth review, R5). A column that does not close
the gap is still refused, as before."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv

HEAD = ["precinct", "office", "candidate", "Mail-In", "In Person", "Drop Box", "Total"]


def _rows(last_total: int) -> list[list[object]]:
    return [
        HEAD,
        ["Pct 1", "Mayor", "Ann", 1, 2, 3, 6],
        ["Pct 2", "Mayor", "Ann", 4, 5, 6, 15],
        ["Pct 1", "Mayor", "Bob", 7, 8, 9, last_total],
    ]


def test_a_column_closing_the_gap_in_every_row_is_a_vote_type(tmp_path: Path) -> None:
    imported = read_tally_file(write_csv(tmp_path / "types.csv", _rows(24)))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ann": 21, "Bob": 24}
    ann = next(t for t in imported.results.tallies if (t.precinct, t.choice) == ("Pct 1", "Ann"))
    assert dict(ann.vote_types)["Drop Box"] == 3
    assert any("read as the vote type 'Drop Box'" in w.message for w in imported.warnings)
    assert not imported.notes.skipped


def test_a_column_that_does_not_close_the_gap_is_still_refused(tmp_path: Path) -> None:
    imported = read_tally_file(write_csv(tmp_path / "types.csv", _rows(25)))
    assert imported.results is None
    assert any("'Drop Box'" in e.message for e in imported.errors)
