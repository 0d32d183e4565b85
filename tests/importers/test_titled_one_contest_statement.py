"""A workbook of one contest sheet (a statement: 'Precinct' over the units, the candidates along the
header row, the contest's title above it) is read as that contest's statement. It was refused as a
statement "automatic detection reads only from two or more contest sheets", though the title makes
the choices that one contest's (fourth review, R7: s21_onecontest.xlsx). Without a title row the
header may hold two primaries' candidates: still refused, pointing to --format sovc."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

BODY: list[list[object]] = [
    ["Precinct", "Ann Adams", "Bob Baker"],
    ["Precinct 1", 69, 254],
    ["Precinct 2", 292, 390],
    ["New/Former Resident 1", 61, 195],
    ["Total:", 422, 839],
]


def test_a_titled_one_contest_statement_is_read(tmp_path: Path) -> None:
    rows: list[list[object]] = [["Page: 1 of 1"], ["Mayor (Vote for 1)"], [], *BODY]
    imported = read_tally_file(write_xlsx(tmp_path / "mayor.xlsx", {"Mayor": rows}))
    assert imported.errors == ()
    assert imported.layout == "sovc"
    results = imported.results
    assert results is not None
    [contest] = results.contests
    assert contest.name.startswith("Mayor")
    assert results.totals(contest.name) == {"Ann Adams": 422, "Bob Baker": 839}
    assert len(results.precincts) == 3
    assert imported.reading is not None and "under the contest's title" in imported.reading.cue
    assert any(note.label == "Total:" for note in imported.notes.totals)


def test_the_file_total_still_checks_a_titled_statement(tmp_path: Path) -> None:
    rows: list[list[object]] = [["Mayor"], [], *BODY[:-1], ["Total:", 423, 839]]
    imported = read_tally_file(write_xlsx(tmp_path / "mayor.xlsx", {"Mayor": rows}))
    assert imported.results is None
    assert any("423" in error.message for error in imported.errors)


def test_an_untitled_one_contest_statement_is_still_refused(tmp_path: Path) -> None:
    imported = read_tally_file(write_xlsx(tmp_path / "mayor.xlsx", {"Results": BODY}))
    assert imported.results is None
    assert any("--format sovc" in error.message for error in imported.errors)


def test_an_election_line_over_the_header_is_not_the_contest_title(tmp_path: Path) -> None:
    # regression sweep F2: the election's heading was taken as the one contest's name, exit 0
    for line in ("2026 General Election - Official Results", "Official Results"):
        rows: list[list[object]] = [[line], *BODY]
        imported = read_tally_file(write_xlsx(tmp_path / "results.xlsx", {"Results": rows}))
        assert imported.results is None, line
        assert any("--format sovc" in error.message for error in imported.errors)


def test_a_contest_title_under_the_election_line_is_still_read(tmp_path: Path) -> None:
    rows: list[list[object]] = [["2026 General Election - Official Results"], ["Mayor"], *BODY]
    imported = read_tally_file(write_xlsx(tmp_path / "results.xlsx", {"Results": rows}))
    assert imported.errors == ()
    results = imported.results
    assert results is not None
    assert [contest.name for contest in results.contests] == ["Mayor"]
