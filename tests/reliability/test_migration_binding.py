"""An election file from before issue 15 (schema 4) migrates, records its first data digest, verifies."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from recount_desktop.cli import main
from recount_desktop.store import audit, open_election_file
from recount_desktop.store.schema import migrate


def _schema_4_file(path: Path) -> None:
    """What Recount Desktop wrote before the data digest: schema 4, WAL, entries without ``data``."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    migrate(conn, str(path), target=4)
    conn.execute("INSERT INTO election (id, state, jurisdiction, name, election_date) VALUES "
                 "(1, 'NE', 'Sarpy County', 'General 2022', '2022-11-08')")
    prev = audit.GENESIS_HASH
    for seq, action in enumerate(("election.create", "setting.set"), start=1):
        ts = f"2022-11-0{seq}T00:00:00.000000Z"
        digest = audit.entry_hash(prev, seq, ts, "clerk", action, "{}")
        conn.execute("INSERT INTO audit_log VALUES (?, ?, 'clerk', ?, '{}', ?, ?)",
                     (seq, ts, action, prev, digest))
        prev = digest
    conn.close()


def test_a_schema_4_file_migrates_binds_its_data_and_verifies(tmp_path: Path, capsys) -> None:
    path = tmp_path / "old.canvass"
    _schema_4_file(path)
    with open_election_file(path, operator="deputy") as store:
        entries = store.audit_entries()
        report = store.verify_audit()
    assert [e.action for e in entries] == ["election.create", "setting.set", "audit.data_bound"]
    assert entries[-1].details["schema_found"] == 4 and entries[-1].operator == "deputy"
    assert entries[-1].data_digest is not None and entries[0].data_digest is None
    assert report.ok and report.data_bound_from == 3
    assert not path.with_name("old.canvass-wal").exists()  # switched to a rollback journal
    assert main(["audit", "verify", str(path)]) == 0
    assert "entries 1-2 were written before the data digest existed" in capsys.readouterr().out
    # Reopening records nothing more.
    with open_election_file(path) as store:
        assert len(store.audit_entries()) == 3


def test_a_migrated_file_then_tampered_is_caught(tmp_path: Path, capsys) -> None:
    path = tmp_path / "old.canvass"
    _schema_4_file(path)
    open_election_file(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE election SET name = 'General 2024'")
    conn.commit()
    conn.close()
    assert main(["audit", "verify", str(path)]) == 1
    assert "table election:" in capsys.readouterr().err
