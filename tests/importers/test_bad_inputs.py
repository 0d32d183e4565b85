"""A catalogue of bad tally files: each is refused with exit status 1, a message naming the place,
and an election file byte-identical to before."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook

from recount_desktop.cli import main
from recount_desktop.domain import Election
from recount_desktop.store import create_election_file
from tests.importers.conftest import TALLY_HEADER, write_csv, write_xlsx

H = TALLY_HEADER
Maker = Callable[[Path], Path]


def _tallies(*rows: tuple[object, ...]) -> Maker:
    return lambda d: write_xlsx(d / "bad.xlsx", {"Tallies": [H, *rows]})


def _sheets(sheets: dict[str, list[tuple[object, ...]]]) -> Maker:
    return lambda d: write_xlsx(d / "bad.xlsx", {"Tallies": [H, ("P1", "Mayor", "Ada", 1)], **sheets})


def _bytes(name: str, data: bytes) -> Maker:
    def make(d: Path) -> Path:
        (d / name).write_bytes(data)
        return d / name

    return make


def _huge_sheet(d: Path) -> Path:
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Tallies"
    sheet.append(H)
    sheet.append(("P1", "Mayor", "Ada", 1))
    sheet.cell(row=1_048_576, column=1, value="stray")
    workbook.save(d / "bad.xlsx")
    return d / "bad.xlsx"


CASES: dict[str, tuple[Maker, list[str]]] = {
    "empty file": (_bytes("bad.xlsx", b""), ["bad.xlsx", "empty"]),
    "pdf renamed to xlsx": (
        _bytes("bad.xlsx", b"%PDF-1.4\x00\x01\x02binary"),
        ["bad.xlsx", "not a spreadsheet"],
    ),
    "corrupt zip": (_bytes("bad.xlsx", b"PK\x03\x04" + b"\x00garbage" * 20), ["bad.xlsx", "damaged"]),
    "password protected": (
        _bytes("bad.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600),
        ["bad.xlsx", "password-protected"],
    ),
    "utf-16 csv": (_bytes("bad.csv", "Precinct,Contest\n".encode("utf-16")), ["bad.csv", "cannot read"]),
    "header only": (_tallies(), ["sheet 'Tallies'", "cell A2", "no rows"]),
    "empty tallies sheet": (
        lambda d: write_xlsx(d / "bad.xlsx", {"Tallies": []}),
        ["sheet 'Tallies'", "no header"],
    ),
    "missing votes column": (
        lambda d: write_xlsx(d / "bad.xlsx", {"Tallies": [H[:3], ("P1", "M", "A")]}),
        ["cell A1", "missing required column(s) Votes"],
    ),
    "negative votes": (_tallies(("P1", "Mayor", "Ada", -3)), ["cell D2", "negative"]),
    "fractional votes": (_tallies(("P1", "Mayor", "Ada", 2.5)), ["cell D2", "fractional"]),
    "fractional text": (_tallies(("P1", "Mayor", "Ada", "2.50")), ["cell D2", "fractional"]),
    "text not a number": (_tallies(("P1", "Mayor", "Ada", "twelve")), ["cell D2", "not a number"]),
    "excel error cell": (_tallies(("P1", "Mayor", "Ada", "#DIV/0!")), ["cell D2", "#DIV/0!"]),
    "duplicate, different numbers": (
        _tallies(("P1", "Mayor", "Ada", 3), ("P1", "Mayor", "Ada", 4)),
        ["cell D3", "D2", "different counts"],
    ),
    "choice named like a total": (_tallies(("P1", "Mayor", "Total", 3)), ["cell D2", "named like a total"]),
    "row without contest": (_tallies(("P1", None, "Ada", 3)), ["cell B2", "no contest"]),
    "row without choice": (_tallies(("P1", "Mayor", None, 3)), ["cell C2", "no choice"]),
    "mangled precinct id": (_tallies(("1.00E+02", "Mayor", "Ada", 3)), ["cell A2", "scientific notation"]),
    "vote types mixed": (
        lambda d: write_xlsx(
            d / "bad.xlsx",
            {"Tallies": [(*H, "Vote Type"), ("P1", "M", "A", 1, "Early"), ("P1", "M", "A", 2, None)]},
        ),
        ["cell D3", "vote type"],
    ),
    "a sheet of 1,048,576 rows": (_huge_sheet, ["cell B1048576", "no contest"]),
    "unknown kind": (
        _sheets({"Contests": [("Contest", "Kind"), ("Mayor", "person")]}),
        ["sheet 'Contests'", "cell B2", "candidate"],
    ),
    "zero seats": (_sheets({"Contests": [("Contest", "Seats"), ("Mayor", 0)]}), ["cell B2", "at least 1"]),
    "bad approval": (
        _sheets({"Contests": [("Contest", "Approval"), ("Mayor", "most")]}),
        ["cell B2", "Approval"],
    ),
    "unknown scope": (
        _sheets({"Contests": [("Contest", "Scope"), ("Mayor", "galaxy")]}),
        ["cell B2", "statewide"],
    ),
    "contest listed twice": (
        _sheets({"Contests": [("Contest", "Seats"), ("Mayor", 1), ("Mayor", 2)]}),
        ["cell A3", "twice"],
    ),
    "bad state": (
        _sheets({"Election": [("Field", "Value"), ("State", "TX")]}),
        ["sheet 'Election'", "cell B2"],
    ),
    "bad date": (
        _sheets({"Election": [("Field", "Value"), ("Election Date", "Nov 3")]}),
        ["cell B2", "YYYY-MM-DD"],
    ),
    "unknown election field": (
        _sheets({"Election": [("Field", "Value"), ("Weather", "rain")]}),
        ["cell A2", "Weather"],
    ),
    "unrecognised layout": (
        lambda d: write_csv(d / "bad.csv", [("a", "b"), (1, 2)]),
        ["bad.csv", "could not recognise the layout", "template tallies"],
    ),
    "csv error names its line": (
        lambda d: write_csv(d / "bad.csv", [H, ("P1", "M", "A", 1), ("P1", "M", "B", "x")]),
        ["bad.csv, line 3", "not a number"],
    ),
    "missing file": (lambda d: d / "nowhere.xlsx", ["nowhere.xlsx", "cannot read"]),
    # issue 11: the file's own total disagrees with its units; a blank count; an unnamed row
    "total row disagrees": (
        _tallies(("P1", "Mayor", "Ada", 5), ("P2", "Mayor", "Ada", 6), ("Total", "Mayor", "Ada", 12)),
        ["cell D4", "(D2:D3) add up to 11", "says 12", "+1", "--accept-differences"],
    ),
    "blank count": (
        _tallies(("P1", "Mayor", "Ada", 5), ("P1", "Mayor", "Bo", None)),
        ["cell D3", "no vote count for 'Bo'", "blank"],
    ),
    "sovc total disagrees": (
        lambda d: write_xlsx(
            d / "bad.xlsx",
            {
                "1": [["Mayor"], ["Precinct", "Ada", "Bo"], ["P1", 3, 4], ["P2", 5, 6], ["Total:", 8, 11]],
                "2": [["Clerk"], ["Precinct", "Cy", "Di"], ["P1", 1, 2], ["P2", 3, 4], ["Total:", 4, 6]],
            },
        ),
        ["sheet '1', cell C5", "(C3:C4) add up to 10", "says 11"],
    ),
    "several elections": (
        lambda d: write_xlsx(d / "bad.xlsx", {"2022 General": [H], "2022 Primary": [H]}),
        ["several elections", "'2022 General', '2022 Primary'", "--sheet"],
    ),
}


@pytest.fixture
def election_path(tmp_path: Path, election: Election) -> Path:
    path = tmp_path / "e.canvass"
    create_election_file(path, election, operator="clerk").close()
    return path


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_input_is_refused_and_the_election_is_unchanged(
    case: str, tmp_path: Path, election_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    make, expected = CASES[case]
    source_dir = tmp_path / "in"
    source_dir.mkdir()
    source = make(source_dir)
    before = election_path.read_bytes()
    status = main(["import", str(election_path), str(source), "--operator", "clerk"])
    err = capsys.readouterr().err
    assert status == 1
    assert "Traceback" not in err
    for text in expected:
        assert text in err, f"{text!r} not in {err!r}"
    assert election_path.read_bytes() == before


def test_second_import_without_replace_shows_changes_and_stores_nothing(
    tmp_path: Path, election_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = write_xlsx(tmp_path / "a.xlsx", {"Tallies": [H, ("P1", "Mayor", "Ada", 10)]})
    second = write_xlsx(tmp_path / "b.xlsx", {"Tallies": [H, ("P1", "Mayor", "Ada", 12)]})
    assert main(["import", str(election_path), str(first), "--operator", "clerk"]) == 0
    before = election_path.read_bytes()
    assert main(["import", str(election_path), str(second), "--operator", "clerk"]) == 1
    err = capsys.readouterr().err
    assert "'Mayor', precinct 'P1', 'Ada': 10 -> 12" in err and "--replace" in err
    assert election_path.read_bytes() == before
    assert main(["import", str(election_path), str(second), "--operator", "clerk", "--replace"]) == 0
