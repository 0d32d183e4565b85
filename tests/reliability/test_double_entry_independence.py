"""Issue 15, section 2: double entry is independent and blind."""

from __future__ import annotations

import csv
import hashlib
import itertools
import json
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.recount.sheet_rows import SheetLines, lines_digest
from recount_desktop.recount.sheets import SheetError, enter_sheet, sheet_status
from recount_desktop.store import audit, open_election_file
from recount_desktop.store.audit import canonical_json
from tests.reliability.conftest import mayor_sheet

SAME_CLERK = ["Clerk One.", "clerk  one", "Clerk\u200bOne", "\u0421lerk One", "ＣＬＥＲＫ ＯＮＥ",
              "Cl\u0435rk On\u0435", "C1erk One", "Clerk-One"]


@pytest.mark.parametrize("second", SAME_CLERK)
def test_a_name_that_only_looks_different_is_the_same_clerk(filled: Path, second: str) -> None:
    with open_election_file(filled, operator="desk-1") as store:
        enter_sheet(store, mayor_sheet("M-8", "Clerk One", precinct="Precinct 2"))
        store.operator = "desk-2"
        with pytest.raises(SheetError, match="must be made by someone else"):
            enter_sheet(store, mayor_sheet("M-8", second, precinct="Precinct 2"))


def _sheet_file(path: Path, clerks: tuple[str, str]) -> Path:
    with path.open("w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["Sheet ID", "Contest", "Precinct", "Method", "Choice", "Votes", "Entry", "Entered By"])
        for number, clerk in enumerate(clerks, start=1):
            for choice, votes in (("Ada Alvarez", 101), ("Bo Brandt", 98)):
                out.writerow(["F-1", "Mayor", "Precinct 2", "manual", choice, votes, number, clerk])
    return path


def test_both_entries_from_one_import_file_are_flagged_not_independent(filled: Path, tmp_path: Path,
                                                                        capsys) -> None:
    sheets = _sheet_file(tmp_path / "both.csv", ("Ann", "Ben"))
    assert main(["sheets", "import", str(filled), str(sheets), "--operator", "desk-1"]) == 0
    capsys.readouterr()
    assert main(["reconcile", str(filled), "--json"]) == 0
    mayor = next(c for c in json.loads(capsys.readouterr().out)["contests"] if c["contest"] == "Mayor")
    flagged = {f["sheet_id"]: f["reason"] for f in mayor["not_independent_sheets"]}
    assert flagged == {"F-1": "both entries typed or imported by operator desk-1"}
    assert main(["reconcile", str(filled)]) == 0
    assert "NOT INDEPENDENT: 1 sheet(s)" in capsys.readouterr().out
    with open_election_file(filled) as store:
        assert sheet_status(store, "F-1").not_independent


def test_two_operators_typing_two_entries_are_independent(filled: Path) -> None:
    with open_election_file(filled) as store:
        assert sheet_status(store, "M-1").not_independent == ""
    with open_election_file(filled, operator="desk-1") as store:
        enter_sheet(store, mayor_sheet("M-9", "Ann", precinct="Precinct 2"))
        store.operator = "desk-2"
        enter_sheet(store, mayor_sheet("M-9", "Ben", precinct="Precinct 2"))
        assert sheet_status(store, "M-9").not_independent == ""


def _search(target: str, original: tuple[int, int], digest) -> tuple[int, int] | None:
    """The review's attack: try every count within 30 votes of the public original tallies."""
    for ada, bo in itertools.product(range(original[0] - 30, original[0] + 31),
                                     range(original[1] - 30, original[1] + 31)):
        lines = SheetLines("Precinct 2", None, "manual", (("Ada Alvarez", ada), ("Bo Brandt", bo)))
        if digest(lines) == target:
            return ada, bo
    return None


def test_the_first_entrys_digest_cannot_be_reversed_from_the_public_tallies(filled: Path) -> None:
    with open_election_file(filled) as store:
        enter_sheet(store, mayor_sheet("M-10", "Ann", ada=104, bo=95, precinct="Precinct 2"))
        logged = store.audit_entries()[-1].details
        with store.read() as conn:
            key = conn.execute("SELECT key FROM election_key").fetchone()[0]
    assert "lines_sha256" not in logged and "104" not in json.dumps(logged)
    unkeyed = lambda lines: hashlib.sha256(canonical_json(lines.as_json()).encode()).hexdigest()  # noqa: E731
    assert _search(logged["lines_hmac"], (101, 98), unkeyed) is None
    # With the election's key (which never leaves the file) the same search finds it: the key is what
    # stands between the log and the numbers.
    assert _search(logged["lines_hmac"], (101, 98), lambda lines: lines_digest(lines, key)) == (104, 95)


def test_each_election_has_its_own_key(tmp_path: Path, election) -> None:
    from recount_desktop.store import create_election_file

    keys = set()
    for name in ("a", "b"):
        with create_election_file(tmp_path / f"{name}.canvass", election) as store, store.read() as conn:
            keys.add(conn.execute("SELECT key FROM election_key").fetchone()[0])
    assert len(keys) == 2 and all(len(k) == 64 for k in keys)
    assert audit.GENESIS_HASH not in keys
