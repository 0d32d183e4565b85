"""A one-contest sheet whose contest title sits in the corner reads clean both ways: units along the
header row (an abstract) or down the first column (a statement of votes cast), its own total row
and total column reconciling either way. Automatic detection lets the names decide (precinct-like
names on one axis, parties or write-in lines on the other) and says which cue decided; without a
cue it refuses the file naming the corner and both axes, the election file untouched. The user's
reading (--format, a profile) is read as chosen (issue 11, sections 1 and 3)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.domain import Election
from recount_desktop.importers import interpret, read_tally_file
from recount_desktop.importers.builder import NOTHING_READ
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.profiles import load_profile
from recount_desktop.importers.source import open_book
from recount_desktop.store import create_election_file
from tests.importers.conftest import write_xlsx

UNDECIDABLE: list[list[object]] = [
    ["Mayor", "Ada Lovelace", "Bob Smith", "Total"],
    ["North", 10, 5, 15],
    ["South", 7, 9, 16],
    ["East", 3, 4, 7],
    ["Total", 20, 18, 38],
]


def write_csv(path: Path, rows: list[list[object]]) -> Path:
    """A CSV file as a county's export writes one: names holding a newline quoted."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def _with(across: list[str], down: list[str]) -> list[list[object]]:
    """The undecidable sheet with other names along row 1 (B1, C1) and down column A (A2:A4)."""
    rows = [list(row) for row in UNDECIDABLE]
    rows[0][1:3] = across
    for row, name in zip(rows[1:4], down, strict=True):
        row[0] = name
    return rows


def _row_totals(path: Path) -> dict[str, int]:
    """Column A's name -> the file's own Total column (D), read with the csv module."""
    with path.open(newline="", encoding="utf-8") as handle:
        return {row[0]: int(row[3]) for row in list(csv.reader(handle))[1:-1]}


def _column_totals(path: Path) -> dict[str, int]:
    """Row 1's names (B1, C1) -> the file's own Total row, read with the csv module."""
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    return {name: int(total) for name, total in zip(rows[0][1:3], rows[-1][1:3], strict=True)}


def test_the_undecidable_sheet_is_refused_naming_its_corner_and_both_axes(tmp_path: Path) -> None:
    refused = read_tally_file(write_csv(tmp_path / "one.csv", UNDECIDABLE))
    assert refused.results is None
    assert [e.cell for e in refused.errors] == ["line 1"]
    message = refused.errors[0].message
    assert message.startswith("A1 ('Mayor') heads a one-contest table that reads both ways")
    assert "units along row 1 (B1:C1: 'Ada Lovelace', 'Bob Smith')" in message
    assert "choices down column A (A2:A4: 'North', 'South', 'East')" in message
    assert "its own totals check the same either way" in message and "no name shows" in message
    assert "--format abstract (units along row 1) or --format sovc (units down column A)" in message
    assert "import wizard" in message and "--profile FILE" in message


def test_the_cli_refuses_it_and_leaves_the_election_file_byte_identical(
    tmp_path: Path, election: Election, capsys: pytest.CaptureFixture[str]
) -> None:
    election_path = tmp_path / "e.canvass"
    create_election_file(election_path, election, operator="clerk").close()
    before = election_path.read_bytes()
    source = write_csv(tmp_path / "one.csv", UNDECIDABLE)
    assert main(["import", str(election_path), str(source)]) == 1
    assert "reads both ways" in capsys.readouterr().err
    assert election_path.read_bytes() == before
    assert main(["import", str(election_path), str(source), "--format", "sovc"]) == 0
    assert election_path.read_bytes() != before


@pytest.mark.parametrize(
    ("format", "units", "choices", "totals_of"),
    [
        ("abstract", ["Ada Lovelace", "Bob Smith"], ["North", "South", "East"], _row_totals),
        ("sovc", ["North", "South", "East"], ["Ada Lovelace", "Bob Smith"], _column_totals),
    ],
)
def test_the_layout_the_user_forces_is_read_as_chosen(
    tmp_path: Path, format: str, units: list[str], choices: list[str], totals_of: object
) -> None:
    source = write_csv(tmp_path / "one.csv", UNDECIDABLE)
    imported = read_tally_file(source, format=format)
    assert imported.errors == () and imported.results is not None
    assert imported.layout == format
    assert [p.name for p in imported.results.precincts] == units
    assert [c.name for c in imported.results.contests] == ["Mayor"]  # the corner names the contest
    assert callable(totals_of)
    assert imported.results.totals("Mayor") == totals_of(source)
    assert list(imported.results.totals("Mayor")) == choices


