"""The statement reader's whole-sheet scans, done in C with each distinct cell tested once, find
exactly what a plain cell-by-cell scan finds: the repeated unit header (stacked blocks), the total
rows by label, the nameless rows, the count cells that decide whether a book is small. And a sheet
of generated units, subtotals and totals reads the same through the block reader and row by row."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recount_desktop.importers import interpret, sovc, sovc_block
from recount_desktop.importers.headers import normalise_header
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.values import is_total_label
from tests.importers.conftest import write_xlsx
from tests.importers.test_sovc_block import _same_both_ways

_UNIT_CELLS = st.sampled_from(
    [
        "Precinct",
        "PRECINCT",
        " Precinct: ",
        "Precinct_",
        "<b>Precinct</b>",
        "Precinct\xa0",
        "Precincts",
        "Precinct 1",
        "P1",
        "Total:",
        "",
        None,
        1.0,
        True,
        7,
    ]
)


def _plain_rows_holding(rows: list[list[object]], row0: int, col: int, label: str) -> list[int]:
    """The scan as it was: every row's cell tested."""
    return [
        r
        for r, row in enumerate(rows[row0:], start=row0)
        if col < len(row) and sovc._is_label(row[col], label)
    ]


@given(
    cells=st.lists(_UNIT_CELLS, min_size=1, max_size=30),
    header=st.sampled_from(["Precinct", "<b>Precinct</b>", "PRECINCT:"]),
    ragged=st.booleans(),
)
def test_the_unit_header_is_found_in_the_rows_a_plain_scan_finds(
    cells: list[object], header: str, ragged: bool
) -> None:
    rows: list[list[object]] = [["Title"], ["x", header, "Ada"]]
    rows += [([] if ragged and i % 5 == 4 else ["x", cell, 1]) for i, cell in enumerate(cells)]
    label = normalise_header(header)
    assert sovc._rows_holding(rows, 1, 1, label) == _plain_rows_holding(rows, 1, 1, label)
    # asked again (the cells met before are remembered): the same rows
    assert sovc._rows_holding(rows, 1, 1, label) == _plain_rows_holding(rows, 1, 1, label)


@given(names=st.lists(st.sampled_from(["P1", "P2", "", "Total:", "TOTALS", "Ward 1", "County Total"])))
def test_total_labels_and_nameless_rows_are_the_plain_scan_s(names: list[str]) -> None:
    assert sovc_block._labelled(names) == [i for i, n in enumerate(names) if n and is_total_label(n)]
    assert sovc_block.places(names, "") == [i for i, n in enumerate(names) if not n]


def _plain_count(rows: list[list[object]]) -> int:
    def is_count(cell: object) -> bool:
        if isinstance(cell, str):
            return cell.strip().replace(",", "").isdigit()
        return type(cell) is int or type(cell) is float

    return sum(1 for row in rows for cell in row if is_count(cell))


@given(
    rows=st.lists(
        st.lists(st.sampled_from([1, 2.0, 2.5, " 1,234 ", "12", "x", "", None, True, False]), max_size=6),
        max_size=200,
    ),
    limit=st.integers(1, 300),
)
def test_a_small_book_is_one_with_fewer_count_cells_than_the_limit(
    rows: list[list[object]], limit: int
) -> None:
    sheet = Sheet("1", rows)
    book = Book(Path("x.xlsx"), ["1"], lambda _name: sheet)
    assert interpret.is_small(book, limit) == (_plain_count(rows) < limit)


_ROW = st.lists(st.integers(0, 3), min_size=3, max_size=3)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    groups=st.lists(st.lists(_ROW, min_size=1, max_size=4), min_size=1, max_size=3),
    labels=st.lists(st.sampled_from(["Ward", None, "Total:"]), min_size=3, max_size=3),
    grand=st.sampled_from(["Total:", None, "County", "none"]),
    row_totals=st.sampled_from([None, -1, 0, 2, 5]),
)
def test_generated_sheets_read_the_same_as_a_block_and_row_by_row(
    tmp_path: Path,
    groups: list[list[list[int]]],
    labels: list[str | None],
    grand: str,
    row_totals: int | None,
) -> None:
    """Units with many zeros (a unit row can then add up like a total), subtotals labelled,
    unlabelled or named like a unit, a grand total or none, and a Total Votes column (one of its
    cells one off, or not): the same results, notes and errors whichever reader reads the sheet."""
    rows: list[list[object]] = []
    every: list[list[int]] = []
    n = 0
    for group, label in zip(groups, labels, strict=False):
        for counts in group:
            n += 1
            rows.append([f"P{n}", *counts])
        rows.append([label if label != "Ward" else f"Ward {n}", *map(sum, zip(*group, strict=True))])
        every += group
    if grand != "none":
        rows.append([grand, *map(sum, zip(*every, strict=True))])
    header: list[object] = ["Precinct", "Ada", "Bo", "Cy"]
    if row_totals is not None:  # the row's total over its candidates, one cell off when asked
        header.append("Total Votes")
        rows = [[*row, _sum(row[1:]) + (r == row_totals)] for r, row in enumerate(rows)]
    mayor: list[list[object]] = [["Mayor"], header, *rows]
    clerk: list[list[object]] = [
        ["Clerk"],
        ["Precinct", "Di", "Ed"],
        ["P1", 1, 2],
        ["P2", 3, 4],
        ["Total:", 4, 6],
    ]
    _same_both_ways(write_xlsx(tmp_path / "generated.xlsx", {"1": mayor, "2": clerk}))


def _sum(cells: list[object]) -> int:
    return sum(cell for cell in cells if isinstance(cell, int))
