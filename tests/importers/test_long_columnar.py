"""A large long table read by columns gives exactly what the row-by-row read gives; anything it does
not handle the same way (an odd cell, a total row, a vote type, a duplicate...) is read by rows,
whose errors name the cell.

The columnar read is only tried on tables of ``SMALL_BOOK_COUNTS`` rows or more; these tests lower
that bar so that small workbooks take it, and read each file both ways.
"""

from __future__ import annotations

import csv
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from recount_desktop.importers import interpret, long_columnar, read_tally_file, xlsx_first_row
from recount_desktop.importers.reader import TallyImport
from tests.conftest import REAL_DATA
from tests.importers.conftest import write_xlsx

pytestmark = pytest.mark.skipif(not long_columnar.available(), reason="fastexcel and pyarrow not installed")

HEADER = ("Precinct", "Contest", "Choice", "Votes")
READ_FAST = long_columnar.read_fast  # the columnar read itself, whatever a test patches in its place


def _rows(precincts: int = 6, contests: int = 3, choices: int = 3) -> list[tuple[Any, ...]]:
    return [
        (f"Precinct {p}", f"Contest {c}", f"Candidate {c}-{k}", (p * 7 + c * 3 + k) % 50)
        for p in range(precincts)
        for c in range(contests)
        for k in range(choices)
    ]


