"""A long table whose units carry their own total as a choice named 'Total' (OpenElections' Colorado
files, e.g. Douglas County's 2018 general election: 'Douglas,Precinct 106,Governor,,Total,226'). The
row is the unit's total over its choices: checked, never a candidate. The data file holds the first
rows of that public file, as published."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

DOUGLAS = Path(__file__).parent.parent / "data" / "douglas_co_2018_total_rows.csv"
HEADER = ("county", "precinct", "office", "district", "candidate", "votes")


def test_real_rows_import_with_each_units_total_checked() -> None:
    imported = read_tally_file(DOUGLAS)
    assert imported.errors == ()
    results = imported.results
    assert results is not None
    assert "Total" not in {t.choice for t in results.tallies}
    # Precinct 106 + 107, read off the file's rows: 64 + 220 and 160 + 422
    assert results.totals("U.S. House 4") == {"Karen McCormick": 284, "Ken Buck": 582, "Write-in": 0}
    assert results.totals("Douglas County Sheriff") == {"Tony Spurlock": 671}
    assert imported.notes.counts["totals"] == 7  # the 'Total' rows with a count
    # the suppressed '(< 25)' cells explain Governor's 226 against 59 + 159: a warning, not an error
    assert any("'Precinct 106' in 'Governor'" in w.message and "+8" in w.message for w in imported.warnings)


def _rows(total: object) -> list[tuple[object, ...]]:
    return [
        HEADER,
        ("Douglas", "Precinct 1", "Mayor", None, "Ada", 10),
        ("Douglas", "Precinct 1", "Mayor", None, "Bo", 5),
        ("Douglas", "Precinct 1", "Mayor", None, "Total", total),
    ]


def test_a_units_total_that_does_not_add_up_is_an_error_naming_both_places(tmp_path: Path) -> None:
    imported = read_tally_file(write_xlsx(tmp_path / "t.xlsx", {"Results": _rows(16)}))
    assert imported.results is None
    assert [(e.cell, e.message) for e in imported.errors] == [
        (
            "F4",
            "'Total' of 'Precinct 1' in 'Mayor', named like a total, is read as the unit's total: its "
            "choices (F2:F3) add up to 15 but the file's total (F4) says 16, a difference of +1. Correct "
            "the file, or accept the difference explicitly (import --accept-differences); it is then "
            "recorded in the audit log",
        )
    ]


def test_an_accepted_difference_imports_and_is_recorded(tmp_path: Path) -> None:
    imported = read_tally_file(
        write_xlsx(tmp_path / "t.xlsx", {"Results": _rows(16)}), accept_differences=True
    )
    assert imported.errors == ()
    assert imported.results is not None and imported.results.totals("Mayor") == {"Ada": 10, "Bo": 5}
    assert [(d.total_cell, d.total, d.units_sum) for d in imported.differences] == [("F4", 16, 15)]


def test_a_units_total_that_adds_up_is_noted_as_a_total(tmp_path: Path) -> None:
    imported = read_tally_file(write_xlsx(tmp_path / "t.xlsx", {"Results": _rows(15)}))
    assert imported.errors == () and imported.warnings == ()
    assert [(n.cell, n.label) for n in imported.notes.totals] == [("F4", "Total")]
