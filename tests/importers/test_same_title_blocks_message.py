"""Two stacked blocks under one title with other candidates and other precincts are refused; the
error said they 'both list 'Total'', the blocks' own total column, as if it were a shared choice
(fourth review, R8)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

TITLE = "For Member of Board of Education"


def test_the_refusal_does_not_call_the_total_column_a_shared_choice(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["Precinct Name", None, TITLE, None, "Total"],
        [None, None, "Ann", "Bob", "Total"],
        ["Absentee/Early Vote", None, 319, 184, 503],
        ["Castle Rock A", None, 131, 354, 485],
        ["Total", None, 450, 538, 988],
        [],
        ["Precinct Name", None, TITLE, None, "Total"],
        [None, None, "Cal", "Dee", "Total"],
        ["Gering I", None, 294, 391, 685],
        ["Gering II", None, 42, 134, 176],
        ["Total", None, 336, 525, 861],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "blocks.xlsx", {"Sheet": rows}))
    assert imported.results is None
    [error] = imported.errors
    assert "they share only their own total column" in error.message
    assert "both list" not in error.message