def _read_both(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[TallyImport, TallyImport, bool]:
    """The file read with the columnar path allowed, then by rows only; and whether columns were used."""
    monkeypatch.setattr(interpret, "SMALL_BOOK_COUNTS", 1)
    used: list[bool] = []

    def spy(*args: Any) -> Any:
        found = READ_FAST(*args)
        used.append(found is not None)
        return found

    monkeypatch.setattr(long_columnar, "read_fast", spy)
    by_columns = read_tally_file(path)
    monkeypatch.setattr(long_columnar, "read_fast", lambda *args: None)
    by_rows = read_tally_file(path)
    return by_columns, by_rows, bool(used and used[0])


def _assert_same(by_columns: TallyImport, by_rows: TallyImport) -> None:
    assert by_columns.results == by_rows.results
    if by_rows.results is not None:  # the same order of contests, choices, units and tallies too
        assert by_columns.results.contests == by_rows.results.contests
        assert by_columns.results.precincts == by_rows.results.precincts
        assert by_columns.results.tallies == by_rows.results.tallies
    assert by_columns.layout == by_rows.layout
    assert by_columns.reading == by_rows.reading
    assert by_columns.errors == by_rows.errors
    assert by_columns.warnings == by_rows.warnings
    assert by_columns.notes == by_rows.notes
    assert by_columns.summary == by_rows.summary
    assert by_columns.election_fields == by_rows.election_fields


def _columnar(path: Path, monkeypatch: pytest.MonkeyPatch) -> TallyImport:
    by_columns, by_rows, used = _read_both(path, monkeypatch)
    assert used, "the columnar read declined a table it should read"
    _assert_same(by_columns, by_rows)
    return by_columns


def _declined(path: Path, monkeypatch: pytest.MonkeyPatch) -> TallyImport:
    by_columns, by_rows, used = _read_both(path, monkeypatch)
    assert not used, "the columnar read took a table the row path must read"
    _assert_same(by_columns, by_rows)
    return by_rows


def test_a_plain_long_sheet_reads_the_same_by_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_xlsx(tmp_path / "long.xlsx", {"Results": [HEADER, *_rows()]})
    imported = _columnar(path, monkeypatch)
    assert imported.ok and imported.layout == "long"
    assert len(imported.results.tallies) == 6 * 3 * 3
    assert imported.results.totals("Contest 1")["Candidate 1-0"] == sum((p * 7 + 3) % 50 for p in range(6))


def test_other_header_words_and_order_of_first_appearance(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Contests, choices and units keep the order the rows first name them, even interleaved."""
    rows = [
        ("Contest Title", "Choice Name", "Precinct Name", "Total Votes"),
        ("Mayor", "Zed", "North", 5),
        ("Clerk", "Amy", "South", 7),
        ("Mayor", "Ann", "South", 3),
        ("Clerk", "Amy", "North", 2),
        ("Mayor", "Zed", "South", 4),
        ("Mayor", "Ann", "North", 9),
        ("Clerk", "Bob", "North", 1),
        ("Clerk", "Bob", "South", 6),
    ]
    path = write_xlsx(tmp_path / "long.xlsx", {"Sheet1": rows})
    imported = _columnar(path, monkeypatch)
    assert [c.name for c in imported.results.contests] == ["Mayor", "Clerk"]
    assert [p.name for p in imported.results.precincts] == ["North", "South"]


def test_the_template_with_its_contests_and_election_sheets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_xlsx(
        tmp_path / "template.xlsx",
        {
            "Tallies": [HEADER, *_rows()],
            "Contests": [("Contest", "Seats"), ("Contest 0", 2)],
            "Election": [("Field", "Value"), ("Jurisdiction", "Bench County")],
        },
    )
    imported = _columnar(path, monkeypatch)
    assert imported.layout == "template"
    assert imported.results.contest("Contest 0").seats == 2
    assert imported.election_fields


def test_parties_and_numeric_precinct_ids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [("Precinct", "Contest", "Candidate", "Party", "Votes")]
    choices = [("Ada", "DEM"), ("Bo", "REP"), ("Write-in", None)]
    rows += [
        (101 + p, "Governor", name, party, 10 * p + k)
        for p in range(4)
        for k, (name, party) in enumerate(choices)
    ]
    path = write_xlsx(tmp_path / "parties.xlsx", {"Results": rows})
    imported = _columnar(path, monkeypatch)
    contest = imported.results.contest("Governor")
    assert [(c.name, c.party) for c in contest.choices] == [("Ada", "DEM"), ("Bo", "REP"), ("Write-in", None)]
    assert [p.name for p in imported.results.precincts] == ["101", "102", "103", "104"]


def test_a_unit_that_is_the_sum_of_the_others_is_found_by_its_sums(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A county-total row under a label no one foresaw: found by arithmetic after the columnar read
    as after the row read, checked and not counted, with the same note and warning."""
    rows = _rows(precincts=4, contests=2, choices=2)
    sums: dict[tuple[str, str], int] = {}
    for _p, contest, choice, votes in rows:
        sums[(contest, choice)] = sums.get((contest, choice), 0) + votes
    rows += [("Hinsdale", contest, choice, votes) for (contest, choice), votes in sums.items()]
    path = write_xlsx(tmp_path / "sum.xlsx", {"Results": [HEADER, *rows]})
    imported = _columnar(path, monkeypatch)
    assert "Hinsdale" not in {p.name for p in imported.results.precincts}
    assert any("Hinsdale" in w.message for w in imported.warnings)


@pytest.mark.parametrize(
    ("case", "extra"),
    [
        ("a choice named as a total", [("Precinct 0", "Contest 0", "Total Votes", 1)]),
        ("a duplicate", [("Precinct 0", "Contest 0", "Candidate 0-0", 99)]),
        ("a same duplicate", [("Precinct 0", "Contest 0", "Candidate 0-0", 0)]),
        ("a turnout contest", [("Precinct 0", "Voters", "Cast", 9)]),
        ("a contest spelled two ways", [("Precinct 0", "Contest0", "Candidate 0-9", 9)]),
        ("a blank precinct", [(None, "Contest 0", "Candidate 0-0", 9)]),
        ("a blank choice", [("Precinct 9", "Contest 0", None, 9)]),
        ("a mangled id", [("1.2E+15", "Contest 0", "Candidate 0-0", 9)]),
        ("a blank row", [(None, None, None, None), ("Precinct 9", "Contest 0", "Candidate 0-0", 9)]),
        ("a suppressed count", [("Precinct 9", "Contest 0", "Candidate 0-0", "***")]),
        ("a count as text", [("Precinct 9", "Contest 0", "Candidate 0-0", "1,260")]),
    ],
)
def test_what_the_row_path_treats_otherwise_is_read_by_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, case: str, extra: list[tuple[Any, ...]]
) -> None:
    path = write_xlsx(tmp_path / "odd.xlsx", {"Results": [HEADER, *_rows(), *extra]})
    _declined(path, monkeypatch)


def test_statistics_and_total_rows_read_the_same_by_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over and under votes and ballots cast are statistics, a Total row is the file's own total,
    checked: by columns as by rows, a statistic's unit first named on its own row included."""
    rows = [("Precinct 9", "Contest 0", "Ballots Cast", 40)]
    rows += _rows(precincts=4, contests=2, choices=2)
    for c in range(2):
        rows += [(f"Precinct {p}", f"Contest {c}", "Over Votes", p) for p in range(4)]
        rows += [
            ("Total", f"Contest {c}", f"Candidate {c}-{k}", sum((p * 7 + c * 3 + k) % 50 for p in range(4)))
            for k in range(2)
        ]
    rows.append(("Precinct 9", "Contest 0", "Candidate 0-0", 0))
    path = write_xlsx(tmp_path / "stats.xlsx", {"Results": [HEADER, *rows]})
    imported = _columnar(path, monkeypatch)
    assert imported.ok and imported.notes.counts["totals"] == 4
    assert imported.results.precincts[0].name == "Precinct 9"  # named first, on its statistic row
    assert imported.results.statistics


@pytest.mark.parametrize(
    "extra",
    [
        ("County", "Cass"),  # a county's total row: checked against that county's units
        ("Party", "DEM"),  # a choice of a party in the total row
    ],
)
def test_total_rows_beside_counties_or_parties_are_read_by_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: tuple[str, str]
) -> None:
    name, value = extra
    rows = [(*row, value) for row in _rows(precincts=3, contests=1, choices=2)]
    rows.append(("Total", "Contest 0", "Candidate 0-0", sum((p * 7) % 50 for p in range(3)), value))
    path = write_xlsx(tmp_path / "totals.xlsx", {"Results": [(*HEADER, name), *rows]})
    _declined(path, monkeypatch)


