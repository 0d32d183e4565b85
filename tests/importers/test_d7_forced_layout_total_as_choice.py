"""A layout forced with --format that reads a total column as a choice is refused: --format sovc
on a one-contest wide sheet (w09: 'Mayor' over 'Total Votes | Undervotes | Overvotes | Ann Adams |
Bob Baker') stored a contest 'Eligible Voters' whose choice 'Mayor' held each precinct's total
votes, exit 0 (last session's note, #11 left out). Automatic detection reads it right."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.forced_layout import total_read_as_choice
from tests.importers.conftest import write_xlsx
from tests.importers.test_wide_one_contest_titled import ROWS


def test_a_forced_statement_reading_a_total_as_a_choice_is_refused(tmp_path: Path) -> None:
    imported = read_tally_file(write_xlsx(tmp_path / "w09.xlsx", {"Sheet": ROWS}), format="sovc")
    assert imported.results is None
    [error] = imported.errors
    assert "'Mayor'" in error.message and "sum of the contest's other choices" in error.message
    assert "--format sovc" in error.message


def test_the_same_sheet_still_reads_by_itself_and_as_wide(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "w09.xlsx", {"Sheet": ROWS})
    for layout in ("auto", "wide"):
        imported = read_tally_file(path, format=layout)
        assert imported.errors == () and imported.results is not None, layout
        assert imported.results.totals("Mayor") == {"Ann Adams": 753, "Bob Baker": 705}


def test_a_forced_reading_whose_choices_are_not_a_sum_is_kept(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["Mayor"],
        ["Precinct", "Ann", "Bob", "Cy"],
        ["Pct 1", 5, 2, 3],
        ["Pct 2", 9, 4, 4],
        ["Pct 3", 1, 7, 8],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "mayor.xlsx", {"Mayor": rows}), format="sovc")
    assert imported.errors == () and imported.results is not None
    assert total_read_as_choice(imported.results) is None
    assert imported.results.totals("Mayor") == {"Ann": 15, "Bob": 13, "Cy": 15}
