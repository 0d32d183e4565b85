"""An abstract of votes whose corner cell names what its header row lists ("Precinct" in A1) is
refused by automatic detection, naming A1 and saying how to read it (a statement of votes cast would
otherwise read clean as a transposed abstract); the user who picks the abstract layout (a profile,
the wizard, --format) has it read, the corner cell being the row's caption, and the file's own total
column still checked. A statement sheet forced to read as an abstract is refused, never read wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from recount_desktop.cli import main
from recount_desktop.domain import Election
from recount_desktop.importers import read_tally_file
from recount_desktop.importers.profiles import load_profile
from recount_desktop.store import create_election_file
from tests.importers.conftest import write_xlsx

UNITS = ("North", "South", "East")
# choice -> its counts per unit; the file's total column is written from these, the expected
# totals below are read back from that column, not from these numbers
COUNTS = {
    "Mayor": {"Ada": (120, 50, 30), "Bo": (80, 70, 10)},
    "Clerk": {"Cy": (90, 60, 25), "Di": (100, 55, 15)},
}

ABSTRACT_PROFILE = """
name = "Corner county abstract"
format = "abstract"
[reading]
header_rows = [1]
unit_columns = ["B", "C", "D"]
total_columns = ["E"]
label_columns = ["A"]
"""

STATEMENT_PROFILE = """
name = "A statement read as an abstract"
format = "abstract"
[reading]
header_rows = [2]
unit_columns = ["B", "C", "D", "E"]
total_columns = ["F"]
label_columns = ["A"]
"""


def _abstract(path: Path, corner: str, total_of: int = 0) -> Path:
    """Units across row 1 under ``corner``, a total column E; ``total_of`` added to Ada's total."""
    rows: list[list[object]] = [[corner, *UNITS, "Total"]]
    for contest, choices in COUNTS.items():
        rows.append([contest, None, None, None, None])
        for choice, counts in choices.items():
            rows.append([choice, *counts, sum(counts) + (total_of if choice == "Ada" else 0)])
    return write_xlsx(path, {"Abstract": rows})


def _totals_column(path: Path) -> dict[str, dict[str, int]]:
    """The file's own total column E, read independently of the importer: contest -> choice -> total."""
    found: dict[str, dict[str, int]] = {}
    contest = ""
    for row in load_workbook(path, read_only=True)["Abstract"].iter_rows(min_row=2, values_only=True):
        if row[1] is None:
            contest = str(row[0])
            found[contest] = {}
        else:
            found[contest][str(row[0])] = int(row[4])
    return found


