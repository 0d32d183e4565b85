"""Tally-sheet entries per second: 1, 2, 4 and 8 clerks at once on a PostgreSQL server, against one
clerk on an election file, in one run (issue 16; docs/benchmarks.md, "Server").

Each clerk is a process with its own connection, entering whole sheets (first and second entry, each
its own transaction with its audit entry, as the window does). The clock runs from the moment every
clerk is connected to the moment the last one is done. The server is the one named by
RECOUNT_TEST_PG_URL; without it the script runs itself under .ci/with-postgres (a throwaway server),
or says why it cannot.

    python bench/bench_server.py [--entries 800]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
import uuid
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from recount_desktop.domain import Choice, Contest, Election, ElectionResults, Precinct, State, Tally  # noqa: E402
from recount_desktop.recount.scope import set_scope  # noqa: E402
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet  # noqa: E402
from recount_desktop.store import ElectionFile, create_election_file, open_election_file  # noqa: E402

PRECINCTS = tuple(f"Precinct {n}" for n in range(1, 41))
CHOICES = ("Ada Alvarez", "Bo Brandt", "Cy Chen")


def election() -> Election:
    return Election(state=State.NE, jurisdiction="Bench County", name="General",
                    election_date=date(2026, 11, 3))


def results() -> ElectionResults:
    contest = Contest("Mayor", tuple(Choice(c) for c in CHOICES))
    tallies = tuple(Tally(p, "Mayor", c, 100 + i) for p in PRECINCTS for i, c in enumerate(CHOICES))
    return ElectionResults((contest,), tuple(Precinct(p) for p in PRECINCTS), tallies, ())


def prepare(store: ElectionFile) -> None:
    store.replace_results(results(), {"file": "bench"})
    set_scope(store, "Mayor", "all", requested_by="bench")


def entry(sheet: int, reader: int) -> TallySheetEntry:
    counts = {c: (sheet + i) % 50 for i, c in enumerate(CHOICES)}
    return TallySheetEntry(f"B-{sheet:05d}", "Mayor", counts, precinct=PRECINCTS[sheet % len(PRECINCTS)],
                           entered_by=f"Clerk {reader}")


def clerk(target: str, sheets: list[int], ready: object, go: object, out: object) -> None:
    with open_election_file(target) as store:
        ready.release()  # type: ignore[attr-defined]
        go.wait()  # type: ignore[attr-defined]
        for sheet in sheets:
            enter_sheet(store, entry(sheet, 0))
            enter_sheet(store, entry(sheet, 1))
        out.put(time.perf_counter())  # type: ignore[attr-defined]


def run_clerks(target: str, clerks: int, entries: int) -> float:
    """Entries per second with ``clerks`` processes sharing ``entries`` entries (two per sheet)."""
    context = multiprocessing.get_context("spawn")
    ready, go, out = context.Semaphore(0), context.Event(), context.Queue()
    sheets = list(range(entries // 2))
    workers = [context.Process(target=clerk, args=(target, sheets[n::clerks], ready, go, out))
               for n in range(clerks)]
    for worker in workers:
        worker.start()
    for _ in workers:
        ready.acquire()
    start = time.perf_counter()
    go.set()
    ends = [out.get(timeout=600) for _ in workers]
    for worker in workers:
        worker.join()
        if worker.exitcode != 0:
            raise SystemExit(f"a clerk process failed (exit {worker.exitcode})")
    return entries / (max(ends) - start)


def fresh_database(base: str) -> tuple[str, object]:
    import psycopg

    admin = psycopg.connect(base, autocommit=True)
    name = f"recount_bench_{uuid.uuid4().hex[:10]}"
    admin.execute(f"CREATE DATABASE {name}")
    parts = urlsplit(base)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, "")), admin


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=800)
    args = parser.parse_args()
    base = os.environ.get("RECOUNT_TEST_PG_URL")
    if not base:
        helper = REPO / ".ci" / "with-postgres"
        has_server = any(Path("/usr/lib/postgresql").glob("*/bin/initdb")) or os.geteuid() == 0
        if not has_server:
            print("bench_server: skipped: no PostgreSQL installed (apt-get install postgresql)")
            return 0
        os.execv(str(helper), [str(helper), sys.executable, *sys.argv])

    folder = Path(tempfile.mkdtemp(prefix="bench-server-"))
    try:
        with create_election_file(folder / "bench.canvass", election()) as store:
            prepare(store)
        sqlite_rate = run_clerks(str(folder / "bench.canvass"), 1, args.entries)
    finally:
        shutil.rmtree(folder)
    print(f"SQLite file, 1 clerk: {sqlite_rate:7.1f} entries/s (baseline)")
    for clerks in (1, 2, 4, 8):
        url, admin = fresh_database(base)
        try:
            with create_election_file(url, election()) as store:
                prepare(store)
            rate = run_clerks(url, clerks, args.entries)
        finally:
            admin.execute(f"DROP DATABASE {urlsplit(url).path.lstrip('/')} WITH (FORCE)")  # type: ignore[attr-defined]
            admin.close()  # type: ignore[attr-defined]
        print(f"server, {clerks} clerk(s):  {rate:7.1f} entries/s = "
              f"{rate / sqlite_rate:4.2f} x one SQLite clerk")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
