"""Every real county file imports, and two contests per file match the totals the file itself
prints (its total row, total column or county-total rows), read here straight from the cells with
python-calamine or csv, never through the importer. The README's table lists the same figures."""

from __future__ import annotations

import csv
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from python_calamine import CalamineWorkbook

from recount_desktop.importers import read_tally_file
from tests.conftest import REAL_DATA

Totals = dict[str, int]


def _sheet(path: Path, name: str | None = None) -> list[list[object]]:
    workbook = CalamineWorkbook.from_path(str(path))
    sheet = workbook.get_sheet_by_name(name) if name else workbook.get_sheet_by_index(0)
    return sheet.to_python(skip_empty_area=False)  # type: ignore[no-any-return]


def _text(value: object) -> str:
    return " ".join(str(value).split())


def _int(value: object) -> int:
    return int(float(str(value).replace(",", "")))


def _total_column(rows: list[list[object]], title: str, name_col: int, total_col: int) -> Totals:
    """Choice rows under a contest-title row (precincts as columns), read from the total column."""
    found: Totals = {}
    start = next(i for i, row in enumerate(rows) if _text(row[0]).startswith(title))
    for row in rows[start + 1 :]:
        if not isinstance(row[total_col], float):
            if found:
                break
            continue
        found[_text(row[name_col])] = _int(row[total_col])
    return found


def alamosa(path: Path, title: str) -> Totals:
    rows = _sheet(path, "Elec. Results")
    return {name.split(" - ")[0]: votes for name, votes in _total_column(rows, title, 0, 9).items()}


def san_miguel(path: Path, title: str) -> Totals:
    rows = _sheet(path)
    total = [_text(c) for c in rows[2]].index("Total")
    start = next(i for i, row in enumerate(rows) if _text(row[0]) == title)
    found: Totals = {}
    for row in rows[start + (0 if start == 2 else 1) :]:  # the first contest heads the header row
        if row is not rows[start] and _text(row[0]):
            break
        if isinstance(row[total], float):
            found[_text(row[2])] = _int(row[total])
    return found


def dakota(path: Path, title: str) -> Totals:
    rows = _sheet(path)
    total = [_text(c) for c in rows[7]].index("Total Votes")
    return _total_column(rows, title, 0, total)


def washington_ne(path: Path, office: str) -> Totals:
    rows = _sheet(path, "GeneralElection")
    total = [_text(c) for c in rows[1]].index("Total")
    found: Totals = {}
    inside = False
    for row in rows:
        if _text(row[0]):
            inside = _text(row[0]) == office
        if inside and _text(row[1]) and isinstance(row[total], float):
            found[_text(row[1])] = _int(row[total])
    return found


def jefferson(path: Path, sheet: str) -> Totals:
    rows = _sheet(path, sheet)
    total_row = next(row for row in rows if _text(row[0]) == "Total:")
    return {
        _text(name): _int(total)
        for name, kind, total in zip(rows[1], rows[2], total_row, strict=False)
        if _text(kind) == "Total Votes" and _text(name)
    }


def park(path: Path, title: str) -> Totals:
    workbook = CalamineWorkbook.from_path(str(path))
    for name in workbook.sheet_names:
        rows = workbook.get_sheet_by_name(name).to_python(skip_empty_area=False)
        if len(rows) > 4 and _text(rows[1][0]).startswith(title):
            total_row = next(row for row in rows if _text(row[0]) == "County - Total")
            return {
                _text(str(head).split("\n")[0]): _int(value)
                for head, value in zip(rows[3][5:], total_row[5:], strict=False)
                if _text(head) and _text(head) != "Precinct" and value != ""
            }
    raise AssertionError(title)


def scotts_bluff(path: Path, title: str) -> Totals:
    """Each block: ``Precinct Name | title``, the candidate on the next row, a ``Total`` row."""
    rows = _sheet(path)
    found: Totals = {}
    for i, row in enumerate(rows):
        if _text(row[0]) == "Precinct Name" and _text(row[2]) == title:
            candidate = _text(str(rows[i + 1][2]).split("\n")[0]).removesuffix(" and")
            total = next(r for r in rows[i + 2 :] if _text(r[0]) == "Total")
            found[candidate] = _int(total[2])
    return found


def washington_ut(path: Path, contest: str) -> Totals:
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    totals = next(row for row in rows if row[2] == "COUNTY TOTALS")
    return {
        re.sub(r"^(DEM|REP|LIB|GRN|CON|IAP|UUP|UFP) ", "", name): int(value)  # the party code before the name
        for head, name, value in zip(rows[0], rows[2], totals, strict=False)
        if head == contest and "VOTES" not in name
    }


def juab(path: Path, contest: str) -> Totals:
    rows = _sheet(path, "2022 General")
    totals = next(row for row in rows if any(_text(c) == "Totals:" for c in row[3:4]))
    return {
        _text(name): _int(value)
        for head, name, value in zip(rows[2], rows[3], totals, strict=False)
        if _text(head) == contest and _text(name)
    }


