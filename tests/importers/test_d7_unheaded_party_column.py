"""An abstract whose first label column, under no header, holds each line's party code (Carter MO:
``R | Eric Schmitt``, ``D | Lucas Kunce``) stores the party apart from the name; it was glued onto
the name (``R Eric Schmitt``), the party lost (last session's note, #11 left out). The totals do
not change. A contest title in that column is still the contest's title."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv

ROWS: list[list[object]] = [
    ["", "", "Eastwood", "VB1", "VB2", "Absentee", "TOTAL VOTES"],
    ["U. S. Senator", "", "", "", "", "", ""],
    ["R", "Eric Schmitt", 21, 46, 133, 26, 226],
    ["R", "Eric Greitens", 21, 27, 102, 22, 172],
    ["D", "Lucas Kunce", 0, 4, 16, 1, 21],
    ["", "Write-in", 0, 1, 0, 0, 1],
    ["State Auditor", "", "", "", "", "", ""],
    ["R", "Scott Fitzpatrick", 30, 50, 100, 20, 200],
    ["L", "John Hartwig", 1, 2, 3, 4, 10],
]


def test_an_unheaded_party_column_is_stored_as_the_party(tmp_path: Path) -> None:
    imported = read_tally_file(write_csv(tmp_path / "carter.csv", ROWS))
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "abstract"
    contests = {c.name: c for c in imported.results.contests}
    assert list(contests) == ["U. S. Senator", "State Auditor"]
    senator = [(c.name, c.party) for c in contests["U. S. Senator"].choices]
    assert senator[:3] == [("Eric Schmitt", "R"), ("Eric Greitens", "R"), ("Lucas Kunce", "D")]
    assert senator[3][0] == "Write-in"
    assert imported.results.totals("U. S. Senator") == {
        "Eric Schmitt": 226,
        "Eric Greitens": 172,
        "Lucas Kunce": 21,
        "Write-in": 1,
    }
    assert [(c.name, c.party) for c in contests["State Auditor"].choices] == [
        ("Scott Fitzpatrick", "R"),
        ("John Hartwig", "L"),
    ]


def test_a_first_column_of_other_words_stays_in_the_name(tmp_path: Path) -> None:
    rows = [list(row) for row in ROWS[:6]]
    rows[2][0], rows[3][0], rows[4][0] = "Mr", "Dr", "Ms"
    imported = read_tally_file(write_csv(tmp_path / "names.csv", rows))
    assert imported.errors == () and imported.results is not None
    names = [c.name for c in imported.results.contests[0].choices]
    assert names[:3] == ["Mr Eric Schmitt", "Dr Eric Greitens", "Ms Lucas Kunce"]
