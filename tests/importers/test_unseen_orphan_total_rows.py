"""A file's own total row for a contest no unit row votes in is never ignored. Modelled on Niobrara
County WY 2006 (openelections-sources-wy 20061107/20061107__wy__general__niobrara__precinct.csv):
its State House rows carry one district per precinct (2 to 7) and its county-total row district 8,
so the total closes no contest the file holds (issue 11, helper C3's check)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import TallyImport, read_tally_file

NIOBRARA = """office,district,party,county,candidate,precinct,votes,winner
U.S. Senate,,R,Niobrara,Craig Thomas,Hat Creek 3-2,120,
U.S. Senate,,R,Niobrara,Craig Thomas,Lance Creek 4-1,95,
U.S. Senate,,R,Niobrara,Craig Thomas,,215,TRUE
State House,2,D,Niobrara,Ross Diercks,Hat Creek 3-2,56,
State House,3,D,Niobrara,Ross Diercks,Lance Creek 4-1,52,
State House,8,D,Niobrara,Ross Diercks,,{total},TRUE
"""


def _read(tmp_path: Path, total: int) -> TallyImport:
    path = tmp_path / "niobrara.csv"
    path.write_bytes(NIOBRARA.format(total=total).replace("\n", "\r").encode())
    return read_tally_file(path)


def test_a_total_row_matching_no_contest_but_equal_to_the_choices_votes_is_a_warning(tmp_path: Path) -> None:
    imported = _read(tmp_path, 108)
    assert imported.errors == () and imported.results is not None
    [warning] = [w for w in imported.warnings if w.cell == "line 7"]
    assert "closes no unit row of that contest" in warning.message
    assert "'State House 2', 'State House 3' (108)" in warning.message
    assert "State House 8" not in [c.name for c in imported.results.contests]


def test_a_total_row_matching_nothing_read_is_an_error_naming_its_line(tmp_path: Path) -> None:
    imported = _read(tmp_path, 109)
    assert imported.results is None
    [error] = imported.errors
    assert error.cell == "line 7"
    assert error.message.startswith("'State House 8', 'Ross Diercks': the file's total (line 7) says 109")
    assert "add up to 108, not 109" in error.message


def test_a_total_row_of_nothing_read_is_a_difference_naming_its_line(tmp_path: Path) -> None:
    """Montana 2012's statewide file: a county-total row under a bare ``HD`` district, for a name
    no unit row votes for (``HD L&C``): nothing to check it against, so an error unless accepted;
    accepted, it is left out and kept with the differences (review finding 7)."""
    path = tmp_path / "niobrara.csv"
    text = NIOBRARA.format(total=108) + "State House,HD,R,Niobrara,HD Niobrara,,15514,\n"
    path.write_bytes(text.replace("\n", "\r").encode())
    refused = read_tally_file(path)
    assert refused.results is None
    [error] = refused.errors
    assert error.cell == "line 8"
    assert "says 15514, but no unit row of the file votes in that contest or for that choice" in error.message
    assert "--accept-differences" in error.message
    imported = read_tally_file(path, accept_differences=True)
    assert imported.errors == () and imported.results is not None
    [difference] = imported.differences
    assert (difference.total_cell, difference.total, difference.units_sum) == ("line 8", 15514, 0)
    assert "line 8" in [note.cell for note in imported.notes.skipped]
    assert "State House HD" not in [c.name for c in imported.results.contests]
