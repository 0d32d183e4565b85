"""A unit named as the county ("COUNTY", "CO", "ALAMOSA CO", "Cass County") beside the precincts is the
file's own total by its label (issue 11: totals by label and by arithmetic). Found by arithmetic only,
such a row one vote off was counted as a unit, doubling every count with no warning, in every layout
(the unseen-variant catalogue, tests/importers/test_unseen_variants.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import TALLY_HEADER, write_csv, write_xlsx

PRECINCTS = {"Pct. 1": (120, 80), "Pct. 2": (50, 70), "Pct. 3": (33, 44)}  # Ada, Bo


def _rows(total_label: str, ada_total: int) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = [TALLY_HEADER]
    for unit, (ada, bo) in PRECINCTS.items():
        rows += [(unit, "Mayor", "Ada", ada), (unit, "Mayor", "Bo", bo)]
    return [*rows, (total_label, "Mayor", "Ada", ada_total), (total_label, "Mayor", "Bo", 194)]


@pytest.mark.parametrize("label", ["COUNTY", "CO", "ALAMOSA CO", "Cass County"])
@pytest.mark.parametrize("csv", [False, True])
def test_a_county_row_is_the_files_total_and_checked(tmp_path: Path, label: str, csv: bool) -> None:
    rows = _rows(label, 203)
    source = (
        write_csv(tmp_path / "t.csv", rows) if csv else write_xlsx(tmp_path / "t.xlsx", {"Results": rows})
    )
    imported = read_tally_file(source)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 203, "Bo": 194}
    assert label not in {p.name for p in imported.results.precincts}
    noted = [n.label for n in imported.notes.totals]
    assert label in noted or any(label in w.message for w in imported.warnings)


@pytest.mark.parametrize("label", ["COUNTY", "ALAMOSA CO"])
def test_a_county_row_one_vote_off_stops_the_import_naming_both_numbers(tmp_path: Path, label: str) -> None:
    source = write_xlsx(tmp_path / "t.xlsx", {"Results": _rows(label, 202)})
    imported = read_tally_file(source)
    assert imported.results is None
    message = " ".join(e.message for e in imported.errors)
    assert "203" in message and "202" in message


def test_out_of_county_voters_and_a_file_by_county_stay_units(tmp_path: Path) -> None:
    rows = _rows("Out of County", 9)
    imported = read_tally_file(write_xlsx(tmp_path / "t.xlsx", {"Results": rows}))
    assert imported.results is not None and "Out of County" in {p.name for p in imported.results.precincts}
    by_county: list[tuple[object, ...]] = [TALLY_HEADER]
    for unit, (ada, bo) in {"Adams County": (5, 6), "Cass County": (7, 8), "Dodge County": (1, 2)}.items():
        by_county += [(unit, "Mayor", "Ada", ada), (unit, "Mayor", "Bo", bo)]
    imported = read_tally_file(write_xlsx(tmp_path / "c.xlsx", {"Results": by_county}))
    assert imported.results is not None and imported.results.totals("Mayor") == {"Ada": 13, "Bo": 16}
