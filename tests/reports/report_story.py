"""A recount story for the report tests, built through the public store and recount APIs.

Yellowstone-like Montana county. Every number is written here:

Mayor of Laurel   P1: Ada Alvarez 100, Bo Brandt 98   P2: 50, 51   P3: 30, 30  -> 180 / 179 (Ada by 1)
  recount (manual, requested by Bo Brandt):
    S-1  P1 Ada 99, Bo 98 (over 1, under 2), two entries agree                      -> verified
    S-2  P2 first entry Bo 53, second Bo 52      -> discrepancy, resolved Bo 53 by a third operator
    S-3  P3 entered once, then voided ("precinct number written wrong")
    S-4  P3 Ada 30, Bo 30, two entries agree                                        -> verified
  amended: Ada 179, Bo 181 -> Bo Brandt elected, the outcome changed
County Sheriff    P1: Carla Jiménez 300, Dale Kruger 200 ... not recounted
Park Levy         Yes 70/40/10, No 60/45/14 -> 120 / 119, approved
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from recount_desktop.domain import (
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
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet, resolve_discrepancy, void_sheet
from recount_desktop.store import ElectionFile, create_election_file

ORIGINAL = {
    "Mayor of Laurel": {"P1": {"Ada Alvarez": 100, "Bo Brandt": 98},
                        "P2": {"Ada Alvarez": 50, "Bo Brandt": 51},
                        "P3": {"Ada Alvarez": 30, "Bo Brandt": 30}},
    "County Sheriff": {"P1": {"Carla Jiménez": 300, "Dale Kruger": 200},
                       "P2": {"Carla Jiménez": 150, "Dale Kruger": 160},
                       "P3": {"Carla Jiménez": 80, "Dale Kruger": 60}},
    "Park Levy": {"P1": {"Yes": 70, "No": 60}, "P2": {"Yes": 40, "No": 45}, "P3": {"Yes": 10, "No": 14}},
}
BOARD = (
    BoardMember("María Escárcega", "Chair, County Recount Board"),
    BoardMember("Tom LIDÓN", "Member, County Recount Board"),
    BoardMember("Ruth Lund", "Election Administrator"),
)


def story_election() -> Election:
    return Election(State.MT, "Yellowstone County", "Municipal General Election 2026", date(2026, 11, 3),
                    date(2026, 11, 13), BOARD)


def story_results() -> ElectionResults:
    contests = (
        Contest("Mayor of Laurel", (Choice("Ada Alvarez", "NP"), Choice("Bo Brandt", "NP"))),
        Contest("County Sheriff", (Choice("Carla Jiménez"), Choice("Dale Kruger"))),
        Contest("Park Levy", (Choice("Yes"), Choice("No")), kind=ContestKind.QUESTION),
    )
    tallies = tuple(
        Tally(precinct, contest, choice, votes)
        for contest, by_precinct in ORIGINAL.items()
        for precinct, counts in by_precinct.items()
        for choice, votes in counts.items()
    )
    stats = (ContestStatistics("Mayor of Laurel", "P1", over_votes=0, under_votes=3),)
    return ElectionResults(contests, tuple(Precinct(p) for p in ("P1", "P2", "P3")), tallies, stats)


def sheet(sheet_id: str, precinct: str, ada: int, bo: int, by: str, **lines: int) -> TallySheetEntry:
    return TallySheetEntry(sheet_id, "Mayor of Laurel", {"Ada Alvarez": ada, "Bo Brandt": bo},
                           precinct=precinct, counted_by="Team A: Ann Ames; Ben Bell", entered_by=by, **lines)


def run_recount(store: ElectionFile) -> None:
    set_scope(store, "Mayor of Laurel", "all", method="manual", requested_by="Bo Brandt")
    enter_sheet(store, sheet("S-1", "P1", 99, 98, "ann", over_votes=1, under_votes=2))
    enter_sheet(store, sheet("S-1", "P1", 99, 98, "ben", over_votes=1, under_votes=2))
    enter_sheet(store, sheet("S-2", "P2", 50, 53, "ann"))
    enter_sheet(store, sheet("S-2", "P2", 50, 52, "ben"))
    resolve_discrepancy(store, "S-2", {"Bo Brandt": 53}, "checked against the paper sheet", resolved_by="cy")
    enter_sheet(store, sheet("S-3", "P3", 30, 31, "ann"))
    void_sheet(store, "S-3", "precinct number written wrong", voided_by="cy")
    enter_sheet(store, sheet("S-4", "P3", 30, 30, "ann"))
    enter_sheet(store, sheet("S-4", "P3", 30, 30, "ben"))


def make_story(path: Path) -> ElectionFile:
    store = create_election_file(path, story_election(), operator="clerk")
    store.replace_results(story_results(), {"file": "laurel-canvass.xlsx", "sha256": "ab" * 32,
                                            "imported_at": "2026-11-13T15:00:00Z",
                                            "warnings": ["Sheet 'Mayor' row 9: a total row was skipped"],
                                            "warning_count": 1})
    run_recount(store)
    return store