@pytest.mark.parametrize(
    ("profile", "units"),
    [
        (
            'format = "abstract"\n[reading]\nheader_rows = [1]\nunit_columns = ["B", "C"]\n'
            'total_columns = ["D"]\nlabel_columns = ["A"]\n',
            ["Ada Lovelace", "Bob Smith"],
        ),
        ('format = "sovc"\n[reading]\nheader_rows = [1]\nunit_column = "A"\n', ["North", "South", "East"]),
    ],
)
def test_a_profile_reads_it_as_it_says(tmp_path: Path, profile: str, units: list[str]) -> None:
    path = tmp_path / "county.toml"
    path.write_text(f'name = "One contest"\n{profile}', encoding="utf-8")
    imported = read_tally_file(write_csv(tmp_path / "one.csv", UNDECIDABLE), profile=load_profile(path))
    assert imported.errors == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == units
    assert sum(imported.results.totals("Mayor").values()) == 38


@pytest.mark.parametrize(
    ("across", "down"),
    [
        (["Precinct 1", "Precinct 2"], ["Ada Lovelace", "Bob Smith", "Cy Young"]),
        (["North", "Countywide Absentee"], ["Ada Lovelace", "Bob Smith", "Cy Young"]),
        (["North", "South"], ["Ada Lovelace\nDEM", "Bob Smith\nREP", "Write-in"]),
        (["North", "South"], ["Ada Lovelace (DEM)", "Bob Smith (REP)", "Cy Young (LIB)"]),
        (["North", "South"], ["Ada Lovelace - Democrat", "Bob Smith - Republican", "Cy Young"]),
        (["North", "South"], ["Ada Lovelace", "Bob Smith", "Write-ins"]),
    ],
)
def test_units_along_the_header_by_their_names_read_as_an_abstract(
    tmp_path: Path, across: list[str], down: list[str]
) -> None:
    """Precinct-like names along row 1, or parties and write-in lines down column A."""
    source = write_csv(tmp_path / "one.csv", _with(across, down))
    imported = read_tally_file(source)
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "abstract"
    assert [p.name for p in imported.results.precincts] == across
    assert sum(imported.results.totals("Mayor").values()) == 38
    assert imported.reading is not None
    assert "(units along row 1: " in imported.reading.describe()


@pytest.mark.parametrize(
    ("across", "down", "cue"),
    [
        (
            ["Ada Lovelace", "Bob Smith"],
            ["Precinct 1", "Precinct 2", "Absentee"],
            "'Precinct 1' (A2) looks like",
        ),
        (["Ada Lovelace", "Bob Smith"], ["North", "Ward 3", "Pct 7"], "'Ward 3' (A3) looks like a unit"),
        (
            ["Ada Lovelace", "Bob Smith"],
            ["Pct 101", "Pct 102", "Pct 103"],
            "'Pct 101' (A2) looks like a unit",
        ),
        (
            ["Ada Lovelace\nDEM", "Bob Smith\nREP"],
            ["North", "South", "East"],
            "'Ada Lovelace / DEM' (B1) names",
        ),
        (["Ada Lovelace (DEM)", "Bob Smith (REP)"], ["North", "South", "East"], "(B1) names a choice"),
        (["Ada Lovelace", "Write-in"], ["North", "South", "East"], "'Write-in' (C1) names a choice"),
        (["Yes", "No"], ["North", "South", "East"], "'Yes' (B1) names a choice"),
        (["Candidate 1", "Candidate 2"], ["North", "South", "East"], "'Candidate 1' (B1) names a choice"),
    ],
)
def test_units_down_the_first_column_by_their_names_read_as_a_statement(
    tmp_path: Path, across: list[str], down: list[str], cue: str
) -> None:
    """Precinct-like names down column A, or parties, write-in lines or a question's answers
    along row 1: units as rows, the cue said with the reading."""
    source = write_csv(tmp_path / "one.csv", _with(across, down))
    imported = read_tally_file(source)
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "sovc"
    assert [p.name for p in imported.results.precincts] == down
    assert [c.name for c in imported.results.contests] == ["Mayor"]
    assert sum(imported.results.totals("Mayor").values()) == 38
    assert len(imported.results.contests[0].choices) == 2
    assert imported.reading is not None
    described = imported.reading.describe()
    assert "(units down column A: " in described and cue in described
    assert imported.alternatives and imported.alternatives[0].layout == "abstract"


