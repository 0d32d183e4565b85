"""A long table whose ``Split`` column holds vote types (Early, Election Day, Mail) reads them as
each row's vote type, stored as such, a ``Total`` row among them checked. They were summed as a
split precinct's portions, the vote types lost, with a warning that rows were summed (last
session's note, #11 left out). A split column of portions (A, B) is still summed as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv, write_xlsx

HEAD = ["Precinct", "Split", "Contest", "Candidate", "Votes"]
TYPES = ("Early", "Election Day", "Mail")


def _rows(total_off: int | None = None) -> list[list[object]]:
    """Three precincts, two candidates, each count given per vote type; with ``total_off``, a
    ``Total`` row per unit and choice, Bob's in Pct 2 off by that much."""
    rows: list[list[object]] = [HEAD]
    for unit in ("Pct 1", "Pct 2", "Pct 3"):
        for name, base in (("Ann", 3), ("Bob", 5)):
            counts = [base + i for i in range(len(TYPES))]
            rows.extend(
                [unit, vote_type, "Mayor", name, count]
                for vote_type, count in zip(TYPES, counts, strict=True)
            )
            if total_off is not None:
                off = total_off if (unit, name) == ("Pct 2", "Bob") else 0
                rows.append([unit, "Total", "Mayor", name, sum(counts) + off])
    return rows


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_vote_types_in_a_split_column_are_stored_as_vote_types(tmp_path: Path, kind: str) -> None:
    path = (
        write_csv(tmp_path / "long.csv", _rows())
        if kind == "csv"
        else write_xlsx(tmp_path / "long.xlsx", {"Results": _rows()})
    )
    imported = read_tally_file(path)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ann": 36, "Bob": 54}
    bob = next(t for t in imported.results.tallies if (t.precinct, t.choice) == ("Pct 2", "Bob"))
    assert dict(bob.vote_types) == {"Early": 5, "Election Day": 6, "Mail": 7}
    [warning] = imported.warnings
    assert "column B 'Split' holds vote types" in warning.message
    assert "portions are summed" not in warning.message


def test_a_total_row_among_the_split_vote_types_is_checked_not_added(tmp_path: Path) -> None:
    imported = read_tally_file(write_csv(tmp_path / "long.csv", _rows(total_off=0)))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ann": 36, "Bob": 54}
    assert len(imported.notes.totals) == 6


def test_a_total_row_that_does_not_add_up_is_an_error(tmp_path: Path) -> None:
    imported = read_tally_file(write_csv(tmp_path / "long.csv", _rows(total_off=1)))
    assert imported.results is None
    [error] = imported.errors
    assert "add up to 18 but the file's total" in error.message


def test_portions_beside_a_vote_type_word_stay_portions(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        HEAD,
        ["Pct 1", "A", "Mayor", "Ann", 3],
        ["Pct 1", "Early", "Mayor", "Ann", 4],
        ["Pct 2", "", "Mayor", "Ann", 5],
    ]
    imported = read_tally_file(write_csv(tmp_path / "long.csv", rows))
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"Ann": 12}
    assert any("portions are summed" in warning.message for warning in imported.warnings)
