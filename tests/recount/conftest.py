"""A small hand-built election for the recount tests: every number is written here, in the open.

Mayor           P1: Ada 100, Bo 98   P2: Ada 50, Bo 51   P3: Ada 30, Bo 30   -> Ada 180, Bo 179 (Ada by 1)
Council (2)     P1: C 60, D 50, E 49 P2: C 40, D 30, E 30 P3: C 20, D 10, E 10 -> C 120, D 90, E 89
Levy (Yes/No)   P1: Yes 70, No 60    P2: Yes 40, No 45    P3: Yes 10, No 14  -> Yes 120, No 119
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest

from recount_desktop.domain import (
    Choice,
    Contest,
    ContestKind,
    Device,
    Election,
    ElectionResults,
    Precinct,
    State,
    Tally,
)
from recount_desktop.store import ElectionFile, create_election_file

ORIGINAL = {
    "Mayor": {"P1": {"Ada": 100, "Bo": 98}, "P2": {"Ada": 50, "Bo": 51}, "P3": {"Ada": 30, "Bo": 30}},
    "Council (Vote For 2)": {"P1": {"C": 60, "D": 50, "E": 49}, "P2": {"C": 40, "D": 30, "E": 30},
                             "P3": {"C": 20, "D": 10, "E": 10}},
    "Levy": {"P1": {"Yes": 70, "No": 60}, "P2": {"Yes": 40, "No": 45}, "P3": {"Yes": 10, "No": 14}},
}


def small_results() -> ElectionResults:
    contests = (
        Contest("Mayor", (Choice("Ada"), Choice("Bo"))),
        Contest("Council (Vote For 2)", (Choice("C"), Choice("D"), Choice("E")), seats=2),
        Contest("Levy", (Choice("Yes"), Choice("No")), kind=ContestKind.QUESTION),
    )
    tallies = tuple(
        Tally(precinct, contest, choice, votes)
        for contest, by_precinct in ORIGINAL.items()
        for precinct, counts in by_precinct.items()
        for choice, votes in counts.items()
    )
    precincts = tuple(Precinct(p) for p in ("P1", "P2", "P3"))
    devices = (Device("Scanner 1", "P1"), Device("Scanner 2", "P1"))
    return ElectionResults(contests, precincts, tallies, devices=devices)


def make_store(path: Path, state: State) -> ElectionFile:
    election = Election(state, "Test County", "General 2026", date(2026, 11, 3), date(2026, 11, 16))
    store = create_election_file(path, election, operator="clerk")
    store.replace_results(small_results(), {"source": "hand-built"})
    return store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ElectionFile]:
    store = make_store(tmp_path / "recount.canvass", State.CO)
    yield store
    store.close()


@pytest.fixture
def ne_store(tmp_path: Path) -> Iterator[ElectionFile]:
    store = make_store(tmp_path / "ne.canvass", State.NE)
    yield store
    store.close()


@pytest.fixture
def store_for(tmp_path: Path) -> Iterator[Callable[[State], ElectionFile]]:
    """Make the small election in a given state (several may be open in one test)."""
    opened: list[ElectionFile] = []

    def make(state: State) -> ElectionFile:
        opened.append(make_store(tmp_path / f"{state.value}-{len(opened)}.canvass", state))
        return opened[-1]

    yield make
    for store in opened:
        store.close()
