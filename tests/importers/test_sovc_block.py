"""A statement's contest sheet of whole counts is read as one block (``sovc_block``), and gives
exactly what the per-row reader gives: the same results, the same totals found and checked, the
same errors naming the same cells. A sheet with anything else on it is read row by row."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from recount_desktop.importers import read_tally_file, sovc
from recount_desktop.importers.reader import TallyImport
from tests.conftest import REAL_DATA
from tests.importers.conftest import write_xlsx

JEFFERSON = REAL_DATA / "CO" / "2016 Jefferson, CO precinct-level election results.xlsx"
YELLOWSTONE = REAL_DATA / "MT" / "Yellowstone Results.xlsx"


def _read(path: Path, block: bool, **options: Any) -> tuple[TallyImport, list[bool]]:
    """The file read with the block reader allowed (or not), and what it answered per sheet."""
    answers: list[bool] = []
    original = sovc._read_as_block

    def spy(*args: Any) -> bool:
        answers.append(original(*args) if block else False)
        return answers[-1]

    with mock.patch.object(sovc, "_read_as_block", spy):
        return read_tally_file(path, **options), answers


def _everything(imported: TallyImport) -> tuple[object, ...]:
    notes = imported.notes
    return (
        imported.layout,
        imported.results,
        [(p.sheet, p.cell, p.message) for p in imported.errors],
        [(p.sheet, p.cell, p.message) for p in imported.warnings],
        notes.totals,
        notes.statistics,
        notes.skipped,
        notes.counts,
        imported.differences,
    )


def _same_both_ways(path: Path, **options: Any) -> tuple[TallyImport, list[bool]]:
    fast, answers = _read(path, block=True, **options)
    slow, _ = _read(path, block=False, **options)
    assert _everything(fast) == _everything(slow)
    return fast, answers


@pytest.mark.parametrize("path", [JEFFERSON, YELLOWSTONE], ids=["jefferson", "yellowstone"])
def test_real_statements_read_as_blocks_give_the_per_row_results(path: Path) -> None:
    imported, answers = _same_both_ways(path)
    assert imported.results is not None and sum(answers) >= 40  # most sheets took the block reader


def _book(tmp_path: Path, mayor_rows: list[list[object]], header: list[object] | None = None) -> Path:
    mayor = [["Mayor (Vote For 1)"], header or ["Precinct", "Ada", "Bo", "Cy"], *mayor_rows]
    clerk = [["Clerk"], ["Precinct", "Di", "Ed"], ["P1", 1, 2], ["P2", 3, 4], ["Total:", 4, 6]]
    return write_xlsx(tmp_path / "sovc.xlsx", {"1": mayor, "2": clerk})


UNITS = [["P1", 10, 20, 5], ["P2", 30, 40, 0], ["P3", 7, 1, 2]]


def test_a_plain_sheet_with_its_total_row_is_one_block(tmp_path: Path) -> None:
    imported, answers = _same_both_ways(_book(tmp_path, [*UNITS, ["Total:", 47, 61, 7]]))
    assert answers == [True, True] and imported.errors == ()
    assert imported.results is not None
    assert imported.results.totals("Mayor (Vote For 1)") == {"Ada": 47, "Bo": 61, "Cy": 7}
    assert "A6" in [n.cell for n in imported.notes.totals if n.sheet == "1"]


def test_totals_found_by_their_sums_whatever_their_labels(tmp_path: Path) -> None:
    rows = [
        *UNITS,
        ["Ward 1", 47, 61, 7],  # the sum of the three units above: a total
        ["P4", 3, 3, 3],
        ["Everything", 50, 64, 10],  # the sum of all units
    ]
    imported, answers = _same_both_ways(_book(tmp_path, rows))
    assert answers[0] is True and imported.errors == ()
    assert imported.results is not None
    assert imported.results.totals("Mayor (Vote For 1)") == {"Ada": 50, "Bo": 64, "Cy": 10}
    assert [n.cell for n in imported.notes.totals if n.sheet == "1"] == ["A6", "A8"]
    # named like a unit, each is read as a total only with a warning naming its row
    assert [w.cell for w in imported.warnings if "is read as a total, not as a unit" in w.message] == [
        "A6",
        "A8",
    ]
    unlabelled, answers = _same_both_ways(_book(tmp_path, [*UNITS, [None, 47, 61, 7]]))
    assert answers[0] is True and unlabelled.errors == () and unlabelled.results is not None
    assert unlabelled.results.totals("Mayor (Vote For 1)") == {"Ada": 47, "Bo": 61, "Cy": 7}


def test_a_total_row_one_off_is_refused_naming_both_cells(tmp_path: Path) -> None:
    imported, answers = _same_both_ways(_book(tmp_path, [*UNITS, ["Total:", 47, 62, 7]]))
    assert answers[0] is True and imported.results is None
    [error] = imported.errors
    assert (error.sheet, error.cell) == ("1", "C6")
    assert "(C3:C5) add up to 61 but the file's total (C6) says 62" in error.message


def test_row_total_columns_are_checked_in_the_block(tmp_path: Path) -> None:
    header: list[object] = ["Precinct", "Ada", "Bo", "Cy", "Total Votes"]
    rows: list[list[object]] = [["P1", 10, 20, 5, 35], ["P2", 30, 40, 0, 71], ["P3", 7, 1, 2, 10]]
    imported, answers = _same_both_ways(_book(tmp_path, [*rows, ["Total:", 47, 61, 7, 116]], header))
    assert answers[0] is True and imported.results is None
    assert [(e.cell, "a difference of +1" in e.message) for e in imported.errors] == [("E4", True)]
    accepted, _ = _same_both_ways(tmp_path / "sovc.xlsx", accept_differences=True)
    assert accepted.results is not None and [d.difference for d in accepted.differences] == [1]


@pytest.mark.parametrize(
    ("cell", "where", "words"),
    [
        ("abc", "C4", "abc"),
        (-3, "C4", "negative"),
        (1.5, "C4", "fraction"),
        (True, "C4", "True"),
        (None, "C4", "no vote count"),
    ],
    ids=["text", "negative", "fraction", "boolean", "blank"],
)
def test_a_bad_cell_sends_the_sheet_row_by_row_and_is_named(
    tmp_path: Path, cell: object, where: str, words: str
) -> None:
    rows = [UNITS[0], ["P2", 30, cell, 0], UNITS[2], ["Total:", 47, 61, 7]]
    imported, answers = _same_both_ways(_book(tmp_path, rows))
    assert answers[0] is False and imported.results is None
    assert any(e.sheet == "1" and e.cell == where and words in e.message for e in imported.errors)


def test_suppressed_cells_and_headings_are_read_row_by_row(tmp_path: Path) -> None:
    suppressed, answers = _same_both_ways(_book(tmp_path, [UNITS[0], ["P2", "***", 40, 0], UNITS[2]]))
    assert answers[0] is False and suppressed.results is not None
    heading = [["Ward 1", None, None, None], *UNITS, [None, None, None, None], ["Total:", 47, 61, 7]]
    grouped, answers = _same_both_ways(_book(tmp_path, heading))
    assert answers[0] is False and grouped.results is not None


def test_blank_rows_with_no_name_are_left_out_as_row_by_row(tmp_path: Path) -> None:
    rows = [UNITS[0], [None, None, None, None], *UNITS[1:], [None, None, None, None], ["Total:", 47, 61, 7]]
    imported, answers = _same_both_ways(_book(tmp_path, rows))
    assert answers[0] is True and imported.errors == () and imported.results is not None


def test_a_nameless_row_that_is_no_total_is_refused_naming_it(tmp_path: Path) -> None:
    imported, answers = _same_both_ways(_book(tmp_path, [*UNITS, [None, 1, 2, 3]]))
    assert answers[0] is False and imported.results is None
    assert [e.cell for e in imported.errors] == ["A6"]


def test_a_unit_listed_twice_is_left_to_the_per_row_reader(tmp_path: Path) -> None:
    """Read row by row, the repeated unit is a split precinct's portions (test_split_precincts)."""
    imported, answers = _same_both_ways(_book(tmp_path, [*UNITS, ["P1", 10, 20, 6]]))
    assert answers[0] is False and imported.results is not None
    assert any("rows 3 and 6" in w.message and "portions are summed" in w.message for w in imported.warnings)
    refused, answers = _same_both_ways(_book(tmp_path, [*UNITS, ["P1", 10, 20, 6], ["Total:", 47, 61, 7]]))
    assert answers[0] is False and refused.results is None
    assert [e.cell for e in refused.errors] == ["B7", "C7", "D7"]


