"""Ward subtotals over two precincts each, closing every unit of the contest, are totals (said in a
warning naming each row), with or without a grand total; a group-named row over two units followed
by units no total closes is refused, naming the row (third review, finding 2: d1/d2_wards)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.importers.conftest import write_xlsx
from tests.importers.test_sovc_block import _same_both_ways

MAYOR: list[list[object]] = [
    ["Precinct 1", 1, 2],
    ["Precinct 2", 3, 4],
    ["Ward 1", 4, 6],
    ["Precinct 3", 5, 6],
    ["Precinct 4", 7, 8],
    ["Ward 2", 12, 14],
]
CLERK: list[list[object]] = [
    ["Precinct 1", 2, 2],
    ["Precinct 2", 3, 3],
    ["Ward 1", 5, 5],
    ["Precinct 3", 4, 4],
    ["Precinct 4", 6, 1],
    ["Ward 2", 10, 5],
]


def _book(path: Path, mayor: list[list[object]], clerk: list[list[object]]) -> Path:
    return write_xlsx(
        path,
        {
            "Mayor": [["Mayor"], ["Precinct", "Ada", "Bob"], *mayor],
            "Clerk": [["Clerk"], ["Precinct", "Cy", "Di"], *clerk],
        },
    )


@pytest.mark.parametrize("grand_total", [False, True], ids=["no_total", "total"])
def test_ward_subtotals_over_two_precincts_are_totals_with_a_warning(
    tmp_path: Path, grand_total: bool
) -> None:
    mayor = [*MAYOR, ["Total", 16, 20]] if grand_total else MAYOR
    clerk = [*CLERK, ["Total", 15, 10]] if grand_total else CLERK
    imported, _answers = _same_both_ways(_book(tmp_path / "wards.xlsx", mayor, clerk))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 16, "Bob": 20}
    assert imported.results.totals("Clerk") == {"Cy": 15, "Di": 10}
    assert sorted(p.name for p in imported.results.precincts) == [f"Precinct {i}" for i in range(1, 5)]
    warned = {(w.sheet, w.cell) for w in imported.warnings if "is read as a total" in w.message}
    assert warned == {("Mayor", "A5"), ("Mayor", "A8"), ("Clerk", "A5"), ("Clerk", "A8")}


def test_a_ward_over_two_units_then_units_closed_by_no_total_is_refused_naming_it(tmp_path: Path) -> None:
    mayor = [*MAYOR[:3], ["Precinct 3", 5, 6]]
    imported, _answers = _same_both_ways(_book(tmp_path / "open.xlsx", mayor, CLERK))
    assert imported.results is None
    [error] = [e for e in imported.errors if e.sheet == "Mayor"]
    assert error.cell == "A5"
    assert error.message.startswith("row 5 'Ward 1' of 'Mayor' adds up to the 2 unit rows above it")
