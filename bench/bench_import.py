"""Import speed: a statewide long workbook (3,000 precincts x 60 contests x 4 choices = 720,000 rows)
and a 60-sheet statement-of-votes-cast workbook of the same data.

For each workbook, one run times (a) the full import into a new election file, (b) python-calamine's
plain read of the same file (every sheet to Python values), (c) openpyxl's read-only read (every
row of every sheet); (d) the same counts inserted bare into SQLite; (e) when the ``bench`` extra is
installed (fastexcel, pyarrow), fastexcel's columnar read of every sheet into Arrow arrays, the read
issue 11 quotes at about half of (b) (calamine underneath, no Python value per cell); prints the
ratios. Goals (issue 11, restated from the floor): the long workbook a <= 1.5 b; the SOVC workbook
a <= 1.3 (b + d); peak memory of a <= 700 MB.
(a) runs in a child process of its own so its peak resident memory is its own, not the
generator's or the other workbook's. ``--scale 0.1`` runs a tenth of the precincts for a quick look;
``--workdir DIR`` keeps the generated workbooks there and reuses them; ``--before DIR`` also times
(a) with the package found in DIR (a checkout of earlier code) against the same (b) and (c);
``--after DIR`` times (a) with the package in DIR instead of the working tree; ``--repeat N`` runs
N rounds of (a) (before and after alternating), (b) and (d), and prints medians (wall and processor
time for (a)) with each round's (b) and (d), and each round's ratios (a and its baselines measured
within the same minute).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

CONTESTS, CHOICES = 60, 4


def votes(p: int, c: int, k: int) -> int:
    return (p * 7 + c * 3 + k) % 500


def write_long(path: Path, precincts: int, contests: int = CONTESTS, choices: int = CHOICES) -> int:
    from openpyxl import Workbook

    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("Tallies")
    sheet.append(["Precinct", "Contest", "Choice", "Votes"])
    rows = 0
    for p in range(precincts):
        for c in range(contests):
            for k in range(choices):
                sheet.append([f"Precinct {p:04d}", f"Contest {c:02d}", f"Candidate {k}", votes(p, c, k)])
                rows += 1
    workbook.save(path)
    return rows


def write_sovc(path: Path, precincts: int, contests: int = CONTESTS, choices: int = CHOICES) -> int:
    """One sheet per contest: a title row, a header row under it, precinct rows and a ``Total:`` row."""
    from openpyxl import Workbook

    workbook = Workbook(write_only=True)
    rows = 0
    for c in range(contests):
        sheet = workbook.create_sheet(str(c + 1))
        sheet.append([f"Contest {c:02d} (Vote For 1)"])
        sheet.append(["Precinct", *(f"Candidate {k}" for k in range(choices))])
        totals = [0] * choices
        for p in range(precincts):
            counts = [votes(p, c, k) for k in range(choices)]
            totals = [t + n for t, n in zip(totals, counts, strict=True)]
            sheet.append([f"Precinct {p:04d}", *counts])
            rows += choices
        sheet.append(["Total:", *totals])
    workbook.save(path)
    return rows


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def full_import(source: Path, folder: Path) -> None:
    from recount_desktop.domain import Election, State
    from recount_desktop.importers import import_into_election, read_tally_file
    from recount_desktop.store import create_election_file

    imported = read_tally_file(source)
    assert imported.results is not None, imported.errors[:3]
    election = Election(State.NE, "Bench County", "Bench", date(2026, 11, 3))
    with create_election_file(folder / f"e{time.time_ns()}.canvass", election, "bench") as store:
        import_into_election(store, imported)


def child_import(source: Path) -> None:
    """(a) alone in this process: prints its seconds, its processor seconds, the process's peak RSS
    and whether the columnar read was taken, as JSON. Loading code is not import time: the
    package and the columnar read's libraries (fastexcel, numpy, pyarrow and pyarrow.compute, whose
    kernels take 0.05-0.17 s to load) are imported before the clock starts."""
    with tempfile.TemporaryDirectory() as folder:
        import recount_desktop.importers.apply  # noqa: F401

        with contextlib.suppress(ImportError):
            import fastexcel  # noqa: F401
            import numpy  # noqa: F401
            import pyarrow.compute  # noqa: F401 - pyarrow with it

        used = _watch_columnar()
        cpu = time.process_time()
        seconds = timed(lambda: full_import(source, Path(folder)))
        cpu = time.process_time() - cpu
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"seconds": seconds, "cpu": cpu, "peak_mb": peak_mb, "columnar": bool(used)}))


def _watch_columnar() -> list[bool]:
    """Notes whether the importer read the workbook by columns: a long table (``long_columnar``) or
    a sheet's rows (``sheet_columns``, from 2026-12-01); code without a columnar read never does."""
    used: list[bool] = []
    try:
        from recount_desktop.importers import long_columnar
    except ImportError:
        return used
    real = long_columnar.read_fast

    def watched(*args: Any) -> Any:
        found = real(*args)
        if found is not None:
            used.append(True)
        return found

    long_columnar.read_fast = watched  # type: ignore[assignment]
    try:
        from recount_desktop.importers.sheet_columns import ColumnReader
    except ImportError:
        return used
    real_read = ColumnReader.read

    def watched_read(self: ColumnReader, name: str) -> Any:
        found = real_read(self, name)
        if found is not None:
            used.append(True)
        return found

    ColumnReader.read = watched_read  # type: ignore[method-assign, assignment]
    return used


