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


def test_a_candidate_with_the_others_votes_together_in_the_only_unit_that_voted_stays(tmp_path: Path) -> None:
    # a district contest voted in North only: Ed's 15 is Cy's 10 and Di's 5, and Ed wins
    rows: list[list[object]] = [
        ["", "North", "South", "Total"],
        ["Mayor", None, None, None], ["Ada", 10, 20, 30], ["Bo", 5, 6, 11],
        ["Council D1", None, None, None], ["Cy", 10, None, 10], ["Di", 5, None, 5], ["Ed", 15, None, 15],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "a.xlsx", {"Abstract": rows}))
    assert imported.results is not None
    assert imported.results.totals("Council D1") == {"Cy": 10, "Di": 5, "Ed": 15}
    assert any(w.cell == "A8" and "as many votes as the lines above" in w.message for w in imported.warnings)
