"""The third review's finding 5: stacked blocks with no blank row between (b3_tight.xlsx) read
with --format wide took the last unit row of the block above for the contest-name row, storing
contests named "30" and "5", exit 0. A number never names a contest: refused, naming the cell."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

TIGHT: list[list[object]] = [
    ["GOVERNOR"],
    ["Precinct", "Ada Lovelace", "Bob Smith"],
    ["Adams", 10, 20],
    ["Baker", 30, 5],
    ["MAYOR"],
    ["Precinct", "Cy Young", "Di Prince"],
    ["Adams", 50, 7],
    ["Baker", 8, 9],
]


def test_a_row_of_counts_is_never_read_as_contest_names(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "tight.xlsx", {"Results": TIGHT})
    imported = read_tally_file(path, format="wide")
    assert imported.results is None
    [error] = imported.errors
    assert "B4, over a row of choice names, holds a count" in error.message


def test_stacked_blocks_with_no_blank_between_read_as_their_contests(tmp_path: Path) -> None:
    imported = read_tally_file(write_xlsx(tmp_path / "tight.xlsx", {"Results": TIGHT}))
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "sovc"
    assert imported.results.totals("GOVERNOR") == {"Ada Lovelace": 40, "Bob Smith": 25}
    assert imported.results.totals("MAYOR") == {"Cy Young": 58, "Di Prince": 16}
