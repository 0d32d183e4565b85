"""Import speed: a statewide long workbook (3,000 precincts x 60 contests x 4 choices = 720,000 rows).

Times in one run (a) the full import into a new election file, (b) python-calamine's plain read
of the same file, (c) openpyxl's read-only read; prints the ratios (goal: a <= 1.5 b, a <= 0.15 c,
peak memory of a <= 700 MB). ``--scale 0.1`` runs a tenth of the precincts for a quick look.
The 60-sheet SOVC workbook of the issue is not generated yet.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from datetime import date
from pathlib import Path

from openpyxl import Workbook, load_workbook
from python_calamine import CalamineWorkbook

from recount_desktop.domain import Election, State
from recount_desktop.importers import import_into_election, read_tally_file
from recount_desktop.store import create_election_file


def write_long(path: Path, precincts: int, contests: int = 60, choices: int = 4) -> int:
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("Tallies")
    sheet.append(["Precinct", "Contest", "Choice", "Votes"])
    rows = 0
    for p in range(precincts):
        for c in range(contests):
            for k in range(choices):
                sheet.append([f"Precinct {p:04d}", f"Contest {c:02d}", f"Candidate {k}", (p * 7 + c * 3 + k) % 500])
                rows += 1
    workbook.save(path)
    return rows


def timed(action) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the 3,000 precincts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "long.xlsx"
        rows = write_long(source, max(1, int(3000 * args.scale)))
        election = Election(State.NE, "Bench County", "Bench", date(2026, 11, 3))

        def full_import() -> None:
            imported = read_tally_file(source)
            assert imported.results is not None, imported.errors[:3]
            with create_election_file(Path(folder) / f"e{time.time_ns()}.canvass", election, "bench") as store:
                import_into_election(store, imported)

        a = timed(full_import)
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        b = timed(lambda: CalamineWorkbook.from_path(str(source)).get_sheet_by_index(0).to_python())
        c = timed(lambda: list(load_workbook(source, read_only=True).active.iter_rows(values_only=True)))
    print(f"rows: {rows:,}")
    print(f"(a) full import into a new election file: {a:.2f} s (peak RSS {peak_mb:.0f} MB)")
    print(f"(b) python-calamine plain read:           {b:.2f} s   a/b = {a / b:.2f} (goal <= 1.5)")
    print(f"(c) openpyxl read-only read:              {c:.2f} s   a/c = {a / c:.2f} (goal <= 0.15)")


if __name__ == "__main__":
    main()
