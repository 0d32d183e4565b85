"""Issue 15, section 3: the main file is whole between writes, `archive` makes a checked copy, and a
file on read-only media can be read."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.recount.sheets import SheetState, list_sheets
from recount_desktop.store import ElectionFileError, open_election_file
from tests.reliability.conftest import MAYOR

WRITER = r"""
import os, sys
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
from recount_desktop.store import open_election_file
store = open_election_file(sys.argv[1], operator="clerk")
for n in range(int(sys.argv[2])):
    enter_sheet(store, TallySheetEntry(f"W-{n}", "Mayor", {"Ada Alvarez": 5, "Bo Brandt": 4},
                                       precinct="Precinct 1", entered_by="Ann"))
print("committed", flush=True)
os.kill(os.getpid(), 9)  # a crash just past the last commit
"""


def test_after_a_crash_just_past_a_commit_the_main_file_alone_holds_every_sheet(filled: Path,
                                                                                tmp_path: Path) -> None:
    child = subprocess.run([sys.executable, "-c", WRITER, str(filled), "40"], capture_output=True, text=True,
                           check=False)
    assert "committed" in child.stdout and child.returncode == -9
    assert not filled.with_name(filled.name + "-wal").exists()
    copy = tmp_path / "copied-alone.canvass"
    shutil.copyfile(filled, copy)  # what the README used to invite: copy the .canvass file
    with open_election_file(copy) as store:
        assert len([s for s in list_sheets(store, MAYOR) if s.sheet_id.startswith("W-")]) == 40
        assert store.verify_audit().ok


def test_archive_writes_a_verified_copy_and_prints_its_head_hash(filled: Path, tmp_path: Path,
                                                                 capsys) -> None:
    out = tmp_path / "archive.canvass"
    assert main(["archive", str(filled), str(out)]) == 0
    printed = capsys.readouterr().out
    with open_election_file(out) as copy:
        assert copy.head_hash() in printed and copy.verify_audit().ok
        assert {s.sheet_id: s.state for s in list_sheets(copy)}["M-1"] is SheetState.VERIFIED
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("archive")] == ["archive.canvass"]


def test_archive_never_overwrites_and_refuses_a_file_that_does_not_verify(filled: Path, tmp_path: Path,
                                                                          capsys) -> None:
    out = tmp_path / "archive.canvass"
    out.write_bytes(b"keep me")
    assert main(["archive", str(filled), str(out)]) == 1
    assert out.read_bytes() == b"keep me"
    conn = sqlite3.connect(filled)
    conn.execute("UPDATE tally SET votes = votes + 10 WHERE rowid = 1")
    conn.commit()
    conn.close()
    fresh = tmp_path / "fresh.canvass"
    assert main(["archive", str(filled), str(fresh)]) == 1
    assert "does not verify" in capsys.readouterr().err
    assert not fresh.exists() and not list(tmp_path.glob("fresh*"))


def _read_only_copy(filled: Path, tmp_path: Path) -> Path:
    """A read-only medium: a read-only bind mount where allowed, else a write-protected file in a
    write-protected folder (which root ignores, hence the mount first)."""
    media = tmp_path / "media"
    media.mkdir()
    shutil.copyfile(filled, media / filled.name)
    mount = tmp_path / "disc"
    mount.mkdir()
    done = subprocess.run(["mount", "--bind", "-o", "ro", str(media), str(mount)], capture_output=True,
                          check=False)
    if done.returncode == 0:
        subprocess.run(["mount", "-o", "remount,ro,bind", str(mount)], capture_output=True, check=False)
        if os.access(mount, os.W_OK):
            subprocess.run(["umount", str(mount)], check=False)
            pytest.skip("read-only bind mounts are not honoured here")
        return mount / filled.name
    if os.geteuid() == 0:
        pytest.skip(f"cannot mount read-only here ({done.stderr.decode().strip()}), and root ignores "
                    "file permissions")
    (media / filled.name).chmod(0o444)
    media.chmod(0o555)
    return media / filled.name


@pytest.fixture
def on_disc(filled: Path, tmp_path: Path):
    path = _read_only_copy(filled, tmp_path)
    yield path
    if path.parent.name == "disc":
        subprocess.run(["umount", str(path.parent)], check=False)
    else:
        path.parent.chmod(0o755)


@pytest.mark.parametrize("command", [
    ["analyze", "{f}"], ["reconcile", "{f}"], ["audit", "verify", "{f}"], ["reconcile", "{f}", "--json"],
    ["report", "{f}", "--out", "{out}/report.pdf"], ["print-sheets", "{f}", "--out", "{out}/sheets.pdf"],
])
def test_every_reading_command_works_on_read_only_media(on_disc: Path, tmp_path: Path, capsys,
                                                       command) -> None:
    before = on_disc.read_bytes()
    args = [a.format(f=on_disc, out=tmp_path) for a in command]
    assert main(args) == 0, capsys.readouterr().err
    assert on_disc.read_bytes() == before
    assert not [p for p in on_disc.parent.iterdir() if p.name != on_disc.name]


def test_a_change_on_read_only_media_is_refused_in_plain_words(on_disc: Path) -> None:
    with open_election_file(on_disc) as store:
        assert store.read_only
        with pytest.raises(ElectionFileError, match="read-only"):
            store.set_setting("x", "y")


def test_archive_from_read_only_media(on_disc: Path, tmp_path: Path) -> None:
    out = tmp_path / "copy.canvass"
    assert main(["archive", str(on_disc), str(out)]) == 0
    with open_election_file(out) as copy:
        assert copy.verify_audit().ok and not copy.read_only
