"""A statement contest that lists its precincts again under a vote-type heading (``Absentee``
after the polling-place rows): the sections are the vote types of the same precincts, summed per
precinct and choice (the types stored when every section is headed) when the contest's own total
confirms it; without a total, or with one that disagrees, refused naming the rows, as before. A
heading of another kind (``City of Alma``) still sets two units of one name apart (issue 11; left
open by the last session: these files were refused)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import TallyImport, read_tally_file
from tests.importers.conftest import write_xlsx

POLLING: list[list[object]] = [["Adams", 10, 20], ["Baker", 30, 5], ["Clay", 3, 4]]
ABSENTEE: list[list[object]] = [["Adams", 1, 2], ["Baker", 3, 1], ["Clay", 2, 2]]
MAYOR: list[list[object]] = [
    ["MAYOR"],
    ["Precinct", "Cy", "Di"],
    ["Adams", 5, 5],
    ["Baker", 6, 6],
    ["Clay", 7, 7],
]


def _governor(first: str | None, second: str, total: list[object] | None) -> list[list[object]]:
    rows: list[list[object]] = [["GOVERNOR"], ["Precinct", "Ada", "Bob"]]
    rows += [[first]] if first else []
    rows += [*POLLING, [second], *ABSENTEE]
    return rows + ([["Total", *total]] if total else [])


def _read(tmp_path: Path, governor: list[list[object]]) -> TallyImport:
    return read_tally_file(write_xlsx(tmp_path / "sections.xlsx", {"Governor": governor, "Mayor": MAYOR}))


def test_headed_sections_are_summed_as_vote_types_when_the_total_confirms(tmp_path: Path) -> None:
    imported = _read(tmp_path, _governor("Election Day", "Absentee", [49, 34]))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("GOVERNOR") == {"Ada": 49, "Bob": 34}
    assert [p.name for p in imported.results.precincts] == ["Adams", "Baker", "Clay"]
    adams = next(t for t in imported.results.tallies if (t.precinct, t.choice) == ("Adams", "Ada"))
    assert (adams.votes, dict(adams.vote_types)) == (11, {"Election Day": 10, "Absentee": 1})
    [warning] = [w for w in imported.warnings if "vote types" in w.message]
    assert (warning.sheet, warning.cell) == ("Governor", "B8")
    assert "'Election Day', then 'Absentee'" in warning.message and "(B11, C11)" in warning.message


def test_an_unheaded_first_section_is_summed_without_types(tmp_path: Path) -> None:
    imported = _read(tmp_path, _governor(None, "Absentee", [49, 34]))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("GOVERNOR") == {"Ada": 49, "Bob": 34}
    assert all(not t.vote_types for t in imported.results.tallies)
    assert any("no vote types are stored" in w.message for w in imported.warnings)


def test_sections_closed_by_their_own_totals_and_a_grand_total(tmp_path: Path) -> None:
    rows: list[list[object]] = [["GOVERNOR"], ["Precinct", "Ada", "Bob"], *POLLING, ["Total", 43, 29]]
    rows += [["Early Voting"], *ABSENTEE, ["Total", 6, 5], ["Grand Total", 49, 34]]
    imported = _read(tmp_path, rows)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("GOVERNOR") == {"Ada": 49, "Bob": 34}


@pytest.mark.parametrize(
    ("total", "said"),
    [
        (None, "no total row to confirm it"),
        ([50, 34], "the file's total (B10) says 50, the rows summed give 49"),
    ],
)
def test_without_a_total_that_confirms_the_sum_it_is_refused_naming_the_rows(
    tmp_path: Path, total: list[object] | None, said: str
) -> None:
    imported = _read(tmp_path, _governor(None, "Absentee", total))
    assert imported.results is None
    [error] = imported.errors
    assert (error.sheet, error.cell) == ("Governor", "B7")
    assert error.message.startswith("3 precincts ('Adams' on rows 3 and 7, 'Baker' on rows 4 and 8, 'Clay'")
    assert said in error.message


def test_a_heading_of_another_kind_still_sets_two_units_apart(tmp_path: Path) -> None:
    imported = _read(tmp_path, _governor(None, "City of Alma", [49, 34]))
    assert imported.results is None
    assert all("in different groups are different units" in e.message for e in imported.errors)
