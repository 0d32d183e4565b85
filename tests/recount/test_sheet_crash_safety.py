"""A process killed while saving a sheet leaves the whole entry or none of it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from recount_desktop.store import ElectionFile, open_election_file
from tests.conftest import kill_child_at

# The child enters one sheet, but the audit write (the last step of the transaction) first says
# "saving" and waits, so the parent kills it with the sheet rows written and not committed.
CHILD = textwrap.dedent(
    """
    import sys
    from recount_desktop.store import audit, open_election_file
    from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
    real_append = audit.append_entry
    def slow_append(*args, **kwargs):
        if sys.argv[2] == "kill":
            print("saving", flush=True)
            sys.stdin.readline()
        return real_append(*args, **kwargs)
    audit.append_entry = slow_append
    store = open_election_file(sys.argv[1], operator="child")
    enter_sheet(store, TallySheetEntry("M-P1", "Mayor", {"Ada": 99, "Bo": 98}, precinct="P1",
                                       entered_by="Ann"))
    print("committed", flush=True)
    sys.stdin.readline()
    """
)


def _run_child(path: Path, mode: str) -> None:
    kill_child_at(CHILD, [str(path), mode], "saving" if mode == "kill" else "committed")


def _rows(path: Path) -> tuple[int, int, int, bool]:
    with open_election_file(path, operator="check") as store:
        conn = store._conn
        counts = tuple(conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0]
                       for t in ("recount_sheet", "recount_entry", "recount_entry_count"))
        return (*counts, store.verify_audit().ok)  # type: ignore[return-value]


@pytest.mark.slow
def test_killed_mid_save_leaves_nothing_and_killed_after_leaves_everything(store: ElectionFile) -> None:
    path = store.path
    store.close()
    _run_child(path, "kill")
    assert _rows(path) == (0, 0, 0, True)
    _run_child(path, "commit")
    assert _rows(path) == (1, 1, 2, True)
