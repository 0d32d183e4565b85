"""`recount-desktop --version`, `new` and their exit codes, run as the installed script."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from recount_desktop import __version__
from recount_desktop.store import open_election_file


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "recount_desktop", *args], capture_output=True, text=True,
                          check=False)


def test_version() -> None:
    done = _run("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"recount-desktop {__version__}"


def test_new_creates_an_election_file(tmp_path: Path) -> None:
    path = tmp_path / "g.canvass"
    done = _run("new", str(path), "--state", "MT", "--jurisdiction", "Yellowstone County",
                "--election-name", "General 2026", "--election-date", "2026-11-03",
                "--canvass-date", "2026-11-16", "--operator", "deputy-1")
    assert done.returncode == 0, done.stderr
    with open_election_file(path) as store:
        assert store.election().state_name == "Montana"
        assert store.audit_entries()[0].operator == "deputy-1"


def test_new_refuses_an_existing_file_with_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "g.canvass"
    path.write_bytes(b"keep me")
    done = _run("new", str(path), "--state", "NE", "--jurisdiction", "X", "--election-name", "Y",
                "--election-date", "2026-11-03")
    assert done.returncode == 1
    assert "g.canvass" in done.stderr and "already exists" in done.stderr
    assert path.read_bytes() == b"keep me"


def test_new_refuses_a_canvass_before_the_election(tmp_path: Path) -> None:
    done = _run("new", str(tmp_path / "g.canvass"), "--state", "NE", "--jurisdiction", "X",
                "--election-name", "Y", "--election-date", "2026-11-03", "--canvass-date", "2026-11-01")
    assert done.returncode == 1 and "before the election date" in done.stderr
    assert not (tmp_path / "g.canvass").exists()


def test_wrong_usage_exits_2(tmp_path: Path) -> None:
    assert _run("new", str(tmp_path / "g.canvass"), "--state", "TX", "--jurisdiction", "X",
                "--election-name", "Y", "--election-date", "2026-11-03").returncode == 2
    assert _run("new", str(tmp_path / "g.canvass"), "--state", "NE", "--jurisdiction", "X",
                "--election-name", "Y", "--election-date", "11/03/2026").returncode == 2
    assert _run("audit").returncode == 2


def test_audit_verify_on_missing_file_exits_1(tmp_path: Path) -> None:
    done = _run("audit", "verify", str(tmp_path / "nope.canvass"))
    assert done.returncode == 1 and "nope.canvass" in done.stderr and "Traceback" not in done.stderr


def test_command_names_known_without_importing_them() -> None:
    from recount_desktop.cli import build_parser, subcommand_names

    parser = build_parser()
    registered = next(a for a in parser._actions if a.dest == "command").choices
    assert subcommand_names() == set(registered)


def test_an_unknown_command_with_arguments_is_wrong_usage() -> None:
    done = _run("frobnicate", "x.canvass")
    assert done.returncode == 2 and "unknown command 'frobnicate'" in done.stderr
