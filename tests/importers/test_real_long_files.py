"""Real county files in the long layout import, and their numbers agree with the files' own figures
(read here with csv, openpyxl or a plain python-calamine read, never with the importer)."""

from __future__ import annotations

import csv
from collections import Counter

import pytest
from openpyxl import load_workbook
from python_calamine import CalamineWorkbook

from recount_desktop.importers import read_tally_file
from tests.conftest import REAL_DATA

WHEELER = REAL_DATA / "NE" / "20161108__ne__general__wheeler__precinct.csv"
OKLAHOMA = REAL_DATA / "OK" / "20170404__ok__special__general__precinct.csv"
MONTANA = REAL_DATA / "MT" / "2012_mt_general_prec.xls"
CACHE = REAL_DATA / "UT" / "2024 Cache County, UT precinct-level results (1).xlsx"


def _csv_sums(path, contest_col: str, choice_col: str, votes_col: str) -> Counter[tuple[str, str]]:
    sums: Counter[tuple[str, str]] = Counter()
    with path.open(newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            sums[(" ".join(row[contest_col].split()), row[choice_col].strip())] += int(row[votes_col])
    return sums


def test_wheeler_county_imports_with_president_totals_from_the_file() -> None:
    imported = read_tally_file(WHEELER)
    assert imported.layout == "long" and imported.errors == () and imported.warnings == ()
    sums = _csv_sums(WHEELER, "office", "candidate", "votes")
    totals = imported.results.totals("President")
    assert totals["Donald J. Trump"] == sums[("President", "Donald J. Trump")] > 0
    assert totals["Hillary Clinton"] == sums[("President", "Hillary Clinton")] > 0
    assert {p.name for p in imported.results.precincts} == {"Bartlett", "Ericson"}


def test_oklahoma_special_keeps_vote_types_and_their_sum() -> None:
    imported = read_tally_file(OKLAHOMA)
    assert imported.errors == ()
    results = imported.results
    sums = _csv_sums(OKLAHOMA, "office", "candidate", "votes")
    mail = _csv_sums(OKLAHOMA, "office", "candidate", "mail_votes")
    contest = "MAYOR CITY OF EDMOND"
    for choice, votes in results.totals(contest).items():
        assert votes == sums[(contest, choice)]
    tally = next(t for t in results.tallies if t.contest == contest)
    assert dict(tally.vote_types).keys() == {"Mail", "Early", "Election Day"}
    assert sum(dict(t.vote_types)["Mail"] for t in results.tallies if t.contest == contest) == sum(
        v for (c, _), v in mail.items() if c == contest
    )
    # a proposition's For/Against choices make it a question
    assert results.contest("PROPOSITION NO. 1 CITY OF EDMOND").kind.value == "question"


@pytest.mark.slow
def test_montana_statewide_xls_matches_the_county_total_rows() -> None:
    # the file's own Park County total for HD62 says 0 where its precincts add up to 2,431: refused,
    # naming both places, unless the difference is accepted; so are two county totals that no unit
    # row votes for ('HD L&C' under a bare HD district, 'Totak Powell' under SD)
    refused = read_tally_file(MONTANA)
    assert refused.results is None
    assert [e.cell for e in refused.errors] == ["G15714", "G16341", "G17109"]
    message = str(refused.errors[0])
    assert "cell G15714" in message and "G15709:G15713" in message
    assert "add up to 2431" in message and "says 0" in message and "-2431" in message
    assert all("no unit row of the file votes" in str(e) for e in refused.errors[1:])
    imported = read_tally_file(MONTANA, accept_differences=True)
    assert imported.errors == () and len(imported.differences) == 3
    rows = CalamineWorkbook.from_path(str(MONTANA)).get_sheet_by_index(0).to_python()[1:]
    county_totals: Counter[str] = Counter()
    for county, precinct, office, _dist, candidate, _party, votes in rows:
        if office == "President" and str(county).endswith(" " + precinct) and votes != "":
            county_totals[candidate.strip()] += int(votes)
    totals = imported.results.totals("President")
    assert totals["Barack Obama"] == county_totals["Barack Obama"] > 200_000
    assert totals["Mitt Romney"] == county_totals["Mitt Romney"]
    assert not any(p.name.endswith(" MT") for p in imported.results.precincts)


@pytest.mark.slow
def test_cache_county_imports_the_precinct_sheet_and_checks_the_summary() -> None:
    imported = read_tally_file(CACHE)
    assert imported.errors == ()
    workbook = load_workbook(CACHE, read_only=True, data_only=True)
    precinct_sum: Counter[str] = Counter()
    for row in workbook["Precinct Results"].iter_rows(min_row=2, values_only=True):
        if len(row) > 6 and row[1] and row[1].strip() == "U.S. President" and isinstance(row[6], int | float):
            precinct_sum[row[3]] += int(row[6])
    summary = {
        row[2]: int(row[5])
        for row in workbook["Summary Results"].iter_rows(min_row=2, values_only=True)
        if len(row) > 5 and row[0] and row[0].strip() == "U.S. President"
    }
    totals = imported.results.totals("U.S. President")
    trump = "DONALD J. TRUMP / JD VANCE"
    assert totals[trump] == precinct_sum[trump]
    # Ballots Cast and over/under votes are statistics, never choices
    assert "Ballots Cast" not in totals and "Over Vote Count" not in totals
    # precincts of two or three voters are published blank: withheld, so the contest rests on
    # incomplete data and the summary's larger total is a shortfall they explain (a warning)
    assert totals[trump] < summary[trump]
    assert imported.results.contest("U.S. President").incomplete_precinct_data
    assert any(
        f"add up to {totals[trump]} but the file's total" in str(w)
        and f"says {summary[trump]}" in str(w)
        and "suppressed cells can explain" in str(w)
        for w in imported.warnings
    )


def test_oklahoma_same_office_name_in_two_counties_is_two_contests_unless_it_crosses_the_line() -> None:
    imported = read_tally_file(OKLAHOMA)
    results = imported.results
    candidates: dict[str, set[str]] = {}
    with OKLAHOMA.open(newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            if row["office"] == "COUNTY COMMISSIONER DISTRICT NO. 1 (UNEXPIRED TERM)":
                candidates.setdefault(row["county"], set()).add(row["candidate"])
    assert set(candidates) == {"JEFFERSON", "OSAGE"} and not candidates["JEFFERSON"] & candidates["OSAGE"]
    for county, names in candidates.items():
        contest = results.contest(f"COUNTY COMMISSIONER DISTRICT NO. 1 (UNEXPIRED TERM) ({county})")
        assert set(contest.choice_names()) == names
    assert any(
        "COUNTY COMMISSIONER DISTRICT NO. 1" in str(w) and "own contest" in str(w) for w in imported.warnings
    )
    # Geary's council ward crosses Blaine and Canadian counties: one contest with the same candidates
    geary = results.contest("COUNCILMEMBER, WARD NO. 2 CITY OF GEARY")
    sums = _csv_sums(OKLAHOMA, "office", "candidate", "votes")
    assert results.totals(geary.name) == {c: sums[(geary.name, c)] for c in geary.choice_names()}
    assert results.contest("PROPOSITION").kind.value == "question"
