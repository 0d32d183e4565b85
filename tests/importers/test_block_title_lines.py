"""The third review's findings 3 and 4: stacked blocks each titled above their header, with a
line between the title and the header (``4 Year Term``, ``Official Results``, ``Nonpartisan``).
The nearest text row was taken for the title, so GOVERNOR and MAYOR were one contest named
``4 Year Term`` with four candidates, exit 0. And ``GOVERNOR (continued)`` over a second block
read with --format sovc was a second contest."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


def _blocks(line: str) -> list[list[object]]:
    return [
        ["GOVERNOR"],
        [line],
        ["Precinct", "Ada Lovelace", "Bob Smith"],
        ["Adams", 10, 20],
        ["Baker", 30, 5],
        [],
        ["MAYOR"],
        [line],
        ["Precinct", "Cy Young", "Di Prince"],
        ["Adams", 50, 7],
        ["Baker", 8, 9],
    ]


@pytest.mark.parametrize("line", ["4 Year Term", "Official Results", "Nonpartisan"])
def test_a_line_between_a_block_title_and_its_header_is_not_the_title(tmp_path: Path, line: str) -> None:
    path = write_xlsx(tmp_path / "term.xlsx", {"Results": _blocks(line)})
    imported = read_tally_file(path, format="sovc")
    assert imported.errors == () and imported.results is not None
    assert [c.name for c in imported.results.contests] == ["GOVERNOR", "MAYOR"]
    assert imported.results.totals("GOVERNOR") == {"Ada Lovelace": 40, "Bob Smith": 25}
    assert imported.results.totals("MAYOR") == {"Cy Young": 58, "Di Prince": 16}


def test_a_block_titled_continued_is_the_same_contest(tmp_path: Path) -> None:
    """c4_cont3.xlsx read with --format sovc: two contests, GOVERNOR and GOVERNOR (continued)."""
    rows: list[list[object]] = [
        ["GOVERNOR"],
        ["Precinct", "Ada Lovelace", "Bob Smith"],
        ["Adams", 10, 20],
        ["Baker", 30, 5],
        [],
        ["GOVERNOR (continued)"],
        ["Precinct", "Ada Lovelace", "Bob Smith"],
        ["Dale", 50, 7],
        ["Eden", 8, 9],
    ]
    path = write_xlsx(tmp_path / "continued.xlsx", {"Results": rows})
    imported = read_tally_file(path, format="sovc")
    assert imported.errors == () and imported.results is not None
    assert [c.name for c in imported.results.contests] == ["GOVERNOR"]
    assert imported.results.totals("GOVERNOR") == {"Ada Lovelace": 98, "Bob Smith": 41}
    assert sorted(p.name for p in imported.results.precincts) == ["Adams", "Baker", "Dale", "Eden"]


def test_blocks_titled_above_alike_with_no_choice_in_common_are_refused(tmp_path: Path) -> None:
    """Two contests under one title (each block's own title line missing or generic) must not
    be merged into one contest of four candidates: refused, naming both blocks."""
    rows = _blocks("x")
    rows[0], rows[1], rows[6], rows[7] = ["Official Results"], [], ["Official Results"], []
    imported = read_tally_file(write_xlsx(tmp_path / "alike.xlsx", {"Results": rows}), format="sovc")
    assert imported.results is None
    [error] = imported.errors
    assert error.cell == "A9"
    assert (
        "the blocks headed at A3 and A9 are both titled 'Official Results' but have no choice"
        in error.message
    )


def test_a_block_titled_continued_may_list_the_other_candidates(tmp_path: Path) -> None:
    """One contest's candidates split over two pages: the second block says it continues."""
    rows = _blocks("x")
    rows[0], rows[1], rows[6], rows[7] = ["GOVERNOR"], [], ["GOVERNOR (continued)"], []
    imported = read_tally_file(write_xlsx(tmp_path / "split.xlsx", {"Results": rows}), format="sovc")
    assert imported.errors == () and imported.results is not None
    assert [c.name for c in imported.results.contests] == ["GOVERNOR"]
    assert sorted(imported.results.totals("GOVERNOR")) == [
        "Ada Lovelace",
        "Bob Smith",
        "Cy Young",
        "Di Prince",
    ]


def test_a_district_line_under_a_block_title_is_part_of_the_contest_name(tmp_path: Path) -> None:
    """b2_dist.xlsx: COUNTY COMMISSIONER over District 1, then over District 2: two contests."""
    rows = _blocks("x")
    rows[0], rows[1], rows[6], rows[7] = (
        ["COUNTY COMMISSIONER"],
        ["District 1"],
        ["COUNTY COMMISSIONER"],
        ["District 2"],
    )
    imported = read_tally_file(write_xlsx(tmp_path / "dist.xlsx", {"Results": rows}), format="sovc")
    assert imported.errors == () and imported.results is not None
    names = [c.name for c in imported.results.contests]
    assert names == ["COUNTY COMMISSIONER District 1", "COUNTY COMMISSIONER District 2"]
    assert imported.results.totals("COUNTY COMMISSIONER District 2") == {"Cy Young": 58, "Di Prince": 16}
