"""Counts added as a whole block (a statement's contest sheet, a long table read by columns) are
kept as columns, and their entries made only when a step needs them: a unit met again, a total
found among them, a question's write-in line, a difference to name. Each case here reads the file
both ways (block and row by row) and compares everything, orders included."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import long_columnar
from recount_desktop.importers.builder import ResultsBuilder
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.source import Sheet
from tests.importers.conftest import write_xlsx
from tests.importers.test_long_columnar import HEADER, _columnar, _rows
from tests.importers.test_sovc_block import UNITS, _same_both_ways

MAYOR = "Mayor (Vote For 1)"
MAYOR_HEAD = ["Precinct", "Ada", "Bo", "Cy"]
_CLERK = [["Clerk"], ["Precinct", "Di", "Ed"], ["P1", 1, 2], ["P2", 3, 4], ["Total:", 4, 6]]


def _sheet(rows: list[list[object]], title: str = MAYOR, head: list[str] | None = None) -> list[list[object]]:
    return [[title], head or MAYOR_HEAD, *rows]


def test_one_contest_over_two_sheets_of_other_units_stays_in_blocks(tmp_path: Path) -> None:
    second = [["P4", 1, 2, 3], ["P5", 4, 5, 6], ["Total:", 5, 7, 9]]
    book = {"1": _sheet([*UNITS, ["Total:", 47, 61, 7]]), "2": _sheet(second)}
    imported, answers = _same_both_ways(write_xlsx(tmp_path / "two.xlsx", book))
    assert imported.results is not None and imported.errors == ()
    assert [p.name for p in imported.results.precincts] == ["P1", "P2", "P3", "P4", "P5"]
    assert imported.results.totals(MAYOR) == {"Ada": 52, "Bo": 68, "Cy": 16}


@pytest.mark.parametrize(
    ("again", "message"),
    [
        (
            ["P3", 7, 1, 2],
            "'Ada' in precinct 'P3' (Mayor (Vote For 1)) appears twice with the same count 7 "
            "(first at sheet '1' B5); counted once",
        ),
        (  # portions lie in one sheet: across sheets a unit met again is a duplicate (review finding 2)
            ["P3", 1, 1, 1],
            "'Ada' in precinct 'P3' (Mayor (Vote For 1)) appears twice with different counts: "
            "7 at sheet '1' B5 and 1 here",
        ),
    ],
)
def test_a_unit_met_again_on_a_later_sheet_is_read_as_the_row_reader_does(
    tmp_path: Path, again: list[object], message: str
) -> None:
    """The second sheet names a unit of the first block: it goes row by row, and the first block's
    entries are made for it, its message naming the first block's cell."""
    book = {"1": _sheet(UNITS), "2": _sheet([again, ["P4", 1, 2, 3]])}
    imported, answers = _same_both_ways(write_xlsx(tmp_path / "again.xlsx", book))
    assert answers[0] is True and answers[1] is False
    assert message in [p.message for p in (*imported.errors, *imported.warnings)]


def test_a_sheet_read_row_by_row_after_blocks_keeps_the_order(tmp_path: Path) -> None:
    odd = _sheet([UNITS[0], ["P2", "***", 40, 0], UNITS[2]])
    treasurer = _sheet([["P1", 5, 6], ["P2", 7, 8]], "Treasurer", ["Precinct", "Fay", "Gus"])
    book = {"1": _CLERK, "2": odd, "3": treasurer}
    imported, answers = _same_both_ways(write_xlsx(tmp_path / "mixed.xlsx", book))
    assert answers == [True, False, True]
    assert imported.results is not None
    assert [t.contest for t in imported.results.tallies][:4] == ["Clerk"] * 4


def test_a_question_write_in_line_in_a_block_is_left_out(tmp_path: Path) -> None:
    measure = _sheet(
        [["P1", 10, 5, 1], ["P2", 7, 9, 0], ["P3", 3, 3, 0], ["Total:", 20, 17, 1]],
        "Measure A",
        ["Precinct", "Yes", "No", "Write-in"],
    )
    book = {"1": measure, "2": _CLERK}
    imported, answers = _same_both_ways(write_xlsx(tmp_path / "q.xlsx", book))
    assert answers == [True, True] and imported.results is not None
    assert imported.results.totals("Measure A") == {"Yes": 20, "No": 17}
    assert any("Write-in" in w.message and "left out" in w.message for w in imported.warnings)