def calamine_read(source: Path) -> None:
    from python_calamine import CalamineWorkbook

    workbook = CalamineWorkbook.from_path(str(source))
    for name in workbook.sheet_names:
        workbook.get_sheet_by_name(name).to_python()


def columnar_read(source: Path, header_row: int) -> float | None:
    """(e): seconds for fastexcel's read of every sheet into Arrow arrays; None when not installed.

    ``header_row``: the row the bench wrote its header in, so the count columns are read as numbers
    (typed columns, what a columnar importer would ask for once it has found the header).
    """
    try:
        import fastexcel
        import pyarrow  # noqa: F401 - fastexcel hands its arrays to pyarrow
    except ImportError:
        return None

    def read() -> None:
        reader = fastexcel.read_excel(source)
        for name in reader.sheet_names:
            reader.load_sheet(name, header_row=header_row).to_arrow()

    return timed(read)


def openpyxl_read(source: Path) -> None:
    from openpyxl import load_workbook

    workbook = load_workbook(source, read_only=True)
    for sheet in workbook.worksheets:
        list(sheet.iter_rows(values_only=True))
    workbook.close()


def bare_store(precincts: int) -> tuple[float, float]:
    """The SQLite part of any import that keeps one tally row per count: the same counts inserted
    straight into a new election file's tally table, with no reading, checking, records, data digest
    or audit entry.

    Added to (b) it is a floor for (a): what one row per count costs before any Python work. The
    insert runs on a plain connection with the store's settings (foreign keys, rollback journal,
    ``synchronous = FULL``, the import's bulk page cache), not through ``store.transaction``: that
    also digests the whole table for the audit chain, which is (a)'s work, not the floor's. The key
    index is dropped and built after the rows as the store does it (``tally_key_built_after``, schema
    6): the floor is the cheapest way to hold the same rows under the same key.

    Returns its seconds and its processor seconds, both over the insert's transaction only (until
    2026-12-01 the processor time also took in building the rows and the file, which the seconds
    leave out: that made (d) a fifth dearer by processor time and a/(b+d) by processor time flatter).
    """
    import sqlite3

    from recount_desktop.domain import Election, State
    from recount_desktop.store import create_election_file
    from recount_desktop.store.mapping import BULK_CACHE_KIB, tally_key_built_after

    election = Election(State.NE, "Bench County", "Bench", date(2026, 11, 3))
    rows = [
        (c * CHOICES + k + 1, p + 1, votes(p, c, k), 0)
        for p in range(precincts)
        for c in range(CONTESTS)
        for k in range(CHOICES)
    ]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "floor.canvass"
        with create_election_file(path, election, "bench") as store:
            _bare_setup(store, precincts)
        conn = sqlite3.connect(path, isolation_level=None)
        try:
            for pragma in ("foreign_keys = ON", "journal_mode = DELETE", "synchronous = FULL"):
                conn.execute(f"PRAGMA {pragma}")
            conn.execute(f"PRAGMA cache_size = -{BULK_CACHE_KIB}")
            start, cpu = time.perf_counter(), time.process_time()
            conn.execute("BEGIN IMMEDIATE")
            with tally_key_built_after(conn):
                conn.executemany(
                    "INSERT INTO tally (choice_id, precinct_id, votes, suppressed) VALUES (?, ?, ?, ?)", rows
                )
            conn.execute("COMMIT")
            return time.perf_counter() - start, time.process_time() - cpu
        finally:
            conn.close()


