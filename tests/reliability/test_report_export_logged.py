"""The CLI's report, like the window's, leaves a "report.export" entry in the audit log: what left the
program is on record, and the report's fingerprint (the state before that entry) still verifies."""

from __future__ import annotations

import hashlib
from pathlib import Path

from recount_desktop.cli import main
from recount_desktop.reports.signing import read_document
from recount_desktop.store import open_election_file


def test_a_report_written_from_the_command_line_is_in_the_audit_log(filled: Path, tmp_path: Path,
                                                                   capsys) -> None:
    out = tmp_path / "report.pdf"
    with open_election_file(filled) as store:
        before = store.head_hash()
    assert main(["report", str(filled), "--out", str(out), "--operator", "Clerk Ada"]) == 0
    with open_election_file(filled) as store:
        last = store.audit_entries()[-1]
        assert store.verify_audit().ok
    assert last.action == "report.export" and last.operator == "Clerk Ada"
    assert last.details["sha256"] == hashlib.sha256(out.read_bytes()).hexdigest()
    assert last.details["fingerprint"] == before == read_document(out.read_bytes()).fingerprint
    capsys.readouterr()
    assert main(["audit", "verify", str(filled), "--against", str(out)]) == 0
    said = capsys.readouterr().out
    assert "1 later change(s)" in said and "report.export by Clerk Ada" in said
