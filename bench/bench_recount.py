"""Recount speed: 3,000 precincts x 10 contests, each tally sheet entered twice (60,000 entries).

In one run: (i) import the election's tallies (a long-layout workbook, 3,000 x 10 x 3 choices) into a
new election file, the baseline; (ii) set every contest's recount scope to all precincts; (iii) enter
each paper sheet twice, by two clerks, through ``recount.sheets.enter_sheet`` (the call the GUI makes:
one committed transaction and audit entry per saved sheet); (iv) ``reconcile`` the election.
Prints entries per second and reconcile/import (the goal: reconciliation no slower than the import).
``--scale 0.1`` runs a tenth of the precincts for a quick look. Entering takes a minute at full size (one
fsync'd transaction per sheet), so ``--keep DIR`` keeps the entered election file in DIR and later runs
at the same scale reconcile a copy of it instead of entering again; the import is still timed afresh in
every run, so the ratio always compares two figures measured on the same machine at the same time.
"""

from __future__ import annotations

import argparse
import resource
import sqlite3
import tempfile
import time
from contextlib import closing
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


def copy_election_file(source: Path, target: Path) -> None:
    """SQLite's backup API: a consistent copy of a WAL-mode file. ``target`` must be new: a backup
    into an open WAL-mode file would leave the copy in its journal, slowing the first reads after."""
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)


def entered_file(path: Path, precincts: int, keep: Path | None) -> tuple[Path, str]:
    """The election file with every sheet entered, and what to print about the entering: the sheets are
    entered into ``path``, or a file a ``--keep`` run entered before is copied next to it."""
    kept = keep / f"recount-bench-{precincts}.canvass" if keep else None
    if kept and kept.exists():
        copy = path.with_name("entered.canvass")
        copy_election_file(kept, copy)
        return copy, f"(iii) sheet entries: reused from {kept}"
    entries, entering = enter_all(path, precincts)
    if kept:
        kept.parent.mkdir(parents=True, exist_ok=True)
        copy_election_file(path, kept)
    return path, (f"(iii) {entries:,} sheet entries via enter_sheet: {entering:.1f} s = "
                  f"{entries / entering:,.0f} entries/s ({1000 * entering / entries:.2f} ms each)")


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
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="keep the entered election file in DIR and reuse it when it is already there "
                             "(delete it to enter afresh)")
    args = parser.parse_args()
    precincts = max(1, int(3000 * args.scale))
    with tempfile.TemporaryDirectory() as folder:
        source, path = Path(folder) / "tallies.xlsx", Path(folder) / "bench.canvass"
        write_tallies(source, precincts)
        imported = import_tallies(source, path)
        entered, entering = entered_file(path, precincts, args.keep)
        reconciling = time_reconcile(entered, precincts)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"precincts: {precincts:,}, contests: {CONTESTS}, choices per contest: {CHOICES}")
    print(f"(i)   import of the tallies ({precincts * CONTESTS * CHOICES:,} rows): {imported:.2f} s")
    print(entering)
    ratio = reconciling / imported
    print(f"(iv)  reconcile: {reconciling:.2f} s   reconcile/import = {ratio:.2f} (goal <= 1)")
    print(f"      peak RSS {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()
