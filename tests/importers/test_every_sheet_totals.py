"""A workbook's sheets holding a contest's totals and its detail, compared all at once: a county
totals sheet read first is the sum of every detail sheet (not of the first alone), and a sheet of
one more precinct named like the others is a precinct, while one named as a total that does not add
up stays refused. Never a count added twice."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx
from tests.importers.test_every_sheet_read import LOCAL, _long, _totals

SECOND = {  # the same contests, for precincts Pct 4 to Pct 6
    "Mayor": {"Ann": [10, 11, 12], "Bob": [20, 21, 22]},
    "Council": {"Cal": [30, 31, 32], "Dee": [40, 41, 42]},
}
FIRST_UNITS = ("Pct 1", "Pct 2", "Pct 3")
SECOND_UNITS = ("Pct 4", "Pct 5", "Pct 6")
BOTH = {"Mayor": {"Ann": 120 + 33, "Bob": 649 + 63}, "Council": {"Cal": 630 + 93, "Dee": 731 + 123}}


def _county_of_both() -> dict[str, dict[str, list[int]]]:
    return {contest: {choice: [votes] for choice, votes in per.items()} for contest, per in BOTH.items()}


def test_a_county_totals_sheet_read_first_is_checked_against_every_detail_sheet(tmp_path: Path) -> None:
    """Before, it was compared with the first detail sheet alone and refused 'cannot tell'."""
    for unit in ("County", "Countywide"):
        path = write_xlsx(
            tmp_path / "first.xlsx",
            {
                "Summary": _long(_county_of_both(), units=(unit,)),
                "North": _long(LOCAL, units=FIRST_UNITS),
                "South": _long(SECOND, units=SECOND_UNITS),
            },
        )
        imported = read_tally_file(path)
        assert imported.errors == (), unit
        assert _totals(imported) == BOTH
        assert imported.results is not None
        assert {p.name for p in imported.results.precincts} == {*FIRST_UNITS, *SECOND_UNITS}
        [warned] = [w for w in imported.warnings if "holds the totals of the units" in w.message]
        assert warned.sheet == "Summary" and "'North', 'South'" in warned.message


def test_a_county_totals_sheet_read_first_that_does_not_add_up_is_refused(tmp_path: Path) -> None:
    totals = _county_of_both()
    totals["Council"]["Dee"] = [855]
    path = write_xlsx(
        tmp_path / "off.xlsx",
        {
            "Summary": _long(totals, units=("County",)),
            "North": _long(LOCAL, units=FIRST_UNITS),
            "South": _long(SECOND, units=SECOND_UNITS),
        },
    )
    imported = read_tally_file(path)
    assert imported.results is None
    [error] = imported.errors
    assert error.sheet == "Summary" and "'North', 'South'" in error.message
    assert "'Dee': 855 there, 854 summed" in error.message


def test_a_county_totals_sheet_last_after_two_detail_sheets_is_checked(tmp_path: Path) -> None:
    path = write_xlsx(
        tmp_path / "last.xlsx",
        {
            "North": _long(LOCAL, units=FIRST_UNITS),
            "South": _long(SECOND, units=SECOND_UNITS),
            "Saline County": _long(_county_of_both(), units=("Saline County",)),
        },
    )
    imported = read_tally_file(path)
    assert imported.errors == ()
    assert _totals(imported) == BOTH
    assert imported.results is not None and len(imported.results.precincts) == 6


ONE_MORE = {"Mayor": {"Ann": [7], "Bob": [9]}, "Council": {"Cal": [5], "Dee": [6]}}


def test_a_sheet_of_one_more_precinct_named_like_the_others_is_joined_with_a_warning(tmp_path: Path) -> None:
    """'Pct 9' alone on a sheet, not the sum of Pct 1 to 3: refused 'cannot tell' before."""
    path = write_xlsx(
        tmp_path / "more.xlsx",
        {"Detail": _long(LOCAL, units=FIRST_UNITS), "Late": _long(ONE_MORE, units=("Pct 9",))},
    )
    imported = read_tally_file(path)
    assert imported.errors == ()
    assert _totals(imported) == {"Mayor": {"Ann": 127, "Bob": 658}, "Council": {"Cal": 635, "Dee": 737}}
    assert imported.results is not None and len(imported.results.precincts) == 4
    [warned] = [w for w in imported.warnings if w.sheet == "Late" and "'Pct 9'" in w.message]
    assert "not the sum" in warned.message and "'Detail'" in warned.message


def test_a_sheet_of_one_unit_named_as_a_total_that_does_not_add_up_stays_refused(tmp_path: Path) -> None:
    for unit in ("County", "Countywide", "Saline County"):
        path = write_xlsx(
            tmp_path / "total.xlsx",
            {"Detail": _long(LOCAL, units=FIRST_UNITS), "Late": _long(ONE_MORE, units=(unit,))},
        )
        imported = read_tally_file(path)
        assert imported.results is None, unit
        assert any(e.sheet == "Late" and f"{unit!r}" in e.message for e in imported.errors), unit


def test_a_sheet_of_one_unit_named_unlike_the_others_stays_refused(tmp_path: Path) -> None:
    # 'Absentee' beside 'Pct 1'..'Pct 3' may be a precinct or a subtotal: the import cannot tell
    path = write_xlsx(
        tmp_path / "unlike.xlsx",
        {"Detail": _long(LOCAL, units=FIRST_UNITS), "Late": _long(ONE_MORE, units=("Absentee",))},
    )
    imported = read_tally_file(path)
    assert imported.results is None
    assert any("may be the total" in e.message for e in imported.errors)


def test_a_sheet_of_one_row_total_is_not_counted(tmp_path: Path) -> None:
    # read on its own, the row 'Total' is that sheet's total of no unit: warned of, never counted
    path = write_xlsx(
        tmp_path / "total.xlsx",
        {"Detail": _long(LOCAL, units=FIRST_UNITS), "Late": _long(ONE_MORE, units=("Total",))},
    )
    imported = read_tally_file(path)
    assert _totals(imported) == {"Mayor": {"Ann": 120, "Bob": 649}, "Council": {"Cal": 630, "Dee": 731}}
    assert any(w.sheet == "Late" and "it was not read" in w.message for w in imported.warnings)


def test_a_unit_named_like_the_others_equal_to_one_sheets_sum_is_refused(tmp_path: Path) -> None:
    # 'Pct 7' holds North's total (Pct 1 to 3), not North's and South's: joined, North counted twice
    north_total = {c: {choice: [sum(v)] for choice, v in per.items()} for c, per in LOCAL.items()}
    path = write_xlsx(
        tmp_path / "north.xlsx",
        {
            "North": _long(LOCAL, units=FIRST_UNITS),
            "South": _long(SECOND, units=SECOND_UNITS),
            "Late": _long(north_total, units=("Pct 7",)),
        },
    )
    imported = read_tally_file(path)
    assert imported.results is None
    assert any(
        e.sheet == "Late" and "sum of the units on sheet(s) 'North' alone" in e.message
        for e in imported.errors
    )
