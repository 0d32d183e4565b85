"""The wide layout on small sheets made here: detection, seats, statistics, checks and cell errors."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from recount_desktop.importers import read_tally_file


def _wide(path: Path, rows: list[list[object]], merges: tuple[str, ...] = ()) -> Path:
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Results"
    for row in rows:
        sheet.append(row)
    for cells in merges:
        sheet.merge_cells(cells)
    workbook.save(path)
    return path


def _board_and_question(*precinct_rows: list[object]) -> list[list[object]]:
    return [
        ["County results"],
        [None, "STATISTICS", None, "Council (elect two)", None, None, None, "Question 1", None],
        [None, None, None, "Vote for 2", None, None, None, "Vote for 1", None],
        ["Precinct", "Registered Voters", "Turnout", "DEM - Ada", "REP - Bo", "Cy", "Overvotes", "Yes", "No"],
        *precinct_rows,
    ]


def test_a_wide_sheet_is_recognised_with_seats_parties_and_statistics(tmp_path: Path) -> None:
    rows = _board_and_question(
        ["P1", 500, 0.61, 120, 80, 30, 2, 100, 90],
        ["P2", 400, 0.55, 50, 70, 10, 0, 60, 55],
        ["TOTAL", 900, 0.58, 170, 150, 40, 2, 160, 145],
    )
    imported = read_tally_file(_wide(tmp_path / "wide.xlsx", rows, ("B2:C3", "D2:G2", "H2:I2")))
    assert imported.layout == "wide" and imported.errors == () and imported.warnings == ()
    results = imported.results
    assert [c.name for c in results.contests] == ["Council (elect two)", "Question 1"]
    council = results.contest("Council (elect two)")
    assert council.seats == 2 and [(c.name, c.party) for c in council.choices] == [
        ("Ada", "DEM"),
        ("Bo", "REP"),
        ("Cy", None),
    ]
    assert results.contest("Question 1").kind.value == "question"
    assert results.totals("Council (elect two)") == {"Ada": 170, "Bo": 150, "Cy": 40}
    p1 = next(s for s in results.statistics if s.contest == "Council (elect two)" and s.precinct == "P1")
    assert (p1.registered_voters, p1.over_votes) == (500, 2)


def test_the_total_row_and_total_votes_column_are_checks(tmp_path: Path) -> None:
    rows = [
        [None, "Mayor", None, None, "Clerk", None, None],
        ["Precinct", "Total Votes", "Ada", "Bo", "Total Votes", "Di", "Ed"],
        ["P1", 200, 120, 80, 10, 6, 4],
        ["P2", 999, 50, 70, 10, 5, 5],
        ["Total", 320, 170, 151, 20, 11, 9],
    ]
    imported = read_tally_file(_wide(tmp_path / "checks.xlsx", rows), accept_differences=True)
    assert imported.layout == "wide" and imported.errors == ()
    shown = [str(w) for w in imported.warnings]
    assert read_tally_file(_wide(tmp_path / "checks.xlsx", rows)).results is None  # not without accepting
    assert any(
        "cell B4" in w and "(C4:D4) add up to 120 but the file's total (B4) says 999" in w for w in shown
    )
    assert any(
        "'Mayor', 'Bo': the units (D3:D4) add up to 150 but the file's total (D5) says 151" in w
        for w in shown
    )
    assert imported.results.totals("Clerk") == {"Di": 11, "Ed": 9}


def test_bad_and_suppressed_cells_in_a_wide_sheet(tmp_path: Path) -> None:
    rows = [
        [None, "Mayor", None, "Clerk", None],
        ["Precinct", "Ada", "Bo", "Di", "Ed"],
        ["P1", 12, "lots", 3, "***"],
        ["P2", -4, 2, 3, 1],
    ]
    imported = read_tally_file(_wide(tmp_path / "bad.xlsx", rows))
    assert imported.results is None
    places = {(e.sheet, e.cell) for e in imported.errors}
    assert places == {("Results", "C3"), ("Results", "B4")}
    rows[2][2], rows[3][1] = 5, 4
    imported = read_tally_file(_wide(tmp_path / "suppressed.xlsx", rows))
    assert imported.errors == ()
    assert imported.results.contest("Clerk").incomplete_precinct_data
    assert any("E3" in str(w) and "suppressed" in str(w) for w in imported.warnings)


def test_wide_can_be_forced_and_says_what_it_looked_for(tmp_path: Path) -> None:
    path = _wide(tmp_path / "flat.xlsx", [["Precinct", "Ada"], ["P1", 3]])
    imported = read_tally_file(path, format="wide")
    assert imported.results is None
    assert "contest names over a row of choice names" in str(imported.errors[0])
