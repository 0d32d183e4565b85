"""Review 4, findings A and C (issue 11 section 1): a column is the file's total by its label only
when its whole header says so (``Total``, ``Ballot Count``, ``All Candidates``); a candidate or a
unit whose name holds one total-like word ("Kim Sum", "Count Basie", "Clay") is a total only by the
arithmetic rule, over enough rows, and then with a warning naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.headers import is_total_like_header
from tests.importers.conftest import write_xlsx


def _statement(tmp_path: Path, third: str, rows: list[list[object]] | None = None) -> Path:
    """Review 4's name0-name5.xlsx: the third candidate's counts equal Ada's plus Bob's."""
    mayor_rows = rows or [
        ["Precinct 1", 1, 2, 3],
        ["Precinct 2", 4, 5, 9],
        ["Precinct 3", 10, 0, 10],
        ["Total", 15, 7, 22],
    ]
    mayor = [["Mayor"], ["Precinct", "Ada Lovelace", "Bob Smith", third], *mayor_rows]
    council = [["Council"], ["Precinct", "Dee", "Eve"], ["Precinct 1", 3, 3], ["Precinct 2", 9, 9]]
    return write_xlsx(tmp_path / "names.xlsx", {"Mayor": mayor, "Council": council})


@pytest.mark.parametrize("name", ["Kim Sum", "Count Basie", "All Saints", "Al Total", "Overall Hope"])
def test_a_candidate_with_a_total_word_in_the_name_is_kept_and_warned_of(tmp_path: Path, name: str) -> None:
    imported = read_tally_file(_statement(tmp_path, name))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada Lovelace": 15, "Bob Smith": 7, name: 22}
    assert "column D" not in [note.cell for note in imported.notes.totals]
    [warning] = [str(w) for w in imported.warnings if name in str(w)]
    assert "cell D2" in warning and "read as a candidate" in warning


def test_the_same_name_over_six_summing_precincts_is_a_total_with_a_warning(tmp_path: Path) -> None:
    ada, bob = (5, 1, 7, 2, 9, 4), (3, 8, 2, 6, 1, 7)
    rows: list[list[object]] = [
        [f"Precinct {i}", a, b, a + b] for i, (a, b) in enumerate(zip(ada, bob, strict=True), start=1)
    ]
    imported = read_tally_file(_statement(tmp_path, "Kim Sum", rows))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada Lovelace": 28, "Bob Smith": 27}
    [warning] = [str(w) for w in imported.warnings if "Kim Sum" in str(w)]
    assert "read as the file's total, not a candidate" in warning


def test_a_column_headed_votes_is_the_total_by_its_header_but_never_silently(tmp_path: Path) -> None:
    """A candidate named "Votes" is far less likely than a total headed so; read as the total, with
    a warning naming the column, so a board that sees a candidate missing knows where to look."""
    imported = read_tally_file(_statement(tmp_path, "Votes"))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada Lovelace": 15, "Bob Smith": 7}
    [warning] = [str(w) for w in imported.warnings if "'Votes'" in str(w)]
    assert "cell D2" in warning and "read as the file's total by its header" in warning


@pytest.mark.parametrize(
    ("header", "total"),
    [
        ("Total", True),
        ("Grand Total", True),
        ("Ballot Count", True),
        ("All Candidates", True),
        ("Precinct Total:", True),
        ("", True),
        ("Kim Sum", False),
        ("Count Basie", False),
        ("All Saints", False),
        ("Clay", False),
    ],
)
def test_only_a_whole_header_names_a_total(header: str, total: bool) -> None:
    assert is_total_like_header(header) is total


def _abstract(tmp_path: Path, rows: list[list[object]]) -> Path:
    """Review 4's abs_sum.xlsx: units as columns, the unit Clay equal to Adams plus Baker."""
    sheet = [["Candidate", "Adams", "Baker", "Clay"], *rows]
    return write_xlsx(tmp_path / "abs_sum.xlsx", {"Abstract": sheet})


def test_an_abstract_unit_equal_to_the_units_before_it_in_few_rows_is_a_unit(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["MAYOR"],
        ["Ada Lovelace", 1, 2, 3],
        ["Bob Smith", 4, 5, 9],
        ["COUNCIL"],
        ["Cy", 1, 1, 2],
        ["Di", 2, 2, 4],
    ]
    imported = read_tally_file(_abstract(tmp_path, rows))
    assert imported.layout == "abstract" and imported.errors == () and imported.results is not None
    assert "Clay" in {p.name for p in imported.results.precincts}
    assert imported.results.totals("MAYOR") == {"Ada Lovelace": 6, "Bob Smith": 18}
    assert not imported.notes.totals
    [warning] = [str(w) for w in imported.warnings if "'Clay'" in str(w)]
    assert "cell D1" in warning and "read as a unit" in warning


def test_an_abstract_unit_summing_the_units_before_it_in_many_rows_is_a_total_warned_of(
    tmp_path: Path,
) -> None:
    counts = [(5, 3), (1, 8), (7, 2), (2, 6), (9, 1), (4, 7)]
    rows: list[list[object]] = [["MAYOR"]]
    rows += [[f"Cand {i}", a, b, a + b] for i, (a, b) in enumerate(counts, start=1)]
    imported = read_tally_file(_abstract(tmp_path, rows))
    assert imported.errors == () and imported.results is not None
    assert "Clay" not in {p.name for p in imported.results.precincts}
    assert "column D" in [note.cell for note in imported.notes.totals]
    [warning] = [str(w) for w in imported.warnings if "'Clay'" in str(w)]
    assert "cell D1" in warning and "read as the file's total" in warning


def test_one_count_under_a_blank_header_in_an_abstract_is_said_not_read(tmp_path: Path) -> None:
    """Review 4's abs_late_e1.xlsx (finding F): a 9 in E4, right of the last unit, under no name."""
    rows: list[list[object]] = [
        ["MAYOR"],
        ["Ada Lovelace", 1, 2, 5],
        ["Bob Smith", 4, 5, 6, 9],
        ["COUNCIL"],
        ["Cy", 1, 1, 3],
        ["Di", 2, 2, 4],
    ]
    imported = read_tally_file(_abstract(tmp_path, rows))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("MAYOR") == {"Ada Lovelace": 8, "Bob Smith": 15}
    [warning] = [str(w) for w in imported.warnings if "E4" in str(w)]
    assert (
        "holds a count (9) under no unit name (header cell E1 is blank)" in warning and "not read" in warning
    )
    assert "E4" in [note.cell for note in imported.notes.skipped]


def test_a_wide_contests_candidate_named_with_a_total_word_is_kept(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        [None, "Mayor", None, None, "Clerk", None],
        ["Precinct", "Ada", "Bo", "Kim Sum", "Di", "Ed"],
        ["P1", 1, 2, 3, 6, 4],
        ["P2", 4, 5, 9, 5, 5],
        ["P3", 10, 1, 11, 1, 2],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "wide.xlsx", {"Results": rows}), format="wide")
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 15, "Bo": 8, "Kim Sum": 23}
    [warning] = [str(w) for w in imported.warnings if "'Kim Sum'" in str(w)]
    assert "cell D2" in warning and "read as a candidate" in warning
