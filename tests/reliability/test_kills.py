"""Kills during tally-sheet entry, with the rollback journal and the data digest: every kill leaves a
file that opens, verifies (chain and data) and holds each sheet whole or not at all."""

from __future__ import annotations

import shutil
import signal
from pathlib import Path

import pytest

from recount_desktop.recount.sheets import list_sheets
from recount_desktop.store import open_election_file
from tests.conftest import kill_child_at

CHILD = r"""
import sys
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
from recount_desktop.store import open_election_file
store = open_election_file(sys.argv[1], operator="desk")
for n in range(1000):
    print(n, flush=True)  # the kill lands after this many commits, often inside the next one
    enter_sheet(store, TallySheetEntry(f"K-{n}", "Mayor", {"Ada Alvarez": 5, "Bo Brandt": 4},
                                       precinct="Precinct 1", entered_by="Ann"))
"""

KILL_POINTS = ["0", "1", "3", "7", "15", "31"]


@pytest.mark.slow
@pytest.mark.parametrize("marker", KILL_POINTS)
def test_a_kill_during_sheet_entry_leaves_a_whole_verified_file(filled: Path, marker: str) -> None:
    assert kill_child_at(CHILD, [str(filled)], marker) == -signal.SIGKILL
    with open_election_file(filled) as store:
        entered = [s for s in list_sheets(store) if s.sheet_id.startswith("K-")]
        report = store.verify_audit()
    assert report.ok, report.problem
    assert int(marker) <= len(entered) <= int(marker) + 1
    _main_file_alone_is_whole(filled, len(entered))


def _main_file_alone_is_whole(filled: Path, sheets: int) -> None:
    """The .canvass file copied alone holds every committed sheet and verifies. A kill can leave a
    -journal beside it, but never a hot one (SQLite would roll it back): its header is zeroed or cut."""
    journal = filled.with_name(filled.name + "-journal")
    if journal.exists():
        assert journal.read_bytes()[:8] in (b"", b"\0" * 8), "a hot journal was left beside the file"
    alone = filled.parent / "alone" / filled.name
    alone.parent.mkdir()
    shutil.copyfile(filled, alone)
    with open_election_file(alone) as store:
        assert len([s for s in list_sheets(store) if s.sheet_id.startswith("K-")]) == sheets
        assert store.verify_audit().ok


WRITER = r"""
import os, sys
from pathlib import Path
from recount_desktop import files
real_fsync = os.fsync
def fsync_then_wait(fd):
    print("writing", flush=True)  # the data are written, not yet named: the kill lands here
    sys.stdin.readline()
    real_fsync(fd)
os.fsync = fsync_then_wait
files.write_atomically(Path(sys.argv[1]), b"%PDF-1.4 " + b"x" * 1_000_000)
"""


@pytest.mark.slow
def test_a_kill_while_a_report_is_written_leaves_nothing_beside_it(tmp_path: Path) -> None:
    report = tmp_path / "report.pdf"
    report.write_bytes(b"%PDF-1.4 the report the board signed")
    assert kill_child_at(WRITER, [str(report)], "writing") == -signal.SIGKILL
    assert [p.name for p in tmp_path.iterdir()] == ["report.pdf"]
    assert report.read_bytes() == b"%PDF-1.4 the report the board signed"
