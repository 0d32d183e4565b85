"""A write killed at any moment leaves a sound file holding all of that write or none of it."""

from __future__ import annotations

import signal
import sqlite3
import textwrap
from pathlib import Path

import pytest

from recount_desktop.domain import Election
from recount_desktop.store import create_election_file, open_election_file
from tests.conftest import kill_child_at

CHUNKS, ROWS_PER_CHUNK = 12, 5_000

# The child opens the election file and writes CHUNKS x ROWS_PER_CHUNK tallies in ONE transaction,
# saying after each chunk how far it got, so the parent can kill it at a known moment without sleeping.
CHILD = textwrap.dedent(
    f"""
    import sys
    from recount_desktop.store import open_election_file
    store = open_election_file(sys.argv[1], operator="child")
    with store.transaction("bulk.write", {{"rows": {CHUNKS * ROWS_PER_CHUNK}}}) as tx:
        tx.execute("INSERT INTO contest (position, name, kind, seats, scope, voting_method, approval,"
                   " filed_with, runoff_possible) VALUES (0, 'Big', 'candidate', 1, 'county',"
                   " 'plurality', 'majority', 'county', 0)")
        tx.execute("INSERT INTO choice (contest_id, position, name) VALUES (1, 0, 'A')")
        for chunk in range({CHUNKS}):
            start = chunk * {ROWS_PER_CHUNK}
            tx.executemany("INSERT INTO precinct (position, name, pseudo) VALUES (?, ?, 0)",
                           [(i, f"P{{i}}") for i in range(start, start + {ROWS_PER_CHUNK})])
            tx.executemany("INSERT INTO tally (choice_id, precinct_id, votes) VALUES (1, ?, 7)",
                           [(i + 1,) for i in range(start, start + {ROWS_PER_CHUNK})])
            print(f"chunk {{chunk}}", flush=True)
    print("committed", flush=True)
    sys.stdin.readline()
    """
)


def _kill_after(path: Path, marker: str) -> None:
    assert kill_child_at(CHILD, [str(path)], marker) == -signal.SIGKILL


@pytest.mark.slow
@pytest.mark.parametrize("marker", ["chunk 0", "chunk 5", "chunk 11", "committed"])
def test_killed_write_is_all_or_nothing(tmp_path: Path, election: Election, marker: str) -> None:
    path = tmp_path / "crash.canvass"
    create_election_file(path, election).close()
    _kill_after(path, marker)

    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    with open_election_file(path) as store:
        tallies = store.counts()["tally"]
        entries = [e.action for e in store.audit_entries()]
        assert store.verify_audit().ok
    if marker == "committed":
        assert tallies == CHUNKS * ROWS_PER_CHUNK
        assert entries == ["election.create", "bulk.write"]
    else:
        assert tallies == 0
        assert entries == ["election.create"]