def _profile(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "county.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("corner", ["Precinct", "Pct", "Ward", "District"])
def test_automatic_detection_refuses_a_unit_word_in_the_corner_naming_a1(tmp_path: Path, corner: str) -> None:
    refused = read_tally_file(_abstract(tmp_path / "abstract.xlsx", corner))
    assert refused.results is None
    first = refused.errors[0]
    assert first.cell == "A1" and f"is headed {corner!r}" in first.message
    assert "choose the abstract layout in the import wizard" in first.message
    assert "import --profile FILE" in first.message


@pytest.mark.parametrize("corner", ["Precinct", "Pct", "Ward", "District"])
def test_a_profile_reads_it_with_the_file_s_own_totals(tmp_path: Path, corner: str) -> None:
    source = _abstract(tmp_path / "abstract.xlsx", corner)
    imported = read_tally_file(source, profile=load_profile(_profile(tmp_path, ABSTRACT_PROFILE)))
    assert imported.errors == () and imported.results is not None
    results = imported.results
    assert [c.name for c in results.contests] == ["Mayor", "Clerk"]  # the corner is no contest
    assert sorted(p.name for p in results.precincts) == sorted(UNITS)
    assert {c: results.totals(c) for c in ("Mayor", "Clerk")} == _totals_column(source)
    assert [n.cell for n in imported.notes.totals] == ["column E"]


def test_picking_the_abstract_layout_reads_it_too(tmp_path: Path) -> None:
    source = _abstract(tmp_path / "abstract.xlsx", "Precinct")
    imported = read_tally_file(source, format="abstract")
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == _totals_column(source)["Mayor"]


def test_the_user_s_reading_still_checks_the_total_column(tmp_path: Path) -> None:
    source = _abstract(tmp_path / "abstract.xlsx", "Precinct", total_of=10)
    imported = read_tally_file(source, profile=load_profile(_profile(tmp_path, ABSTRACT_PROFILE)))
    assert imported.results is None
    assert any(e.cell and e.cell.startswith("E") and "210" in e.message for e in imported.errors), (
        imported.errors
    )


def _statement(path: Path) -> Path:
    """A statement of votes cast: one contest, its precincts down column A under a 'Precinct' header."""
    rows: list[list[object]] = [
        ["Mayor"],
        ["Precinct", "Registered Voters", "Ballots Cast", "Ada", "Bo", "Total Votes"],
        ["North", 400, 205, 120, 80, 200],
        ["South", 300, 125, 50, 70, 120],
        ["East", 100, 41, 30, 10, 40],
        ["Total", 800, 371, 200, 160, 360],
    ]
    return write_xlsx(path, {"Mayor": rows})


def test_a_statement_forced_to_read_as_an_abstract_is_refused(tmp_path: Path) -> None:
    source = _statement(tmp_path / "statement.xlsx")
    profile = load_profile(_profile(tmp_path, STATEMENT_PROFILE))
    imported = read_tally_file(source, profile=profile)
    assert imported.results is None
    # each precinct's line: counts under no contest title, never dropped silently
    assert [e.cell for e in imported.errors] == ["A3", "A4", "A5"]
    assert "no contest title is above it" in imported.errors[0].message
    by_layout = read_tally_file(source, format="abstract")
    assert by_layout.results is None and by_layout.errors and all(e.cell for e in by_layout.errors)
    wrong_file = read_tally_file(source, profile=load_profile(_profile(tmp_path, ABSTRACT_PROFILE)))
    assert wrong_file.results is None and wrong_file.errors[0].cell == "B1"


def test_a_statement_read_as_an_abstract_is_refused_by_its_totals(tmp_path: Path) -> None:
    """The contest title under the header: read as an abstract, the registered voters are counted as
    a unit, and the file's own Total Votes column says otherwise."""
    rows: list[list[object]] = [
        ["Precinct", "Registered Voters", "Ada", "Bo", "Total Votes"],
        ["Mayor"],
        ["North", 400, 120, 80, 200],
        ["South", 300, 50, 70, 120],
        ["Total", 700, 170, 150, 320],
    ]
    source = write_xlsx(tmp_path / "statement.xlsx", {"Mayor": rows})
    profile = _profile(tmp_path, ABSTRACT_PROFILE)  # units B-D under row 1, total E
    # forced by layout, the reader's own detection also says why column A's header makes it a
    # statement (automatic detection offers no abstract reading with statistics over its units)
    for imported, cells in (
        (read_tally_file(source, profile=load_profile(profile)), ["E3", "E4"]),
        (read_tally_file(source, format="abstract"), ["A1", "E3", "E4"]),
    ):
        assert imported.results is None
        assert [e.cell for e in imported.errors] == cells
        [e3] = [e for e in imported.errors if e.cell == "E3"]
        assert "add up to 600 but the file's total (E3) says 200" in e3.message


def test_the_cli_imports_it_with_the_profile(tmp_path: Path, election: Election) -> None:
    election_path = tmp_path / "e.canvass"
    create_election_file(election_path, election, operator="clerk").close()
    source = _abstract(tmp_path / "abstract.xlsx", "Precinct")
    profile = _profile(tmp_path, ABSTRACT_PROFILE)
    assert main(["import", str(election_path), str(source)]) == 1
    assert main(["import", str(election_path), str(source), "--profile", str(profile)]) == 0
