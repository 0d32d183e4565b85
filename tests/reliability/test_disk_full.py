"""Issue 15, section 5: a full disk gives a plain message, leaves the data as they were and leaves no
stray journal, -wal/-shm or empty output behind. A small tmpfs plays the full disk (skipped, with a
message, where mounting is not allowed)."""

from __future__ import annotations

import csv
import errno
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from recount_desktop.cli import main
from tests.reliability.conftest import MAYOR


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    disk = tmp_path / "small"
    disk.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)], capture_output=True,
                          check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here ({done.stderr.decode().strip()})")
    yield disk
    subprocess.run(["umount", str(disk)], check=False)


def fill(disk: Path, leave: int) -> None:
    """Fill the disk, then free ``leave`` bytes."""
    filler = disk / "filler"
    with filler.open("wb", buffering=0) as handle:
        try:
            while True:
                handle.write(b"\0" * 4096)
        except OSError as error:
            assert error.errno == errno.ENOSPC
    size = filler.stat().st_size
    filler.unlink()
    with filler.open("wb") as handle:
        handle.write(b"\0" * max(0, size - leave))


def _others(disk: Path, *keep: str) -> list[str]:
    return sorted(p.name for p in disk.iterdir() if p.name not in ("filler", *keep))


def _sheet_csv(path: Path, sheets: int) -> Path:
    with path.open("w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["Sheet ID", "Contest", "Precinct", "Method", "Choice", "Votes", "Entry", "Entered By"])
        for n in range(sheets):
            for choice in ("Ada Alvarez", "Bo Brandt"):
                out.writerow([f"D-{n}", MAYOR, "Precinct 1", "manual", choice, 5, 1, "Ann"])
    return path


def _copy_to(disk: Path, filled: Path) -> Path:
    target = disk / "election.canvass"
    target.write_bytes(filled.read_bytes())
    return target


def test_sheets_import_on_a_full_disk(small_disk: Path, filled: Path, tmp_path: Path, capsys) -> None:
    election = _copy_to(small_disk, filled)
    before = election.read_bytes()
    sheets = _sheet_csv(tmp_path / "many.csv", 600)
    fill(small_disk, 8_192)
    assert main(["sheets", "import", str(election), str(sheets)]) == 1
    err = capsys.readouterr().err
    assert "disk is full" in err and "Traceback" not in err
    assert election.read_bytes() == before
    assert _others(small_disk, election.name) == []


def test_import_replace_on_a_full_disk(small_disk: Path, filled: Path, tmp_path: Path, capsys) -> None:
    election = _copy_to(small_disk, filled)
    before = election.read_bytes()
    tallies = tmp_path / "tallies.csv"
    with tallies.open("w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["Precinct", "Contest", "Choice", "Votes"])
        for p in range(400):
            for choice in ("Ada Alvarez", "Bo Brandt"):
                out.writerow([f"Precinct {p}", MAYOR, choice, 100 + p])
    fill(small_disk, 8_192)
    assert main(["import", str(election), str(tallies), "--replace"]) == 1
    err = capsys.readouterr().err
    assert "disk is full" in err and "Traceback" not in err
    assert election.read_bytes() == before
    assert _others(small_disk, election.name) == []


def test_new_on_a_full_disk_leaves_nothing(small_disk: Path, capsys) -> None:
    fill(small_disk, 4_096)
    target = small_disk / "new.canvass"
    assert main(["new", str(target), "--state", "NE", "--jurisdiction", "Cass County", "--election-name",
                 "General", "--election-date", "2026-11-03"]) == 1
    err = capsys.readouterr().err
    assert "disk is full" in err and "Traceback" not in err
    assert _others(small_disk) == []


def test_template_on_a_full_disk_leaves_no_empty_workbook(small_disk: Path, capsys) -> None:
    fill(small_disk, 1_024)
    for kind in ("tallies", "sheets"):
        assert main(["template", kind, str(small_disk / f"{kind}.xlsx")]) == 1
        err = capsys.readouterr().err
        assert "disk is full" in err and "Traceback" not in err
    assert _others(small_disk) == []


def test_template_never_overwrites_without_force(tmp_path: Path, capsys) -> None:
    out = tmp_path / "t.xlsx"
    out.write_bytes(b"the county's own workbook")
    assert main(["template", "tallies", str(out)]) == 1
    assert "--force" in capsys.readouterr().err and out.read_bytes() == b"the county's own workbook"
    assert main(["template", "tallies", str(out), "--force"]) == 0
    assert out.read_bytes()[:2] == b"PK"
