"""Real county results, read independently here with openpyxl and csv, then put through the engine."""

from __future__ import annotations

import csv
from datetime import date

import pytest

from recount_desktop.domain import Choice, Contest, Election, State
from recount_desktop.domain.rules import analyze_contest, load_rules
from tests.conftest import REAL_DATA

SARPY = REAL_DATA / "NE" / "2016_ne_sarpy.xlsx"
WHEELER = REAL_DATA / "NE" / "20161108__ne__general__wheeler__precinct.csv"


def _sarpy_contest_totals(title: str) -> tuple[dict[str, int], int]:
    """Each candidate's 'Total Votes' from the sheet's 'Total:' row, plus the row's own grand total."""
    import openpyxl

    book = openpyxl.load_workbook(SARPY, read_only=True, data_only=True)
    try:
        toc = {
            str(name): str(sheet)
            for sheet, name in book["Table of Contents"].iter_rows(values_only=True)
            if sheet is not None and name
        }
        rows = list(book[toc[title]].iter_rows(values_only=True))
    finally:
        book.close()
    names, headers = rows[1], rows[2]
    total_row = next(r for r in rows if r[0] == "Total:")
    totals = {}
    for column, name in enumerate(names):
        if name:
            votes_column = next(c for c in range(column, len(headers)) if headers[c] == "Total Votes")
            totals[str(name)] = int(total_row[votes_column])
    grand_total = int([v for v in total_row if v is not None][-1])
    return totals, grand_total


@pytest.mark.slow
def test_sarpy_springfield_platteview_board_third_seat_decided_by_8() -> None:
    totals, grand_total = _sarpy_contest_totals("Springfield Platteview Bd Member (Vote For 3)")
    assert sum(totals.values()) == grand_total
    contest = Contest(
        "Springfield Platteview Bd Member (Vote For 3)", tuple(Choice(n) for n in totals), seats=3
    )
    election = Election(
        State.NE, "Sarpy County", "General Election 2016", date(2016, 11, 8), date(2016, 11, 17)
    )
    analysis = analyze_contest(load_rules("NE"), election, contest, totals)
    ranking = analysis.outcome.ranking
    third, fourth = ranking[2], ranking[3]
    finding = analysis.finding_for(fourth[0])
    assert finding.margin == third[1] - fourth[1] == 8
    assert finding.compared_with == third[0]
    top = ranking[0][1]
    assert finding.threshold * 100 == top  # 1% of the top vote-getter
    assert finding.recount.value == ("automatic" if top >= 100 * 8 else "at_own_expense")
    assert set(analysis.outcome.winners) == {n for n, _ in ranking[:3]}


def test_wheeler_commissioner_not_within_two_percent() -> None:
    with WHEELER.open(newline="") as handle:
        rows = [r for r in csv.DictReader(handle) if r["office"] == "County Commissioner"]
    totals: dict[str, int] = {}
    for row in rows:
        totals[row["candidate"]] = totals.get(row["candidate"], 0) + int(row["votes"])
    assert sorted(totals.values(), reverse=True)[:2] == [228, 222] and sum(totals.values()) == 450
    contest = Contest("County Commissioner", tuple(Choice(n) for n in totals))
    election = Election(
        State.NE, "Wheeler County", "General Election 2016", date(2016, 11, 8), date(2016, 11, 14)
    )
    analysis = analyze_contest(load_rules("NE"), election, contest, totals)
    loser = min(("Jesse Plugge", "Jim Hoerle"), key=totals.__getitem__)
    finding = analysis.finding_for(loser)
    assert finding.margin == 6
    assert finding.threshold_text == "4.56"
    assert finding.recount.value == "at_own_expense"
    assert finding.votes_inside_trigger == -2
    assert "2% of 228 votes" in finding.explanation and "6 > 4.56" in finding.explanation
