"""Issue 15, section 5: inputs that used to end in a traceback end in one plain line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from recount_desktop.cli import main


def test_output_into_a_closed_pipe_is_quiet(filled: Path) -> None:
    done = subprocess.run(f"{sys.executable} -m recount_desktop reconcile {filled} | head -c 10",
                          shell=True, capture_output=True, text=True, check=False)
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
    assert len(done.stdout) == 10


@pytest.mark.parametrize("command", [
    ["new", "{long}.canvass", "--state", "NE", "--jurisdiction", "X", "--election-name", "Y",
     "--election-date", "2026-11-03"],
    ["audit", "verify", "{long}.canvass"],
    ["archive", "{f}", "{long}.canvass"],
    ["report", "{f}", "--out", "{long}.pdf"],
    ["template", "tallies", "{long}.xlsx"],
])
def test_a_path_longer_than_the_file_system_allows_is_a_plain_error(filled: Path, tmp_path: Path, capsys,
                                                                   command) -> None:
    long = str(tmp_path / ("x" * 300))
    args = [a.format(long=long, f=filled) for a in command]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_names_longer_than_a_report_cell_still_give_a_report(tmp_path: Path, capsys) -> None:
    election = tmp_path / "long.canvass"
    assert main(["new", str(election), "--state", "NE", "--jurisdiction", "Very Long County Name " * 120,
                 "--election-name", "General Election With A Very Long Name " * 60,
                 "--election-date", "2026-11-03"]) == 0
    tallies = tmp_path / "t.csv"
    tallies.write_text("Precinct,Contest,Choice,Votes\nP1,Mayor,Ann,10\nP1,Mayor,Bob,8\n")
    assert main(["import", str(election), str(tallies)]) == 0
    assert main(["report", str(election), "--out", str(tmp_path / "r.pdf")]) == 0
    assert "Traceback" not in capsys.readouterr().err
    assert (tmp_path / "r.pdf").read_bytes()[:5] == b"%PDF-"


def test_a_name_that_starts_with_equals_is_text(tmp_path: Path, capsys) -> None:
    import json

    tallies = tmp_path / "t.csv"
    tallies.write_text('Precinct,Contest,Choice,Votes\nP1,Mayor,"=HYPERLINK(""http://x"",""Ann"")",10\n'
                       "P1,Mayor,Bob,8\n")
    assert main(["analyze", str(tallies), "--state", "NE", "--json"]) == 0
    choices = json.loads(capsys.readouterr().out)["contests"][0]["choices"]
    assert choices[0]["choice"] == '=HYPERLINK("http://x","Ann")'
