"""A long table with a row per vote type and a ``Total`` row per unit and choice (Polling, Vote By
Mail, Early Voting, Total): the Total row is checked against the types, never added in. It was
stored as one more vote type, every count doubled, exit 0 (fourth review, W2), by the row path and
by the columnar path of a workbook."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv, write_xlsx

HEAD = ["Precinct", "Contest", "Candidate", "Vote Type", "Votes"]


def _rows(total_ada: int = 6) -> list[list[object]]:
    rows: list[list[object]] = [HEAD]
    for unit, ada, bob in (("Pct 1", (1, 2, 3), (4, 0, 1)), ("Pct 2", (5, 5, 5), (2, 2, 2))):
        for name, counts in (("Ada", ada), ("Bob", bob)):
            for vote_type, count in zip(("Polling", "Vote By Mail", "Early Voting"), counts, strict=True):
                rows.append([unit, "Mayor", name, vote_type, count])
            total = total_ada if (unit, name) == ("Pct 1", "Ada") else sum(counts)
            rows.append([unit, "Mayor", name, "Total", total])
    return rows


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_a_total_vote_type_row_is_checked_not_added(tmp_path: Path, kind: str) -> None:
    path = (
        write_csv(tmp_path / "long.csv", _rows())
        if kind == "csv"
        else write_xlsx(tmp_path / "long.xlsx", {"Sheet": _rows()})
    )
    imported = read_tally_file(path)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 21, "Bob": 11}
    ada = next(t for t in imported.results.tallies if (t.precinct, t.choice) == ("Pct 1", "Ada"))
    assert dict(ada.vote_types) == {"Polling": 1, "Vote By Mail": 2, "Early Voting": 3}
    assert len(imported.notes.totals) == 4


def test_a_total_row_that_does_not_add_up_is_an_error_naming_it(tmp_path: Path) -> None:
    imported = read_tally_file(write_csv(tmp_path / "long.csv", _rows(total_ada=7)))
    assert imported.results is None
    [error] = imported.errors
    assert error.cell == "line 5"
    assert "add up to 6 but the file's total (line 5) says 7" in error.message
