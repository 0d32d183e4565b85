"""A county clerk's bad and odd input to every command: exit 1 (or 2 for usage), one message naming the
file, never a traceback, and the election file byte for byte as it was."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.store import open_election_file
from tests.conftest import REPO

SAMPLE_NE = REPO / "sample_data" / "sample_ne.xlsx"
SAMPLE_UT = REPO / "sample_data" / "sample_ut.xlsx"
Capsys = pytest.CaptureFixture[str]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def new_election(path: Path, state: str = "NE", canvass_date: str | None = "2026-11-16") -> Path:
    args = ["new", str(path), "--state", state, "--jurisdiction", "Sarpy County",
            "--election-name", "General Election 2026", "--election-date", "2026-11-03",
            "--operator", "clerk"]
    assert main(args + (["--canvass-date", canvass_date] if canvass_date else [])) == 0
    return path


@pytest.fixture
def empty_election(tmp_path: Path, capsys: Capsys) -> Path:
    """An election made with `new`: no tallies, no recount scope."""
    path = new_election(tmp_path / "empty.canvass")
    capsys.readouterr()
    return path


@pytest.fixture
def imported_election(tmp_path: Path, capsys: Capsys) -> Path:
    """The Nebraska sample imported: tallies, but no recount scope."""
    path = new_election(tmp_path / "ne.canvass")
    assert main(["import", str(path), str(SAMPLE_NE), "--operator", "clerk"]) == 0
    capsys.readouterr()
    return path


@pytest.fixture
def refused(capsys: Capsys) -> Iterator[Callable[..., str]]:
    """Run a command that must be refused: exit 1, no traceback, the file(s) unchanged; gives stderr."""

    def run(args: list[str], unchanged: tuple[Path, ...] = (), code: int = 1) -> str:
        before = {p: digest(p) for p in unchanged if p.is_file()}
        if code == 2:
            with pytest.raises(SystemExit) as exit_info:
                main(args)
            assert exit_info.value.code == 2
        else:
            assert main(args) == code
        err = capsys.readouterr().err
        assert "Traceback" not in err, err
        assert "recount-desktop: " in err or code == 2, err
        for path, was in before.items():
            assert digest(path) == was, f"{path} changed"
        return err

    yield run


# -- files that are missing, folders, or not election files -----------------------------------------
ELECTION_COMMANDS: list[Callable[[str, Path], list[str]]] = [
    lambda e, t: ["import", e, str(SAMPLE_NE)],
    lambda e, t: ["analyze", e],
    lambda e, t: ["reconcile", e],
    lambda e, t: ["report", e, "--out", str(t / "r.pdf")],
    lambda e, t: ["print-sheets", e, "--out", str(t / "s.pdf")],
    lambda e, t: ["audit", "verify", e],
    lambda e, t: ["sheets", "import", e, str(t / "sheets.csv")],
]
COMMAND_IDS = ["import", "analyze", "reconcile", "report", "print-sheets", "audit", "sheets"]


@pytest.fixture
def sheet_csv(tmp_path: Path) -> Path:
    path = tmp_path / "sheets.csv"
    path.write_text("Sheet ID,Contest,Precinct,Device,Method,Choice,Votes,Entry,Entered By\n"
                    "S1,County Commissioner District 2,Precinct 1,,manual,Ruth Becker,5,1,Ann\n")
    return path


@pytest.mark.parametrize("command", ELECTION_COMMANDS, ids=COMMAND_IDS)
def test_a_missing_election_file_is_named(tmp_path: Path, refused: Callable[..., str], sheet_csv: Path,
                                          command: Callable[[str, Path], list[str]]) -> None:
    err = refused(command(str(tmp_path / "nowhere.canvass"), tmp_path))
    assert "nowhere.canvass" in err and "no such" in err
    assert not (tmp_path / "nowhere.canvass").exists()


@pytest.mark.parametrize("command", ELECTION_COMMANDS, ids=COMMAND_IDS)
def test_a_folder_given_as_the_election_is_named(tmp_path: Path, refused: Callable[..., str], sheet_csv: Path,
                                                 command: Callable[[str, Path], list[str]]) -> None:
    folder = tmp_path / "elections"
    folder.mkdir()
    err = refused(command(str(folder), tmp_path))
    assert "elections" in err and "folder" in err
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("content", [b"", b"Precinct,Contest\n", b"SQLite format 3\x00" + b"\x00" * 200],
                         ids=["empty", "text", "damaged-sqlite"])
@pytest.mark.parametrize("command", ELECTION_COMMANDS, ids=COMMAND_IDS)
def test_a_file_that_is_not_an_election_is_left_as_it_was(
        tmp_path: Path, refused: Callable[..., str], sheet_csv: Path, content: bytes,
        command: Callable[[str, Path], list[str]]) -> None:
    path = tmp_path / "results.canvass"
    path.write_bytes(content)
    args = command(str(path), tmp_path)
    err = refused(args, unchanged=(path,))
    # analyze reads a file that is not SQLite as a tally file; the others want an election file
    assert "results.canvass" in err and ("election file" in err or args[0] == "analyze")
    assert path.read_bytes() == content  # an empty file is not turned into a database


def test_another_programs_sqlite_file_is_not_switched_to_wal(tmp_path: Path,
                                                             refused: Callable[..., str]) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE voters (name TEXT)")
    conn.close()
    err = refused(["audit", "verify", str(path)], unchanged=(path,))
    assert "other.db: this SQLite file is not a Recount Desktop election file" in err


@pytest.mark.parametrize("make", [lambda t: t / "missing.xlsx", lambda t: t],
                         ids=["missing", "folder"])
def test_a_tally_file_that_cannot_be_read_is_named(tmp_path: Path, imported_election: Path,
                                                   refused: Callable[..., str],
                                                   make: Callable[[Path], Path]) -> None:
    source = make(tmp_path)
    err = refused(["import", str(imported_election), str(source), "--replace"],
                  unchanged=(imported_election,))
    assert f"{source.name}: cannot read the file" in err and "unchanged" in err
    err = refused(["sheets", "import", str(imported_election), str(source)], unchanged=(imported_election,))
    assert f"{source}: cannot read the file" in err


def test_analyze_of_a_folder_or_missing_tally_file(tmp_path: Path, refused: Callable[..., str]) -> None:
    assert "is a folder" in refused(["analyze", str(tmp_path), "--state", "NE"])
    assert "no such file" in refused(["analyze", str(tmp_path / "x.xlsx"), "--state", "NE"])


def test_a_text_file_is_not_a_tally_file(tmp_path: Path, imported_election: Path,
                                         refused: Callable[..., str]) -> None:
    notes = tmp_path / "notes.xlsx"
    notes.write_bytes(b"\x00\x01 board minutes \x02")
    err = refused(["import", str(imported_election), str(notes), "--replace"], unchanged=(imported_election,))
    assert "notes.xlsx: this is not a spreadsheet" in err


# -- an election with nothing to work on yet ----------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["analyze"], ["analyze", "--json"], ["reconcile"], ["reconcile", "--json"],
], ids=["analyze", "analyze-json", "reconcile", "reconcile-json"])
def test_an_election_with_no_tallies_is_refused(empty_election: Path, refused: Callable[..., str],
                                                args: list[str]) -> None:
    err = refused([args[0], str(empty_election), *args[1:]], unchanged=(empty_election,))
    assert f"{empty_election}: the election holds no tallies yet" in err
    assert "recount-desktop import" in err


def test_report_and_print_sheets_need_tallies(tmp_path: Path, empty_election: Path,
                                              refused: Callable[..., str]) -> None:
    out = tmp_path / "r.pdf"
    assert "no tallies yet" in refused(["report", str(empty_election), "--out", str(out)], (empty_election,))
    assert "no tallies yet" in refused(["print-sheets", str(empty_election), "--out", str(out)],
                                       (empty_election,))
    assert not out.exists()


def test_sheets_into_an_election_with_no_tallies(empty_election: Path, sheet_csv: Path,
                                                 refused: Callable[..., str]) -> None:
    err = refused(["sheets", "import", str(empty_election), str(sheet_csv)], unchanged=(empty_election,))
    assert "no tallies yet" in err


def test_no_recount_scope_yet(tmp_path: Path, imported_election: Path, refused: Callable[..., str]) -> None:
    err = refused(["reconcile", str(imported_election)], unchanged=(imported_election,))
    assert f"{imported_election}: no recount scope or tally sheets yet" in err
    err = refused(["print-sheets", str(imported_election), "--out", str(tmp_path / "s.pdf")],
                  unchanged=(imported_election,))
    assert "no contest has a recount scope yet" in err


def test_an_unknown_contest_is_named(tmp_path: Path, imported_election: Path,
                                     refused: Callable[..., str]) -> None:
    err = refused(["print-sheets", str(imported_election), "--contest", "Dog Catcher",
                   "--out", str(tmp_path / "s.pdf")], unchanged=(imported_election,))
    assert "no contest named 'Dog Catcher'" in err
    sheets = tmp_path / "dog.csv"
    sheets.write_text("Sheet ID,Contest,Precinct,Method,Choice,Votes,Entry,Entered By\n"
                      "S1,Dog Catcher,Precinct 1,manual,Rex,5,1,Ann\n")
    err = refused(["sheets", "import", str(imported_election), str(sheets)], unchanged=(imported_election,))
    assert f"{sheets}, line 2: sheet S1: no contest named 'Dog Catcher'" in err


# -- imports over existing tallies ---------------------------------------------------------------------
def test_a_second_import_without_replace_changes_nothing(imported_election: Path,
                                                         refused: Callable[..., str]) -> None:
    other = REPO / "sample_data" / "sample_election.xlsx"
    err = refused(["import", str(imported_election), str(other)], unchanged=(imported_election,))
    assert f"{imported_election} already holds tallies" in err and "--replace" in err


def test_the_same_file_again_says_nothing_would_change(imported_election: Path,
                                                       refused: Callable[..., str]) -> None:
    err = refused(["import", str(imported_election), str(SAMPLE_NE)], unchanged=(imported_election,))
    assert "already holds these same tallies" in err


# -- wrong state, usage ---------------------------------------------------------------------------------
def test_a_wrong_state(imported_election: Path, refused: Callable[..., str]) -> None:
    err = refused(["analyze", str(imported_election), "--state", "CO"], unchanged=(imported_election,))
    assert f"{imported_election}: the election is in NE, not CO" in err
    err = refused(["analyze", str(imported_election), "--state", "TX"], (imported_election,), code=2)
    assert "invalid choice: 'TX'" in err


def test_new_with_a_wrong_state_or_date_is_usage(tmp_path: Path, refused: Callable[..., str]) -> None:
    path = tmp_path / "x.canvass"
    refused(["new", str(path), "--state", "TX", "--jurisdiction", "J", "--election-name", "G",
             "--election-date", "2026-11-03"], code=2)
    err = refused(["new", str(path), "--state", "NE", "--jurisdiction", "J", "--election-name", "G",
                   "--election-date", "11/03/2026"], code=2)
    assert "'11/03/2026' is not a date in the form YYYY-MM-DD" in err
    assert not path.exists()


def test_new_onto_a_folder_or_into_a_missing_folder(tmp_path: Path, refused: Callable[..., str]) -> None:
    base = ["--state", "NE", "--jurisdiction", "J", "--election-name", "G", "--election-date", "2026-11-03"]
    assert "already exists" in refused(["new", str(tmp_path), *base])
    assert "does not exist" in refused(["new", str(tmp_path / "no" / "x.canvass"), *base])


# -- where the output goes ------------------------------------------------------------------------------
def test_report_into_a_folder_that_cannot_be_written(tmp_path: Path, imported_election: Path,
                                                     refused: Callable[..., str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def read_only(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    # The tests may run as root, for whom a chmod 555 folder is writable: refuse the write itself.
    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    # ... on the named-file path (an unnamed O_TMPFILE file, tried first on Linux, falls back to it when
    # the folder refuses it, as a read-only folder does).
    monkeypatch.setattr("recount_desktop.files._write_unnamed", lambda path, data: False)
    out = tmp_path / "locked" / "report.pdf"
    out.parent.mkdir()
    err = refused(["report", str(imported_election), "--out", str(out)], unchanged=(imported_election,))
    assert f"{out}: cannot write the file (Permission denied)" in err
    assert list(out.parent.iterdir()) == []


def test_report_onto_a_folder_or_into_a_missing_one(tmp_path: Path, imported_election: Path,
                                                    refused: Callable[..., str]) -> None:
    assert "is a folder" in refused(["report", str(imported_election), "--out", str(tmp_path)],
                                    unchanged=(imported_election,))
    assert "does not exist" in refused(["report", str(imported_election), "--out",
                                        str(tmp_path / "no" / "r.pdf")], unchanged=(imported_election,))


def test_a_report_gets_the_permissions_of_any_new_file(tmp_path: Path, imported_election: Path) -> None:
    out = tmp_path / "report.pdf"
    previous = os.umask(0o022)
    try:
        assert main(["report", str(imported_election), "--out", str(out)]) == 0
    finally:
        os.umask(previous)
    assert out.stat().st_mode & 0o777 == 0o644  # not the 0600 of a temporary file


def test_signing_with_a_missing_or_wrong_certificate(tmp_path: Path, imported_election: Path,
                                                     refused: Callable[..., str]) -> None:
    password = tmp_path / "password.txt"
    password.write_text("secret\n")
    out = tmp_path / "r.pdf"
    err = refused(["report", str(imported_election), "--out", str(out), "--sign", str(tmp_path / "none.p12"),
                   "--password-file", str(password)], unchanged=(imported_election,))
    assert "none.p12: cannot read the certificate" in err
    err = refused(["report", str(imported_election), "--out", str(out), "--sign", str(password),
                   "--password-file", str(password)], unchanged=(imported_election,))
    assert "password.txt: cannot open the certificate: wrong password or not a PKCS#12 file" in err
    assert err.count("\n") == 1  # pyhanko's own logged traceback stays out of the clerk's way
    assert not out.exists()


def test_template_into_a_missing_folder_or_with_a_wrong_suffix(tmp_path: Path,
                                                               refused: Callable[..., str]) -> None:
    assert "does not exist" in refused(["template", "tallies", str(tmp_path / "no" / "t.xlsx")])
    assert "ending in .xlsx" in refused(["template", "sheets", str(tmp_path / "t.csv")])


# -- odd but valid ------------------------------------------------------------------------------------
def test_an_election_without_a_canvass_date_still_analyses_and_reports(tmp_path: Path,
                                                                      capsys: Capsys) -> None:
    path = new_election(tmp_path / "ut.canvass", state="UT", canvass_date=None)
    assert main(["import", str(path), str(SAMPLE_UT)]) == 0
    assert main(["analyze", str(path), "--json"]) == 0
    assert main(["report", str(path), "--out", str(tmp_path / "r.pdf")]) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_windows_1252_semicolon_sheet_file_is_read(imported_election: Path, tmp_path: Path,
                                                     capsys: Capsys) -> None:
    sheets = tmp_path / "sheets.csv"
    rows = ["Sheet ID;Contest;Precinct;Method;Choice;Votes;Entry;Entered By"]
    with open_election_file(imported_election) as store:
        contest = store.results().contests[0]
    rows += [f"S1;{contest.name};Precinct 1;manual;{c.name};1;1;José Núñez" for c in contest.choices]
    sheets.write_bytes("\n".join(rows).encode("cp1252"))
    assert main(["sheets", "import", str(imported_election), str(sheets)]) == 0, capsys.readouterr().err
    with open_election_file(imported_election) as store:
        assert store.audit_entries()[-1].details["sheets"][0]["entered_by"] == "José Núñez"


@pytest.mark.slow
def test_an_election_file_locked_by_another_window(imported_election: Path,
                                                   refused: Callable[..., str]) -> None:
    """Another program holds the write lock past the 5-second wait: the change is refused, not a traceback."""
    other = sqlite3.connect(imported_election, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        err = refused(["import", str(imported_election), str(REPO / "sample_data" / "sample_election.xlsx"),
                       "--replace"], unchanged=(imported_election,))
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert f"{imported_election}: cannot change the election file (database is locked)" in err
