"""A statement with a second unit-word column (``Ward | Precinct``): the precinct is the unit."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


@pytest.mark.parametrize("word", ["Ward", "Ballot Style", "Split"])
def test_precinct_column_is_the_unit_beside_another_unit_word(tmp_path: Path, word: str) -> None:
    mayor = [["Mayor"], [word, "Precinct", "Ada", "Bo"], ["A", "P1", 10, 1], ["B", "P2", 20, 2],
             ["C", "P3", 37, 3], ["Total", "Total", 67, 6]]
    clerk = [["Clerk"], [word, "Precinct", "Cy", "Di"], ["A", "P1", 1, 1], ["B", "P2", 2, 2],
             ["C", "P3", 4, 5], ["Total", "Total", 7, 8]]
    imported = read_tally_file(write_xlsx(tmp_path / "s.xlsx", {"1": mayor, "2": clerk}))
    assert imported.errors == ()
    results = imported.results
    assert results is not None
    assert [c.name for c in results.contests] == ["Mayor", "Clerk"]
    assert [p.name for p in results.precincts] == ["P1", "P2", "P3"]
    assert results.totals("Mayor") == {"Ada": 67, "Bo": 6}
    # the other unit column is not read, and the summary says so, naming its header cell
    skipped = [(n.sheet, n.cell, n.label) for n in imported.notes.skipped]
    assert skipped == [("1", "A2", word), ("2", "A2", word)]
