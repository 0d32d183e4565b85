"""Third review, finding 6: a long table with vote-type columns and no votes column gives nothing
to check an unnamed column of counts against, so any such column (``UOCAVA``, ``Curbside``,
``Overseas``, ``Military``) may be votes the reader would lose: an error naming it, as for a column
headed like votes. An identifier's column (``precinct_id``, ``FIPS``, ``precinct_no``) is numbers,
not votes: listed as skipped, as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file

HEAD = "precinct,office,candidate,election_day,mail"
ROWS = ("P1,Mayor,Ada,10,2", "P1,Mayor,Bob,5,3", "P2,Mayor,Ada,3,1", "P2,Mayor,Bob,4,4")


def _csv(tmp_path: Path, extra: str, values: tuple[int, ...]) -> Path:
    path = tmp_path / "long.csv"
    lines = [f"{HEAD},{extra}", *(f"{row},{value}" for row, value in zip(ROWS, values, strict=True))]
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize(
    "label", ["UOCAVA", "Curbside", "Overseas", "Military", "Federal Only", "Mail Ballot Code Count"]
)
def test_an_unnamed_column_of_counts_beside_vote_types_is_an_error_naming_it(
    tmp_path: Path, label: str
) -> None:
    imported = read_tally_file(_csv(tmp_path, label, (1, 2, 1, 3)), format="long")
    assert imported.results is None
    [error] = imported.errors
    assert error.cell == "line 1, column F"
    assert f"{label!r} holds counts but is not a vote type this reader knows" in error.message


@pytest.mark.parametrize(
    "label", ["precinct_id", "FIPS", "precinct_no", "Precinct Code", "Ward", "countywide_rank"]
)
def test_an_identifiers_column_beside_vote_types_is_skipped(tmp_path: Path, label: str) -> None:
    imported = read_tally_file(_csv(tmp_path, label, (1001, 1001, 1002, 1002)), format="long")
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 16, "Bob": 16}
    assert [(n.cell, n.label) for n in imported.notes.skipped] == [
        ("column F", f"{label} (counts, not read)")
    ]
