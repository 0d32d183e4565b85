"""Tally sheets from files: the template round-trips, bad files name every bad cell, nothing is stored."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook

from recount_desktop.cli import main
from recount_desktop.recount.sheet_template import read_sheet_file, write_sheet_template
from recount_desktop.store import ElectionFile, open_election_file

HEADER = ("Sheet ID", "Contest", "Precinct", "Device", "Method", "Choice", "Votes", "Entry", "Entered By",
          "Counted By")


def workbook(path: Path, rows: list[tuple[Any, ...]], header: tuple[str, ...] = HEADER) -> Path:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sheets"
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


def paper(sheet_id: str, precinct: str, ada: int, bo: int, entry: int, who: str) -> list[tuple[Any, ...]]:
    return [(sheet_id, "Mayor", precinct, None, "manual", "Ada", ada, entry, who, "Kim; Lee"),
            (sheet_id, "Mayor", precinct, None, "manual", "Bo", bo, entry, who, "Kim; Lee")]


def file_state(store: ElectionFile) -> tuple[int, int, int]:
    conn = store._conn
    return (conn.execute("SELECT COUNT(*) FROM recount_entry").fetchone()[0],
            conn.execute("SELECT COUNT(*) FROM recount_scope").fetchone()[0],
            len(store.audit_entries()))


def test_the_template_has_the_contract_columns_lists_and_an_example_that_reading_skips(
        tmp_path: Path) -> None:
    path = tmp_path / "sheets.xlsx"
    write_sheet_template(path)
    sheet = load_workbook(path)["Sheets"]
    assert tuple(c.value for c in sheet[1]) == HEADER
    assert sheet["A2"].value == "EXAMPLE" and sheet["F2"].value == "Jane Doe"
    lists = {str(v.sqref): v.formula1 for v in sheet.data_validations.dataValidation}
    assert lists == {"E2:E5000": '"manual,machine"', "H2:H5000": '"1,2"'}
    read = read_sheet_file(path)
    assert read.entries == ()
    assert [p.message for p in read.problems] == ["no tally sheet rows below the header"]


def test_both_entries_from_a_file_verify_the_sheets(tmp_path: Path, store: ElectionFile, capsys) -> None:
    rows = paper("M-P1", "P1", 99, 98, 1, "Ann") + paper("M-P1", "P1", 99, 98, 2, "Ben")
    rows += paper("M-P3", "P3", 30, 31, 1, "Ann") + paper("M-P3", "P3", 30, 13, 2, "Ben")
    rows.append(("M-P1", "Mayor", "P1", None, "manual", "Over Votes", 2, 1, "Ann", "Kim; Lee"))
    rows.append(("M-P1", "Mayor", "P1", None, "manual", "Over Votes", 2, 2, "Ben", "Kim; Lee"))
    path = workbook(tmp_path / "in.xlsx", rows)
    store.close()
    assert main(["sheets", "import", str(store.path), str(path), "--operator", "Dee"]) == 0
    out = capsys.readouterr().out
    assert "Entered 4 sheet entries" in out and "sheet M-P3 in discrepancy: Bo: 31 vs 13" in out
    assert main(["reconcile", str(store.path), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    mayor = document["contests"][0]
    assert mayor["pending_sheets"] == 1
    assert mayor["totals"] == [{"choice": "Ada", "original": 180, "amended": 179},
                               {"choice": "Bo", "original": 179, "amended": 179}]
    assert main(["reconcile", str(store.path)]) == 0
    table = capsys.readouterr().out
    assert "Outcome CHANGED" in table and "none (tie for the last seat: Ada, Bo)" in table
    assert "1 sheet(s) not yet counted" in table


CASES = [
    ("a negative count", [("M-P1", "Mayor", "P1", None, "manual", "Ada", -3, 1, "Ann", None)],
     "cell G2: Votes must be a whole number of 0 or more, not '-3'"),
    ("a bad method", [("M-P1", "Mayor", "P1", None, "by hand", "Ada", 3, 1, "Ann", None)],
     "cell E2: Method must be manual or machine, not 'by hand'"),
    ("a third entry", [("M-P1", "Mayor", "P1", None, "manual", "Ada", 3, 3, "Ann", None)],
     "cell H2: Entry must be 1 or 2, not '3'"),
    ("an unknown contest", [("X", "Sheriff", "P1", None, "manual", "Ada", 3, 1, "Ann", None)],
     "cell B2: sheet X: no contest named 'Sheriff' in the election"),
    ("an unknown precinct", paper("M-P9", "P9", 1, 1, 1, "Ann"),
     "cell C2: sheet M-P9: no precinct named 'P9' in the election"),
    ("an unknown choice", paper("M-P1", "P1", 1, 1, 1, "Ann")
     + [("M-P1", "Mayor", "P1", None, "manual", "Zed", 3, 1, "Ann", "Kim; Lee")],
     "cell F4: sheet M-P1: 'Zed' is not a choice in 'Mayor'"),
    ("the same operator twice", paper("M-P1", "P1", 1, 1, 1, "Ann") + paper("M-P1", "P1", 1, 1, 2, "Ann"),
     "cell I4: sheet M-P1: Ann made entry 1 of sheet M-P1"),
    ("two precincts on one sheet", [paper("M-P1", "P1", 1, 1, 1, "Ann")[0],
                                    paper("M-P1", "P2", 1, 1, 1, "Ann")[1]],
     "cell C3: sheet M-P1 entry 1 says Precinct 'P1' on row 2 but 'P2' here"),
    ("a choice twice", paper("M-P1", "P1", 1, 1, 1, "Ann") + paper("M-P1", "P1", 1, 1, 1, "Ann")[:1],
     "cell F4: 'Ada' appears twice in sheet M-P1 entry 1"),
]


@pytest.mark.parametrize(("case", "rows", "message"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_sheet_file_is_refused_naming_the_cell_and_stores_nothing(
        tmp_path: Path, store: ElectionFile, capsys, case: str, rows: list[tuple[Any, ...]],
        message: str) -> None:
    path = workbook(tmp_path / "bad.xlsx", rows)
    before = file_state(store)
    store.close()
    assert main(["sheets", "import", str(store.path), str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}, sheet 'Sheets', {message}" in err, err
    assert "the election is unchanged" in err
    with open_election_file(store.path) as again:
        assert file_state(again) == before


def test_every_error_is_reported_at_once(tmp_path: Path) -> None:
    rows = [("M-P1", "Mayor", "P1", None, "manual", "Ada", "x", 1, "Ann", None),
            ("", "Mayor", "P1", None, "manual", "Bo", 2, 1, "Ann", None),
            ("M-P1", "Mayor", "", None, "manual", "Bo", 2, 1, "", None)]
    read = read_sheet_file(workbook(tmp_path / "bad.xlsx", rows))
    assert [p.cell for p in read.problems] == ["G2", "A3", "I4", "C4"]


def test_a_missing_column_or_sheet_is_named(tmp_path: Path) -> None:
    read = read_sheet_file(workbook(tmp_path / "cols.xlsx", [], header=HEADER[:6]))
    assert [str(p) for p in read.problems] == [
        f"{tmp_path / 'cols.xlsx'}, sheet 'Sheets', row 1: missing column(s) Votes, Entry, Entered By; the "
        f"header row must name {', '.join(HEADER)}"]
    other = tmp_path / "other.xlsx"
    book = Workbook()
    book.active.title = "Tallies"  # type: ignore[union-attr]
    book.save(other)
    assert "no sheet named 'Sheets' (found: Tallies)" in str(read_sheet_file(other).problems[0])


def test_a_csv_sheet_file_names_the_line(tmp_path: Path, store: ElectionFile) -> None:
    path = tmp_path / "sheets.csv"
    path.write_text(",".join(HEADER)
                    + "\nM-P1,Mayor,P1,,manual,Ada,12,1,Ann,\nM-P1,Mayor,P1,,manual,Bo,1.5,1,Ann,\n")
    read = read_sheet_file(path)
    assert [str(p) for p in read.problems] == [
        f"{path}, line 3: Votes must be a whole number of 0 or more, not '1.5'"]
