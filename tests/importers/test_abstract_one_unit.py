"""An abstract of one unit (``| Pct 1 | Total`` over a contest title and its choices, each total
equal to its count) is read: it was refused as "could not recognise the layout", with --format
abstract too (the finder wants two unit columns) (fourth review, R7: a13_one_unit.xlsx). Its total
column is still checked; without a contest title the names down the left may be units, and a
count unequal to its total may be a second unit: both still refused."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

ROWS: list[list[object]] = [
    [None, "Pct 1", "Total"],
    ["Mayor"],
    ["Ann", 69, 69],
    ["Bob", 292, 292],
    [],
    ["Council"],
    ["Cal", 12, 12],
    ["Dee", 30, 30],
]


def test_an_abstract_of_one_unit_is_read(tmp_path: Path) -> None:
    imported = read_tally_file(write_xlsx(tmp_path / "one.xlsx", {"Results": ROWS}))
    assert imported.errors == ()
    assert imported.layout == "abstract"
    results = imported.results
    assert results is not None
    assert [p.name for p in results.precincts] == ["Pct 1"]
    assert results.totals("Mayor") == {"Ann": 69, "Bob": 292}
    assert results.totals("Council") == {"Cal": 12, "Dee": 30}
    assert [note.cell for note in imported.notes.totals] == ["column C"]
    assert imported.reading is not None and "names one unit ('Pct 1')" in imported.reading.cue


def test_without_a_contest_title_it_is_still_refused(tmp_path: Path) -> None:
    rows = [ROWS[0], *ROWS[2:4]]
    assert read_tally_file(write_xlsx(tmp_path / "one.xlsx", {"Results": rows})).results is None


def test_a_count_unequal_to_its_total_is_no_one_unit_abstract(tmp_path: Path) -> None:
    rows = [*ROWS[:3], ["Bob", 292, 300], *ROWS[4:]]
    assert read_tally_file(write_xlsx(tmp_path / "one.xlsx", {"Results": rows})).results is None
