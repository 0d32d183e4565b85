"""Recount speed: 3,000 precincts x 10 contests, each tally sheet entered twice (60,000 entries).

In one run: (i) import the election's tallies (a long-layout workbook, 3,000 x 10 x 3 choices) into a
new election file, the baseline; (ii) set every contest's recount scope to all precincts; (iii) enter
each paper sheet twice, by two clerks, through ``recount.sheets.enter_sheet`` (the call the GUI makes:
one committed transaction and audit entry per saved sheet); (iv) ``reconcile`` the election.
Prints entries per second and reconcile/import (issue 5: reconciliation no slower than the import).
``--scale 0.1`` runs a tenth of the precincts for a quick look.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from datetime import date
from pathlib import Path

from openpyxl import Workbook

from recount_desktop.domain import Election, State
from recount_desktop.importers import import_into_election, read_tally_file
from recount_desktop.recount.reconcile import reconcile
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import SheetState, TallySheetEntry, enter_sheet
from recount_desktop.store import create_election_file, open_election_file

CONTESTS, CHOICES = 10, 3


def canvass_votes(p: int, c: int, k: int) -> int:
    return 50 + (p * 7 + c * 3 + k * 11) % 300


def recount_votes(p: int, c: int, k: int) -> int:
    """The hand count: one precinct in 40 is off by one vote for its first choice."""
    return canvass_votes(p, c, k) + (1 if k == 0 and p % 40 == 0 else 0)


def write_tallies(path: Path, precincts: int) -> None:
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("Tallies")
    sheet.append(["Precinct", "Contest", "Choice", "Votes"])
    for p in range(precincts):
        for c in range(CONTESTS):
            for k in range(CHOICES):
                sheet.append([f"Precinct {p:04d}", f"Contest {c:02d}", f"Candidate {c}-{k}",
                              canvass_votes(p, c, k)])
    workbook.save(path)


def import_tallies(source: Path, target: Path) -> float:
    start = time.perf_counter()
    imported = read_tally_file(source)
    assert imported.results is not None, imported.errors[:3]
    election = Election(State.NE, "Bench County", "Bench General", date(2026, 11, 3))
    with create_election_file(target, election, "bench") as store:
        import_into_election(store, imported)
    return time.perf_counter() - start


def enter_all(path: Path, precincts: int) -> tuple[int, float]:
    """Both entries of every sheet, as two clerks would save them one at a time."""
    entries = 0
    with open_election_file(path, "bench") as store:
        for c in range(CONTESTS):
            set_scope(store, f"Contest {c:02d}", "all", method="manual", requested_by="bench")
        start = time.perf_counter()
        for c in range(CONTESTS):
            for p in range(precincts):
                counts = {f"Candidate {c}-{k}": recount_votes(p, c, k) for k in range(CHOICES)}
                for number, clerk in ((1, "Clerk A"), (2, "Clerk B")):
                    result = enter_sheet(store, TallySheetEntry(
                        f"C{c:02d}-P{p:04d}", f"Contest {c:02d}", counts, precinct=f"Precinct {p:04d}",
                        counted_by="Team 1", entry_number=number, entered_by=clerk))
                    entries += 1
                assert result.state is SheetState.VERIFIED, result
        return entries, time.perf_counter() - start


def time_reconcile(path: Path, precincts: int) -> float:
    with open_election_file(path, "bench") as store:
        start = time.perf_counter()
        result = reconcile(store)
        seconds = time.perf_counter() - start
    assert len(result.contests) == CONTESTS
    changed = sum(1 for u in result.contests[0].units if u.difference)
    assert changed == len(range(0, precincts, 40)), changed
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the 3,000 precincts")
    args = parser.parse_args()
    precincts = max(1, int(3000 * args.scale))
    with tempfile.TemporaryDirectory() as folder:
        source, path = Path(folder) / "tallies.xlsx", Path(folder) / "bench.canvass"
        write_tallies(source, precincts)
        imported = import_tallies(source, path)
        entries, entering = enter_all(path, precincts)
        reconciling = time_reconcile(path, precincts)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"precincts: {precincts:,}, contests: {CONTESTS}, choices per contest: {CHOICES}")
    print(f"(i)   import of the tallies ({precincts * CONTESTS * CHOICES:,} rows): {imported:.2f} s")
    print(f"(iii) {entries:,} sheet entries via enter_sheet: {entering:.1f} s = "
          f"{entries / entering:,.0f} entries/s ({1000 * entering / entries:.2f} ms each)")
    ratio = reconciling / imported
    print(f"(iv)  reconcile: {reconciling:.2f} s   reconcile/import = {ratio:.2f} (goal <= 1)")
    print(f"      peak RSS {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()
