"""An abstract whose unit columns include a subtotal printed before its parts (Carter MO:
``Van Buren`` = ``VB1`` + ``VB2``, left of them) is read with the subtotal skipped and said; it was
read as a unit, so the file's own TOTAL VOTES column disagreed, and the refusal's advice
(``--accept-differences``) stored every Van Buren vote twice (second real-file check, finding 4)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv

HEADER = ["", "", "Eastwood", "Van Buren", "VB1", "VB2", "Absentee", "TOTAL VOTES"]
SENATOR: list[list[object]] = [
    ["U. S. Senator", "", "", "", "", "", "", ""],
    ["R", "Eric Schmitt", 21, 179, 46, 133, 26, 226],
    ["R", "Eric Greitens", 21, 129, 27, 102, 22, 172],
    ["D", "Lucas Kunce", 0, 20, 4, 16, 1, 21],
]


def test_a_subtotal_before_its_parts_is_skipped_when_the_total_column_agrees(tmp_path: Path) -> None:
    imported = read_tally_file(write_csv(tmp_path / "carter.csv", [HEADER, *SENATOR]))
    assert imported.errors == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == ["Eastwood", "VB1", "VB2", "Absentee"]
    assert sum(imported.results.totals("U. S. Senator").values()) == 226 + 172 + 21
    [warning] = [w for w in imported.warnings if "subtotal" in w.message]
    assert warning.message.startswith("column D 'Van Buren' equals E 'VB1' + F 'VB2' in every row")
    assert [n.label for n in imported.notes.skipped] == ["Van Buren"]


def test_a_unit_equal_to_the_next_two_by_chance_stays_a_unit(tmp_path: Path) -> None:
    """Without a total column and in too few rows to tell, the column is a unit, as before."""
    rows = [row[:7] for row in [HEADER, *SENATOR]]
    imported = read_tally_file(write_csv(tmp_path / "chance.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert "Van Buren" in [p.name for p in imported.results.precincts]
