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
