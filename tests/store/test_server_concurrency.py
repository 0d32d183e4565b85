"""Issue 16, concurrency: eight clerks, each a process with its own database role, enter the first and
second entries of 500 sheets in interleaved order. Nothing is lost, no sheet gets two first entries,
every sheet ends with two entries by two roles, the reconciliation equals the same story on a file,
and the audit log verifies on the server and on its archive."""

from __future__ import annotations

import json
import multiprocessing
import uuid
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from recount_desktop.cli import main
from recount_desktop.domain import Election, ElectionResults
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
from recount_desktop.store import ElectionFile, create_election_file, open_election_file
from tests.pg_testing import admin_connection
from tests.store.test_server_roles import as_user

CLERKS = 8
SHEETS = 500
PRECINCTS = ("Precinct 1", "Precinct 2", "Absentee/Early")


def sheet(number: int, clerk: int) -> TallySheetEntry:
    """Sheet ``number`` as clerk ``clerk`` reads it: both clerks read the same counts."""
    return TallySheetEntry(f"S-{number:04d}", "Mayor", {"Ada Alvarez": number % 7, "Bo Brandt": number % 5},
                           precinct=PRECINCTS[number % len(PRECINCTS)], entered_by=f"Clerk {clerk}")


def assignments() -> dict[int, list[tuple[int, int]]]:
    """Each clerk's work, interleaved: sheet n is read by clerks n and n + 3 (mod 8), and each clerk
    alternates between sheets it reads first and sheets it reads second."""
    work: dict[int, list[tuple[int, int]]] = {clerk: [] for clerk in range(CLERKS)}
    for number in range(SHEETS):
        work[number % CLERKS].append((number, 0))
        work[(number + 3) % CLERKS].append((number, 1))
    return {clerk: sorted(tasks, key=lambda t: (t[0] + 3 * t[1]) % SHEETS) for clerk, tasks in work.items()}


def clerk_at_work(url: str, clerk: int, tasks: list[tuple[int, int]]) -> int:
    """One clerk's process: each sheet entered in its own transaction, as the window does."""
    with open_election_file(url) as store:
        for number, _ in tasks:
            enter_sheet(store, sheet(number, clerk))
    return len(tasks)


def prepare(store: ElectionFile, results: ElectionResults) -> None:
    store.replace_results(results, {"file": "county.xlsx"})
    set_scope(store, "Mayor", "all", requested_by="Bo Brandt")


def reconciled(target: str, capsys: pytest.CaptureFixture[str]) -> dict:
    capsys.readouterr()
    assert main(["reconcile", target, "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    for contest in document["contests"]:  # units come in the order their first sheet was entered
        contest["units"].sort(key=lambda u: (u["precinct"], u["device"] or "", u["choice"]))
    return document


@pytest.fixture
def clerks(server_url: str) -> Iterator[list[str]]:
    suffix = uuid.uuid4().hex[:8]
    admin = admin_connection()
    assert main(["server", "init", server_url]) == 0
    names = [f"clerk{n}_{suffix}" for n in range(CLERKS)]
    for name in names:
        admin.execute(f"CREATE ROLE {name} LOGIN IN ROLE clerk")  # type: ignore[attr-defined]
    yield names
    admin.execute(f"DROP DATABASE IF EXISTS {urlsplit(server_url).path.lstrip('/')} WITH (FORCE)")  # type: ignore[attr-defined]
    for name in names:
        admin.execute(f"DROP ROLE IF EXISTS {name}")  # type: ignore[attr-defined]
    admin.close()  # type: ignore[attr-defined]


@pytest.mark.slow
def test_eight_clerks_at_once_lose_nothing(server_url: str, clerks: list[str], election: Election,
                                          results: ElectionResults, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    with create_election_file(server_url, election) as store:
        prepare(store, results)
    work = assignments()
    with ProcessPoolExecutor(CLERKS, mp_context=multiprocessing.get_context("spawn")) as pool:
        done = [pool.submit(clerk_at_work, as_user(server_url, clerks[c]), c, work[c]) for c in range(CLERKS)]
        assert sum(f.result() for f in done) == 2 * SHEETS

    with open_election_file(server_url) as store, store.read() as conn:
        entries = conn.execute("SELECT sheet_id, entry_number, operator FROM recount_entry").fetchall()
        states = dict(conn.execute("SELECT sheet_id, state FROM recount_sheet").fetchall())
    by_sheet: dict[str, list[tuple[int, str]]] = {}
    for sheet_id, number, operator in entries:
        by_sheet.setdefault(sheet_id, []).append((number, operator))
    assert len(by_sheet) == SHEETS
    for sheet_id, made in by_sheet.items():
        assert sorted(n for n, _ in made) == [1, 2], sheet_id  # never two first entries
        assert len({operator for _, operator in made}) == 2, sheet_id  # by two roles
        assert {operator for _, operator in made} <= set(clerks)
    assert set(states.values()) == {"verified"}

    on_file = tmp_path / "same-story.canvass"
    with create_election_file(on_file, election) as store:
        prepare(store, results)
        for number in range(SHEETS):
            for reader in (number % CLERKS, (number + 3) % CLERKS):
                store.operator = f"clerk{reader}"
                enter_sheet(store, sheet(number, reader))
    assert reconciled(server_url, capsys) == reconciled(str(on_file), capsys)

    assert main(["audit", "verify", server_url]) == 0
    assert main(["archive", server_url, str(tmp_path / "archive.canvass")]) == 0
    assert main(["audit", "verify", str(tmp_path / "archive.canvass")]) == 0