def test_names_pointing_both_ways_are_refused(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "one.csv", _with(["Precinct 1", "Precinct 2"], ["Ward 3", "Ada", "Bo"]))
    refused = read_tally_file(source)
    assert refused.results is None
    assert (
        "the names point both ways ('Precinct 1' (B1) looks like a unit; 'Ward 3' (A2) looks like a unit)"
        in (refused.errors[0].message)
    )


def test_a_surname_that_is_a_unit_word_is_no_cue(tmp_path: Path) -> None:
    """``Ward Smith`` and ``Bob Early`` may be candidates: no number, no word only a unit holds."""
    refused = read_tally_file(
        write_csv(tmp_path / "one.csv", _with(["Ward Smith", "Bob Early"], ["N", "S", "E"]))
    )
    assert refused.results is None
    assert "no name shows which are the units" in refused.errors[0].message


def test_a_workbook_sheet_without_totals_is_refused_too(tmp_path: Path) -> None:
    rows = [row[:3] for row in UNDECIDABLE[:4]]
    refused = read_tally_file(write_xlsx(tmp_path / "one.xlsx", {"Mayor": rows}))
    assert refused.results is None
    assert [e.cell for e in refused.errors] == ["A1"]
    assert "either way it reads clean" in refused.errors[0].message


def test_several_sheets_whose_names_say_statement_are_refused_naming_each(tmp_path: Path) -> None:
    """A one-sheet statement reading would leave the other sheets unread: each sheet is refused
    with what its names say, and how to choose."""
    mayor = _with(["Ada", "Bo"], ["Precinct 1", "Precinct 2", "Precinct 3"])
    clerk = [["Clerk", *mayor[0][1:]], *mayor[1:]]
    refused = read_tally_file(write_xlsx(tmp_path / "two.xlsx", {"Mayor": mayor, "Clerk": clerk}))
    assert refused.results is None
    assert [(e.sheet, e.cell) for e in refused.errors] == [("Mayor", "A1"), ("Clerk", "A1")]
    assert "its names say the units are down the column ('Precinct 1' (A2)" in refused.errors[0].message
    assert "--format sovc (units down column A; one sheet at a time, with --sheet NAME)" in (
        refused.errors[0].message
    )
    clerk_only = read_tally_file(tmp_path / "two.xlsx", format="sovc", sheet="Clerk")
    assert clerk_only.errors == () and clerk_only.results is not None
    assert clerk_only.results.totals("Clerk") == {"Ada": 20, "Bo": 18}


