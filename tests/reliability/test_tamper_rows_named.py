"""Issue 15: in the large results tables (tally, vote types, statistics) `audit verify` names the rows
that differ, not only the table: the precinct or contest, and the row's key (choice, vote type).

The filled election (tests/reliability/conftest.py): Mayor (Ada Alvarez, Bo Brandt), a school board
race (C, D, E) and a levy (Yes, No) in Precinct 1, Precinct 2 and Absentee/Early; vote types for
Mayor; statistics for Mayor in Precinct 1 and for the whole contest.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.store import ElectionFileError, open_election_file
from tests.reliability.conftest import restore_triggers, shell

ADA_P1 = "choice_id = 1 AND precinct_id = 1"
# (id, statements, table, what the row is called, what happened to it)
EDITS = [
    ("tally-changed", [f"UPDATE tally SET votes = votes + 10 WHERE {ADA_P1}"], "tally",
     "choice 'Ada Alvarez' (Mayor), precinct 'Precinct 1'", "changed"),
    ("tally-removed", ["DELETE FROM tally WHERE choice_id = 2 AND precinct_id = 3"], "tally",
     "choice 'Bo Brandt' (Mayor), precinct 'Absentee/Early'", "removed"),
    ("tally-added", ["INSERT INTO precinct (id, position, name, pseudo) VALUES (9, 9, 'Ghost', 0)",
                     "INSERT INTO tally VALUES (1, 9, 40, 0)"], "tally",
     "choice 'Ada Alvarez' (Mayor), precinct 'Ghost'", "added"),
    ("vote-type-changed", [f"UPDATE tally_vote_type SET votes = 0 WHERE {ADA_P1} AND vote_type = 'Early'"],
     "tally_vote_type", "choice 'Ada Alvarez' (Mayor), precinct 'Precinct 1', vote type 'Early'", "changed"),
    ("vote-type-removed", [f"DELETE FROM tally_vote_type WHERE {ADA_P1} AND vote_type = 'Election Day'"],
     "tally_vote_type", "choice 'Ada Alvarez' (Mayor), precinct 'Precinct 1', vote type 'Election Day'",
     "removed"),
    ("vote-type-added", ["INSERT INTO tally_vote_type VALUES (1, 1, 'Provisional', 3)"], "tally_vote_type",
     "choice 'Ada Alvarez' (Mayor), precinct 'Precinct 1', vote type 'Provisional'", "added"),
    ("statistics-changed",
     ["UPDATE contest_statistics SET ballots_cast = 999 WHERE contest_id = 1 AND precinct_id = 1"],
     "contest_statistics", "contest 'Mayor', precinct 'Precinct 1'", "changed"),
    ("statistics-totals-changed",
     ["UPDATE contest_statistics SET registered_voters = 1 WHERE precinct_id IS NULL"],
     "contest_statistics", "contest 'Mayor', all precincts (the contest's totals)", "changed"),
    ("statistics-removed", ["DELETE FROM contest_statistics WHERE precinct_id = 1"],
     "contest_statistics", "contest 'Mayor', precinct 'Precinct 1'", "removed"),
    ("statistics-added", ["INSERT INTO contest_statistics VALUES (2, 2, 800, 400, 0, 0)"],
     "contest_statistics", "contest 'School Board (Vote For 2)', precinct 'Precinct 2'", "added"),
]


def _verify(path: Path | str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["audit", "verify", str(path)])
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def _table_line(text: str, table: str) -> str:
    lines = [line for line in text.splitlines() if line.strip().startswith(f"table {table}:")]
    assert len(lines) == 1, text
    return lines[0]


@pytest.mark.parametrize(("statements", "table", "row", "what"), [e[1:] for e in EDITS],
                         ids=[e[0] for e in EDITS])
def test_an_edited_results_row_is_named_with_its_precinct_or_contest_and_key(
        filled: Path, capsys, statements, table, row, what) -> None:
    shell(filled, statements)
    restore_triggers(filled)
    status, text = _verify(filled, capsys)
    assert status == 1
    line = _table_line(text, table)
    assert f"{row}: {what}" in line
    assert "one or more" not in line  # one row changed: it is named exactly, nothing else is
    assert line.count(": changed") + line.count(": removed") + line.count(": added") == 1


def test_a_tampered_file_can_be_verified_by_its_report_object_too(filled: Path) -> None:
    shell(filled, [f"UPDATE tally SET votes = 0 WHERE {ADA_P1}"])
    with open_election_file(filled) as store:
        report = store.verify_audit()
    [difference] = report.differences
    assert difference.table == "tally"
    assert difference.rows == ("choice 'Ada Alvarez' (Mayor), precinct 'Precinct 1': changed",)


def test_two_rows_in_one_precinct_are_both_named_exactly(filled: Path, capsys) -> None:
    shell(filled, ["UPDATE tally SET votes = 7 WHERE precinct_id = 2 AND choice_id IN (1, 3)"])
    _, text = _verify(filled, capsys)
    line = _table_line(text, "tally")
    assert "choice 'Ada Alvarez' (Mayor), precinct 'Precinct 2': changed" in line
    assert "choice 'C' (School Board (Vote For 2)), precinct 'Precinct 2': changed" in line
    assert "one or more" not in line


def test_rows_in_different_precincts_and_choices_are_named_among_their_crossings(filled: Path,
                                                                                 capsys) -> None:
    """Two rows apart: the groups that differ cross at four rows, two of which did not change; the
    list says so rather than claiming all four."""
    shell(filled, [f"UPDATE tally SET votes = votes + 1 WHERE {ADA_P1}",
                   "UPDATE tally SET votes = votes + 1 WHERE choice_id = 2 AND precinct_id = 2"])
    _, text = _verify(filled, capsys)
    line = _table_line(text, "tally")
    assert "one or more of these rows: " in line
    assert "choice 'Ada Alvarez' (Mayor), precinct 'Precinct 1'" in line
    assert "choice 'Bo Brandt' (Mayor), precinct 'Precinct 2'" in line


def test_groups_altered_along_with_the_rows_are_said_not_trusted(filled: Path, capsys) -> None:
    shell(filled, [f"UPDATE tally SET votes = 0 WHERE {ADA_P1}",
                   "UPDATE data_digest SET value = replace(value, '\"precinct\"', '\"precinct \"')"
                   " WHERE tbl = 'tally#groups'"])
    _, text = _verify(filled, capsys)
    line = _table_line(text, "tally")
    assert "rows cannot be named: the digests kept of its groups were altered too" in line


# -- a file written before the digest kept groups (digest definition 1) ------------------------------
OLD = Path(__file__).parents[1] / "data" / "store" / "definition-1.canvass"


@pytest.fixture
def old_file(tmp_path: Path) -> Path:
    """The filled election as the program wrote it before this change (schema 5, definition 1)."""
    path = tmp_path / "old.canvass"
    shutil.copyfile(OLD, path)
    return path


def _recorded(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    found = [str(row[0]) for row in conn.execute("SELECT data_digest FROM audit_log ORDER BY seq")]
    conn.close()
    return found


def test_a_file_written_before_verifies_as_it_was_written(old_file: Path, capsys) -> None:
    assert not any(value.startswith("2:") for value in _recorded(old_file))
    status, text = _verify(old_file, capsys)
    assert status == 0, text
    assert "9 entries" in text
    assert _recorded(old_file)[-1].find(":") == -1  # verifying did not change it


def test_a_tampered_old_file_names_the_table_and_says_why_not_the_rows(old_file: Path, capsys) -> None:
    shell(old_file, [f"UPDATE tally SET votes = votes + 10 WHERE {ADA_P1}"])
    status, text = _verify(old_file, capsys)
    assert status == 1
    line = _table_line(text, "tally")
    assert "21 rows, as recorded, but their values differ" in line
    assert "the last entry was written before the digest kept them by precinct and contest" in line


def test_the_next_change_to_an_old_file_records_the_groups_and_then_names_rows(old_file: Path,
                                                                               capsys) -> None:
    with open_election_file(old_file) as store:
        store.set_setting("recount.single_entry", "yes")
    assert _recorded(old_file)[-1].startswith("2:")
    status, text = _verify(old_file, capsys)
    assert status == 0, text
    shell(old_file, [f"UPDATE tally SET votes = votes + 10 WHERE {ADA_P1}"])
    _, text = _verify(old_file, capsys)
    assert "choice 'Ada Alvarez' (Mayor), precinct 'Precinct 1': changed" in _table_line(text, "tally")


def test_an_old_file_tampered_before_its_next_change_is_not_laundered_by_it(old_file: Path, capsys) -> None:
    shell(old_file, [f"UPDATE tally SET votes = votes + 10 WHERE {ADA_P1}"])
    restore_triggers(old_file)
    refused = pytest.raises(ElectionFileError, match="table tally no longer")
    with open_election_file(old_file) as store, refused:
        store.set_setting("recount.single_entry", "yes")
    status, text = _verify(old_file, capsys)
    assert status == 1 and "table tally:" in text


def test_removing_the_entry_that_moved_an_old_file_on_is_caught_as_removed(old_file: Path, capsys) -> None:
    with open_election_file(old_file) as store:
        store.set_setting("recount.single_entry", "yes")
    shell(old_file, ["DELETE FROM audit_log WHERE seq = 10"])
    restore_triggers(old_file)
    status, text = _verify(old_file, capsys)
    assert status == 1
    assert "broken at entry 9" in text and "later entries were removed from the log" in text


def test_a_wide_edit_names_twenty_rows_and_how_far_it_goes(filled: Path, capsys) -> None:
    shell(filled, ["UPDATE tally SET votes = votes + 1"])  # all 21 rows: 3 precincts x 7 choices
    _, text = _verify(filled, capsys)
    line = _table_line(text, "tally")
    assert line.count(": changed") == 20
    assert "one or more of these rows: " in line
    assert "and more: in all, rows differ in 3 precinct groups and 7 choice groups" in line
