"""A question's two sides where the county's export scattered them (issue 11, helper C3's check)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.domain.records import ContestKind
from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

# Modelled on openelections-sources-ks 2024/general/Shawnee/SOVC.FinalOfficial.11182024.csv: a
# Yes/No question's two columns under two titles that differ in their last word.
SHAWNEE = [
    ["PRECINCT CODE", "PRECINCT NAME", "REGISTERED VOTERS TOTAL", *["For County Clerk"] * 3]
    + ["USD 340 Question USD 340", "USD 340 Question USD 341"],
    [None, None, None, "DEM Ann Able", "REP Bob Baker", "Write-in", "Yes", "No"],
    [1, "1 East", 684, 300, 200, 1, 250, 260],
    [2, "2 West", 581, 200, 230, 0, 200, 230],
]


def test_a_question_split_under_two_titles_is_read_as_one_question(tmp_path: Path) -> None:
    imported = read_tally_file(write_xlsx(tmp_path / "sovc.xlsx", {"SOVC": SHAWNEE}), format="wide")
    assert imported.errors == () and imported.results is not None
    question = imported.results.contest("USD 340 Question USD 340")
    assert question.kind is ContestKind.QUESTION
    assert imported.results.totals(question.name) == {"Yes": 450, "No": 490}
    assert "USD 340 Question USD 341" not in [c.name for c in imported.results.contests]
    [warning] = [w for w in imported.warnings if "side of a question" in w.message]
    assert warning.cell == "H1" and "(G1)" in warning.message


def test_a_lone_side_under_its_own_title_is_warned_of(tmp_path: Path) -> None:
    rows = [list(row) for row in SHAWNEE]
    rows[0][7] = "Library Levy"
    imported = read_tally_file(write_xlsx(tmp_path / "sovc.xlsx", {"SOVC": rows}), format="wide")
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Library Levy") == {"No": 490}
    assert any(
        w.cell == "H2"
        and "'Library Levy' has one choice, 'No' (H2), which is a side of a question" in w.message
        for w in imported.warnings
    )


# Modelled on openelections-data-co 2012/20121106__co__general__kiowa__precinct.csv: the question's
# YES / NO in the party column, its description in the candidate column (bare-CR line ends).
KIOWA = """county,precinct,office,district,party,candidate,votes
Kiowa,1,President,,DEM,Barack Obama,8
Kiowa,1,AMENDMENT 64,,YES,Legalize Marijuana,14
Kiowa,1,AMENDMENT 64,,NO,Legalize Marijuana,38
Kiowa,2,AMENDMENT 64,,YES,Legalize Marijuana,21
Kiowa,2,AMENDMENT 64,,NO,Legalize Marijuana,34
"""


def _kiowa(tmp_path: Path, text: str = KIOWA) -> Path:
    path = tmp_path / "kiowa.csv"
    path.write_bytes(text.replace("\n", "\r").encode())
    return path


def test_yes_and_no_in_the_party_column_are_the_questions_sides(tmp_path: Path) -> None:
    imported = read_tally_file(_kiowa(tmp_path))
    assert imported.errors == () and imported.results is not None
    question = imported.results.contest("AMENDMENT 64")
    assert question.kind is ContestKind.QUESTION
    assert imported.results.totals("AMENDMENT 64") == {"Yes": 35, "No": 72}
    [warning] = [w for w in imported.warnings if "AMENDMENT 64" in w.message]
    assert (
        warning.cell == "line 3"
        and "'Legalize Marijuana' is taken as the question's description" in warning.message
    )


def test_sides_in_the_party_column_beside_other_choices_are_an_error(tmp_path: Path) -> None:
    text = KIOWA + "Kiowa,2,AMENDMENT 64,,DEM,Ann Able,3\n"
    imported = read_tally_file(_kiowa(tmp_path, text))
    assert imported.results is None
    [error] = imported.errors
    assert error.cell == "line 3" and "also has choices 'Ann Able'" in error.message


def test_a_statements_contest_of_yes_alone_is_warned_of(tmp_path: Path) -> None:
    """Any layout: a one-choice contest whose choice is a side never shows "Yes elected" silently."""
    levy = [["Library Levy"], ["Precinct", "Yes"], ["P1", 10], ["P2", 30]]
    clerk = [["Clerk"], ["Precinct", "Di", "Ed"], ["P1", 1, 2], ["P2", 3, 4]]
    imported = read_tally_file(write_xlsx(tmp_path / "s.xlsx", {"1": levy, "2": clerk}))
    assert imported.layout == "sovc" and imported.errors == () and imported.results is not None
    [warning] = [w for w in imported.warnings if "side of a question" in w.message]
    assert warning.message.startswith("'Library Levy' has one choice, 'Yes' (no other choice in the file)")
