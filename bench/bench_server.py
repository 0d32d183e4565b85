"""Tally-sheet entries per second: 1, 2, 4 and 8 clerks at once on a PostgreSQL server, against one
clerk on an election file, in one run (issue 16; docs/benchmarks.md, "Server").

Each clerk is a process with its own connection, entering whole sheets (first and second entry, each
its own transaction with its audit entry, as the window does). The clock runs from the moment every
clerk is connected to the moment the last one is done. The server is the one named by
RECOUNT_TEST_PG_URL; without it the script runs itself under .ci/with-postgres (a throwaway server),
or says why it cannot.

    python bench/bench_server.py [--entries 800] [--durability mixed|none|full|all] [--clerks 1,2,4,8]
                                 [--entry-by server,workstation]

``--entry-by``: who computes a tally sheet's audit entry (``store/pg_audit``): the server (its
PL/Python functions, installed by ``new`` when the server has PL/Python; one exchange per entry) or
the workstation (the functions dropped after ``new``, as on a server without PL/Python); each clerk
count is run once for each, in the order given, so the two are measured side by side.

Each line also gives the processor time the clerks and the server spent per entry, and how many of
the machine's cores were busy during the run (other users' work included): on a machine whose cores
are all busy, more clerks cannot go faster. The server's is that of the clerks' own server processes
from the start to the end of the entries, as the clerks' is (not their connecting and opening the
election, which the server's ended processes' total also holds: that total is shown only when the
server's processes cannot be read, e.g. a server on another machine).
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
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit, urlunsplit

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from recount_desktop.domain import Choice, Contest, Election, ElectionResults, Precinct, State, Tally  # noqa: E402
from recount_desktop.recount.scope import set_scope  # noqa: E402
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet  # noqa: E402
from recount_desktop.store import ElectionFile, create_election_file, open_election_file  # noqa: E402
from recount_desktop.store.dialect import is_server_url  # noqa: E402

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


def clerk(target: str, sheets: list[int], ready: object, go: object, out: object,
          sqlite_sync: str = "FULL") -> None:
    with open_election_file(target) as store:
        if not is_server_url(target):  # the program's own setting is FULL; --durability none turns it off
            store._conn.execute(f"PRAGMA synchronous = {sqlite_sync}")
        backend = local_backend(store) if is_server_url(target) else None
        ready.release()  # type: ignore[attr-defined]
        go.wait()  # type: ignore[attr-defined]
        cpu, server = time.process_time(), process_cpu_seconds(backend)
        for sheet in sheets:
            enter_sheet(store, entry(sheet, 0))
            enter_sheet(store, entry(sheet, 1))
        conflicts = getattr(store, "conflicts", 0)  # changes run again: another clerk got there first
        after = process_cpu_seconds(backend)
        server = None if server is None or after is None else after - server
        out.put((time.perf_counter(), time.process_time() - cpu, conflicts, server))  # type: ignore[attr-defined]


def local_backend(store: ElectionFile) -> int | None:
    """The process id of this connection's server process, when the server runs on this machine."""
    pid = int(store._conn.execute("SELECT pg_backend_pid()").fetchone()[0])
    try:
        return pid if b"postgres" in Path(f"/proc/{pid}/cmdline").read_bytes() else None
    except OSError:
        return None  # a server elsewhere


def process_cpu_seconds(pid: int | None) -> float | None:
    """A process's processor time so far (Linux /proc), or None."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return _ticks(fields, 11, 2)  # utime, stime


@dataclass(frozen=True)
class Run:
    rate: float  # entries per second
    clerk_cpu: float  # the clerks' processor time, milliseconds per entry
    server_cpu: float | None  # the server's (its backends'), when the server runs on this machine
    busy: float  # how many of the machine's cores were busy meanwhile, whoever used them
    conflicts: int = 0  # entries run again because another clerk changed what they read


def run_clerks(target: str, clerks: int, entries: int, sqlite_sync: str = "FULL") -> Run:
    """Entries per second with ``clerks`` processes sharing ``entries`` entries (two per sheet)."""
    context = multiprocessing.get_context("spawn")
    ready, go, out = context.Semaphore(0), context.Event(), context.Queue()
    sheets = list(range(entries // 2))
    workers = [context.Process(target=clerk, args=(target, sheets[n::clerks], ready, go, out, sqlite_sync))
               for n in range(clerks)]
    for worker in workers:
        worker.start()
    for _ in workers:
        ready.acquire()
    server_before, machine_before = server_cpu_seconds(target), machine_cpu_seconds()
    start = time.perf_counter()
    go.set()
    ends, cpus, conflicts, backends = zip(*(out.get(timeout=600) for _ in workers), strict=True)
    for worker in workers:
        worker.join()
        if worker.exitcode != 0:
            raise SystemExit(f"a clerk process failed (exit {worker.exitcode})")
    elapsed = max(ends) - start
    time.sleep(0.5)  # the clerks' server processes end when their connections close
    clerk_cpu = sum(cpus) * 1000 / entries
    server_after = server_cpu_seconds(target)
    server = (None if server_before is None or server_after is None
              else (server_after - server_before) * 1000 / entries)
    if all(b is not None for b in backends):  # the clerks' own server processes, over the same span
        server = sum(backends) * 1000 / entries
    busy = (machine_cpu_seconds() - machine_before) / (time.perf_counter() - start)
    return Run(entries / elapsed, clerk_cpu, server, busy, sum(conflicts))


def _ticks(fields: list[str], first: int, count: int) -> float:
    return sum(int(f) for f in fields[first:first + count]) / os.sysconf("SC_CLK_TCK")


def server_cpu_seconds(target: str) -> float | None:
    """The processor time of a local server's postmaster and its ended backends (Linux /proc), or None."""
    host = dict(parse_qsl(urlsplit(target).query)).get("host", "") if is_server_url(target) else ""
    try:
        pid = (Path(host) / "data" / "postmaster.pid").read_text().split()[0]
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return _ticks(fields, 11, 4)  # utime, stime, and those of its ended children


