"""An abstract's line whose count in every unit is the sum of the contest's lines above it is the
contest's total, whatever its label ("All", "Votes Cast"): checked, never a choice that would
double the contest's votes."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


def _abstract(path: Path, *lines: list[object]) -> Path:
    rows: list[list[object]] = [["", "North", "South", "West"], ["Mayor", None, None, None], *lines]
    return write_xlsx(path, {"Abstract": rows})


def test_a_line_that_sums_the_choices_is_a_total_whatever_its_label(tmp_path: Path) -> None:
    source = _abstract(
        tmp_path / "a.xlsx", ["Ada", 10, 20, 0], ["Bo", 5, 6, 0], ["Cy", 1, 0, 0], ["All", 16, 26, 0]
    )
    imported = read_tally_file(source)
    assert imported.ok and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 30, "Bo": 11, "Cy": 1}  # not 'All': 42 more
    assert [(n.cell, n.label) for n in imported.notes.totals] == [("A6", "All")]


def test_a_line_that_sums_only_some_units_is_a_choice(tmp_path: Path) -> None:
    source = _abstract(tmp_path / "a.xlsx", ["Ada", 10, 20, 3], ["Bo", 5, 6, 4], ["Di", 15, 26, 1])
    imported = read_tally_file(source)
    assert imported.ok and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 33, "Bo": 15, "Di": 42}
    assert imported.notes.totals == []


def test_two_lines_are_needed_before_a_sum(tmp_path: Path) -> None:
    source = _abstract(tmp_path / "a.xlsx", ["Ada", 10, 20, 3], ["Bo", 10, 20, 3])
    imported = read_tally_file(source)
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 33, "Bo": 33}
