"""A statement of votes cast whose contest title sits in its header row itself, beside the
``Precinct`` caption (Yellowstone's ``UNITED STATES SENATOR | Precinct | JON TESTER Democrat``),
forced to read as an abstract (``--format abstract``, a profile, the wizard's layout choice): it
read clean but transposed, the title opening a contest whose choices were the precincts and whose
units were the candidates. It is refused, naming the caption's cell; read as a statement, it reads
right. An abstract whose first contest title is in the header row (no unit caption) still reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.profiles import load_profile
from tests.importers.conftest import write_xlsx

PROFILE = """
name = "A statement read as an abstract"
format = "abstract"
[reading]
header_rows = [3]
unit_columns = ["C", "D"]
total_columns = ["E"]
label_columns = ["A", "B"]
"""


def _contest(title: str, names: tuple[str, str], counts: list[tuple[str, int, int]]) -> list[list[object]]:
    """Title rows, then the header row: the contest's title, ``Precinct``, its candidates, a total."""
    rows: list[list[object]] = [["2012 General Election"], [], [title, "Precinct", *names, "Total Votes"]]
    rows += [[None, unit, a, b, a + b] for unit, a, b in counts]
    ada, bo = sum(a for _u, a, _b in counts), sum(b for _u, _a, b in counts)
    rows.append([None, "Total:", ada, bo, ada + bo])
    return rows


def _statement(tmp_path: Path) -> Path:
    senator = _contest(
        "UNITED STATES SENATOR",
        ("JON TESTER\nDemocrat", "DAN COX\nLibertarian"),
        [("42A", 78, 29), ("43A", 171, 47), ("43B", 5, 6)],
    )
    governor = _contest(
        "GOVERNOR", ("STEVE BULLOCK\nDemocrat", "RICK HILL\nRepublican"), [("42A", 8, 9), ("43A", 11, 4)]
    )
    return write_xlsx(tmp_path / "statement.xlsx", {"SENATOR": senator, "GOVERNOR": governor})


def test_read_as_a_statement_it_reads_right(tmp_path: Path) -> None:
    for imported in (
        read_tally_file(_statement(tmp_path)),
        read_tally_file(_statement(tmp_path), format="sovc"),
    ):
        assert imported.layout == "sovc" and imported.errors == ()
        assert imported.results is not None
        assert imported.results.totals("UNITED STATES SENATOR") == {"JON TESTER": 254, "DAN COX": 82}
        assert sorted(p.name for p in imported.results.precincts) == ["42A", "43A", "43B"]


@pytest.mark.parametrize("how", ["format", "profile"])
def test_forced_to_read_as_an_abstract_it_is_refused_naming_the_caption(tmp_path: Path, how: str) -> None:
    source = _statement(tmp_path)
    if how == "format":
        imported = read_tally_file(source, format="abstract")
    else:
        profile = tmp_path / "county.toml"
        profile.write_text(PROFILE, encoding="utf-8")
        imported = read_tally_file(source, profile=load_profile(profile))
    assert imported.results is None
    assert [(e.sheet, e.cell) for e in imported.errors] == [
        ("SENATOR", "B3"),
        ("GOVERNOR", "B3"),
    ]  # once each
    message = imported.errors[0].message
    assert "'Precinct' beside the contest title 'UNITED STATES SENATOR' (A3)" in message
    assert "units as rows" in message and "--format sovc" in message


def test_an_abstract_with_its_first_title_in_the_header_row_still_reads_when_chosen(tmp_path: Path) -> None:
    """San Miguel's abstract: the first contest's title left of the unit names, no unit caption."""
    rows: list[list[object]] = [
        ["Mayor", "North", "South", "Total"],
        ["Ada", 10, 20, 30],
        ["Bo", 5, 6, 11],
        ["Clerk", None, None, None],
        ["Cy", 1, 2, 3],
        ["Di", 4, 4, 8],
    ]
    source = write_xlsx(tmp_path / "abstract.xlsx", {"Abstract": rows})
    imported = read_tally_file(source, format="abstract")
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 30, "Bo": 11}
    assert sorted(p.name for p in imported.results.precincts) == ["North", "South"]


_CANDIDATES_OVER_PARTIES = [
    ["Mayor (Vote For 1)", "ADA\n{party}", "BO\nREP", "Total"],
    ["Precinct 1", 120, 80, 200],
    ["Precinct 2", 50, 70, 120],
    ["Total:", 170, 150, 320],
]


def _candidates_over_parties(tmp_path: Path, party: str) -> Path:
    rows = [
        [cell.format(party=party) if isinstance(cell, str) else cell for cell in row]
        for row in _CANDIDATES_OVER_PARTIES
    ]
    return write_xlsx(tmp_path / "one.xlsx", {"Mayor": rows})


@pytest.mark.parametrize("party", ["DEM", "Democrat", "(DEM)"])
def test_a_header_of_candidates_over_their_parties_is_no_row_of_units(tmp_path: Path, party: str) -> None:
    """One contest sheet, its title in the corner and no unit caption anywhere: the header names
    candidates over their parties, so it is no abstract's row of units. Every unit header carries
    a party: refused even in the user's reading, naming the cells (the second review's
    cand_party2.xlsx stored its candidates as precincts); test_units_named_as_candidates has the
    header where only some do, and the review's abs_codes.xlsx, whose codes are no parties."""
    imported = read_tally_file(_candidates_over_parties(tmp_path, party), format="abstract")
    assert imported.results is None
    assert [e.cell for e in imported.errors] == ["B1"]
    assert (
        "every unit header along row 1 (B1, C1) names a candidate over a party" in imported.errors[0].message
    )


@pytest.mark.parametrize("party", ["DEM", "Democrat", "(DEM)"])
def test_automatic_detection_reads_it_as_the_statement_its_names_say(tmp_path: Path, party: str) -> None:
    """The same sheet reads clean both ways; its names decide (issue 11): candidates over parties
    along row 1, precincts down column A. Read with units as rows, saying which names decided."""
    imported = read_tally_file(_candidates_over_parties(tmp_path, party))
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "sovc"
    assert imported.results.totals("Mayor (Vote For 1)") == {"ADA": 170, "BO": 150}
    assert [p.name for p in imported.results.precincts] == ["Precinct 1", "Precinct 2"]
    assert imported.reading is not None and "units down column A" in imported.reading.describe()


def test_a_unit_name_on_two_lines_is_still_a_unit(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["Candidate", "North\nWard 1", "South\nWard 2", "Total"],
        ["Mayor"],
        ["Ada", 10, 20, 30],
        ["Bo", 5, 6, 11],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "two.xlsx", {"Abstract": rows}), format="abstract")
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 30, "Bo": 11}
