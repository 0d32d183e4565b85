"""An abstract whose precincts continue on a second page: the header row repeated with other
precincts (``Pct 4 | Pct 5 | Total``, the total where page 1 had a precinct), the same contests
below it. Page 2's counts were given page 1's precinct names: "'Pct 4' is not a number" and
"appears twice with different counts" (fourth review, R2). Now each page's rows are read under
its own header, its total column checked over its own units."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


def _page(units: list[str], rows: list[tuple[str, list[int]]], total: bool) -> list[list[object]]:
    page: list[list[object]] = [[None, *units, *(["Total"] if total else [])], ["Mayor"]]
    return page + [[name, *counts, *([sum(counts)] if total else [])] for name, counts in rows]


@pytest.mark.parametrize("total", [True, False])
def test_a_second_page_of_precincts_is_read_under_its_own_header(tmp_path: Path, total: bool) -> None:
    first = _page(["Pct 1", "Pct 2", "Pct 3"], [("Ann", [1, 2, 3]), ("Bob", [4, 5, 6])], total)
    second = _page(["Pct 4", "Pct 5"], [("Ann", [7, 8]), ("Bob", [9, 10])], total)
    imported = read_tally_file(
        write_xlsx(tmp_path / "pages.xlsx", {"Results": [*first, [], ["Page 2 of 2"], *second]})
    )
    assert imported.errors == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == ["Pct 1", "Pct 2", "Pct 3", "Pct 4", "Pct 5"]
    assert imported.results.totals("Mayor") == {"Ann": 21, "Bob": 34}
