"""The audit log is append-only and any tampering is found and named by `audit verify`."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.store import audit


def _populated(election_file, results) -> Path:
    election_file.replace_results(results, {"source": "a.xlsx"})
    for seats in ("2", "1", "2"):
        election_file.update_contest_attributes("Mayor", {"seats": seats})
    election_file.close()
    return election_file.path


def _tamper(path: Path, *statements: str) -> None:
    """What someone with the sqlite3 shell could do after dropping the triggers."""
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER audit_log_no_update")
    conn.execute("DROP TRIGGER audit_log_no_delete")
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def test_clean_file_verifies_with_count_and_head_hash(election_file, results, capsys) -> None:
    path = _populated(election_file, results)
    assert main(["audit", "verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert "5 entries" in out
    head = sqlite3.connect(path).execute("SELECT hash FROM audit_log ORDER BY seq DESC").fetchone()[0]
    assert head in out


def test_triggers_refuse_update_and_delete(election_file, results) -> None:
    path = _populated(election_file, results)
    conn = sqlite3.connect(path)
    for statement in ("UPDATE audit_log SET operator = 'mallory'", "DELETE FROM audit_log WHERE seq = 2"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute(statement)


@pytest.mark.parametrize(
    ("statements", "broken"),
    [
        (["UPDATE audit_log SET details = "
          "'{\"contest\":\"Mayor\",\"changes\":{\"seats\":\"9\"}}' WHERE seq = 3"], 3),
        (["UPDATE audit_log SET operator = 'mallory' WHERE seq = 2"], 2),
        (["DELETE FROM audit_log WHERE seq = 3"], 3),
        (["DELETE FROM audit_log WHERE seq = 1"], 1),
    ],
    ids=["altered-details", "altered-operator", "deleted-middle", "deleted-first"],
)
def test_altered_or_deleted_row_is_named(election_file, results, capsys, statements, broken) -> None:
    path = _populated(election_file, results)
    _tamper(path, *statements)
    assert main(["audit", "verify", str(path)]) == 1
    assert f"broken at entry {broken}" in capsys.readouterr().err


def test_inserted_row_is_named(election_file, results, capsys) -> None:
    path = _populated(election_file, results)
    conn = sqlite3.connect(path)
    prev, data = conn.execute("SELECT hash, data_digest FROM audit_log WHERE seq = 2").fetchone()
    conn.close()
    # Make room after entry 2 and insert a well-formed entry 3 that chains from entry 2.
    forged = audit.entry_hash(prev, 3, "2026-11-20T00:00:00.000000Z", "mallory", "setting.set", "{}", data)
    _tamper(
        path,
        "UPDATE audit_log SET seq = seq + 100 WHERE seq >= 3",
        "UPDATE audit_log SET seq = seq - 99 WHERE seq >= 103",
        "INSERT INTO audit_log (seq, ts, operator, action, details, prev_hash, hash, data_digest)"
        " VALUES (3, '2026-11-20T00:00:00.000000Z', 'mallory', 'setting.set', '{}',"
        f" '{prev}', '{forged}', '{data}')",
    )
    assert main(["audit", "verify", str(path)]) == 1
    assert "broken at entry 4" in capsys.readouterr().err


def test_entry_hash_covers_previous_hash_and_canonical_json() -> None:
    a = audit.entry_hash("0" * 64, 1, "t", "op", "act", '{"b":1,"a":2}')
    assert a == audit.entry_hash("0" * 64, 1, "t", "op", "act", '{"a":2, "b":1}')
    assert a != audit.entry_hash("1" * 64, 1, "t", "op", "act", '{"a":2,"b":1}')


def test_audit_entry_cannot_be_written_outside_a_transaction(election_file) -> None:
    with pytest.raises(RuntimeError, match="inside the change's transaction"):
        audit.append_entry(election_file._conn, "op", "sneak", {})
