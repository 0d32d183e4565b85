"""Wide sheets (precincts as rows, contests side by side): Denver and Davis import, and their numbers
agree with the files' own figures read here with plain openpyxl, never with the importer."""

from __future__ import annotations

import pytest
from openpyxl import load_workbook

from recount_desktop.importers import read_tally_file
from tests.conftest import REAL_DATA

DENVER = REAL_DATA / "CO" / "Denver 2020GeneralElectionPrecinctResults.xlsx"
DAVIS = REAL_DATA / "UT" / "2024 Davis County, UT precinct-level results.xlsx"


def _rows(path) -> list[tuple]:
    workbook = load_workbook(path, read_only=True, data_only=True)
    rows = list(workbook.worksheets[0].iter_rows(values_only=True))
    workbook.close()
    return rows


def _column_sum(rows: list[tuple], col: int) -> int:
    return sum(int(row[col]) for row in rows if isinstance(row[col], int | float))


@pytest.mark.slow
def test_denver_president_and_senate_match_plain_column_sums_and_total_votes() -> None:
    imported = read_tally_file(DENVER)
    assert imported.layout == "wide" and imported.errors == () and imported.warnings == ()
    rows = _rows(DENVER)
    contests, header, precincts = rows[0], rows[1], rows[2:]
    results = imported.results
    assert len(results.contests) == sum(1 for c in contests[4:] if c)
    assert len(results.precincts) == len(precincts)
    for contest in ("Presidential Electors", "United States Senator"):
        start = contests.index(contest)
        totals = results.totals(contest)
        # the file's own per-contest "Total Votes" column equals the sum of the imported choices
        assert header[start] == "Total Votes"
        assert sum(totals.values()) == _column_sum(precincts, start) > 300_000
        biden_or_hickenlooper = header[start + 3]
        party, _, name = biden_or_hickenlooper.partition(" - ")
        assert party == "DEM" and totals[name] == _column_sum(precincts, start + 3)
        assert results.contest(contest).choices[0].party == "DEM"
    under = sum(s.under_votes or 0 for s in results.statistics if s.contest == "Presidential Electors")
    assert under == _column_sum(precincts, contests.index("Presidential Electors") + 1)
    assert "Undervotes" not in results.totals("Presidential Electors")
    assert results.contest("Ballot Measure 2A").kind.value == "question"


@pytest.mark.slow
def test_davis_matches_its_total_row_with_vote_for_seats_and_split_precincts() -> None:
    imported = read_tally_file(DAVIS)
    assert imported.layout == "wide" and imported.errors == ()
    rows = _rows(DAVIS)
    names, header = rows[4], rows[6]
    total = next(r for r in rows if r[1] == "TOTAL")
    results = imported.results
    senate = names.index("U.S. Senate")
    for col in range(senate, senate + 5):
        choice = header[col].removeprefix("REP ").removeprefix("DEM ").removeprefix("IAP ")
        assert results.totals("U.S. Senate")[choice] == int(total[col])
    question = names.index("CONSTITUTIONAL AMENDMENT B")
    amendment = results.contest("CONSTITUTIONAL AMENDMENT B")
    assert amendment.kind.value == "question" and amendment.seats == 1
    assert results.totals(amendment.name) == {
        "For": int(total[question]),
        "Against": int(total[question + 1]),
    }
    assert rows[5][senate] == "Vote for 1"
    # the STATISTICS block is never a contest; registered voters are kept per precinct
    assert not any("STATISTICS" in c.name.upper() for c in results.contests)
    stats = next(s for s in results.statistics if s.contest == "U.S. Senate" and s.precinct == rows[7][1])
    assert (stats.registered_voters, stats.ballots_cast) == (int(rows[7][2]), int(rows[7][3]))
    # "WP01:" is on two rows with different numbers: two reporting units, with a warning naming the cell
    assert [str(w) for w in imported.warnings if "WP01:" in str(w)] != []
    assert {"WP01:", "WP01: (row 361)"} <= {p.name for p in results.precincts}
