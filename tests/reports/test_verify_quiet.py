"""`report verify` without --trust says the certificate is not trusted, in one line, never a traceback
(issue 14 item 10)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from recount_desktop.sample import ensure_sample_election
from tests.reports.certs import make_certificates


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "recount_desktop", *args], capture_output=True, text=True,
                          check=False)


def test_verify_without_trust_prints_no_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECOUNT_DESKTOP_HOME", str(tmp_path / "home"))
    election = ensure_sample_election("clerk-a")
    _root, p12 = make_certificates(tmp_path, password=b"pw")
    (tmp_path / "pw").write_text("pw")
    signed = tmp_path / "signed.pdf"
    done = _run("report", str(election), "--out", str(signed), "--sign", str(p12),
                "--password-file", str(tmp_path / "pw"))
    assert done.returncode == 0, done.stderr
    done = _run("report", "verify", str(signed))
    assert done.returncode == 1
    assert "not changed since signing" in done.stdout and "NOT trusted" in done.stdout
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1
