"""A precinct named like a group, ``Ward 1``, whose counts in one contest happen to equal the two
precincts above it, while a later contest has it as a plain precinct (issue 11; left open by the
last session: the file was refused naming both rows). A real subtotal closes its units in every
contest, so a name that is a unit of any contest is a unit: the file is read with it as one, and
the row where it adds up is warned of. Ward subtotals in every contest stay totals
(``test_ward_subtotals``)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import TallyImport, read_tally_file
from tests.importers.conftest import write_xlsx

GOVERNOR: list[list[object]] = [
    ["GOVERNOR"],
    ["Precinct", "Ada", "Bob"],
    ["Adams", 1, 2],
    ["Baker", 3, 4],
    ["Ward 1", 4, 6],  # Adams + Baker, by chance
    ["Clay", 5, 5],
]
MAYOR: list[list[object]] = [
    ["MAYOR"],
    ["Precinct", "Cy", "Di"],
    ["Adams", 2, 2],
    ["Baker", 3, 1],
    ["Ward 1", 7, 1],
    ["Clay", 1, 1],
]
UNITS = ["Adams", "Baker", "Ward 1", "Clay"]


def _warned_at_a5(imported: TallyImport) -> bool:
    return any(
        w.cell == "A5" and "adds up to the 2 unit rows above it" in w.message for w in imported.warnings
    )


def test_a_precinct_named_ward_1_in_a_later_sheet_is_a_unit_in_both(tmp_path: Path) -> None:
    path = write_xlsx(tmp_path / "sheets.xlsx", {"Governor": GOVERNOR, "Mayor": MAYOR})
    imported = read_tally_file(path)
    assert imported.errors == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == UNITS
    assert imported.results.totals("GOVERNOR") == {"Ada": 13, "Bob": 17}
    assert imported.results.totals("MAYOR") == {"Cy": 13, "Di": 5}
    assert _warned_at_a5(imported)


def test_stacked_in_one_sheet_and_with_total_rows_that_confirm_it(tmp_path: Path) -> None:
    stacked = read_tally_file(write_xlsx(tmp_path / "stacked.xlsx", {"Results": [*GOVERNOR, [], *MAYOR]}))
    assert stacked.errors == () and stacked.results is not None
    assert stacked.results.totals("GOVERNOR") == {"Ada": 13, "Bob": 17}
    assert _warned_at_a5(stacked)
    totalled = {"Governor": [*GOVERNOR, ["Total", 13, 17]], "Mayor": [*MAYOR, ["Total", 13, 5]]}
    imported = read_tally_file(write_xlsx(tmp_path / "totals.xlsx", totalled))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("GOVERNOR") == {"Ada": 13, "Bob": 17}


def test_a_total_that_says_ward_1_was_a_subtotal_still_refuses(tmp_path: Path) -> None:
    """GOVERNOR's own total excludes Ward 1 (13 - 4 = 9 for Ada): read as a unit, the total
    disagrees, and the file is refused naming the total's cells, never stored."""
    sheets = {"Governor": [*GOVERNOR, ["Total", 9, 11]], "Mayor": [*MAYOR, ["Total", 13, 5]]}
    imported = read_tally_file(write_xlsx(tmp_path / "sub.xlsx", sheets))
    assert imported.results is None
    assert any(e.cell in ("B7", "A5") for e in imported.errors)