def test_a_multi_contest_abstract_is_not_ambiguous(tmp_path: Path) -> None:
    """Contest title rows between the choice lines: only an abstract has them; read as before,
    with no cue said."""
    rows: list[list[object]] = [
        ["", "North", "South", "Total"],
        ["Mayor"],
        ["Ada", 10, 5, 15],
        ["Bo", 7, 9, 16],
        ["Clerk"],
        ["Cy", 3, 4, 7],
        ["Di", 1, 2, 3],
    ]
    imported = read_tally_file(write_csv(tmp_path / "abstract.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "abstract"
    assert [p.name for p in imported.results.precincts] == ["North", "South"]
    assert imported.results.totals("Clerk") == {"Cy": 7, "Di": 3}
    assert imported.reading is not None and "units along" not in imported.reading.describe()


def test_the_wizard_s_reading_list_offers_both_axes(tmp_path: Path) -> None:
    source = write_csv(tmp_path / "one.csv", UNDECIDABLE)
    found = interpret.candidates(open_book(source, ProblemLog(source.name)))
    assert [(r.layout, r.unit_column, r.unit_columns) for r in found] == [
        ("abstract", None, (1, 2)),
        ("sovc", 0, ()),
    ]


def test_a_blank_corner_is_still_refused_as_nothing_to_import(tmp_path: Path) -> None:
    """No title in the corner: the table names no contest, so no reading reads it (as before)."""
    rows = [[None, *UNDECIDABLE[0][1:]], *UNDECIDABLE[1:]]
    refused = read_tally_file(write_csv(tmp_path / "one.csv", rows))
    assert refused.results is None
    assert [(e.sheet, e.cell, e.message) for e in refused.errors] == [(None, None, NOTHING_READ)]


@pytest.mark.parametrize(
    ("across", "down", "cue"),
    [
        # a question's side as a word anywhere in the name, beside a number that is no precinct's
        (["Adams", "Baker"], ["For Prop 3", "Against Prop 3", "Other"], "'For Prop 3' (A2) names a choice"),
        (["North", "South"], ["Issue 3 - Yes", "Issue 3 - No", "Other"], "'Issue 3 - Yes' (A2) names"),
        (["North", "South"], ["Bonds 2 - For", "Bonds 2 - Against", "X"], "'Bonds 2 - For' (A2) names"),
        # a pseudo-unit's ballots are a unit, along the header row
        (["North", "Mail Ballots"], ["Ada Lovelace", "Bob Smith", "Cy Young"], "'Mail Ballots' (C1) looks"),
        (["North", "Absentee Ballots"], ["Ada", "Bob", "Cy"], "'Absentee Ballots' (C1) looks like a unit"),
    ],
)
def test_a_number_in_a_choice_s_name_is_no_unit_cue(
    tmp_path: Path, across: list[str], down: list[str], cue: str
) -> None:
    """``For Prop 3`` over precinct columns (the reviewer's prop3.csv): the 3 is a proposition's
    number, ``For`` names a side; read as an abstract with the precincts as units."""
    imported = read_tally_file(write_csv(tmp_path / "one.csv", _with(across, down)))
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "abstract"
    assert [p.name for p in imported.results.precincts] == across
    assert imported.reading is not None and cue in imported.reading.describe()


@pytest.mark.parametrize(
    ("across", "down", "cue"),
    [
        (["Ada Lovelace", "Bob Smith"], ["Courthouse", "Fairgrounds", "Mail Ballots"], "'Mail Ballots' (A4)"),
        (["Ada", "Bob"], ["001", "002 Adams", "Early Ballots"], "'001' (A2) looks like a unit"),
        (["Ada", "Bob"], ["Ord", "Precinct 4A", "Burwell"], "'Precinct 4A' (A3) looks like a unit"),
        (["Ada", "Bob"], ["Ord", "Precinct No. 5", "Burwell"], "'Precinct No. 5' (A3) looks like a unit"),
    ],
)
def test_code_like_names_and_ballots_of_a_kind_down_the_column_are_units(
    tmp_path: Path, across: list[str], down: list[str], cue: str
) -> None:
    """The reviewer's mailballots.csv: ``Mail Ballots`` is a pseudo-unit holding real votes, no
    statistic and no choice cue; read as a statement, its votes counted."""
    imported = read_tally_file(write_csv(tmp_path / "one.csv", _with(across, down)))
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "sovc"
    assert [p.name for p in imported.results.precincts] == down
    assert sum(imported.results.totals("Mayor").values()) == 38
    assert imported.reading is not None and cue in imported.reading.describe()


@pytest.mark.parametrize("name", ["District 2 Judge", "Joe Smith 2nd Term", "Route 66 Diner"])
def test_a_number_inside_other_words_is_no_cue(tmp_path: Path, name: str) -> None:
    refused = read_tally_file(
        write_csv(tmp_path / "one.csv", _with(["Ada", "Bob"], ["North", name, "South"]))
    )
    assert refused.results is None
    assert refused.errors[0].cell == "line 1"
    assert "reads both ways" in refused.errors[0].message


def test_the_reviewer_s_question_sheets_read_with_precincts_as_units(tmp_path: Path) -> None:
    """issue3.csv: ``Issue 3 - Yes`` is a side of the question, stored as the choice it is (not
    ``Issue 3`` of party ``Yes`` beside an ``Issue 3 (2)`` of party ``No``)."""
    rows: list[list[object]] = [
        ["Ballot Issue 3", "North", "South", "Total"],
        ["Issue 3 - Yes", 10, 5, 15],
        ["Issue 3 - No", 4, 6, 10],
        ["Total", 14, 11, 25],
    ]
    imported = read_tally_file(write_csv(tmp_path / "issue3.csv", rows))
    assert imported.errors == () and imported.warnings == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == ["North", "South"]
    assert imported.results.totals("Ballot Issue 3") == {"Issue 3 - Yes": 15, "Issue 3 - No": 10}
    assert [c.party for c in imported.results.contests[0].choices] == [None, None]
