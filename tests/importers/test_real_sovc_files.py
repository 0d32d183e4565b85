"""Statement-of-votes-cast workbooks: the precinct sums equal each sheet's own total row, read here
with plain openpyxl."""

from __future__ import annotations

import pytest
from openpyxl import load_workbook

from recount_desktop.importers import read_tally_file
from tests.conftest import REAL_DATA

SARPY = REAL_DATA / "NE" / "2016_ne_sarpy.xlsx"
YELLOWSTONE = REAL_DATA / "MT" / "Yellowstone Results.xlsx"
ADAMS = REAL_DATA / "CO" / "Adams-2020-General-SOVC_Redacted.xlsx"


def _total_row(sheet, label_col: int, label: str) -> tuple:
    return next(
        r for r in sheet.iter_rows(values_only=True) if r[label_col] and str(r[label_col]).strip() == label
    )


def test_sarpy_workbook_totals_and_vote_for_three() -> None:
    imported = read_tally_file(SARPY)
    assert imported.layout == "sovc" and imported.errors == () and imported.warnings == ()
    results = imported.results
    assert len(results.contests) == 60
    sheet = load_workbook(SARPY, data_only=True)["2"]
    names = [c.value for c in sheet[2]]
    total = _total_row(sheet, 0, "Total:")
    for candidate in ("Trump/Pence", "Clinton/Kaine"):
        column = names.index(candidate) + 3  # Early, Election Day, Provisionals, Total Votes
        assert results.totals(sheet["A1"].value.strip())[candidate] == int(total[column])
    board = next(c for c in results.contests if c.name.startswith("Springfield Platteview Bd Member"))
    assert board.seats == 3
    tally = next(t for t in results.tallies if t.contest == board.name)
    assert {name for name, _ in tally.vote_types} == {"Early", "Election Day", "Provisional"}


@pytest.mark.slow
def test_yellowstone_sheets_match_their_totals_row() -> None:
    imported = read_tally_file(YELLOWSTONE)
    assert imported.errors == () and imported.warnings == ()
    workbook = load_workbook(YELLOWSTONE, data_only=True)
    sheet = workbook[workbook.sheetnames[0]]
    header = [c.value for c in sheet[7]]
    total = _total_row(sheet, 1, "TOTALS")
    totals = imported.results.totals("PRESIDENT & VICE PRESIDENT")
    assert totals["MITT ROMNEY & PAUL RYAN"] == int(
        total[header.index("MITT ROMNEY & PAUL RYAN\nRepublican")]
    )
    assert imported.results.contest("PRESIDENT & VICE PRESIDENT").choices[0].party == "Democrat"


@pytest.mark.slow
def test_adams_redacted_cells_are_suppressed_and_totals_match() -> None:
    imported = read_tally_file(ADAMS)
    assert imported.errors == ()
    workbook = load_workbook(ADAMS, data_only=True)
    sheet = workbook["President"]
    header = [c.value for c in sheet[3]]
    total = _total_row(sheet, 0, "Electionwide - Total")
    biden = next(i for i, h in enumerate(header) if h and h.startswith("Joseph R. Biden"))
    contest = imported.results.contest("Presidential Electors (Vote for 1)")
    assert imported.results.totals(contest.name)["Joseph R. Biden / Kamala D. Harris"] == int(total[biden])
    lochbuie = next(c for c in imported.results.contests if c.name.startswith("Town of Lochbuie Trustee"))
    assert lochbuie.seats == 4 and lochbuie.incomplete_precinct_data
    assert any("Lochbuie Trustee" in str(w) and "suppressed" in str(w) for w in imported.warnings)