@pytest.mark.parametrize(
    ("header", "row"),
    [
        (("Precinct", "Contest", "Choice", "Vote Type", "Votes"), ("P1", "Mayor", "Ada", None, 3)),
        (("Precinct", "Contest", "Choice", "Vote Type", "Votes"), ("P1", "Mayor", "Ada", "Early", 3)),
        (("Precinct", "Contest", "Choice", "Early", "Mail", "Votes"), ("P1", "Mayor", "Ada", 1, 2, 4)),
        (("Precinct", "Contest", "Choice", "Early", "Absentee", "Mail"), ("P1", "Mayor", "Ada", 1, 2, 4)),
        (("Precinct", "Contest", "Choice", "Early", "Mail", "Votes"), ("P1", "Mayor", "Ada", 1, None, 1)),
    ],
)
def test_vote_types_the_row_path_reads_otherwise_are_read_by_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, header: tuple[str, ...], row: tuple[Any, ...]
) -> None:
    """A row with a vote type and a row without, a repeated type, types that do not add up to the
    votes column, two columns of one type, a blank type."""
    other = tuple("P2" if cell == "P1" else cell for cell in row)
    if "Vote Type" in header:  # the same unit with a type and without, or the same type twice
        other = tuple(
            ("Early" if row[3] is None else row[3]) if i == 3 else cell for i, cell in enumerate(row)
        )
    path = write_xlsx(tmp_path / "typed.xlsx", {"Results": [header, row, other]})
    _declined(path, monkeypatch)


def test_counties_and_districts_read_the_same_by_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two counties with a precinct of the same name, a contest split by district, a write-in row
    of El Paso's kind (district ``wri``), a blank county and a blank district."""
    rows: list[tuple[Any, ...]] = [("County", "Precinct", "Office", "District", "Candidate", "Votes")]
    for county in ("Cass", "Otoe", None):
        for p in ("101", "102", "Rural"):
            for office, district in (("State Senate", "SD19"), ("State Senate", "SD20"), ("Mayor", None)):
                for k, name in enumerate(("Ada", "Bo")):
                    rows.append((county, p, office, district, name, len(p) + k + len(office)))
            rows.append((county, p, "Mayor", "wri", "Write-in", 1))
    path = write_xlsx(tmp_path / "counties.xlsx", {"Results": rows})
    imported = _columnar(path, monkeypatch)
    assert {c.name for c in imported.results.contests} >= {"State Senate SD19", "State Senate SD20", "Mayor"}


@pytest.mark.parametrize(
    "total",
    [
        ("Cass", "CASS COUNTY", "Mayor", "Ada", 9),  # the county's own name as the unit
        ("Cass", "CO", "Mayor", "Ada", 9),  # its abbreviation
        ("Cass", None, "Mayor", "Ada", 9),  # no unit: a county total
    ],
)
def test_a_county_total_row_is_read_by_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, total: tuple[Any, ...]
) -> None:
    rows = [("County", "Precinct", "Contest", "Choice", "Votes")]
    rows += [
        ("Cass", f"P{p}", "Mayor", name, p + k) for p in range(4) for k, name in enumerate(("Ada", "Bo"))
    ]
    path = write_xlsx(tmp_path / "county-total.xlsx", {"Results": [*rows, total]})
    _declined(path, monkeypatch)


