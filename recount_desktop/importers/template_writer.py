"""Write the blank tally template (openpyxl: calamine only reads)."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.datavalidation import DataValidation

from recount_desktop.domain.records import (
    ContestKind,
    ElectionType,
    FiledWith,
    MeasureType,
    Scope,
    VotingMethod,
)

TALLIES = ("Precinct", "Contest", "Choice", "Votes", "County", "Vote Type", "Party")
EXAMPLE_TALLY = ("Precinct 1", "Mayor", "Ada Alvarez", 120, "Sarpy", "Election Day", "DEM")
CONTESTS = (
    "Contest",
    "Kind",
    "Seats",
    "Scope",
    "Election Type",
    "Voting Method",
    "Approval",
    "Measure Type",
    "Filed With",
    "Runoff Possible",
)
EXAMPLE_CONTEST = ("Mayor", "candidate", 1, "municipal", "general", "plurality", "", "", "county", "no")
ELECTION = (
    ("State", "NE"),
    ("Jurisdiction", "Sarpy County"),
    ("Election Name", "General Election"),
    ("Election Date", "2026-11-03"),
    ("Canvass Date", "2026-11-16"),
    ("Election Type", "general"),
    ("Board Member", "Jane Q. Chair, Chair of the Board of Canvassers"),
)
LIST_ROWS = 5000  # drop-downs cover this many rows; typed values beyond are still checked on import
VOTE_TYPES = ("Election Day", "Early", "Mail", "Provisional", "Absentee")


def _list_validation(values: tuple[str, ...], cells: str, allow_other: bool = False) -> DataValidation:
    validation = DataValidation(type="list", formula1='"' + ",".join(values) + '"', allow_blank=True)
    validation.showErrorMessage = not allow_other
    validation.error = f"Use one of: {', '.join(values)}"
    validation.add(cells)
    return validation


def _header(sheet: object, names: tuple[str, ...]) -> None:
    sheet.append(names)  # type: ignore[attr-defined]
    for cell in sheet[1]:  # type: ignore[index]
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"  # type: ignore[attr-defined]


def write_template(path: Path) -> Path:
    workbook = Workbook()
    tallies = workbook.active
    tallies.title = "Tallies"
    _header(tallies, TALLIES)
    tallies.append(EXAMPLE_TALLY)
    tallies.add_data_validation(_list_validation(VOTE_TYPES, f"F2:F{LIST_ROWS}", allow_other=True))
    whole = DataValidation(type="whole", operator="greaterThanOrEqual", formula1="0", allow_blank=True)
    whole.error = "Votes are whole numbers of 0 or more"
    whole.showErrorMessage = True
    whole.add(f"D2:D{LIST_ROWS}")
    tallies.add_data_validation(whole)

    contests = workbook.create_sheet("Contests")
    _header(contests, CONTESTS)
    contests.append(EXAMPLE_CONTEST)
    for column, enum in (
        ("B", ContestKind),
        ("D", Scope),
        ("E", ElectionType),
        ("F", VotingMethod),
        ("H", MeasureType),
        ("I", FiledWith),
    ):
        values = tuple(member.value for member in enum)
        contests.add_data_validation(_list_validation(values, f"{column}2:{column}{LIST_ROWS}"))
    contests.add_data_validation(_list_validation(("yes", "no"), f"J2:J{LIST_ROWS}"))

    election = workbook.create_sheet("Election")
    _header(election, ("Field", "Value"))
    for row in ELECTION:
        election.append(row)
    election.add_data_validation(_list_validation(("NE", "CO", "OK", "MT", "UT"), "B2"))
    for sheet, widths in (
        (tallies, (16, 30, 24, 10, 14, 16, 10)),
        (contests, (30,) + (16,) * 9),
        (election, (18, 50)),
    ):
        for index, width in enumerate(widths):
            sheet.column_dimensions[chr(65 + index)].width = width
    workbook.save(path)
    return path