def _bare_setup(store: Any, precincts: int) -> None:
    """The contests, choices and precincts the floor's tally rows point to."""
    with store.transaction("bench.setup", {}) as conn:
        conn.executemany(
            "INSERT INTO contest (id, position, name, kind, seats, scope, voting_method, approval,"
            " filed_with, runoff_possible) VALUES (?, ?, ?, 'candidate', 1, 'county', 'plurality',"
            " 'majority', 'county', 0)",
            [(c + 1, c, f"Contest {c:02d}") for c in range(CONTESTS)],
        )
        conn.executemany(
            "INSERT INTO choice (id, contest_id, position, name) VALUES (?, ?, ?, ?)",
            [
                (c * CHOICES + k + 1, c + 1, k, f"Candidate {k}")
                for c in range(CONTESTS)
                for k in range(CHOICES)
            ],
        )
        conn.executemany(
            "INSERT INTO precinct (id, position, name, pseudo) VALUES (?, ?, ?, 0)",
            [(p + 1, p, f"Precinct {p:04d}") for p in range(precincts)],
        )


def child_figures(source: Path, code: Path | None = None) -> dict[str, Any]:
    """(a) in a child process; ``code``: a checkout of other code to import instead (before/after)."""
    env = None
    if code is not None:
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(filter(None, [str(code), os.environ.get("PYTHONPATH")])),
        }
    child = subprocess.run(
        [sys.executable, __file__, "--child", str(source)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    figures: dict[str, Any] = json.loads(child.stdout.strip().splitlines()[-1])
    return figures


Round = tuple[float, float, float]  # one round's (a), (b) and (d), in seconds (wall or processor)


def _alternated(
    source: Path, precincts: int, before: Path | None, after: Path | None, repeat: int
) -> tuple[dict[str, Any], dict[str, Any] | None, list[Round], list[Round]]:
    """``repeat`` rounds of (a) with the code before (when given) and after, taking turns to go
    first, then (b) and (d): each
    (a) figure's median, and each round's (a) after, (b) and (d). The baselines are measured in every round,
    next to the (a) they divide: on a shared machine one measurement of (b) moves by a third from
    one minute to the next. Also each round's processor time of (a) and (b): on a loaded machine the
    wall figures of both grow with the others' load, their processor time much less."""
    afters: list[dict[str, Any]] = []
    befores: list[dict[str, Any]] = []
    baselines: list[tuple[float, float]] = []
    base_cpus: list[tuple[float, float]] = []
    for i in range(repeat):
        # before and after take turns going first (from 2026-12-01): a machine whose load drifts
        # within a round favours neither
        if before is not None and i % 2 == 0:
            befores.append(child_figures(source, before))
        afters.append(child_figures(source, after))
        if before is not None and i % 2 == 1:
            befores.append(child_figures(source, before))
        cpu = time.process_time()
        read = timed(lambda: calamine_read(source))
        read_cpu = time.process_time() - cpu
        store, store_cpu = bare_store(precincts)  # its processor time over its own timed span only
        baselines.append((read, store))
        base_cpus.append((read_cpu, store_cpu))
    rounds = [(run["seconds"], b, d) for run, (b, d) in zip(afters, baselines, strict=True)]
    cpus = [(run["cpu"], b, d) for run, (b, d) in zip(afters, base_cpus, strict=True)]
    if befores:
        print("    (a) with the code before, each round against that round's (b) and (d):", flush=True)
        _print_round_ratios([(run["seconds"], b, d) for run, (b, d) in zip(befores, baselines, strict=True)])
        _print_processor_time([(run["cpu"], b, d) for run, (b, d) in zip(befores, base_cpus, strict=True)])
    return _median(afters), _median(befores) if befores else None, rounds, cpus


def _median(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each number's median over the runs (the first run's other values)."""
    middle = len(runs) // 2
    return {
        key: sorted(run[key] for run in runs)[middle] if isinstance(value, float) else value
        for key, value in runs[0].items()
    }


def _print_round_ratios(rounds: list[tuple[float, float, float]]) -> None:
    """Each round's a/b and a/(b+d), (a) and its baselines measured within the same minute: on a
    machine whose speed drifts, steadier than the ratio of medians taken over the whole run."""
    by_b = sorted(a / b for a, b, _d in rounds)
    by_bd = sorted(a / (b + d) for a, b, d in rounds)
    middle = len(rounds) // 2
    print(
        f"    per round: a/b {', '.join(f'{r:.2f}' for r in by_b)} (median {by_b[middle]:.2f}); "
        f"a/(b+d) {', '.join(f'{r:.2f}' for r in by_bd)} (median {by_bd[middle]:.2f})",
        flush=True,
    )


def _print_processor_time(rounds: list[Round]) -> None:
    """Each round's processor time of (a), (b) and (d) and the two ratios (medians)."""

    def listed(values: list[float]) -> str:
        return ", ".join(f"{v:.2f}" for v in values)

    by_b = sorted(a / b for a, b, _d in rounds)
    by_bd = sorted(a / (b + d) for a, b, d in rounds)
    middle = len(rounds) // 2
    print(
        f"    processor time, per round: a {listed([a for a, _b, _d in rounds])} s; "
        f"b {listed([b for _a, b, _d in rounds])} s; d {listed([d for _a, _b, d in rounds])} s; "
        f"a/b {listed(by_b)} (median {by_b[middle]:.2f}); "
        f"a/(b+d) {listed(by_bd)} (median {by_bd[middle]:.2f})",
        flush=True,
    )


def measure(
    label: str,
    source: Path,
    precincts: int,
    before: Path | None = None,
    header_row: int = 0,
    after: Path | None = None,
    repeat: int = 1,
) -> dict[str, float]:
    rows = precincts * CONTESTS * CHOICES
    figures, old, baselines, cpus = _alternated(source, precincts, before, after, repeat)
    a = figures["seconds"]
    b = sorted(b for _a, b, _d in baselines)[len(baselines) // 2]
    d = sorted(d for _a, _b, d in baselines)[len(baselines) // 2]
    c = timed(lambda: openpyxl_read(source))
    e = columnar_read(source, header_row)
    print(f"== {label}: {rows:,} counts, {source.stat().st_size / 1e6:.1f} MB")
    runs = f", median of {repeat}" if repeat > 1 else ""
    if old is not None:
        print(
            f"(a) before, with the code in {before}: {old['seconds']:.2f} s{runs} "
            f"(CPU {old['cpu']:.2f} s, peak RSS {old['peak_mb']:.0f} MB, by columns: {old['columnar']})"
            f"   a/b = {old['seconds'] / b:.2f}   a/c = {old['seconds'] / c:.2f}"
        )
    code = f", with the code in {after}" if after is not None else ""
    print(
        f"(a) full import into a new election file{code}: {a:.2f} s{runs} "
        f"(CPU {figures['cpu']:.2f} s, peak RSS {figures['peak_mb']:.0f} MB, goal <= 700; "
        f"by columns: {figures['columnar']})"
    )
    print(f"(b) python-calamine plain read:           {b:.2f} s   a/b = {a / b:.2f} (goal <= 1.5)")
    print(f"(c) openpyxl read-only read:              {c:.2f} s   a/c = {a / c:.2f} (goal <= 0.15)")
    print(
        f"(d) the same counts bare into SQLite:     {d:.2f} s   floor (b+d)/b = {(b + d) / b:.2f}"
        f"   (b+d)/c = {(b + d) / c:.2f}",
        flush=True,
    )
    print(f"    a/(b+d) = {a / (b + d):.2f} (goal for the SOVC workbook <= 1.3)", flush=True)
    if len(baselines) > 1:
        each_b = ", ".join(f"{b:.2f}" for _a, b, _d in baselines)
        each_d = ", ".join(f"{d:.2f}" for _a, _b, d in baselines)
        print(f"    (b) and (d) medians of {len(baselines)} rounds, each: b {each_b}; d {each_d}", flush=True)
        _print_round_ratios(baselines)
    _print_processor_time(cpus)
    if e is None:
        print("(e) fastexcel columnar read: not measured (pip install '.[bench]')", flush=True)
    else:
        print(
            f"(e) fastexcel columnar read (Arrow):     {e:.2f} s   e/b = {e / b:.2f}   a/e = {a / e:.2f}"
            f"   floor (e+d)/b = {(e + d) / b:.2f}",
            flush=True,
        )
    return {"a": a, "b": b, "c": c, "d": d, "e": e or 0.0, "peak_mb": figures["peak_mb"]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the 3,000 precincts")
    parser.add_argument("--workdir", type=Path, help="keep (and reuse) the generated workbooks here")
    parser.add_argument("--only", choices=("long", "sovc"), help="run one of the two workbooks")
    parser.add_argument(
        "--before",
        type=Path,
        help="also time (a) with the package from this directory (e.g. a `git archive` of the previous "
        "commit), against the same (b) and (c), for before/after figures from one run",
    )
    parser.add_argument(
        "--after",
        type=Path,
        help="time (a) with the package from this directory instead of the working tree (e.g. a "
        "`git archive` of HEAD, so that others' uncommitted changes are not measured)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="rounds of (a) (before and after alternating), (b) and (d); medians",
    )
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child_import(args.child)
        return
    precincts = max(1, int(3000 * args.scale))
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.workdir or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for label, writer, header_row in (("long", write_long, 0), ("sovc", write_sovc, 1)):
            if args.only and args.only != label:
                continue
            source = folder / f"{label}-{precincts}.xlsx"
            if not source.exists():
                writer(source, precincts)
            measure(
                f"{label} workbook, {precincts:,} precincts",
                source,
                precincts,
                args.before,
                header_row,
                args.after,
                args.repeat,
            )


if __name__ == "__main__":
    main()