@pytest.mark.parametrize("as_text", [False, True])
def test_numbers_among_the_names_and_counts_written_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, as_text: bool
) -> None:
    """Precincts numbered as numbers beside named ones, a contest named by a number, counts all
    written as numbers or all as text of digits: read by columns exactly as by rows."""
    rows: list[tuple[Any, ...]] = [HEADER]
    for p in (101, 102.0, "Absentee", "0103"):
        rows += [(p, 2024, "Yes", 5), (p, 2024, "No", 7), (p, "Mayor", 12, 3)]
    if as_text:
        rows = [rows[0], *((*row[:3], str(row[3])) for row in rows[1:])]
    path = write_xlsx(tmp_path / "mixed.xlsx", {"Results": rows})
    imported = _columnar(path, monkeypatch)
    assert [p.name for p in imported.results.precincts] == ["101", "102", "Absentee", "0103"]
    assert imported.results.totals("Mayor")["12"] == 12


@pytest.mark.parametrize("text", ["7", "N/A", "NULL", "nan", "NaN", "inf", " "])
def test_counts_as_numbers_and_as_text_in_one_column_are_read_by_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    """fastexcel types a count column from all its cells and refuses a mix of numbers and text
    (a mix could hide a boolean's 1 or a date's serial number among numbers); text it takes for
    a blank ("N/A", "NULL") or a number ("nan", "inf") among numbers fails the count test: by rows."""
    rows = [*_rows(), ("Precinct 9", "Contest 0", "Candidate 0-0", text)]
    _declined(write_xlsx(tmp_path / "mixed.xlsx", {"Results": [HEADER, *rows]}), monkeypatch)


@pytest.mark.parametrize("count", [12.0000000001, 1e15, float(2**53 + 2), 7.000000001])
def test_a_number_near_a_count_is_read_by_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: float
) -> None:
    """A count cell of 12.0000000001 is no count for the row path (a fractional vote count); text
    rounded to nine places ("12") must not pass it off as 12. Past 15 digits: read by rows too."""
    rows = [*_rows(), ("Precinct 9", "Contest 0", "Candidate 0-0", count)]
    imported = _declined(write_xlsx(tmp_path / "near.xlsx", {"Results": [HEADER, *rows]}), monkeypatch)
    assert not imported.ok or count >= 1e15


def test_minus_zero_and_whole_floats_read_the_same_by_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = [
        *_rows(),
        ("Precinct 9", "Contest 0", "Candidate 0-0", -0.0),
        ("Precinct 9", "Contest 1", "X", 4.0),
    ]
    imported = _columnar(write_xlsx(tmp_path / "whole.xlsx", {"Results": [HEADER, *rows]}), monkeypatch)
    assert imported.results.totals("Contest 1")["X"] == 4


@pytest.mark.parametrize(
    "odd",
    [
        ("Precinct 1.5", 1.5),  # a fraction: fastexcel's text for it is not always Python's
        ("Precinct big", 12345678901234567890),  # past 2**53: shortest digits, not the integer
        ("Precinct true", "true"),  # the text fastexcel writes for a boolean
        ("Count", 10**16),  # a count too long to be sure of as digits
    ],
)
def test_names_and_counts_whose_text_may_differ_are_read_by_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, odd: tuple[str, Any]
) -> None:
    what, value = odd
    row = (
        ("Precinct 9", "Contest 0", "Candidate 0-0", value)
        if what == "Count"
        else (value, "Contest 0", "Candidate 0-0", 4)
    )
    path = write_xlsx(tmp_path / "odd-text.xlsx", {"Results": [HEADER, *_rows(), row]})
    _declined(path, monkeypatch)


