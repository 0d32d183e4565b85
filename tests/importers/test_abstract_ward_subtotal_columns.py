"""An abstract whose precinct columns are grouped by ward, each ward closed by a subtotal column
(``W1 P1 | W1 P2 | Ward 1 | W2 P1 | W2 P2 | Ward 2``, with or without a grand total): every ward's
column is a total over the units since the previous one. Without a grand total the last ward was
stored as a precinct (votes counted twice, exit 0); with one the file was refused with a false
difference (fourth review, W5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

COUNTS = [(69, 292, 392, 33), (131, 61, 254, 390), (10, 20, 30, 40), (5, 6, 7, 8), (1, 2, 3, 4)]
NAMES = ["Udall", "Gardner", "Ann", "Bob", "Cy"]


@pytest.mark.parametrize(
    ("wards", "grand"),
    [
        (("Ward 1", "Ward 2"), None),
        (("Ward 1", "Ward 2"), "Total"),
        (("Ward 1 Total", "Ward 2 Total"), "Grand Total"),
    ],
)
def test_ward_subtotal_columns_are_totals(tmp_path: Path, wards: tuple[str, str], grand: str | None) -> None:
    header: list[object] = [None, "W1 P1", "W1 P2", wards[0], "W2 P1", "W2 P2", wards[1]] + (
        [grand] if grand else []
    )
    rows: list[list[object]] = [header, ["United States Senator"]]
    for name, (a, b, c, d) in zip(NAMES, COUNTS, strict=True):
        rows.append([name, a, b, a + b, c, d, c + d] + ([a + b + c + d] if grand else []))
    imported = read_tally_file(write_xlsx(tmp_path / "wards.xlsx", {"Sheet": rows}))
    assert imported.errors == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == ["W1 P1", "W1 P2", "W2 P1", "W2 P2"]
    assert imported.results.totals("United States Senator")["Udall"] == 786
