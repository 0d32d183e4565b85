"""Issue 15, section 1: edits behind the program's back are caught by `audit verify`, table named.

Each case is what the adversarial review did with the sqlite3 shell: every guard trigger dropped, one
edit, and (the careful forger) the triggers put back exactly as they were, so only the data digest can
tell. The figures in docs/reliability.md count these cases.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.store import open_election_file
from tests.reliability.conftest import restore_triggers, shell

# (id, statements, the table `audit verify` must name)
EDITS = [
    ("tally-votes-plus-10", ["UPDATE tally SET votes = votes + 10 WHERE rowid = 1"], "tally"),
    ("tally-row-deleted", ["DELETE FROM tally WHERE rowid = 2"], "tally"),
    ("tally-votes-as-real", ["UPDATE tally SET votes = 100.5 WHERE rowid = 1"], "tally"),
    ("vote-type-changed", ["UPDATE tally_vote_type SET votes = votes + 1 WHERE rowid = 1"],
     "tally_vote_type"),
    ("statistics-changed", ["UPDATE contest_statistics SET ballots_cast = 999 WHERE rowid = 1"],
     "contest_statistics"),
    ("seats-changed", ["UPDATE contest SET seats = 2 WHERE name = 'Mayor'"], "contest"),
    ("choice-renamed", ["UPDATE choice SET name = 'Ada Alvares' WHERE name = 'Ada Alvarez'"], "choice"),
    ("precinct-inserted", ["INSERT INTO precinct (position, name, pseudo) VALUES (9, 'Ghost', 0)"],
     "precinct"),
    ("device-moved", ["UPDATE device SET precinct_id = NULL"], "device"),
    ("board-member-renamed", ["UPDATE board_member SET name = 'Mallory Q. Chair'"], "board_member"),
    ("jurisdiction-changed", ["UPDATE election SET jurisdiction = 'Douglas County'"], "election"),
    ("setting-flipped", ["UPDATE setting SET value = 'yes' WHERE key = 'recount.allow_same_operator'"],
     "setting"),
    ("scope-narrowed", ["UPDATE recount_scope SET all_units = 0"], "recount_scope"),
    ("scope-unit-added", ["INSERT INTO recount_scope_unit VALUES ('Mayor', 0, 'Precinct 1', '')"],
     "recount_scope_unit"),
    ("discrepant-sheet-verified", ["UPDATE recount_sheet SET state = 'verified' WHERE sheet_id = 'M-2'"],
     "recount_sheet"),
    ("verified-sheet-inserted",
     ["INSERT INTO recount_sheet VALUES ('M-9', 'Mayor', 'verified', NULL, NULL, NULL)"], "recount_sheet"),
    ("entry-count-changed", ["UPDATE recount_entry_count SET votes = votes + 5 WHERE rowid = 1"],
     "recount_entry_count"),
    ("entry-clerk-renamed", ["UPDATE recount_entry SET entered_by = 'Cy' WHERE id = 2"], "recount_entry"),
    ("election-key-replaced", ["UPDATE election_key SET key = 'aa'"], "election_key"),
]


def _verify(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["audit", "verify", str(path)])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_the_filled_election_verifies_before_any_edit(filled: Path, capsys) -> None:
    status, text = _verify(filled, capsys)
    assert status == 0, text
    assert "the data match it" in text


@pytest.mark.parametrize(("statements", "table"), [e[1:] for e in EDITS], ids=[e[0] for e in EDITS])
def test_an_edit_behind_the_programs_back_is_caught_with_its_table(filled: Path, capsys, statements,
                                                                   table) -> None:
    shell(filled, statements)
    restore_triggers(filled)
    status, text = _verify(filled, capsys)
    assert status == 1
    assert f"table {table}:" in text
    # No other table is blamed for it.
    named = {line.split("table ")[1].split(":")[0] for line in text.splitlines() if "  table " in line}
    assert named == {table}


def test_the_rows_the_log_can_name_are_named(filled: Path, capsys) -> None:
    shell(filled, ["UPDATE recount_sheet SET state = 'verified' WHERE sheet_id = 'M-2'",
                   "UPDATE election SET jurisdiction = 'Douglas County'"])
    restore_triggers(filled)
    _, text = _verify(filled, capsys)
    assert "sheet M-2 is 'verified' but the log last recorded 'discrepancy'" in text
    assert "jurisdiction is 'Douglas County' but the log recorded 'Sarpy County'" in text


def test_a_deleted_row_is_counted(filled: Path, capsys) -> None:
    shell(filled, ["DELETE FROM tally WHERE rowid = 2"])
    _, text = _verify(filled, capsys)
    assert "table tally: 21 rows recorded, 20 now (1 removed)" in text


@pytest.mark.parametrize("removed", [1, 3])
def test_removing_the_last_entries_leaves_their_data_and_is_caught(filled: Path, capsys, removed) -> None:
    conn = sqlite3.connect(filled)
    last = conn.execute("SELECT MAX(seq) FROM audit_log").fetchone()[0]
    conn.close()
    shell(filled, [f"DELETE FROM audit_log WHERE seq > {last - removed}"])
    restore_triggers(filled)
    status, text = _verify(filled, capsys)
    assert status == 1
    assert f"broken at entry {last - removed}" in text
    assert "later entries were removed from the log" in text


def test_replace_cannot_change_a_stored_entry_or_audit_row(filled: Path) -> None:
    """INSERT OR REPLACE deletes the old row without firing DELETE triggers: the BEFORE INSERT guards
    refuse an existing key, with every trigger in place."""
    conn = sqlite3.connect(filled)
    entry_id, choice = conn.execute("SELECT entry_id, choice FROM recount_entry_count LIMIT 1").fetchone()
    attempts = [
        f"INSERT OR REPLACE INTO recount_entry_count VALUES ({entry_id}, 0, '{choice}', 500)",
        f"REPLACE INTO recount_entry_count VALUES ({entry_id}, 0, '{choice}', 500)",
        "INSERT OR REPLACE INTO audit_log SELECT * FROM audit_log WHERE seq = 2",
        "INSERT OR REPLACE INTO recount_sheet VALUES ('M-2', 'Mayor', 'verified', NULL, NULL, NULL)",
        "INSERT INTO recount_sheet VALUES ('M-2', 'Mayor', 'verified', NULL, NULL, NULL)"
        " ON CONFLICT(sheet_id) DO UPDATE SET state = 'verified'",
        "INSERT OR REPLACE INTO recount_entry (id, sheet_id, entry_number, method, entered_by, entered_at)"
        " VALUES (1, 'M-1', 1, 'manual', 'x', 'y')",
    ]
    for statement in attempts:
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute(statement)
    conn.close()


def test_dropped_triggers_are_an_error_in_verify_and_a_warning_on_opening(filled: Path, capsys) -> None:
    shell(filled, [])  # every trigger dropped, nothing else
    status, text = _verify(filled, capsys)
    assert status == 1
    assert "trigger recount_entry_no_update was dropped" in text
    with open_election_file(filled) as store:
        assert any("recount_entry_no_update was dropped" in w for w in store.warnings)


def test_a_change_is_refused_when_the_running_digest_was_altered(filled: Path) -> None:
    shell(filled, ["UPDATE data_digest SET row_count = row_count + 1 WHERE tbl = 'tally'"],
          drop_triggers=False)
    from recount_desktop.store import ElectionFileError

    with open_election_file(filled) as store, pytest.raises(ElectionFileError, match="outside the program"):
        store.set_setting("x", "y")


def test_a_program_change_after_a_tamper_does_not_launder_it(filled: Path, capsys) -> None:
    shell(filled, ["UPDATE contest SET seats = 2 WHERE name = 'Mayor'"])
    restore_triggers(filled)
    with open_election_file(filled) as store:
        store.update_contest_attributes("Levy Question", {"seats": "1"})
        store.set_setting("a", "b")
    status, text = _verify(filled, capsys)
    assert status == 1 and "table contest:" in text


def test_verify_against_the_head_hash_from_paper(filled: Path, capsys) -> None:
    with open_election_file(filled) as store:
        signed = store.head_hash()
        store.set_setting("later", "change")
    assert main(["audit", "verify", str(filled), "--head", signed]) == 0
    assert "1 later change(s)" in capsys.readouterr().out
    assert main(["audit", "verify", str(filled), "--head", signed[:16]]) == 0
    capsys.readouterr()


def test_a_rollback_of_data_and_log_together_is_caught_against_the_paper(filled: Path, tmp_path: Path,
                                                                          capsys) -> None:
    earlier = tmp_path / "earlier.canvass"
    earlier.write_bytes(filled.read_bytes())
    with open_election_file(filled) as store:
        store.set_setting("recount.single_entry", "yes")
        signed = store.head_hash()
    filled.write_bytes(earlier.read_bytes())  # both data and log rolled back
    assert main(["audit", "verify", str(filled)]) == 0  # the file alone cannot tell
    capsys.readouterr()
    assert main(["audit", "verify", str(filled), "--head", signed]) == 1
    assert "is NOT in this file" in capsys.readouterr().err
