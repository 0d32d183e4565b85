"""A long table with a column naming a split precinct's portions (``split``: A and B beside
``Pct 2``): the portions are summed per choice, with one warning naming them. Two portions with
equal counts were counted once as a repeated row, votes lost with only a warning (fourth review,
W6). A portion met twice is still the duplicate rule's (an error when the counts differ)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv

HEAD = ["precinct", "split", "office", "candidate", "votes"]


def test_portions_in_a_split_column_are_summed(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        HEAD,
        ["Pct 1", "", "President", "Trump", 138],
        ["Pct 2", "A", "President", "Trump", 292],
        ["Pct 2", "B", "President", "Trump", 292],
        ["Pct 3", "", "President", "Trump", 784],
        ["Pct 1", "", "President", "Clinton", 10],
        ["Pct 2", "A", "President", "Clinton", 5],
        ["Pct 2", "B", "President", "Clinton", 6],
        ["Pct 3", "", "President", "Clinton", 7],
    ]
    imported = read_tally_file(write_csv(tmp_path / "split.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("President") == {"Trump": 1506, "Clinton": 28}
    assert [p.name for p in imported.results.precincts] == ["Pct 1", "Pct 2", "Pct 3"]
    [warning] = imported.warnings
    assert "column B 'split' (Pct 2: A, B)" in warning.message


def test_one_portion_met_twice_with_other_counts_is_an_error(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        HEAD,
        ["Pct 1", "A", "Mayor", "Ann", 1],
        ["Pct 1", "A", "Mayor", "Ann", 2],
        ["Pct 2", "", "Mayor", "Ann", 3],
    ]
    imported = read_tally_file(write_csv(tmp_path / "twice.csv", rows))
    assert imported.results is None
    assert "appears twice with different counts" in imported.errors[0].message