def machine_cpu_seconds() -> float:
    """Busy processor time of the whole machine (every core, every user) from /proc/stat."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    busy = [int(f) for i, f in enumerate(fields) if i not in (3, 4)]  # all but idle and iowait
    return sum(busy) / os.sysconf("SC_CLK_TCK")


def fresh_database(base: str) -> tuple[str, object]:
    import psycopg

    admin = psycopg.connect(base, autocommit=True)
    name = f"recount_bench_{uuid.uuid4().hex[:10]}"
    admin.execute(f"CREATE DATABASE {name}")
    parts = urlsplit(base)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, "")), admin


DURABILITY = {  # (the server's fsync, SQLite's synchronous)
    "mixed": ("off", "FULL"),  # the throwaway server as CI starts it, the file as the program writes it
    "none": ("off", "OFF"),  # neither waits for the disk
    "full": ("on", "FULL"),  # both wait for the disk at every commit
}


def set_server_fsync(base: str, value: str) -> None:
    import psycopg

    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"ALTER SYSTEM SET fsync = {value}")
        admin.execute("SELECT pg_reload_conf()")


def describe(name: str, run: Run, baseline: float) -> str:
    server = f"{run.server_cpu:5.2f}" if run.server_cpu is not None else "    ?"
    return (f"{name:22s} {run.rate:7.1f} entries/s = {run.rate / baseline:4.2f} x one SQLite clerk;"
            f" CPU ms/entry: clerks {run.clerk_cpu:5.2f}, server {server}; cores busy {run.busy:4.2f};"
            f" run again {run.conflicts}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=800)
    parser.add_argument("--durability", choices=[*sorted(DURABILITY), "all"], default="mixed",
                        help="mixed: server fsync off, SQLite synchronous FULL (as CI runs them); "
                             "none: neither syncs; full: both sync at every commit; all: each in turn")
    parser.add_argument("--clerks", default="1,2,4,8", help="server clerk counts, comma-separated")
    parser.add_argument("--entry-by", default="server",
                        help="who computes a sheet's audit entry: server, workstation, or both in the "
                             "order given (server,workstation)")
    args = parser.parse_args()
    if not args.entry_by or set(args.entry_by.split(",")) - {"server", "workstation"}:
        parser.error("--entry-by: server, workstation, or both separated by a comma")
    base = os.environ.get("RECOUNT_TEST_PG_URL")
    if not base:
        helper = REPO / ".ci" / "with-postgres"
        has_server = any(Path("/usr/lib/postgresql").glob("*/bin/initdb")) or os.geteuid() == 0
        if not has_server:
            print("bench_server: skipped: no PostgreSQL installed (apt-get install postgresql)")
            return 0
        os.execv(str(helper), [str(helper), sys.executable, *sys.argv])

    for durability in (sorted(DURABILITY) if args.durability == "all" else [args.durability]):
        one_setting(base, durability, args.entries, [int(n) for n in args.clerks.split(",")],
                    args.entry_by.split(","))
    return 0


def drop_server_audit(url: str) -> None:
    """As on a server without PL/Python: the workstations compute the audit entries."""
    import psycopg

    from recount_desktop.store import pg_audit

    with psycopg.connect(url, autocommit=True) as conn:
        for (function,) in conn.execute(pg_audit._MINE.replace("?", "%s"), (pg_audit.APPEND, pg_audit.PROVE)):
            conn.execute(f"DROP FUNCTION {function}")


def one_setting(base: str, durability: str, entries: int, counts: list[int], entry_by: list[str]) -> None:
    """The SQLite baseline and every server line in one durability setting (``DURABILITY``)."""
    fsync, sqlite_sync = DURABILITY[durability]
    set_server_fsync(base, fsync)
    print(f"durability {durability}: server fsync = {fsync}, SQLite synchronous = {sqlite_sync}")
    baseline = sqlite_clerk(entries, sqlite_sync)
    print(describe("SQLite file, 1 clerk", baseline, baseline.rate) + " (baseline)", flush=True)
    for clerks in counts:
        for by in entry_by:
            url, admin = fresh_database(base)
            try:
                with create_election_file(url, election()) as store:
                    prepare(store)
                    installed = bool(getattr(store._conn, "server_audit", False))
                if by == "workstation":
                    drop_server_audit(url)
                elif not installed:
                    raise SystemExit("the server has no PL/Python (postgresql-plpython3-15): use "
                                     "--entry-by workstation")
                run = run_clerks(url, clerks, entries)
            finally:
                admin.execute(f"DROP DATABASE {urlsplit(url).path.lstrip('/')} WITH (FORCE)")  # type: ignore[attr-defined]
                admin.close()  # type: ignore[attr-defined]
            label = f"server, {clerks} clerk(s)" + (f", by {by}" if len(entry_by) > 1 else "")
            print(describe(label, run, baseline.rate), flush=True)
    # Again at the end: on a shared machine the load (and the disk's speed) drifts during a run.
    print(describe("SQLite file, 1 clerk", sqlite_clerk(entries, sqlite_sync), baseline.rate)
          + " (baseline again, at the end)")


def sqlite_clerk(entries: int, sqlite_sync: str) -> Run:
    folder = Path(tempfile.mkdtemp(prefix="bench-server-"))
    try:
        with create_election_file(folder / "bench.canvass", election()) as store:
            prepare(store)
        return run_clerks(str(folder / "bench.canvass"), 1, entries, sqlite_sync)
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    raise SystemExit(main())
