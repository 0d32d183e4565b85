"""A primary with no party column put every party's candidates in one contest, with no warning
(last session's note, #11 left out): ``Ann Able (DEM)`` beside ``Cy Cole (REP)`` under one
``Governor``, margins and recount triggers computed across parties. When the contest's or the
file's name says the election is a primary and the candidates carry two or more party labels,
the import warns, naming the parties. A general election's contest of several parties is not
warned of."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.primary_parties import party_label
from tests.importers.conftest import write_csv

CANDIDATES = (("Ann Able (DEM)", 10), ("Bo Bell (DEM)", 12), ("Cy Cole (REP)", 20), ("Di Dunn (REP)", 7))


def _rows(contest: str) -> list[list[object]]:
    rows: list[list[object]] = [["Precinct", "Contest", "Candidate", "Votes"]]
    for unit in ("Pct 1", "Pct 2"):
        rows += [[unit, contest, name, votes] for name, votes in CANDIDATES]
    return rows


@pytest.mark.parametrize(
    ("file", "contest", "said"),
    [
        ("results.csv", "Governor - Primary", "its name says"),
        ("20220802__mo__primary__carter__precinct.csv", "Governor", "the file's name says"),
    ],
)
def test_a_primary_contest_of_two_parties_is_warned_of(
    tmp_path: Path, file: str, contest: str, said: str
) -> None:
    imported = read_tally_file(write_csv(tmp_path / file, _rows(contest)))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals(contest)["Cy Cole (REP)"] == 40  # the counts are as before
    [warning] = [w for w in imported.warnings if "primary" in w.message]
    assert f"{contest!r} holds candidates of 2 parties" in warning.message
    assert "DEM: Ann Able (DEM), Bo Bell (DEM); REP: Cy Cole (REP), Di Dunn (REP)" in warning.message
    assert said in warning.message


def test_a_general_election_contest_of_two_parties_is_not_warned_of(tmp_path: Path) -> None:
    imported = read_tally_file(write_csv(tmp_path / "general.csv", _rows("Governor")))
    assert imported.errors == () and imported.results is not None
    assert not any("primary" in w.message for w in imported.warnings)


def test_one_party_primary_is_not_warned_of(tmp_path: Path) -> None:
    rows = [row for row in _rows("Governor - Primary") if "REP" not in str(row[2])]
    imported = read_tally_file(write_csv(tmp_path / "dem.csv", rows))
    assert imported.errors == () and imported.results is not None
    assert not any("primary" in w.message for w in imported.warnings)


@pytest.mark.parametrize(
    ("choice", "party"),
    [
        ("Ann Able (DEM)", "DEM"),
        ("Ann Able - REP", "REP"),
        ("Ann Able, Republican", "REPUBLICAN"),
        ("DEM Ann Able", "DEM"),
        ("Smith, John", None),
        ("SMITH, JOHN", None),
        ("JOHN SMITH (JR)", None),
        ("Mary-Jo Smith", None),
    ],
)
def test_party_labels_in_names(choice: str, party: str | None) -> None:
    assert party_label(choice, None) == party