def test_vote_type_columns_read_the_same_by_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenElections' vote-type columns beside the votes column (or instead of it), with a
    statistic and a Total row: each type kept, their sum the count."""
    for with_votes in (True, False):
        header = (
            "Precinct",
            "Office",
            "Candidate",
            "Early Votes",
            "Election Day",
            "Mail",
            *(("Votes",) * with_votes),
        )
        rows: list[tuple[Any, ...]] = [header]
        for p in range(3):
            for k, name in enumerate(("Ada", "Bo", "Over Votes")):
                early, day, mail = p + k, 2 * p, k
                rows.append((f"P{p}", "Mayor", name, early, day, mail, *((early + day + mail,) * with_votes)))
        rows.append(("Total", "Mayor", "Ada", 3, 6, 0, *((9,) * with_votes)))
        path = write_xlsx(tmp_path / f"typed-{with_votes}.xlsx", {"Results": rows})
        imported = _columnar(path, monkeypatch)
        tally = next(t for t in imported.results.tallies if t.choice == "Ada" and t.precinct == "P2")
        assert dict(tally.vote_types) == {"Early": 2, "Election Day": 4, "Mail": 0} and tally.votes == 6


def test_a_row_per_vote_type_reads_the_same_by_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows: list[tuple[Any, ...]] = [("Precinct", "Contest", "Choice", "Vote Type", "Votes")]
    for kind in ("Election Day", "Early Voting", "Absentee"):
        for p in range(3):
            rows += [
                (f"P{p}", "Mayor", name, kind, p + k + len(kind)) for k, name in enumerate(("Ada", "Bo"))
            ]
    path = write_xlsx(tmp_path / "by-type.xlsx", {"Results": rows})
    imported = _columnar(path, monkeypatch)
    tally = next(t for t in imported.results.tallies if t.choice == "Bo" and t.precinct == "P1")
    assert dict(tally.vote_types) == {"Election Day": 14, "Early Voting": 14, "Absentee": 10}


def test_a_title_row_over_the_header_is_read_by_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_xlsx(tmp_path / "title.xlsx", {"Results": [("Official results",), HEADER, *_rows()]})
    imported = _declined(path, monkeypatch)
    assert imported.ok


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (True, "True is not a vote count"),
        (datetime(2020, 1, 2), "not a number"),
        ("many", "'many' is not a number"),
        (1.5, "fractional vote count"),
        (-1, "negative vote count"),
        (None, "no vote count"),
        ("=A1+1", "no vote count"),
        ("#DIV/0!", "#DIV/0!"),
    ],
)
def test_a_bad_count_is_refused_naming_its_cell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bad: object, message: str
) -> None:
    """Every kind of bad count cell: the columnar read declines, and the row path names the cell."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Results"
    for row in [HEADER, *_rows()]:
        sheet.append(list(row))
    sheet.append(["Precinct 0", "Contest 0", "Candidate 0-9", 1])  # a unit with other counts
    cell = f"D{sheet.max_row}"  # the count of the row just added
    sheet[cell] = bad
    path = tmp_path / "bad.xlsx"
    workbook.save(path)
    imported = _declined(path, monkeypatch)
    assert not imported.ok
    assert any(e.cell == cell and message in e.message for e in imported.errors), imported.errors


@pytest.mark.parametrize(
    "column",
    [0, 1, 2],  # a date or a boolean among the names: the row path shows them as it reads them
)
@pytest.mark.parametrize("odd", [True, datetime(2020, 1, 2)])
def test_a_date_or_boolean_among_the_names_is_read_by_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, column: int, odd: object
) -> None:
    row: list[object] = ["Precinct 9", "Contest 0", "Candidate 0-0", 4]
    row[column] = odd
    path = write_xlsx(tmp_path / "odd-name.xlsx", {"Results": [HEADER, *_rows(), tuple(row)]})
    _declined(path, monkeypatch)


def _csv_as_workbook(source: Path, target: Path) -> Path:
    """A real county CSV written as a one-sheet workbook, whole numbers as numbers."""
    with source.open(newline="", encoding="utf-8") as handle:
        rows = [[int(c) if c.isdigit() else (c or None) for c in row] for row in csv.reader(handle)]
    return write_xlsx(target, {"Results": rows})


@pytest.mark.parametrize(
    ("state", "name", "by_columns_expected"),
    [
        ("NE", "20161108__ne__general__wheeler__precinct.csv", True),
        ("OK", "20170404__ok__special__general__precinct.csv", True),
        # El Paso's district column holds 'wri' rows the columnar read leaves to the row path
        ("CO", "20121106__co__general__el_paso__precinct.csv", False),
    ],
)
def test_real_long_files_as_workbooks_read_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, state: str, name: str, by_columns_expected: bool
) -> None:
    path = _csv_as_workbook(REAL_DATA / state / name, tmp_path / "real.xlsx")
    by_columns, by_rows, used = _read_both(path, monkeypatch)
    assert used is by_columns_expected
    _assert_same(by_columns, by_rows)


