"""Shared fixtures. Qt runs offscreen so the suite needs no display."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from recount_desktop.domain import (
    Approval,
    BoardMember,
    Choice,
    Contest,
    ContestKind,
    ContestStatistics,
    Election,
    ElectionResults,
    Precinct,
    State,
    Tally,
)
from recount_desktop.store import ElectionFile, create_election_file

REPO = Path(__file__).resolve().parent.parent
REAL_DATA = REPO / "tests" / "data" / "real_counties"


@pytest.fixture
def election() -> Election:
    return Election(
        state=State.NE,
        jurisdiction="Sarpy County",
        name="General Election 2026",
        election_date=date(2026, 11, 3),
        canvass_date=date(2026, 11, 16),
        board_members=(BoardMember("Jane Q. Chair", "Chair of the Board of Canvassers"),),
    )


@pytest.fixture
def results() -> ElectionResults:
    mayor = Contest("Mayor", (Choice("Ada Alvarez", "DEM"), Choice("Bo Brandt", "REP")))
    board = Contest("School Board (Vote For 2)", tuple(Choice(n) for n in ("C", "D", "E")), seats=2)
    levy = Contest(
        "Levy Question", (Choice("Yes"), Choice("No")), kind=ContestKind.QUESTION,
        approval=Approval.parse("3/5"),
    )
    precincts = (Precinct("Precinct 1"), Precinct("Precinct 2"), Precinct("Absentee/Early", pseudo=True))
    tallies = []
    for i, p in enumerate(precincts):
        tallies += [
            Tally(p.name, "Mayor", "Ada Alvarez", 100 + i, (("Election Day", 60 + i), ("Early", 40))),
            Tally(p.name, "Mayor", "Bo Brandt", 98),
            Tally(p.name, board.name, "C", 50), Tally(p.name, board.name, "D", 40 + i),
            Tally(p.name, board.name, "E", 40, suppressed=False),
            Tally(p.name, "Levy Question", "Yes", 70), Tally(p.name, "Levy Question", "No", 30 + i),
        ]
    stats = (ContestStatistics("Mayor", "Precinct 1", 500, 210, 1, 3), ContestStatistics("Mayor", None, 1500))
    return ElectionResults((mayor, board, levy), precincts, tuple(tallies), stats)


@pytest.fixture
def election_file(tmp_path: Path, election: Election) -> ElectionFile:
    store = create_election_file(tmp_path / "test.canvass", election, operator="clerk-a")
    yield store
    store.close()


def kill_child_at(script: str, args: list[str], marker: str) -> int:
    """Run ``python -c script args`` and SIGKILL it as soon as it prints ``marker`` on a line of its own
    (crash-safety tests: the kill lands mid-write, at a moment the child chooses). Returns the exit code."""
    child = subprocess.Popen([sys.executable, "-c", script, *args],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    for line in child.stdout:
        if line.strip() == marker:
            break
    else:
        pytest.fail(f"child ended before {marker!r}: exit {child.wait()}")
    child.send_signal(signal.SIGKILL)
    return child.wait()


# -- issue 16: the same tests on an election file and on a PostgreSQL server (tests/pg_testing.py) --
@pytest.fixture
def server_url() -> Iterator[str]:
    """A fresh, empty database on the test server; skipped (or failed in CI) without one."""
    from tests.pg_testing import fresh_database

    yield from fresh_database()


@pytest.fixture(params=["file", "server"])
def election_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a new election goes: a file, then a server database (the store's two back ends)."""
    if request.param == "file":
        return str(tmp_path / "test.canvass")
    return str(request.getfixturevalue("server_url"))
