"""Unseen files of the known families (issue 11): a unit column under any word counties use, an
abstract saved as CSV, counts stored as text. What is not a whole count is refused naming its cell;
a long table is never offered as an abstract."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.grid import find_readings
from recount_desktop.importers.headers import UNIT_HEADERS, is_unit_header
from recount_desktop.importers.source import Sheet
from recount_desktop.importers.values import number_in_text
from tests.importers.conftest import write_xlsx

ABSTRACT: list[list[object]] = [
    ["Candidate", "North", "South", "East", "Total"],
    ["Mayor"],
    ["Ada", "1,204", "80", " 33 ", "1,317"],
    ["Bo", "50", "70", "44", "164"],
    [],
    ["Clerk"],
    ["Cy", "7", "9", "1", "17"],
    ["Di", "5", "6", "2", "13"],
]


def write_csv(path: Path, rows: list[list[object]]) -> Path:
    """Quoted where needed ("1,204"), as a spreadsheet saves it."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def _abstract(cell: str | None = None) -> list[list[object]]:
    rows = [list(row) for row in ABSTRACT]
    if cell is not None:
        rows[3][2] = cell  # Bo in South
    return rows


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_an_abstract_with_counts_as_text_imports_its_totals(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"abstract{suffix}"
    source = write_csv(path, _abstract()) if suffix == ".csv" else write_xlsx(path, {"Votes": _abstract()})
    imported = read_tally_file(source)
    assert imported.errors == () and imported.results is not None and imported.layout == "abstract"
    assert imported.results.totals("Mayor") == {"Ada": 1317, "Bo": 164}
    assert imported.results.totals("Clerk") == {"Cy": 17, "Di": 13}
    assert [p.name for p in imported.results.precincts] == ["North", "South", "East"]
    assert [n.label for n in imported.notes.totals] == ["Total"]


@pytest.mark.parametrize(
    ("cell", "said"),
    [("70 votes", "is not a number"), ("70.5", "fractional"), ("-70", "negative")],
)
@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_a_text_count_that_is_not_a_whole_number_is_refused_naming_its_cell(
    tmp_path: Path, suffix: str, cell: str, said: str
) -> None:
    path = tmp_path / f"abstract{suffix}"
    rows = _abstract(cell)
    source = write_csv(path, rows) if suffix == ".csv" else write_xlsx(path, {"Votes": rows})
    imported = read_tally_file(source, format="abstract")
    assert imported.results is None
    where = "line 4" if suffix == ".csv" else "C4"
    assert any(e.cell == where and said in e.message for e in imported.errors), imported.errors


def test_a_text_count_one_off_its_total_is_refused_naming_both_numbers(tmp_path: Path) -> None:
    rows = _abstract("71")  # Bo's total says 164, the units now add up to 165
    imported = read_tally_file(write_xlsx(tmp_path / "a.xlsx", {"Votes": rows}))
    assert imported.results is None
    assert any(e.cell == "E4" and "164" in e.message and "165" in e.message for e in imported.errors)


def test_text_is_read_as_a_count_only_as_parse_count_reads_one() -> None:
    assert [number_in_text(v) for v in ("123", " 1,234 ", "240.0", "12.5", "+7")] == [123, 1234, 240, 12.5, 7]
    # names, not counts: a code with a leading zero, words, a thousands separator out of place
    assert [number_in_text(v) for v in ("007", "12 votes", "1,23", "Pct. 1", "", "-")] == [None] * 6


def test_a_long_tables_header_is_never_an_abstracts(tmp_path: Path) -> None:
    rows: list[list[object]] = [["county", "precinct", "office", "district", "party", "candidate", "votes"]]
    rows += [
        ["Adams", str(100 + p), "Mayor", str(p), "", name, str(7 * p + len(name))]
        for p in range(1, 9)
        for name in ("Ada", "Bo")
    ]
    sheet = Sheet(None, rows)
    assert find_readings(sheet) == []
    imported = read_tally_file(write_csv(tmp_path / "long.csv", rows))
    assert imported.errors == () and imported.layout == "long"


@pytest.mark.parametrize("word", ["Pct.", "Voting District", "Ballot Style", "Vote Center", "Ward", "Split"])
def test_a_statement_under_another_unit_word_imports(tmp_path: Path, word: str) -> None:
    mayor = [["Mayor"], [word, "Ada", "Bo", "Total"], ["North", 120, 80, 200], ["South", 50, 70, 120]]
    clerk = [["Clerk"], [word, "Cy", "Di", "Total"], ["North", 7, 9, 16], ["South", 5, 6, 11]]
    imported = read_tally_file(write_xlsx(tmp_path / "sovc.xlsx", {"Mayor": mayor, "Clerk": clerk}))
    assert imported.errors == () and imported.results is not None and imported.layout == "sovc"
    assert imported.results.totals("Mayor") == {"Ada": 170, "Bo": 150}
    assert imported.results.totals("Clerk") == {"Cy": 12, "Di": 15}


def _typed_statement(title: str, word: str, k: int) -> list[list[object]]:
    """Vote-type rows under each unit's name, closed by the unit's Total row."""
    return [
        [title],
        [word, "Ada", "Bo"],
        ["North", None, None],
        ["Vote Center", 120 * k, 80],
        ["Vote By Mail", 3, 4 * k],
        ["Total", 120 * k + 3, 80 + 4 * k],
        ["South", None, None],
        ["Vote Center", 50, 70 * k],
        ["Vote By Mail", 1, 2],
        ["Total", 51, 70 * k + 2],
    ]


@pytest.mark.parametrize("word", ["Pct.", "Area"])
def test_vote_type_rows_per_unit_under_another_unit_word(tmp_path: Path, word: str) -> None:
    # 'Pct.' names the unit column: read as a statement. 'Area' says nothing: read as an abstract
    # (units 'Ada' and 'Bo') its Total rows do not add up, so it is refused naming them, never
    # imported with the precincts as choices
    sheets = {"Mayor": _typed_statement("Mayor", word, 1), "Clerk": _typed_statement("Clerk", word, 2)}
    imported = read_tally_file(write_xlsx(tmp_path / "s.xlsx", sheets))
    if word == "Area":
        assert imported.results is None and imported.errors[0].cell == "B10"
        return
    assert imported.errors == () and imported.results is not None and imported.layout == "sovc"
    assert imported.results.totals("Mayor") == {"Ada": 174, "Bo": 156}
    assert imported.results.totals("Clerk") == {"Ada": 294, "Bo": 230}


def test_every_layout_shares_the_unit_words() -> None:
    from recount_desktop.importers.headers import LONG_FIELDS

    assert set(LONG_FIELDS["precinct"]) == set(UNIT_HEADERS) - {"district"}  # see find_long_header
    for word in ("Pct.", "PRECINCT CODE", "Precinct #", "Voting District", "Ballot Style", "Polling Place"):
        assert is_unit_header(word)
    for word in ("Candidate", "Office", "Contest", "Total", "Votes", "District 3", "Ward 1"):
        assert not is_unit_header(word)


def _abstract_with(cell: object) -> list[list[object]]:
    """No total column: nothing else would notice a count left out."""
    return [
        ["Candidate", "North", "South", "East"],
        ["Mayor"],
        ["Ada", 120, 80, 33],
        ["Bo", 50, cell, 44],
        [],
        ["Clerk"],
        ["Ed", 90, 60, 20],
        [],
        ["Ward 2 Alderman"],  # voted in North only: blank elsewhere
        ["Cy", 7, None, None],
        ["Di", 5, None, None],
    ]


def test_an_excel_error_in_an_abstract_is_refused_naming_its_cell(tmp_path: Path) -> None:
    # calamine reads '#DIV/0!' as blank: it was left out, Bo's 50 + 44 imported clean
    imported = read_tally_file(write_xlsx(tmp_path / "a.xlsx", {"Votes": _abstract_with("#DIV/0!")}))
    assert imported.results is None
    assert [(e.cell, e.message) for e in imported.errors] == [
        ("C4", "the spreadsheet error value #DIV/0! is not a vote count")
    ]


def test_a_blank_count_where_the_unit_voted_is_read_as_none_with_a_warning_naming_it(tmp_path: Path) -> None:
    imported = read_tally_file(write_xlsx(tmp_path / "a.xlsx", {"Votes": _abstract_with(None)}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 233, "Bo": 94}
    assert imported.results.totals("Ward 2 Alderman") == {"Cy": 7, "Di": 5}
    # the units that do not vote in the alderman's ward are not warned about
    assert [(w.cell, "(C4)" in w.message) for w in imported.warnings] == [("C4", True)]