def el_paso(path: Path, office: str, county_rows: bool) -> Totals:
    """President from its county-total rows (precinct ``CO``); State Rep 17 from its precincts."""
    found: Counter[str] = Counter()
    with path.open(newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            is_total = row["precinct"] in ("CO", "EL PASO CO", "")
            if row["office"] == office and is_total == county_rows and row["votes"]:
                found[row["candidate"].strip()] += int(row["votes"])
    return dict(found)


def boulder(path: Path, contest: str) -> Totals:
    rows = _sheet(path)
    header = [_text(c) for c in rows[0]]
    title, choice, votes = (
        header.index("Contest Title"),
        header.index("Choice Name"),
        header.index("Total Votes"),
    )
    found: Counter[str] = Counter()
    for row in rows[1:]:
        if _text(row[title]) == contest:
            found[_text(row[choice])] += _int(row[votes])
    return dict(found)


Reader = Callable[[Path], Totals]
CO, NE, UT = REAL_DATA / "CO", REAL_DATA / "NE", REAL_DATA / "UT"
# file, read_tally_file options, {contest as imported: (independent reading, figures from the README)}
CASES: list[tuple[Path, dict[str, object], dict[str, tuple[Reader, Totals]]]] = [
    (
        CO / "2016-primary-election-sov.xls",
        {},
        {
            "United States Senator - Republican Party": (
                lambda p: boulder(p, "United States Senator - Republican Party"),
                {"Darryl Glenn": 3717, "Jack Graham": 3323, "Robert Blaha": 2178},
            ),
            "State Representative - District 10 - Democratic Party": (
                lambda p: boulder(p, "State Representative - District 10 - Democratic Party"),
                {"Edie Hooton": 4364, "Angelique Espinoza": 4152},
            ),
        },
    ),
    (
        CO / "2016 Park County, CO precinct-level election results.xlsx",
        {},
        {
            "Presidential Electors (Vote for 1)": (
                lambda p: park(p, "Presidential Electors"),
                {"Donald J. Trump / Michael R. Pence": 6035, "Hillary Clinton / Tim Kaine": 3351},
            ),
            "Commissioner District 2 (Vote for 1)": (
                lambda p: park(p, "Commissioner District 2"),
                {"Richard Elsner": 5633, "Lou Gonzalez": 3917},
            ),
        },
    ),
    (
        CO / "2016 Jefferson, CO precinct-level election results.xlsx",
        {},
        {
            "PRESIDENTIAL ELECTORS": (
                lambda p: jefferson(p, "Presidential"),
                {"Hillary Clinton Tim Kaine": 160776, "Donald J. Trump Michael R. Pence": 138177},
            ),
        },
    ),
    (
        CO / "2014 General Election Official Results By Precinct.xls",
        {},
        {
            "United States Senator": (
                lambda p: alamosa(p, "United States Senator"),
                {"Mark Udall": 2440, "Cory Gardner": 2350, "Raul Acosta": 153, "Gaylon Kent": 109},
            ),
            "County Sheriff": (
                lambda p: alamosa(p, "County Sheriff"),
                {"Robert Jackson": 3478, "James McCloskey": 1623},
            ),
        },
    ),
    (
        CO / "2012_general.xls",
        {},
        {
            "Presidential Electors": (
                lambda p: san_miguel(p, "Presidential Electors"),
                {"Obama/ Biden": 2992, "Romney/ Ryan": 1154},
            ),
            "County Commissioner - District 3": (
                lambda p: san_miguel(p, "County Commissioner - District 3"),
                {"Goodtimes": 1755, "Chancellor": 1380, "Kell": 1006},
            ),
        },
    ),
    (
        CO / "20121106__co__general__el_paso__precinct.csv",
        {},
        {
            "President": (
                lambda p: el_paso(p, "President", county_rows=True),
                {"Mitt Romney": 170952, "Barack Obama": 111819, "Gary Johnson": 4268},
            ),
            "State Rep17 HD17": (
                lambda p: el_paso(p, "State Rep17", county_rows=False),
                {"Tony Exum": 11212, "Mark Barker": 7757, "Susan Quilleash": 1006, "Barry Pace": 570},
            ),
        },
    ),
    (
        NE / "Dakota NE 2016 General Election Final.xlsx",
        {},
        {
            "FOR PRESIDENT OF THE UNITED STATES": (
                lambda p: dakota(p, "FOR PRESIDENT OF THE UNITED STATES"),
                {"Trump / Pence": 3616, "Clinton / Kaine": 2314},
            ),
            "FOR MEMBER OF THE LEGISLATURE - District 17": (
                lambda p: dakota(p, "FOR MEMBER OF THE LEGISLATURE - District 17"),
                {"Joni Albrecht": 2929, "Ardel Bengtson": 2859},
            ),
        },
    ),
    (
        NE / "2016_ne_general_wash_precinct.xls",
        {},
        {
            "President & Vice President of the United States": (
                lambda p: washington_ne(p, "President & Vice President of the United States"),
                {"Donald J. Trump/Michael R. Pence": 7424, "Hillary Clinton/Tim Kaine": 2623},
            ),
            "County Supervisor - District 3 - Vote for ONE": (
                lambda p: washington_ne(p, "County Supervisor - District 3 - Vote for ONE"),
                {"Bob Frahm": 789, "David L. Hunt": 570},
            ),
        },
    ),
    (
        NE / "Scotts Bluff NE 2016 general.xls",
        {},
        {
            "For President and Vice President of the United States": (
                lambda p: scotts_bluff(p, "For President and Vice President of the United States"),
                {"Donald J. Trump Michael R. Pence": 10076, "Hillary Clinton Tim Kaine": 3207},
            ),
        },
    ),
    (
        UT / "Washington UT election-20201103-results-export.csv",
        {},
        {
            "U.S. President and Vice President": (
                lambda p: washington_ut(p, "U.S. President and Vice President"),
                {"DONALD J. TRUMP, MICHAEL R. PENCE": 67294, "JOSEPH R. BIDEN, KAMALA D. HARRIS": 20530},
            ),
            "Local School Board Dist. 3": (
                lambda p: washington_ut(p, "Local School Board Dist. 3"),
                {"TERRY L. HUTCHINSON": 6741, "DANIEL NIELSON": 4953, "Write-in": 225},
            ),
        },
    ),
    (
        UT / "Juab Precinct Results.xlsx",
        {"sheet": "2022 General"},
        {
            "US Senate": (lambda p: juab(p, "US Senate"), {"Mike Lee": 3886, "Evan McMullin": 714}),
            "Juab Cnty Commiss Seat B": (
                lambda p: juab(p, "Juab Cnty Commiss Seat B"),
                {"Marty Palmer": 3662, "Dennis Timm": 949},
            ),
        },
    ),
]


@pytest.mark.parametrize("path, options, contests", CASES, ids=[c[0].name for c in CASES])
def test_a_real_county_file_imports_with_the_totals_it_prints(
    path: Path, options: dict[str, object], contests: dict[str, tuple[Reader, Totals]]
) -> None:
    imported = read_tally_file(path, **options)  # type: ignore[arg-type]
    assert imported.errors == (), imported.errors[:3]
    results = imported.results
    assert results is not None
    for contest, (read_from_file, readme) in contests.items():
        printed = read_from_file(path)
        totals = results.totals(contest)
        for choice, votes in readme.items():
            assert printed[choice] == votes, (contest, choice)  # the reading here is the README's
            assert totals[choice] == votes, (contest, choice)
    # nothing named like a total or a heading became a unit
    assert not any(
        p.name.lower().rstrip(":") in ("total", "totals", "county - total") for p in results.precincts
    )


def test_a_workbook_of_several_elections_stops_and_names_them() -> None:
    imported = read_tally_file(UT / "Juab Precinct Results.xlsx")
    assert imported.results is None
    assert imported.elections == ("2022 General", "2022 Primary", "2021 General")
    assert "choose one (import --sheet NAME)" in str(imported.errors[0])


@pytest.mark.parametrize(
    "path",
    sorted(p for p in REAL_DATA.glob("*/*") if p.suffix in (".xls", ".xlsx", ".csv")),
    ids=lambda p: p.name,
)
def test_every_real_file_imports(path: Path) -> None:
    """Montana's state file carries one total that contradicts its precincts: it is refused (see
    test_real_long_files) and imports only when the difference is accepted."""
    options: dict[str, object] = {}
    if path.name.startswith("Juab"):
        options["sheet"] = "2022 General"
    if path.name.startswith("2012_mt"):
        options["accept_differences"] = True
    imported = read_tally_file(path, **options)  # type: ignore[arg-type]
    assert imported.errors == (), imported.errors[:3]
    summary = imported.summary
    assert summary is not None and summary.contests > 0 and summary.grand_total > 0


def test_el_paso_turnout_rows_are_not_a_contest_and_one_office_spelled_two_ways_is_one_contest() -> None:
    path = CO / "20121106__co__general__el_paso__precinct.csv"
    imported = read_tally_file(path)
    results = imported.results
    assert results is not None
    names = [c.name for c in results.contests]
    assert "Voters" not in names and "State Rep 16 HD16" not in names
    with path.open(newline="", encoding="utf-8") as handle:
        rows = [
            r for r in csv.DictReader(handle) if r["office"] in ("State Rep16", "State Rep 16") and r["votes"]
        ]
    precinct_sum: Counter[str] = Counter()
    for row in rows:
        if row["precinct"] not in ("CO", "EL PASO CO", ""):
            precinct_sum[row["candidate"].strip()] += int(row["votes"])
    assert results.totals("State Rep16 HD16") == dict(precinct_sum)
    assert any("'State Rep 16 HD16' is read as 'State Rep16 HD16'" in str(w) for w in imported.warnings)
