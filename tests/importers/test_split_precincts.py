"""A precinct on two rows of one statement sheet: the portions of a split precinct (summed, with a
warning naming both rows), or a page printed twice (counted once). The file's own total decides;
with no total, rows with different counts are portions, and equal rows are counted once with a
warning that says the file could not tell (issue 11, split precincts)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.importers import read_tally_file
from recount_desktop.importers.reader import TallyImport
from tests.importers.conftest import write_xlsx
from tests.importers.test_sovc_block import _same_both_ways

CLERK = [["Clerk"], ["Precinct", "Cy", "Di"], ["P1", 1, 2], ["P2", 3, 4], ["P3", 5, 6], ["Total:", 9, 12]]
HEAD = [["Mayor"], ["Precinct", "Ada", "Bo"]]
# rows 3 to 5 of the sheet; P2 comes again on row 6
UNITS = [["P1", 10, 20], ["P2", 30, 40], ["P3", 5, 6]]


def _statement(tmp_path: Path, *rows: list[object], name: str = "s.xlsx") -> Path:
    return write_xlsx(tmp_path / name, {"1": [*HEAD, *rows], "2": CLERK})


def _read(path: Path, **options: bool) -> TallyImport:
    imported, _answers = _same_both_ways(path, **options)
    return imported


def _warnings(imported: TallyImport) -> list[str]:
    return [w.message for w in imported.warnings if "appears on" in w.message]


def test_two_portions_with_a_total_that_adds_them_up_are_summed(tmp_path: Path) -> None:
    path = _statement(tmp_path, *UNITS, ["P2", 1, 2], ["Total:", 46, 68])
    imported = _read(path)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 46, "Bo": 68}
    assert [p.name for p in imported.results.precincts] == ["P1", "P2", "P3"]
    assert _warnings(imported) == [
        "precinct 'P2' appears on rows 4 and 6 of 'Mayor'; its two portions are summed, "
        "as the file's total (B7 and C7) says"
    ]
    assert next(w.cell for w in imported.warnings if "appears on" in w.message) == "B6"


def test_equal_portions_are_summed_when_the_total_counts_both(tmp_path: Path) -> None:
    path = _statement(tmp_path, *UNITS, ["P2", 30, 40], ["Total:", 75, 106])
    imported = _read(path)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 75, "Bo": 106}
    (warning,) = _warnings(imported)
    assert "with the same counts; its two portions are summed" in warning and "rows 4 and 6" in warning


def test_a_repeated_row_is_counted_once_when_the_total_counts_it_once(tmp_path: Path) -> None:
    path = _statement(tmp_path, *UNITS, ["P2", 30, 40], ["Total:", 45, 66])
    imported = _read(path)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 45, "Bo": 66}
    (warning,) = _warnings(imported)
    assert "counted once, as a repeated copy: the file's total (B7 and C7) says so" in warning


def test_an_unlabelled_total_that_counts_a_repeated_row_once_is_still_a_total(tmp_path: Path) -> None:
    path = _statement(tmp_path, *UNITS, ["P2", 30, 40], [None, 45, 66])
    imported = _read(path)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 45, "Bo": 66}


@pytest.mark.parametrize("again", [["P2", 1, 2], ["P2", 30, 40]], ids=["different", "equal"])
def test_a_total_that_fits_no_reading_is_an_error_naming_the_cells_and_numbers(
    tmp_path: Path, again: list[object]
) -> None:
    bo = 68 if again[1] == 1 else 66  # Bo's total fits (summed portions, or a copy once): Ada's does not
    path = _statement(tmp_path, *UNITS, again, ["Total:", 100, bo])
    imported = _read(path)
    assert imported.results is None
    (error,) = imported.errors
    assert error.cell == "B7"
    assert "'P2' on rows 4 and 6" in error.message and "B3:B6" in error.message
    assert "says 100" in error.message
    if again[1] == 1:
        assert "add up to 46 with the repeated rows summed" in error.message
    else:
        assert "add up to 75 with the repeated rows summed" in error.message
        assert "or 45 with the equal ones counted once" in error.message
    accepted = _read(path, accept_differences=True)
    assert accepted.results is not None and accepted.differences[0].total_cell == "B7"


def test_with_no_total_different_rows_are_portions_summed(tmp_path: Path) -> None:
    imported = _read(_statement(tmp_path, *UNITS, ["P2", 1, 2]))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 46, "Bo": 68}
    assert _warnings(imported) == [
        "precinct 'P2' appears on rows 4 and 6 of 'Mayor'; its two portions are summed"
    ]


def test_with_no_total_equal_rows_are_counted_once_and_the_warning_says_why(tmp_path: Path) -> None:
    imported = _read(_statement(tmp_path, *UNITS, ["P2", 30, 40]))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 45, "Bo": 66}
    assert _warnings(imported) == [
        "precinct 'P2' appears on rows 4 and 6 of 'Mayor' with the same counts; counted once: the "
        "file has no total to tell a repeated page from two equal portions (cells B4:C4 and B6:C6)"
    ]


def test_rows_equal_in_one_choice_only_are_portions(tmp_path: Path) -> None:
    """Ada's counts are equal, Bo's are not: the row is no copy, so both choices are summed."""
    imported = _read(_statement(tmp_path, *UNITS, ["P2", 30, 1]))
    assert imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 75, "Bo": 67}


def test_a_whole_page_printed_twice_is_counted_once(tmp_path: Path) -> None:
    """Every unit again after the total row, with the total again: each total closes its own copy."""
    path = _statement(tmp_path, *UNITS, ["Total:", 45, 66], *UNITS, ["Total:", 45, 66])
    imported = _read(path)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 45, "Bo": 66}
    assert len(_warnings(imported)) == 3
    assert all("counted once" in w for w in _warnings(imported))


def test_every_unit_twice_under_one_total_of_them_once(tmp_path: Path) -> None:
    path = _statement(tmp_path, *UNITS, *UNITS, ["Total:", 45, 66])
    imported = _read(path)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 45, "Bo": 66}


def test_portions_under_vote_type_rows_are_summed_by_type(tmp_path: Path) -> None:
    rows = [
        ["P1", None, None],
        ["Polling", 10, 20],
        ["Vote By Mail", 5, 6],
        ["Total", 15, 26],
        ["P2", None, None],
        ["Polling", 1, 2],
        ["Vote By Mail", 3, 4],
        ["Total", 4, 6],
        ["P1", None, None],
        ["Polling", 2, 2],
        ["Vote By Mail", 0, 1],
        ["Total", 2, 3],
        ["Total:", 21, 35],
    ]
    imported = read_tally_file(_statement(tmp_path, *rows))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 21, "Bo": 35}
    ada_p1 = next(t for t in imported.results.tallies if (t.precinct, t.choice) == ("P1", "Ada"))
    assert dict(ada_p1.vote_types) == {"Polling": 12, "Vote By Mail": 5}


def test_a_long_tables_repeated_row_keeps_its_behaviour(tmp_path: Path) -> None:
    header = ("Precinct", "Contest", "Choice", "Votes")
    rows = [header, ("P1", "Mayor", "Ada", 5), ("P2", "Mayor", "Ada", 4), ("P1", "Mayor", "Ada", 6)]
    imported = read_tally_file(write_xlsx(tmp_path / "long.xlsx", {"Results": rows}), format="long")
    assert imported.results is None
    assert any("appears twice with different counts" in e.message for e in imported.errors)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_cli_stores_nothing_when_no_reading_reconciles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    election = tmp_path / "e.canvass"
    made = ["new", str(election), "--state", "NE", "--jurisdiction", "Sarpy County"]
    made += ["--election-name", "General", "--election-date", "2026-11-03", "--operator", "clerk"]
    assert main(made) == 0
    bad = _statement(tmp_path, *UNITS, ["P2", 1, 2], ["Total:", 100, 68], name="bad.xlsx")
    before = _digest(election)
    capsys.readouterr()
    assert main(["import", str(election), str(bad), "--operator", "clerk"]) == 1
    err = capsys.readouterr().err
    assert "B7" in err and "says 100" in err and "Traceback" not in err
    assert _digest(election) == before
    good = _statement(tmp_path, *UNITS, ["P2", 1, 2], ["Total:", 46, 68], name="good.xlsx")
    assert main(["import", str(election), str(good), "--operator", "clerk"]) == 0
    shown = capsys.readouterr()
    assert "its two portions are summed" in shown.out + shown.err


@pytest.mark.parametrize(
    ("again", "total", "registered", "over"),
    [(["P2", 300, 30, 40, 2], [45, 66], 300, 2), (["P2", 100, 1, 2, 1], [46, 68], 400, 3)],
    ids=["copy", "portions"],
)
def test_a_repeated_rows_statistics_follow_its_counts(
    tmp_path: Path, again: list[object], total: list[int], registered: int, over: int
) -> None:
    """Registered voters left of the candidates, over votes right of them: a copy's are counted
    once, as its counts are; portions' are summed."""
    head = [["Mayor"], ["Precinct", "Registered Voters", "Ada", "Bo", "Over Votes"]]
    units = [["P1", 500, 10, 20, 0], ["P2", 300, 30, 40, 2], ["P3", 90, 5, 6, 1]]
    rows = [*head, *units, again, ["Total:", None, *total, None]]
    imported = _read(write_xlsx(tmp_path / "stats.xlsx", {"1": rows, "2": CLERK}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": total[0], "Bo": total[1]}
    p2 = next(s for s in imported.results.statistics if (s.contest, s.precinct) == ("Mayor", "P2"))
    assert (p2.registered_voters, p2.over_votes) == (registered, over)


def test_an_unlabelled_total_under_a_copy_with_statistics_is_still_a_total(tmp_path: Path) -> None:
    head = [["Mayor"], ["Precinct", "Ada", "Bo", "Over Votes"]]
    units = [["P1", 10, 20, 0], ["P2", 30, 40, 2], ["P3", 5, 6, 1]]
    rows = [*head, *units, ["P2", 30, 40, 2], [None, 45, 66, 3]]
    imported = _read(write_xlsx(tmp_path / "stats.xlsx", {"1": rows, "2": CLERK}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 45, "Bo": 66}


@pytest.mark.parametrize(("again", "summed"), [(["Precinct 0005", 1, 2], True), (None, False)])
def test_a_large_sheet_read_by_columns_decides_the_same_way(
    tmp_path: Path, again: list[object] | None, summed: bool
) -> None:
    """A sheet large enough to be read by columns (``sheet_columns``): the same reading."""
    units: list[list[object]] = [
        [f"Precinct {p:04d}", 100 + p * 37 % 53, 90 + p * 41 % 47] for p in range(1500)
    ]
    repeated = again or list(units[5])
    ada = sum(int(u[1]) for u in units) + (int(repeated[1]) if summed else 0)
    bo = sum(int(u[2]) for u in units) + (int(repeated[2]) if summed else 0)
    imported = _read(_statement(tmp_path, *units, repeated, ["Total:", ada, bo]))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": ada, "Bo": bo}
    (warning,) = _warnings(imported)
    assert "rows 8 and 1503" in warning and ("summed" if summed else "counted once") in warning
