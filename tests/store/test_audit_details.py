"""Every change's audit entry lets a board reconstruct what changed: old and new values, file and SHA-256."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from datetime import date
from pathlib import Path

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.importers import import_into_election, read_tally_file
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheet_template import import_sheet_file
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
from recount_desktop.store import ElectionFile, create_election_file
from tests.conftest import REPO


def test_a_contest_change_records_old_and_new_values(election_file: ElectionFile,
                                                     results: ElectionResults) -> None:
    election_file.replace_results(results, {"source": "hand"})
    election_file.update_contest_attributes("Mayor", {"seats": "2", "scope": "municipal"})
    entry = election_file.audit_entries()[-1]
    assert entry.action == "contest.update"
    assert entry.details == {"contest": "Mayor", "changes": {"seats": {"old": 1, "new": 2},
                                                             "scope": {"old": "county", "new": "municipal"}}}


def test_a_setting_records_its_previous_value(election_file: ElectionFile) -> None:
    election_file.set_setting("recount.single_entry", "yes")
    election_file.set_setting("recount.single_entry", "no")
    first, second = [e.details for e in election_file.audit_entries()[-2:]]
    assert first == {"key": "recount.single_entry", "value": "yes", "previous": None}
    assert second == {"key": "recount.single_entry", "value": "no", "previous": "yes"}


def test_an_election_change_records_the_record_before(election_file: ElectionFile,
                                                      election: Election) -> None:
    election_file.update_election(replace(election, canvass_date=date(2026, 11, 18)))
    details = election_file.audit_entries()[-1].details
    assert details["canvass_date"] == "2026-11-18"
    assert details["before"]["canvass_date"] == "2026-11-16"


def test_an_import_with_board_members_is_one_entry_with_file_hash_and_counts(tmp_path: Path) -> None:
    source = REPO / "sample_data" / "sample_ne.xlsx"
    election = Election("NE", "Sarpy County", "General Election 2026", date(2026, 11, 3))
    with create_election_file(tmp_path / "e.canvass", election, operator="clerk") as store:
        imported = read_tally_file(source)
        outcome = import_into_election(store, imported)
        assert outcome.board_members_added == 2
        entries = store.audit_entries()
        assert [e.action for e in entries] == ["election.create", "results.replace"]  # one change, one entry
        details = entries[-1].details
        assert details["file"] == "sample_ne.xlsx"
        assert details["sha256"] == hashlib.sha256(source.read_bytes()).hexdigest()
        assert details["size"] == source.stat().st_size
        assert (details["contests"], details["precincts"]) == (6, 4)
        assert details["election_changes"]["board_members"]["old"] == []
        assert len(details["election_changes"]["board_members"]["new"]) == 2
        assert store.election().board_members == tuple(imported.election_fields["board_members"])


def test_a_replaced_scope_is_recorded(election_file: ElectionFile, results: ElectionResults) -> None:
    election_file.replace_results(results, {"source": "hand"})
    set_scope(election_file, "Mayor", ["Precinct 1"], requested_by="Bo Brandt", requested_at="2026-11-20")
    set_scope(election_file, "Mayor", "all", requested_by="Bo Brandt", requested_at="2026-11-21")
    first, second = [e.details for e in election_file.audit_entries()[-2:]]
    assert first["replaced"] is None
    assert second["units"] == "all"
    assert second["replaced"]["units"] == [["Precinct 1", None]]


def test_a_sheet_that_sets_the_scope_says_so(election_file: ElectionFile, results: ElectionResults) -> None:
    election_file.replace_results(results, {"source": "hand"})
    enter_sheet(election_file, TallySheetEntry("M1", "Mayor", {"Ada Alvarez": 100, "Bo Brandt": 98},
                                               precinct="Precinct 2", entered_by="Ann"))
    assert election_file.audit_entries()[-1].details["scope_unit_added"] == ["Precinct 2", None]
    enter_sheet(election_file, TallySheetEntry("M1", "Mayor", {"Ada Alvarez": 100, "Bo Brandt": 98},
                                               precinct="Precinct 2", entered_by="Ben"))
    assert "scope_unit_added" not in election_file.audit_entries()[-1].details  # already in the scope


def test_a_sheet_file_import_records_file_hash(election_file: ElectionFile, results: ElectionResults,
                                               tmp_path: Path) -> None:
    election_file.replace_results(results, {"source": "hand"})
    path = tmp_path / "sheets.csv"
    path.write_text("Sheet ID,Contest,Precinct,Method,Choice,Votes,Entry,Entered By\n"
                    "M1,Mayor,Precinct 1,manual,Ada Alvarez,101,1,Ann\n"
                    "M1,Mayor,Precinct 1,manual,Bo Brandt,98,1,Ann\n")
    import_sheet_file(election_file, path)
    details = election_file.audit_entries()[-1].details
    assert (details["file"], details["size"]) == ("sheets.csv", path.stat().st_size)
    assert details["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    assert details["entries"] == 1


def test_every_write_in_the_core_goes_through_the_transaction() -> None:
    """Outside the store's own modules, no core module opens a connection or commits by itself."""
    core = REPO / "recount_desktop"
    for path in core.rglob("*.py"):
        if "ui" in path.relative_to(core).parts or path.parent.name == "store":
            continue
        text = path.read_text(encoding="utf-8")
        for needle in ("sqlite3.connect", '"COMMIT"', '"BEGIN', "._conn"):
            assert needle not in text, f"{path}: {needle}"
