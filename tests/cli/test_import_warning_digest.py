"""After an import the warnings a board must read come first: a difference with the file's own
total and a contest marked incomplete were hidden behind 50 lines of "over votes suppressed; left
out" and "... and 71 more" (second real-file check, finding 5: Wyandotte KS). Repeated warnings are
one line with their count and first cells; ``--all-warnings`` prints every one in file order."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.importers.problem_digest import digest
from recount_desktop.importers.problems import Problem

Capsys = pytest.CaptureFixture[str]


def _redacted_statement(path: Path) -> Path:
    """Wyandotte-like: a wide CSV whose over votes are redacted on every line, one count redacted,
    and a total line that the units fall short of by that count."""
    rows: list[list[object]] = [
        ["", "", "Mayor", "Mayor", "Mayor", "Clerk", "Clerk"],
        ["Precinct", "Ballots Cast", "Ann", "Bob", "Over Votes", "Cal", "Dee"],
    ]
    rows += [[f"P{i + 1}", 100, 40, "***" if i == 0 else 50, "***", 30, 60] for i in range(60)]
    rows.append(["Total", 6000, 2400, 3000, 0, 1800, 3600])
    with path.open("w", newline="") as handle:
        csv.writer(handle).writerows(rows)
    return path


def _import(tmp_path: Path, capsys: Capsys, *options: str) -> list[str]:
    election = tmp_path / "e.canvass"
    new = ["new", str(election), "--state", "CO", "--jurisdiction", "Park County"]
    assert main([*new, "--election-name", "General", "--election-date", "2026-11-03"]) == 0
    capsys.readouterr()
    assert main(["import", str(election), str(_redacted_statement(tmp_path / "sovc.csv")), *options]) == 0
    return capsys.readouterr().err.splitlines()


def test_the_difference_and_the_incomplete_contest_come_first(tmp_path: Path, capsys: Capsys) -> None:
    lines = _import(tmp_path, capsys)
    assert lines[0] == "62 warning(s):"
    assert "'Mayor', 'Bob'" in lines[1] and "a difference of +50" in lines[1]
    assert "the contest is marked as having incomplete precinct data" in lines[2]
    assert lines[3] == (
        "sovc.csv: over votes suppressed; left out (60 times: line 3, line 4, line 5, line 6, line 7, ...)"
    )
    assert "import --all-warnings" in lines[4]
    assert len(lines) == 5


def test_every_warning_in_file_order_when_asked(tmp_path: Path, capsys: Capsys) -> None:
    lines = _import(tmp_path, capsys, "--all-warnings")
    assert lines[0] == "62 warning(s):"
    assert len(lines) == 63
    assert sum("over votes suppressed; left out" in line for line in lines) == 60


def test_a_long_digest_counts_the_warnings_left_out() -> None:
    problems = [Problem("f.csv", None, f"line {i}", f"message {i}") for i in range(60)]
    lines = digest(problems, limit=50)
    assert len(lines) == 51 and lines[-1] == "... and 10 more"
