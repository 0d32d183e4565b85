"""An election with something in every data table, and the tools of someone editing it behind the
program's back (the sqlite3 shell, triggers dropped)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from pathlib import Path

import pytest

from recount_desktop.domain import Device, ElectionResults
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
from recount_desktop.store import ElectionFile

MAYOR = "Mayor"


def mayor_sheet(sheet_id: str, who: str, ada: int = 101, bo: int = 98,
                precinct: str = "Precinct 1") -> TallySheetEntry:
    return TallySheetEntry(sheet_id, MAYOR, {"Ada Alvarez": ada, "Bo Brandt": bo}, precinct=precinct,
                           entered_by=who)


def fill(store: ElectionFile, results: ElectionResults) -> Path:
    """Results (with devices, vote types, statistics), a setting, a scope and three sheets: one
    verified, one in discrepancy, one entered once."""
    with_devices = ElectionResults(results.contests, results.precincts, results.tallies, results.statistics,
                                   (Device("DS200-1", "Precinct 1"),))
    store.replace_results(with_devices, {"file": "county.xlsx"})
    store.set_setting("recount.allow_same_operator", "no")
    set_scope(store, MAYOR, "all", requested_by="Bo Brandt")
    signed_in = store.operator
    for clerk, sheet in (("Ann", mayor_sheet("M-1", "Ann")), ("Ben", mayor_sheet("M-1", "Ben")),
                         ("Ann", mayor_sheet("M-2", "Ann", precinct="Precinct 2")),
                         ("Ben", mayor_sheet("M-2", "Ben", ada=90, precinct="Precinct 2")),
                         ("Ann", mayor_sheet("M-3", "Ann", precinct="Absentee/Early"))):
        store.operator = clerk  # each clerk signed in to the program at their own desk
        enter_sheet(store, sheet)
    store.operator = signed_in
    return store.path


@pytest.fixture
def filled(election_file: ElectionFile, results: ElectionResults) -> Path:
    path = fill(election_file, results)
    election_file.close()
    return path


def shell(path: Path, statements: Iterable[str], drop_triggers: bool = True) -> None:
    """What someone with the sqlite3 shell does: drop every guard trigger, run the statements."""
    conn = sqlite3.connect(path)
    if drop_triggers:
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'").fetchall():
            conn.execute(f"DROP TRIGGER {name}")
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def restore_triggers(path: Path) -> None:
    """The careful forger puts the guards back, exactly as they were, after the edit."""
    from recount_desktop.store.schema import expected_triggers

    conn = sqlite3.connect(path)
    present = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    for name, sql in expected_triggers().items():
        if name not in present:
            conn.execute(sql)
    conn.commit()
    conn.close()
