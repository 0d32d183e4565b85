"""Real county files the importer was never shown (tests/data/real_unseen, README there): each
imports, and its totals equal sums read here from the file with the csv module alone."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from recount_desktop.domain.records import ContestKind
from recount_desktop.importers import read_tally_file
from recount_desktop.importers.builder import NOTHING_READ

DATA = Path(__file__).parents[1] / "data" / "real_unseen"
MONTROSE = "2026 Montrose County, CO primary precinct results - {}.csv"


def _rows(name: str) -> list[dict[str, str]]:
    with (DATA / name).open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _sums(name: str, column: str = "votes") -> Counter[tuple[str, str]]:
    """Per (office and district, candidate): the precinct rows' counts (blank precincts are totals)."""
    sums: Counter[tuple[str, str]] = Counter()
    for row in _rows(name):
        if row["precinct"].strip():
            office = " ".join(filter(None, (row["office"].strip(), row["district"].strip())))
            sums[(office, row["candidate"].strip())] += int(row[column] or 0)
    return sums


@pytest.mark.parametrize("county", ["cheyenne", "ouray"])
def test_colorado_poll_votes_files_import_with_their_vote_types(county: str) -> None:
    name = f"20121106__co__general__{county}__precinct.csv"
    imported = read_tally_file(DATA / name)
    assert imported.errors == () and imported.results is not None
    results, sums, polls = imported.results, _sums(name), _sums(name, "poll_votes")
    for contest in ("President", "U.S. House 3" if county == "ouray" else "U.S. House 4"):
        for choice, votes in results.totals(contest).items():
            assert votes == sums[(contest, choice)]
    president = [t for t in results.tallies if t.contest == "President"]
    assert sum(dict(t.vote_types)["Election Day"] for t in president) == sum(
        v for (office, _c), v in polls.items() if office == "President"
    )


def test_kiowas_question_with_yes_and_no_in_the_party_column() -> None:
    name = "20121106__co__general__kiowa__precinct.csv"
    imported = read_tally_file(DATA / name)
    assert imported.errors == () and imported.results is not None
    sides = Counter({"Yes": 0, "No": 0})
    for row in _rows(name):
        if row["office"] == "AMENDMENT 64":
            sides[row["party"].title()] += int(row["votes"])
    assert imported.results.contest("AMENDMENT 64").kind is ContestKind.QUESTION
    assert imported.results.totals("AMENDMENT 64") == dict(sides)


def test_niobraras_total_row_in_a_district_of_no_precinct_is_named() -> None:
    name = "20061107__wy__general__niobrara__precinct.csv"
    imported = read_tally_file(DATA / name)
    assert imported.errors == () and imported.results is not None
    sums = _sums(name)
    assert imported.results.totals("U.S. Senate") == {
        c: v for (office, c), v in sums.items() if office == "U.S. Senate"
    }
    [warning] = [w for w in imported.warnings if "'State House 8'" in w.message]
    assert "it equals the choice's votes in 'State House 2'" in warning.message


def test_montroses_governor_statement_reads_as_one_contest_with_its_total_column_checked() -> None:
    path = DATA / MONTROSE.format("Governor (Republican)")
    with path.open(newline="", encoding="utf-8") as f:
        header, *_units, totals = [row for row in csv.reader(f) if row]
    stop = header.index("Total Votes Cast")
    expected = {
        h.split("\n")[0]: int(t.replace(",", "")) for h, t in zip(header[1:stop], totals[1:stop], strict=True)
    }
    imported = read_tally_file(path, format="sovc")
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Governor (Republican)") == expected
    assert sum(expected.values()) == int(totals[stop].replace(",", ""))  # the file's own total
    automatic = read_tally_file(path)
    assert automatic.results is None and "import --format sovc" in automatic.errors[0].message


def test_montroses_office_with_no_candidates_stores_no_candidate() -> None:
    imported = read_tally_file(DATA / MONTROSE.format("County Commissioner 2 (Democratic)"), format="sovc")
    assert imported.results is None
    assert [e.message for e in imported.errors] == [NOTHING_READ]
