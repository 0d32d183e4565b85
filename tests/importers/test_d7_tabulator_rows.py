"""A long table whose precincts appear once per tabulator (Albuquerque's city runoff file: a
``Tabulator`` column beside the precinct column) was refused with one "appears twice with
different counts" error per row, none naming the Tabulator column (last session's note, #11 left
out). Now the tabulators' rows are summed per precinct only when the file's own total rows check
the sums; without them the import is refused by one error naming the column."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv, write_xlsx

TABULATORS = ("TAB-01", "TAB-02", "TAB-03")


def _rows(column: str = "Tabulator", total_off: int | None = None) -> list[list[object]]:
    rows: list[list[object]] = [["Precinct", column, "Office", "CandidateName", "Votes"]]
    sums = {"ANN ABLE": 0, "BOB BAKER": 0}
    for precinct in range(1, 5):
        for n, tabulator in enumerate(TABULATORS):
            for name, base in (("ANN ABLE", 3), ("BOB BAKER", 5)):
                votes = base + precinct + n
                sums[name] += votes
                rows.append([precinct, tabulator, "Mayor", name, votes])
    if total_off is not None:
        rows += [["Total", "", "Mayor", name, votes + total_off] for name, votes in sums.items()]
    return rows


@pytest.mark.parametrize("column", ["Tabulator", "Machine", "Device"])
def test_rows_per_tabulator_without_totals_are_one_error_naming_the_column(
    tmp_path: Path, column: str
) -> None:
    imported = read_tally_file(write_csv(tmp_path / "abq.csv", _rows(column)))
    assert imported.results is None
    [error] = imported.errors
    assert f"column B {column!r}" in error.message
    assert "repeat once per tabulator" in error.message and "no total row" in error.message
    assert error.cell == "line 1"


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_rows_per_tabulator_checked_by_the_file_totals_are_summed(tmp_path: Path, kind: str) -> None:
    path = (
        write_csv(tmp_path / "abq.csv", _rows(total_off=0))
        if kind == "csv"
        else write_xlsx(tmp_path / "abq.xlsx", {"Results": _rows(total_off=0)})
    )
    imported = read_tally_file(path)
    assert imported.errors == () and imported.results is not None
    # precinct p, tabulator n: Ann 3 + p + n, Bob 5 + p + n; p = 1..4, n = 0..2
    assert imported.results.totals("Mayor") == {"ANN ABLE": 78, "BOB BAKER": 102}
    assert [p.name for p in imported.results.precincts] == ["1", "2", "3", "4"]
    ann_1 = next(t for t in imported.results.tallies if (t.precinct, t.choice) == ("1", "ANN ABLE"))
    assert ann_1.votes == 4 + 5 + 6
    [warning] = imported.warnings
    assert "repeat once per tabulator" in warning.message


def test_rows_per_tabulator_whose_totals_differ_are_refused(tmp_path: Path) -> None:
    imported = read_tally_file(write_csv(tmp_path / "abq.csv", _rows(total_off=1)))
    assert imported.results is None
    assert imported.errors and all("says" in error.message for error in imported.errors)