@pytest.mark.parametrize("accept", [False, True])
def test_a_difference_names_the_blocks_cells_accepted_or_not(tmp_path: Path, accept: bool) -> None:
    book = {"1": _sheet([*UNITS, ["Total:", 47, 62, 7]]), "2": _CLERK}
    imported, _answers = _same_both_ways(write_xlsx(tmp_path / "d.xlsx", book), accept_differences=accept)
    problems = imported.warnings if accept else imported.errors
    assert any("C3:C5" in p.message and "C6" in p.message for p in problems)
    assert (imported.results is not None) is accept


def test_the_county_named_as_its_own_total_in_a_block(tmp_path: Path) -> None:
    rows = [*UNITS, ["P4", 3, 3, 3], ["COUNTY", 50, 64, 10]]
    imported, _answers = _same_both_ways(write_xlsx(tmp_path / "c.xlsx", {"1": _sheet(rows), "2": _CLERK}))
    assert imported.results is not None
    assert "COUNTY" not in {p.name for p in imported.results.precincts}
    assert imported.results.totals(MAYOR) == {"Ada": 50, "Bo": 64, "Cy": 10}


@pytest.mark.skipif(not long_columnar.available(), reason="fastexcel and pyarrow not installed")
def test_a_long_count_that_is_half_its_sum_is_no_total_unit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two units with the same count for a choice: each is half the sum, so the search for a total
    unit looks at the entries, and finds none."""
    rows = [*_rows(precincts=4, contests=2, choices=2), ("Precinct 9", "Contest 9", "Ada", 4)]
    rows.append(("Precinct 8", "Contest 9", "Ada", 4))
    path = write_xlsx(tmp_path / "half.xlsx", {"Results": [HEADER, *rows]})
    imported = _columnar(path, monkeypatch)
    assert imported.results is not None and len(imported.results.precincts) == 6


def _builder_with_block() -> tuple[ResultsBuilder, Sheet]:
    builder = ResultsBuilder(ProblemLog("test.xlsx"))
    sheet = Sheet("1", [])
    cells = [(1, "Ada", None), (2, "Bo", None)]
    units = [(None, "P1"), (None, "P2")]
    assert builder.add_plain_block(sheet, "Mayor", cells, [2, 3], units, [[1, 3], [2, 4]])
    return builder, sheet


def test_a_block_keeps_no_entries_until_one_is_needed() -> None:
    builder, sheet = _builder_with_block()
    assert len(builder.tallies) == 4 and not builder._entries  # counted, no entry made
    builder.add_plain((sheet, 9, 1), (None, "P3"), "Mayor", "Ada", 5)  # a write: entries made first
    assert list(builder.tallies) == [
        ("Mayor", (None, "P1"), "Ada"),
        ("Mayor", (None, "P1"), "Bo"),
        ("Mayor", (None, "P2"), "Ada"),
        ("Mayor", (None, "P2"), "Bo"),
        ("Mayor", (None, "P3"), "Ada"),
    ]
    assert builder.tallies["Mayor", (None, "P2"), "Bo"].where == (sheet, 3, 2)


def test_a_count_met_again_after_a_block_names_the_blocks_cell() -> None:
    builder, sheet = _builder_with_block()
    builder.add((sheet, 9, 2), (None, "P2"), "Mayor", "Bo", 5)
    assert [e.message for e in builder.log.errors] == [
        "'Bo' in precinct 'P2' (Mayor) appears twice with different counts: 4 at C4 and 5 here"
    ]


def test_a_second_block_over_counted_units_is_refused_unchanged() -> None:
    builder, sheet = _builder_with_block()
    cells = [(1, "Ada", None)]
    assert not builder.add_plain_block(sheet, "Mayor", cells, [7], [(None, "P2")], [(9,)])
    assert builder.add_plain_block(sheet, "Mayor", cells, [8], [(None, "P3")], [(9,)])
    assert len(builder.tallies) == 5 and not builder._entries
    results = builder.finish()
    assert results is not None
    assert [(t.precinct, t.choice, t.votes) for t in results.tallies] == [
        ("P1", "Ada", 1),
        ("P1", "Bo", 2),
        ("P2", "Ada", 3),
        ("P2", "Bo", 4),
        ("P3", "Ada", 9),
    ]
