"""Export (issue 14 item 13): the results re-import to the same results; names never run as formulas."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

from recount_desktop.domain import Choice, ElectionResults, Tally
from recount_desktop.importers import read_tally_file
from recount_desktop.recount.reconcile import reconcile
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
from recount_desktop.reports.export import build_export, write_export
from recount_desktop.sample import ensure_sample_election
from recount_desktop.store import open_election_file

MAYOR = "Mayor of Plattsmouth"


@pytest.fixture
def sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RECOUNT_DESKTOP_HOME", str(tmp_path / "home"))
    return ensure_sample_election("clerk-a")


def _recount_precinct_01(path: Path) -> None:
    """Precinct 01 of the mayor's race recounted by two clerks: Ellen Fitch 5 votes up, Gary Novak 2 down."""
    with open_election_file(path, operator="clerk-a") as store:
        set_scope(store, MAYOR, ["Precinct 01"], method="manual")
        original = {t.choice: t.votes for t in store.results().tallies
                    if t.contest == MAYOR and t.precinct == "Precinct 01"}
        counts = {"Ellen Fitch": original["Ellen Fitch"] + 5, "Gary Novak": original["Gary Novak"] - 2}
        for clerk in ("clerk-a", "clerk-b"):
            store.operator = clerk
            enter_sheet(store, TallySheetEntry("S-1", MAYOR, counts, precinct="Precinct 01"))


def _per_precinct(results: ElectionResults) -> dict[tuple[str, str, str], int]:
    return {(t.precinct, t.contest, t.choice): t.votes for t in results.tallies}


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "recount_desktop", *args], capture_output=True, text=True,
                          check=False)


def test_the_amended_export_reimports_to_the_amended_results(sample: Path, tmp_path: Path) -> None:
    _recount_precinct_01(sample)
    out = tmp_path / "amended.xlsx"
    done = _run("export", str(sample), "--out", str(out), "--amended", "--operator", "clerk-a")
    assert done.returncode == 0, done.stderr
    imported = read_tally_file(out)
    assert not imported.errors, imported.errors
    with open_election_file(sample) as store:
        before = store.results()
        item = next(c for c in reconcile(store).contests if c.contest == MAYOR)
        assert store.audit_entries()[-1].action == "results.export"
    again = imported.results
    assert again is not None
    expected = _per_precinct(before)
    expected[("Precinct 01", MAYOR, "Ellen Fitch")] += 5
    expected[("Precinct 01", MAYOR, "Gary Novak")] -= 2
    assert _per_precinct(again) == expected
    assert again.totals(MAYOR) == item.amended_totals  # the amended totals the board certifies
    assert [c.name for c in again.contests] == [c.name for c in before.contests]
    assert {(c.name, c.seats, c.kind, c.scope) for c in again.contests} == {
        (c.name, c.seats, c.kind, c.scope) for c in before.contests}
    with open_election_file(sample) as store:
        election = store.election()
    assert imported.election_fields["name"] == election.name
    assert imported.election_fields["board_members"] == election.board_members
    recon = load_workbook(out, read_only=True)["Reconciliation"]
    rows = [r for r in recon.iter_rows(values_only=True)]
    assert rows[0] == ("Contest", "Precinct", "Device", "Choice", "Original", "Recount", "Difference")
    assert rows[1][:4] == (MAYOR, "Precinct 01", None, "Ellen Fitch") and rows[1][6] == 5


def test_the_original_export_reimports_to_the_same_results_as_csv(sample: Path, tmp_path: Path) -> None:
    _recount_precinct_01(sample)
    out = tmp_path / "original.csv"
    with open_election_file(sample) as store:
        written = write_export(store, out)
        before = store.results()
    assert written == [out, tmp_path / "original-reconciliation.csv"]
    imported = read_tally_file(out)
    assert not imported.errors, imported.errors
    assert _per_precinct(imported.results) == _per_precinct(before)


def test_names_that_look_like_formulas_stay_text(sample: Path, tmp_path: Path) -> None:
    with open_election_file(sample) as store:
        results = store.results()
        mayor = results.contest(MAYOR)
        odd = "=HYPERLINK(\"http://x\",\"y\")"
        renamed = mayor.__class__(**{**mayor.__dict__, "choices": (Choice(odd), *mayor.choices[1:])})
        first = mayor.choices[0].name
        tallies = tuple(Tally(t.precinct, t.contest, odd if t.choice == first and t.contest == MAYOR
                              else t.choice, t.votes) for t in results.tallies)
        contests = tuple(renamed if c.name == MAYOR else c for c in results.contests)
        store.replace_results(ElectionResults(contests, results.precincts, tallies, results.statistics),
                              {"source": "test"})
        export = build_export(store)
        write_export(store, tmp_path / "odd.xlsx")
        write_export(store, tmp_path / "odd.csv")
    assert any(row[2] == odd for row in export.tallies)
    sheet = load_workbook(tmp_path / "odd.xlsx")["Tallies"]
    cells = [row[2] for row in sheet.iter_rows(min_row=2) if row[2].value == odd]
    assert cells and all(c.data_type == "s" and c.quotePrefix for c in cells)  # text, never a formula
    assert "<f>" not in _sheet_xml(tmp_path / "odd.xlsx")
    imported = read_tally_file(tmp_path / "odd.xlsx")
    assert not imported.errors and odd in imported.results.contest(MAYOR).choice_names()
    with (tmp_path / "odd.csv").open(encoding="utf-8-sig") as handle:
        names = {row["Choice"] for row in csv.DictReader(handle)}
    assert "'" + odd in names and odd not in names  # the apostrophe: every spreadsheet reads it as text


def _sheet_xml(path: Path) -> str:
    import zipfile

    with zipfile.ZipFile(path) as archive:
        return archive.read("xl/worksheets/sheet1.xml").decode()


def test_a_bad_suffix_is_refused_and_nothing_is_written(sample: Path, tmp_path: Path) -> None:
    done = _run("export", str(sample), "--out", str(tmp_path / "results.pdf"))
    assert done.returncode == 1 and "results.pdf" in done.stderr and ".xlsx or .csv" in done.stderr
    assert "Traceback" not in done.stderr and not (tmp_path / "results.pdf").exists()