def test_a_grand_total_right_after_a_subtotal_is_a_total_not_a_unit(tmp_path: Path) -> None:
    """Ward subtotals, then the county's grand total under the county's name with no unit between:
    it was counted as a unit, doubling every count with no warning, whichever reader read it."""
    rows = [
        *UNITS,
        ["Ward 1", 47, 61, 7],  # a ward's subtotal closes three units at least
        ["P4", 3, 3, 3],
        ["P5", 1, 2, 1],
        ["P6", 2, 1, 1],
        ["Ward 2", 6, 6, 5],
        ["Jefferson", 53, 67, 12],
    ]
    imported, answers = _same_both_ways(_book(tmp_path, rows))
    assert answers[0] is True and imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor (Vote For 1)") == {"Ada": 53, "Bo": 67, "Cy": 12}
    assert [n.cell for n in imported.notes.totals if n.sheet == "1"] == ["A6", "A10", "A11"]
    one_unit = [*UNITS[:2], [None, 40, 60, 5], ["P3", 7, 1, 2], [None, 47, 61, 7]]
    nameless, answers = _same_both_ways(_book(tmp_path, one_unit))
    assert answers[0] is True and nameless.errors == () and nameless.results is not None
    assert nameless.results.totals("Mayor (Vote For 1)") == {"Ada": 47, "Bo": 61, "Cy": 7}
