"""Issue 11, first rule, for the interpreter: every count cell of a table is read, checked as a
total or skipped as a share; counts under no unit name, or a wide sheet read as an abstract, are
errors naming the cells, never dropped or folded together silently."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

HEADER = ["Candidate", "North", "South", None]


def _abstract(tmp_path: Path, last: tuple[int, int]) -> Path:
    rows = [HEADER, ["Mayor"], ["Ada", 10, 20, last[0]], ["Bo", 3, 4, last[1]]]
    return write_xlsx(tmp_path / "abstract.xlsx", {"Abstract": rows})


def test_counts_under_no_unit_name_are_an_error_naming_the_cells(tmp_path: Path) -> None:
    imported = read_tally_file(_abstract(tmp_path, (5, 8)))
    assert imported.results is None
    assert any(e.message.startswith("D3:D4 hold counts under no unit name") for e in imported.errors)


def test_an_unnamed_column_that_sums_the_units_is_a_checked_total(tmp_path: Path) -> None:
    imported = read_tally_file(_abstract(tmp_path, (30, 7)))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 30, "Bo": 7}
    assert "column D" in [note.cell for note in imported.notes.totals]


def test_an_unnamed_column_of_vote_shares_is_skipped(tmp_path: Path) -> None:
    rows = [
        ["Candidate", None, "North", "South", "Total"],
        ["Mayor"],
        ["Ada", 0.5757, 10, 20, 30],
        ["Bo", 0.4243, 12, 10, 22],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "shares.xlsx", {"Abstract": rows}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 30, "Bo": 22}


def _wide_rows() -> list[list[object]]:
    return [
        ["Results by district"],
        [None, "Mayor", None, "Clerk", None],
        ["Where", "Ada", "Bo", "Cy", "Di"],
        ["North", 120, 80, 7, 9],
        ["South", 50, 70, 5, 6],
        ["All", 170, 150, 12, 15],
    ]


def test_a_wide_sheet_is_never_read_clean_as_an_abstract(tmp_path: Path) -> None:
    source = write_xlsx(tmp_path / "wide.xlsx", {"Results": _wide_rows()})
    imported = read_tally_file(source, format="abstract")
    assert imported.results is None
    assert "row 2 groups the unit columns under names" in imported.errors[0].message
    assert "'Mayor' over column B, 'Clerk' over column D" in imported.errors[0].message


def test_a_wide_sheet_whose_unit_header_is_an_unknown_word_reads_as_wide(tmp_path: Path) -> None:
    imported = read_tally_file(write_xlsx(tmp_path / "wide.xlsx", {"Results": _wide_rows()}))
    assert imported.errors == () and imported.results is not None and imported.layout == "wide"
    assert imported.results.totals("Mayor") == {"Ada": 170, "Bo": 150}
    assert imported.results.totals("Clerk") == {"Cy": 12, "Di": 15}
    assert [p.name for p in imported.results.precincts] == ["North", "South"]


def test_an_abstract_with_districts_over_its_precincts_stays_an_abstract(tmp_path: Path) -> None:
    rows = [
        [None, "District 1", None, "District 2", None],
        ["Candidate", "P1", "P2", "P3", "P4"],
        ["Mayor"],
        ["Ada", 1, 2, 3, 4],
        ["Bo", 5, 6, 7, 8],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "districts.xlsx", {"Abstract": rows}))
    assert imported.errors == () and imported.results is not None and imported.layout == "abstract"
    assert imported.results.totals("Mayor") == {"Ada": 10, "Bo": 26}


def test_precincts_under_districts_headed_candidate_are_never_read_clean_as_a_wide_sheet(
        tmp_path: Path) -> None:
    # a review found this abstract imported clean as a wide sheet: contests 'District 1' and 'District 2'
    # with the precincts as their choices and the candidates as units
    rows: list[list[object]] = [
        ["Mayor", None, None, None, None],
        [None, "District 1", None, "District 2", None],
        ["Candidate", "P1", "P2", "P3", "P4"],
        ["Smith", 10, 20, 30, 40],
        ["Jones", 5, 5, 5, 5],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "a.xlsx", {"Abstract": rows}))
    assert imported.results is None or "Mayor" in [c.name for c in imported.results.contests]
    if imported.results is None:
        assert imported.errors and imported.errors[0].cell
