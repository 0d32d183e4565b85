"""Statement sheets 'Mayor' and 'Clerk' plus a sheet 'Mayor County' titled Mayor whose one row,
'Countywide', is the sum of the Mayor sheet's precincts: that row is the file's total, checked and not
counted. It was stored as a third Mayor precinct, 78 votes for 50, with no warning (regression sweep,
F8)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


def _statement(
    title: str, units: Sequence[str], choices: Sequence[str], counts: Sequence[Sequence[int]]
) -> list[list[object]]:
    rows: list[list[object]] = [[title], ["Precinct", *choices, "Total"]]
    rows += [[unit, *row, sum(row)] for unit, row in zip(units, counts, strict=True)]
    return rows


def _book(tmp_path: Path, county_row: Sequence[int], unit: str = "Countywide", units: int = 2) -> Path:
    names = [f"Pct {i + 1}" for i in range(units)]
    mayor = [[5 + i, 6 + i] for i in range(units)]
    clerk = [[4 + i, 5 + i] for i in range(units)]
    return write_xlsx(
        tmp_path / "statement.xlsx",
        {
            "Mayor": _statement("Mayor", names, ["Ann Adams", "Bob Baker"], mayor),
            "Clerk": _statement("Clerk", names, ["Cy Cole", "Di Dunn"], clerk),
            "Mayor County": _statement("Mayor", [unit], ["Ann Adams", "Bob Baker"], [county_row]),
        },
    )


def test_a_sheet_of_one_contest_total_is_checked_not_counted(tmp_path: Path) -> None:
    imported = read_tally_file(_book(tmp_path, [11, 13]))
    assert imported.errors == ()
    results = imported.results
    assert results is not None
    assert results.totals("Mayor") == {"Ann Adams": 11, "Bob Baker": 13}
    assert {precinct.name for precinct in results.precincts} == {"Pct 1", "Pct 2"}
    assert any("'Countywide'" in w.message and "not counted" in w.message for w in imported.warnings)


def test_a_county_total_sheet_that_does_not_add_up_is_refused_naming_it(tmp_path: Path) -> None:
    imported = read_tally_file(_book(tmp_path, [12, 13]))
    assert imported.results is None
    [error] = imported.errors
    assert error.sheet == "Mayor County"
    assert "'Countywide'" in error.message and "'Ann Adams': 12 here, 11 summed" in error.message


def test_a_sheet_of_one_more_precinct_is_still_a_precinct(tmp_path: Path) -> None:
    # a page holding one precinct of the contest, not the sum of the others: counted as before
    imported = read_tally_file(_book(tmp_path, [3, 4], unit="Pct 4", units=3))
    assert imported.errors == ()
    results = imported.results
    assert results is not None
    assert results.totals("Mayor") == {"Ann Adams": 5 + 6 + 7 + 3, "Bob Baker": 6 + 7 + 8 + 4}
