"""Report speed: a recount of 9 contests over 3,000 precincts (about 1,070 pages).

Builds the election (2 choices per contest, every precinct recounted, single-entry sheets), then, in a
fresh process so peak memory is the report's own, times in one run (a) the full report (data model from
the election file + PDF with embedded font, "Page X of Y" and fingerprint) and (b) a plain reportlab
document of the same unit and sheet rows (Helvetica, same 60-row tables, no page furniture). Prints
a/b (goal <= 1.3) and the peak RSS of (a) (goal < 400 MB). ``--scale 0.1`` for a quick look.
"""

from __future__ import annotations

import argparse
import io
import resource
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from reportlab.lib.pagesizes import LETTER
from reportlab.platypus import LongTable, PageBreak, SimpleDocTemplate

from recount_desktop.domain import Choice, Contest, Election, ElectionResults, Precinct, State, Tally
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheets
from recount_desktop.reports.model import ReportData
from recount_desktop.reports.recount_tables import ROWS_PER_CHUNK
from recount_desktop.reports.render import render_report
from recount_desktop.reports.report_data import build_report_data
from recount_desktop.store import create_election_file, open_election_file

CONTESTS = 9


def build_election(path: Path, precincts: int) -> None:
    names = [f"Precinct {p:04d}" for p in range(precincts)]
    contests = tuple(Contest(f"Contest {c}", (Choice(f"Candidate {c}A"), Choice(f"Candidate {c}B")))
                     for c in range(CONTESTS))
    tallies = tuple(Tally(name, contest.name, choice.name, 100 + (p * 7 + c * 3 + k) % 400)
                    for c, contest in enumerate(contests) for p, name in enumerate(names)
                    for k, choice in enumerate(contest.choices))
    election = Election(State.UT, "Bench County", "Bench General", date(2026, 11, 3))
    with create_election_file(path, election, "bench") as store:
        store.replace_results(ElectionResults(contests, tuple(Precinct(n) for n in names), tallies), {})
        store.set_setting("recount.single_entry", "yes")
        for c, contest in enumerate(contests):
            set_scope(store, contest.name, "all", method="manual")
            entries = [
                TallySheetEntry(f"S{c}-{p:05d}", contest.name,
                                {ch.name: 100 + (p * 7 + c * 3 + k) % 400 + (1 if p % 50 == 0 else 0)
                                 for k, ch in enumerate(contest.choices)},
                                precinct=name, counted_by="Team 1", entered_by="clerk")
                for p, name in enumerate(names)
            ]
            enter_sheets(store, entries, {"bench": True})


def plain_document(data: ReportData) -> bytes:
    """The same unit and sheet rows as plain reportlab tables: the baseline."""
    story: list[object] = []
    for section in data.recounts:
        rows = [[u.label, *(str(x) for v in u.votes for x in (v.original, v.recount, v.difference)), "", ""]
                for u in section.units]
        sheets = [[s.sheet_id, s.unit, s.method, s.counted_by, s.entered_by, s.verified_by, s.state, ""]
                  for s in section.sheets]
        for table_rows in (rows, sheets):
            for start in range(0, len(table_rows), ROWS_PER_CHUNK):
                chunk = table_rows[start:start + ROWS_PER_CHUNK]
                story.append(LongTable([["h"] * len(table_rows[0]), *chunk], repeatRows=1))
        story.append(PageBreak())
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=LETTER).build(story)
    return buffer.getvalue()


def measure(path: Path) -> None:
    start = time.perf_counter()
    with open_election_file(path) as store:
        data = build_report_data(store)
    built = time.perf_counter()
    pdf = render_report(data)
    a = time.perf_counter() - start
    data_s, render_s = built - start, a - (built - start)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    start = time.perf_counter()
    plain = plain_document(data)
    b = time.perf_counter() - start
    pages = pdf.count(b"/Type /Page\n") or pdf.count(b"/Type /Page")
    units = sum(len(s.units) for s in data.recounts)
    print(f"contests recounted: {len(data.recounts)}, units: {units:,}, report pages: ~{pages:,}")
    print(f"(a) full report (data + PDF):       {a:.2f} s (peak RSS {peak_mb:.0f} MB, goal < 400)")
    print(f"    of which data model {data_s:.2f} s, rendering {render_s:.2f} s")
    print(f"(b) plain reportlab tables, same rows: {b:.2f} s   a/b = {a / b:.2f} (goal <= 1.3)")
    print(f"    sizes: report {len(pdf) / 1e6:.1f} MB, plain {len(plain) / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the 3,000 precincts")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure(args.measure)
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.canvass"
        start = time.perf_counter()
        build_election(path, max(1, int(3000 * args.scale)))
        print(f"setup (not timed in the ratio): {time.perf_counter() - start:.1f} s")
        subprocess.run([sys.executable, __file__, "--measure", str(path)], check=True)


if __name__ == "__main__":
    main()
