"""A name our own CSV export protected from running as a formula (``'=HYPERLINK(...)``: a leading
apostrophe, the mark every spreadsheet reads as "text") re-imports as it was written
(``=HYPERLINK(...)``). Exactly that protection is undone: an apostrophe before ``=``, ``+``, ``-``
or ``@``; any other apostrophe stays."""

from __future__ import annotations

import csv
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from recount_desktop.domain import Choice, ElectionResults, Tally
from recount_desktop.importers import read_tally_file
from recount_desktop.importers.builder import unprotect_csv_text
from recount_desktop.sample import ensure_sample_election
from recount_desktop.store import open_election_file
from tests.importers.conftest import write_csv

MAYOR = "Mayor of Plattsmouth"
HYPERLINK = '=HYPERLINK("http://x","y")'
ODD_NAMES = (HYPERLINK, "+1 Write-in", "@Home Precinct Candidate", "'Bud' Smith")


@pytest.fixture
def sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RECOUNT_DESKTOP_HOME", str(tmp_path / "home"))
    return ensure_sample_election("clerk-a")


def _rename_mayors_choices(path: Path) -> dict[str, str]:
    """The mayor's choices renamed to names a spreadsheet would run as formulas (and one with a
    plain apostrophe); one precinct renamed to ``-North``."""
    with open_election_file(path, operator="clerk-a") as store:
        results = store.results()
        mayor = results.contest(MAYOR)
        renamed = {c.name: new for c, new in zip(mayor.choices, ODD_NAMES, strict=False)}
        choices = tuple(Choice(renamed.get(c.name, c.name), c.party) for c in mayor.choices)
        first_precinct = results.precincts[0].name
        precincts = tuple(
            replace(p, name="-North") if p.name == first_precinct else p for p in results.precincts
        )
        tallies = tuple(
            Tally(
                "-North" if t.precinct == first_precinct else t.precinct,
                t.contest,
                renamed.get(t.choice, t.choice) if t.contest == MAYOR else t.choice,
                t.votes,
                t.vote_types,
                t.suppressed,
            )
            for t in results.tallies
        )
        contests = tuple(
            c.__class__(**{**c.__dict__, "choices": choices}) if c.name == MAYOR else c
            for c in results.contests
        )
        statistics = tuple(
            replace(s, precinct="-North") if s.precinct == first_precinct else s for s in results.statistics
        )
        store.replace_results(ElectionResults(contests, precincts, tallies, statistics), {"source": "test"})
        return renamed


def test_a_formula_like_name_round_trips_through_the_csv_export(sample: Path, tmp_path: Path) -> None:
    renamed = _rename_mayors_choices(sample)
    assert HYPERLINK in renamed.values()
    out = tmp_path / "results.csv"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "recount_desktop",
            "export",
            str(sample),
            "--out",
            str(out),
            "--operator",
            "clerk-a",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    with out.open(encoding="utf-8-sig") as handle:
        written = list(csv.DictReader(handle))
    assert "'" + HYPERLINK in {row["Choice"] for row in written}  # protected in the file
    assert "'-North" in {row["Precinct"] for row in written}
    imported = read_tally_file(out)
    assert imported.errors == () and imported.layout == "template"
    assert imported.results is not None
    with open_election_file(sample) as store:
        before = store.results()
    names = imported.results.contest(MAYOR).choice_names()
    assert set(renamed.values()) <= set(names)  # =HYPERLINK(...), +1 ..., @Home ..., 'Bud' Smith
    assert not any(n.startswith("'=") for n in names)
    assert "-North" in {p.name for p in imported.results.precincts}
    again = {(t.precinct, t.contest, t.choice): t.votes for t in imported.results.tallies}
    assert again == {(t.precinct, t.contest, t.choice): t.votes for t in before.tallies}


def test_a_county_long_csv_loses_only_the_exports_apostrophe(tmp_path: Path) -> None:
    rows = [
        ("county", "precinct", "office", "district", "party", "candidate", "votes"),
        ("Wheeler", "Bartlett", "Mayor", "", "", "'=SUM(A1)", 10),
        ("Wheeler", "Bartlett", "Mayor", "", "", "'O'Brien", 7),
        ("Wheeler", "Ericson", "Mayor", "", "", "'=SUM(A1)", 3),
        ("Wheeler", "Ericson", "Mayor", "", "", "'O'Brien", 4),
    ]
    imported = read_tally_file(write_csv(tmp_path / "wheeler.csv", rows))
    assert imported.errors == () and imported.layout == "long" and imported.results is not None
    assert imported.results.totals("Mayor") == {"=SUM(A1)": 13, "'O'Brien": 11}


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("'=A1", "=A1"),
        ("'+1", "+1"),
        ("'-2", "-2"),
        ("'@x", "@x"),
        ("'O'Brien", "'O'Brien"),
        ("''=x", "''=x"),
    ],
)
def test_only_the_exports_protection_is_undone(written: str, read: str) -> None:
    assert unprotect_csv_text(written) == read
