"""A layout profile corrects any layout: a long table under a title block with header words the
importer does not know, a statement of votes cast whose unit column is called something else, a
wide sheet whose unit header says nothing. Each is refused without the profile, naming what was
sought, and imports with it; the interpreter's reading of a file it does find round-trips as one."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.domain import Election
from recount_desktop.importers import read_tally_file
from recount_desktop.importers.profiles import LayoutProfile, ProfileError, load_profile, save_profile
from recount_desktop.store import create_election_file
from tests.conftest import REAL_DATA
from tests.importers.conftest import write_xlsx


def _profile(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "county.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _long_under_a_title_block(path: Path) -> Path:
    rows: list[list[object]] = [
        ["Kimball County Canvass"],
        ["Official results"],
        ["printed 2026-11-09"],
        [],
        ["Poll", "Office Sought", "Person", "Affil", "Tally"],
        ["North", "Mayor", "Ada", "DEM", 120],
        ["North", "Mayor", "Bo", "REP", 80],
        ["South", "Mayor", "Ada", "DEM", 50],
        ["South", "Mayor", "Bo", "REP", 70],
        ["a note someone typed", None, None, None, None],
    ]
    return write_xlsx(path, {"Canvass": rows})


LONG_PROFILE = """
name = "Kimball canvass"
format = "long"
[reading]
header_rows = [5]
unit_column = "A"
contest_column = "B"
choice_column = "C"
party_column = "D"
votes_column = "E"
skip_rows = [10]
"""


def test_a_long_table_with_unknown_header_words_imports_with_a_profile(tmp_path: Path) -> None:
    source = _long_under_a_title_block(tmp_path / "kimball.xlsx")
    refused = read_tally_file(source)
    assert refused.results is None and "could not recognise the layout" in refused.errors[0].message
    profile = load_profile(_profile(tmp_path, LONG_PROFILE))
    assert profile.reading is not None and profile.reading.layout == "long"
    imported = read_tally_file(source, profile=profile)
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "long"
    assert imported.results.totals("Mayor") == {"Ada": 170, "Bo": 150}
    assert {c.name: c.party for c in imported.results.contest("Mayor").choices} == {"Ada": "DEM", "Bo": "REP"}
    assert [n.cell for n in imported.notes.skipped] == ["row 10"]
    again = save_profile(profile, tmp_path / "again.toml")
    assert load_profile(again) == profile


def test_the_cli_imports_a_long_table_with_the_profile(tmp_path: Path, election: Election) -> None:
    election_path = tmp_path / "e.canvass"
    create_election_file(election_path, election, operator="clerk").close()
    source = _long_under_a_title_block(tmp_path / "kimball.xlsx")
    profile = _profile(tmp_path, LONG_PROFILE)
    assert main(["import", str(election_path), str(source)]) == 1
    assert main(["import", str(election_path), str(source), "--profile", str(profile)]) == 0


def _statement(title: str, unit_header: str, *rows: list[object]) -> list[list[object]]:
    return [[title], [unit_header, "Ada", "Bo", "Total"], *rows]


def test_a_statement_of_votes_cast_with_another_unit_header_imports_with_a_profile(tmp_path: Path) -> None:
    # 'Voting District' now heads a unit column by itself (headers.UNIT_HEADERS); 'Area' says nothing
    mayor = _statement("Mayor", "Area", ["North", 120, 80, 200], ["South", 50, 70, 120])
    clerk = _statement("Clerk", "Area", ["North", 7, 9, 16], ["South", 5, 6, 11])
    source = write_xlsx(tmp_path / "sovc.xlsx", {"Mayor": mayor, "Clerk": clerk})
    assert read_tally_file(source).results is None
    profile = load_profile(
        _profile(tmp_path, 'format = "sovc"\n[reading]\nheader_rows = [2]\nunit_column = "A"\n')
    )
    imported = read_tally_file(source, profile=profile)
    assert imported.errors == () and imported.results is not None and imported.layout == "sovc"
    assert imported.results.totals("Mayor") == {"Ada": 170, "Bo": 150}
    assert imported.results.totals("Clerk") == {"Ada": 12, "Bo": 15}


def test_a_wide_sheet_whose_unit_header_says_nothing_imports_with_a_profile(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["Results by district"],
        [None, "Mayor", None, "Clerk", None],
        ["Where", "Ada", "Bo", "Cy", "Di"],
        ["North", 120, 80, 7, 9],
        ["South", 50, 70, 5, 6],
        ["All", 170, 150, 12, 15],
    ]
    source = write_xlsx(tmp_path / "wide.xlsx", {"Results": rows})
    # no 'Precinct' header: found as wide by its shape (contest row over choice row, unit names
    # down column A, counts to the right), never as an abstract of units named after candidates
    guessed = read_tally_file(source)
    assert guessed.errors == () and guessed.results is not None and guessed.layout == "wide"
    assert guessed.results.totals("Mayor") == {"Ada": 170, "Bo": 150}
    assert guessed.results.totals("Clerk") == {"Cy": 12, "Di": 15}
    assert [p.name for p in guessed.results.precincts] == ["North", "South"]
    profile = load_profile(
        _profile(tmp_path, 'format = "wide"\n[reading]\nheader_rows = [2, 3]\nunit_column = "A"\n')
    )
    imported = read_tally_file(source, profile=profile)
    assert imported.errors == () and imported.results is not None and imported.layout == "wide"
    assert imported.results.totals("Mayor") == {"Ada": 170, "Bo": 150}
    # the 'All' row is found by its sums: checked, never counted as a unit
    assert [n.cell for n in imported.notes.totals] == ["B6", "C6", "D6", "E6"]
    wrong = load_profile(
        _profile(tmp_path, 'format = "wide"\n[reading]\nheader_rows = [4]\nunit_column = "A"\n')
    )
    misfit = read_tally_file(source, profile=wrong)
    assert misfit.results is None and "do not fit this sheet" in misfit.errors[0].message


LONG = 'format = "long"\n[reading]\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            'format = "long"\n[reading]\nheader_rows = [5]\nunit_column = "A"\nchoice_column = "C"\n',
            "contest_column",
        ),
        (
            'format = "sovc"\n[reading]\nheader_rows = [2]\nunit_columns = ["B"]\n',
            "read only for format 'abstract'",
        ),
        ('format = "wide"\n[reading]\nheader_rows = [1, 2, 3, 4]\nunit_column = "A"\n', "one to three"),
        ('format = "auto"\n[reading]\nheader_rows = [1]\n', "a \\[reading\\] needs format"),
        (
            'format = "long"\n[reading]\nheader_rows = [1]\nunit_column = "A"\ncontest_colum = "B"\n',
            "unknown key",
        ),
        ('format = "sovc"\n[reading]\nheader_rows = [0]\nunit_column = "A"\n', "not a row number"),
        ('format = "wide"\n[reading]\nheader_rows = [2]\nunit_column = "7"\n', "not a column letter"),
        ('format = "long"\n[reading]\nunits = "columns"\n', "units must be 'rows'"),
    ],
)
def test_a_profile_that_cannot_be_used_names_its_key(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ProfileError, match=message):
        load_profile(_profile(tmp_path, text))


def test_what_the_interpreter_found_saves_as_a_profile_that_reads_the_same(
    tmp_path: Path, tally_rows: list[tuple[object, ...]]
) -> None:
    source = write_xlsx(tmp_path / "long.xlsx", {"Results": [("County results",), *tally_rows]})
    found = read_tally_file(source)
    assert found.reading is not None and found.reading.layout == "long"
    assert found.reading.roles()["header rows"] == ["row 2"]
    saved = save_profile(LayoutProfile("ours", "long", None, found.reading), tmp_path / "ours.toml")
    again = read_tally_file(source, profile=load_profile(saved))
    assert again.results == found.results and again.errors == ()


def test_a_statement_profile_finds_its_unit_header_under_title_blocks_of_any_length(tmp_path: Path) -> None:
    mayor = [
        ["Mayor"],
        ["Vote for 1"],
        ["Voting District", "Ada", "Bo"],
        ["North", 120, 80],
        ["South", 50, 70],
    ]
    clerk = [["Clerk"], ["Voting District", "Cy", "Di"], ["North", 7, 9], ["South", 5, 6]]
    source = write_xlsx(tmp_path / "sovc.xlsx", {"Mayor": mayor, "Clerk": clerk})
    text = 'format = "sovc"\n[reading]\nheader_rows = [3]\nunit_column = "A"\n'
    imported = read_tally_file(source, profile=load_profile(_profile(tmp_path, text)))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 170, "Bo": 150}
    assert imported.results.totals("Clerk") == {"Cy": 12, "Di": 15}  # its header is on row 2


@pytest.mark.parametrize(
    ("county", "layout"),
    [
        ("UT/Washington UT election-20201103-results-export.csv", "wide"),
        ("CO/Adams-2020-General-SOVC_Redacted.xlsx", "sovc"),
        ("CO/20121106__co__general__el_paso__precinct.csv", "long"),
    ],
)
def test_the_reading_found_in_a_county_file_saved_as_a_profile_reads_the_same(
    tmp_path: Path, county: str, layout: str
) -> None:
    source = REAL_DATA / county
    found = read_tally_file(source)
    assert found.ok and found.layout == layout and found.reading is not None
    saved = save_profile(LayoutProfile("county", layout, None, found.reading), tmp_path / "county.toml")
    again = read_tally_file(source, profile=load_profile(saved))
    assert again.errors == () and again.results == found.results


def test_a_profile_applies_to_the_sheet_spelled_in_another_case(tmp_path: Path) -> None:
    from dataclasses import replace

    from recount_desktop.importers.long import candidates
    from recount_desktop.importers.problems import ProblemLog
    from recount_desktop.importers.profiles import LayoutProfile
    from recount_desktop.importers.source import open_book
    from tests.importers.conftest import TALLY_HEADER

    rows = [TALLY_HEADER, ("P1", "Mayor", "Ada", 120), ("P1", "Mayor", "Bo", 80),
            ("P2", "Mayor", "Ada", 50), ("P2", "Mayor", "Bo", 70), ("P2", "Mayor", "Ada", 999)]
    saved_on = write_xlsx(tmp_path / "first.xlsx", {"Results": rows})
    reading = replace(candidates(open_book(saved_on, ProblemLog("first.xlsx")))[0], skip_rows=(5,))
    profile = LayoutProfile("county", "long", "Results", reading)
    # the county's next file names the sheet in capitals: the skipped row 6 must stay skipped
    next_file = write_xlsx(tmp_path / "next.xlsx", {"RESULTS": rows})
    imported = read_tally_file(next_file, profile=profile)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 170, "Bo": 150}