def test_real_long_workbook_is_left_to_the_row_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # four sheets: the columnar read takes one-sheet tables only, so this file is read by rows
    path = REAL_DATA / "UT" / "2024 Cache County, UT precinct-level results (1).xlsx"
    by_columns, by_rows, used = _read_both(path, monkeypatch)
    assert used is False
    _assert_same(by_columns, by_rows)


@st.composite
def long_tables(draw: st.DrawFn) -> list[tuple[Any, ...]]:
    """A long table with any of: a party column, a county column, vote-type columns, statistics
    rows, total rows, a unit that is the sum of the others, rows in any order."""
    with_party, with_county, typed = draw(st.booleans()), draw(st.booleans()), draw(st.booleans())
    header: list[Any] = ["Precinct", "Office", "Candidate", "Votes"]
    header += ["Party"] * with_party + ["County"] * with_county + ["Early", "Mail"] * typed
    units = [f"P{i}" for i in range(draw(st.integers(2, 4)))]
    rows: list[tuple[Any, ...]] = []
    for c in range(draw(st.integers(1, 3))):
        choices = [f"C{c}{k}" for k in "ABC"[: draw(st.integers(2, 3))]]
        if draw(st.booleans()):
            choices.append("Over Votes")  # a statistic, not a choice
        sums = dict.fromkeys(choices, 0)
        for unit in units:
            for k, choice in enumerate(choices):
                votes = draw(st.integers(0, 40))
                sums[choice] += votes
                rows.append(_long_row(unit, f"Office {c}", choice, votes, k, with_party, with_county, typed))
        if draw(st.booleans()):  # the file's own total rows, or a unit that sums the others
            label = draw(st.sampled_from(["Total", "Zeta"]))
            for k, choice in enumerate(choices):
                rows.append(
                    _long_row(label, f"Office {c}", choice, sums[choice], k, with_party, with_county, typed)
                )
    if not typed and draw(st.booleans()):  # a row per vote type, named in a Vote Type column
        header.append("Vote Type")
        rows = [(*r[:3], part, *r[4:], kind) for r in rows for kind, part in _split(r[3])]
    return [tuple(header), *draw(st.permutations(rows))]


