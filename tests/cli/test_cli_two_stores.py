"""Issue 16: the command-line story on an election file and on a PostgreSQL server gives the same
reconciliation, and moving the election between them keeps its head hash."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.domain import ElectionResults

HEAD = re.compile(r"head hash ([0-9a-f]{64})")


def _tally_file(path: Path, results: ElectionResults) -> Path:
    with path.open("w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["Precinct", "Contest", "Choice", "Votes"])
        for t in results.tallies:
            out.writerow([t.precinct, t.contest, t.choice, t.votes])
    return path


def _sheet_file(path: Path) -> Path:
    """Two sheets of the Mayor's race: one whose entries agree, one whose entries differ."""
    with path.open("w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["Sheet ID", "Contest", "Precinct", "Method", "Choice", "Votes", "Entry", "Entered By"])
        for sheet, precinct, second_ada in (("S-1", "Precinct 1", 99), ("S-2", "Precinct 2", 90)):
            for number, clerk, ada in ((1, "Ann", 99), (2, "Ben", second_ada)):
                out.writerow([sheet, "Mayor", precinct, "manual", "Ada Alvarez", ada, number, clerk])
                out.writerow([sheet, "Mayor", precinct, "manual", "Bo Brandt", 98, number, clerk])
    return path


def _story(target: str, folder: Path, results: ElectionResults, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["new", target, "--state", "NE", "--jurisdiction", "Sarpy County", "--election-name",
                 "General Election 2026", "--election-date", "2026-11-03"]) == 0
    assert main(["import", target, str(_tally_file(folder / "tallies.csv", results))]) == 0
    assert main(["sheets", "import", target, str(_sheet_file(folder / "sheets.csv"))]) == 0
    capsys.readouterr()
    assert main(["reconcile", target, "--json"]) == 0
    reconciled = json.loads(capsys.readouterr().out)
    assert main(["audit", "verify", target]) == 0
    assert "audit log intact" in capsys.readouterr().out
    return reconciled


def test_the_story_on_a_file_and_on_the_server_reconciles_the_same(
        tmp_path: Path, server_url: str, results: ElectionResults,
        capsys: pytest.CaptureFixture[str]) -> None:
    on_file = _story(str(tmp_path / "story.canvass"), tmp_path, results, capsys)
    on_server = _story(server_url, tmp_path, results, capsys)
    # the only difference: who was signed in (the login name, the server's session user)
    for document in (on_file, on_server):
        for contest in document["contests"]:
            for flagged in contest["not_independent_sheets"]:
                flagged["reason"] = flagged["reason"].rsplit(" by operator ", 1)[0]
    assert on_server == on_file
    mayor = next(c for c in on_server["contests"] if c["contest"] == "Mayor")
    assert mayor["pending_sheets"] == 1  # S-2's entries differ


def test_archive_and_publish_print_the_servers_head_hash(
        tmp_path: Path, server_url: str, results: ElectionResults,
        capsys: pytest.CaptureFixture[str]) -> None:
    _story(server_url, tmp_path, results, capsys)
    assert main(["audit", "verify", server_url]) == 0
    server_head = HEAD.search(capsys.readouterr().out).group(1)  # type: ignore[union-attr]
    archive = tmp_path / "archive.canvass"
    assert main(["archive", server_url, str(archive)]) == 0
    assert HEAD.search(capsys.readouterr().out).group(1) == server_head  # type: ignore[union-attr]
    assert main(["audit", "verify", str(archive)]) == 0
    assert HEAD.search(capsys.readouterr().out).group(1) == server_head  # type: ignore[union-attr]
    # publishing into a database that already holds an election is refused, and changes nothing
    assert main(["publish", str(archive), server_url]) == 1
    assert "not empty" in capsys.readouterr().err
    assert main(["analyze", server_url, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["contests"]


def test_an_unreachable_server_is_one_plain_line(capsys: pytest.CaptureFixture[str]) -> None:
    url = "postgresql://nobody@/no_such_database?host=/nonexistent&connect_timeout=2"
    assert main(["audit", "verify", url]) == 1
    err = capsys.readouterr().err
    assert "cannot reach the election's server" in err and "Traceback" not in err
