"""A statement sheet whose table continues after a page break that repeats its header row (with
'Page: 2 of 2' or nothing between): one contest, its total row closing both pages. The part after
the break was a second contest named after the sheet, exit 0, with a warning saying the opposite;
with a total row the file was refused with a false difference (fourth review, W4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

HEADER: list[object] = ["Precinct", "Ada", "Bob"]


def _president(between: list[list[object]], total: list[object] | None) -> list[list[object]]:
    rows: list[list[object]] = [
        ["President (Vote for 1)"],
        HEADER,
        ["Pct 1", 10, 20],
        ["Pct 2", 30, 5],
        ["Pct 3", 1, 2],
    ]
    rows += [*between, HEADER, ["Pct 4", 4, 4], ["Pct 5", 5, 6]]
    return rows + ([["Total:", *total]] if total else [])


@pytest.mark.parametrize("between", [[["Page: 2 of 2"]], []])
@pytest.mark.parametrize("total", [None, [50, 37]])
def test_the_table_continues_after_a_repeated_header(
    tmp_path: Path, between: list[list[object]], total: list[object] | None
) -> None:
    mayor: list[list[object]] = [["Mayor"], ["Precinct", "Cy", "Di"], ["Pct 1", 1, 2], ["Pct 2", 3, 4]]
    sheets = {"President": _president(between, total), "Mayor": mayor}
    imported = read_tally_file(write_xlsx(tmp_path / "pages.xlsx", sheets))
    assert imported.errors == () and imported.results is not None
    assert [c.name for c in imported.results.contests] == ["President (Vote for 1)", "Mayor"]
    assert imported.results.totals("President (Vote for 1)") == {"Ada": 50, "Bob": 37}
    assert not [w for w in imported.warnings if "no contest title above it" in w.message]


def test_a_total_that_closes_only_the_second_page_is_still_an_error(tmp_path: Path) -> None:
    mayor: list[list[object]] = [["Mayor"], ["Precinct", "Cy", "Di"], ["Pct 1", 1, 2], ["Pct 2", 3, 4]]
    sheets = {"President": _president([], [9, 10]), "Mayor": mayor}
    imported = read_tally_file(write_xlsx(tmp_path / "pages.xlsx", sheets))
    assert imported.results is None and imported.errors