def _split(votes: int) -> list[tuple[str, int]]:
    return [("Early", votes // 2), ("Mail", votes - votes // 2)]


def _long_row(
    unit: str, office: str, choice: str, votes: int, k: int, party: bool, county: bool, typed: bool
) -> tuple[Any, ...]:
    row: list[Any] = [unit, office, choice, votes]
    row += [("DEM", "REP", None)[k % 3]] * party + ["Cass"] * county
    row += [votes // 2, votes - votes // 2] * typed
    return tuple(row)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(long_tables())
def test_any_long_table_reads_the_same_by_columns_and_by_rows(
    monkeypatch: pytest.MonkeyPatch, rows: list[tuple[Any, ...]]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write_xlsx(Path(folder) / "long.xlsx", {"Results": rows})
        by_columns, by_rows, _used = _read_both(path, monkeypatch)
    _assert_same(by_columns, by_rows)


@pytest.mark.parametrize(
    ("xml", "header"),
    [
        (
            b'<sheetData><row r="1" spans="1:4"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'
            b'<c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>',
            True,
        ),
        (
            b'<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Precinct</x:t></x:is></x:c><x:c r="B1" '
            b't="inlineStr"><x:is><x:t>Contest</x:t></x:is></x:c><x:c r="C1"><x:v>1</x:v></x:c></x:row>',
            True,
        ),
        (
            b'<row r="1"/><row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>2</v></c>'
            b'<c r="C2"><v>3</v></c></row>',
            False,
        ),
        (b'<row r="3"><c r="A3"><v>1</v></c><c r="B3"><v>2</v></c><c r="C3"><v>3</v></c></row>', False),
        (b'<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2"><v>1</v></c></row>', False),
    ],
)
def test_the_header_must_be_the_first_row_with_values(xml: bytes, header: bool) -> None:
    """A table below an empty first row, or a title row, is read by rows (fastexcel's header_row=0
    is the first row holding a value, and the cells named in messages count from row 1)."""
    assert xlsx_first_row.first_row_is_header(xml) is header


def test_without_fastexcel_the_table_is_read_by_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bundle ships without the columnar read's libraries: the same table, read by rows."""
    path = write_xlsx(tmp_path / "long.xlsx", {"Results": [HEADER, *_rows()]})
    monkeypatch.setattr(long_columnar, "available", lambda: False)
    _declined(path, monkeypatch)


def test_a_failure_inside_fastexcel_leaves_the_table_to_the_row_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A panic in fastexcel's Rust code reaches Python as an exception that is no ``Exception``."""
    import fastexcel

    class Panic(BaseException):
        pass

    def panics(*_args: Any, **_kwargs: Any) -> Any:
        raise Panic("called `Option::unwrap()` on a `None` value")

    monkeypatch.setattr(fastexcel, "read_excel", panics)
    path = write_xlsx(tmp_path / "long.xlsx", {"Results": [HEADER, *_rows()]})
    imported = _declined(path, monkeypatch)
    assert imported.ok


def test_the_first_row_is_read_from_shared_and_inline_strings(tmp_path: Path) -> None:
    """The header's texts before fastexcel reads the sheet: Excel's shared strings (one with
    runs, a phonetic reading left out, an entity), openpyxl's inline strings, a number cell as
    written (it names no field, but is a column the row path notes)."""
    shared = tmp_path / "shared.xlsx"
    write_xlsx(
        shared, {"Results": [("Precinct", "Contest & Office", 2024, "Votes"), ("P1", "Mayor", "A", 1)]}
    )
    assert xlsx_first_row.first_row_texts(shared, "Results") == [
        "Precinct",
        "Contest & Office",
        "2024",
        "Votes",
    ]
    inline = Workbook(write_only=True)
    sheet = inline.create_sheet("Tallies")
    sheet.append(["Precinct", None, "Choice", "Votes"])
    inline.save(tmp_path / "inline.xlsx")
    assert xlsx_first_row.first_row_texts(tmp_path / "inline.xlsx", "Tallies") == [
        "Precinct",
        None,
        "Choice",
        "Votes",
    ]
    runs = b'<si><r><t>Vo</t></r><r><t xml:space="preserve">tes </t></r><rPh><t>x</t></rPh></si>'
    assert xlsx_first_row._text(runs) == "Votes "


def test_a_header_read_otherwise_from_the_xml_is_read_by_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should the first row read from the XML miss a name column that fastexcel's header has (the
    choices, left to fastexcel to type: a column of numbers would come as numbers), the columnar
    read declines."""
    path = write_xlsx(tmp_path / "long.xlsx", {"Results": [HEADER, *_rows()]})
    monkeypatch.setattr(
        long_columnar, "first_row_texts", lambda *_args: ["Precinct", "Contest", None, "Votes"]
    )
    _declined(path, monkeypatch)


def test_other_columns_of_mixed_cells_are_not_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Columns the read does not use (a turnout column of numbers and "N/A", flags of booleans and
    numbers) are left alone: only the count columns are typed from their cells."""
    header = (*HEADER, "Registered", "Flag")
    rows = [(*row, 100 if i % 2 else "n/a", True if i % 3 else 2.5) for i, row in enumerate(_rows())]
    _columnar(write_xlsx(tmp_path / "extra.xlsx", {"Results": [header, *rows]}), monkeypatch)


def test_a_template_with_a_number_in_its_header_is_read_by_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A template's header cell holding a number is a column the row path warns about."""
    sheets = {"Tallies": [(*HEADER, 2024), *_rows()], "Contests": [("Contest", "Seats"), ("Contest 0", 1)]}
    _declined(write_xlsx(tmp_path / "template.xlsx", sheets), monkeypatch)


def test_a_field_named_twice_is_read_by_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [(*row, row[3]) for row in _rows()]
    _declined(write_xlsx(tmp_path / "twice.xlsx", {"Results": [(*HEADER, "Votes"), *rows]}), monkeypatch)


def test_a_table_from_column_b_reads_the_same_by_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Column A empty: the header read from the XML and fastexcel's name the same columns."""
    rows = [(None, *HEADER), *((None, *row) for row in _rows())]
    _columnar(write_xlsx(tmp_path / "from-b.xlsx", {"Results": rows}), monkeypatch)
