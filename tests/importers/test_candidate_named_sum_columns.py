"""Review findings on issue 11 section 1 (``checks.sum_column``): a column headed like a candidate that
happens to equal the sum of the choices before it is read as the file's total only when every row
can be checked over enough units, and then with a warning naming it; else it stays a candidate. A
row total that is text or an Excel error value is an error naming its cell. In a workbook of several
sheets the sheet's name, not the unit column's header, names each sheet's contest."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.checks import sum_column
from recount_desktop.importers.profiles import load_profile
from tests.importers.conftest import write_xlsx


def _statement(tmp_path: Path, mayor_rows: list[list[object]]) -> Path:
    """Two contest sheets (a statement of votes cast); Mayor's last candidate column is Carl Jones."""
    mayor = [["Mayor"], ["Precinct", "Ada Lovelace", "Bob Smith", "Carl Jones"], *mayor_rows]
    council = [["Council"], ["Precinct", "Dee", "Eve"], ["Precinct 1", 3, 3], ["Precinct 2", 9, 8]]
    return write_xlsx(tmp_path / "stmt_sum.xlsx", {"Mayor": mayor, "Council": council})


def _warnings(imported: object) -> list[str]:
    return [str(w) for w in imported.warnings]  # type: ignore[attr-defined]


def test_a_candidate_equal_to_the_sum_in_three_precincts_is_kept_and_warned_of(tmp_path: Path) -> None:
    """Carl Jones wins with 22; his counts happen to equal Ada's plus Bob's in each precinct."""
    rows: list[list[object]] = [
        ["Precinct 1", 1, 2, 3],
        ["Precinct 2", 4, 5, 9],
        ["Precinct 3", 10, 0, 10],
        ["Total", 15, 7, 22],
    ]
    imported = read_tally_file(_statement(tmp_path, rows))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada Lovelace": 15, "Bob Smith": 7, "Carl Jones": 22}
    assert "column D" not in [note.cell for note in imported.notes.totals]
    [warning] = [w for w in _warnings(imported) if "Carl Jones" in w]
    assert "cell D2" in warning and "all 3 unit rows" in warning and "read as a candidate" in warning


def test_suppressed_rows_never_let_a_candidate_be_taken_for_a_total(tmp_path: Path) -> None:
    """Review3's "Results - Mayor.csv": the rows that agree are taken, the *** rows cannot be checked
    (in one of them Carl has 12 against Bob's 40: no total)."""
    path = tmp_path / "Results - Mayor.csv"
    path.write_text(
        "Precinct,Ada Lovelace,Bob Smith,Carl Jones\n"
        "Precinct 1,1,2,3\nPrecinct 2,4,5,9\nPrecinct 3,***,40,12\nPrecinct 4,30,***,50\n"
        "Precinct 5,0,0,0\n",
        encoding="utf-8",
    )
    imported = read_tally_file(path, format="sovc")
    assert imported.errors == () and imported.results is not None
    [contest] = imported.results.contests
    assert [c.name for c in contest.choices] == ["Ada Lovelace", "Bob Smith", "Carl Jones"]
    assert imported.results.totals(contest.name)["Carl Jones"] == 74
    assert not imported.notes.totals
    assert not [w for w in _warnings(imported) if "Carl Jones" in w]


ADA, BOB = (5, 1, 7, 2, 9, 4), (3, 8, 2, 6, 1, 7)  # no row the sum of the rows above it


def _six_precincts(carl_in_p6: object) -> list[list[object]]:
    pairs = enumerate(zip(ADA, BOB, strict=True), start=1)
    rows: list[list[object]] = [[f"Precinct {i}", a, b, a + b] for i, (a, b) in pairs]
    rows[-1][3] = carl_in_p6
    return rows


def test_a_candidate_named_column_summing_six_precincts_is_read_as_the_total(tmp_path: Path) -> None:
    imported = read_tally_file(_statement(tmp_path, _six_precincts(11)))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada Lovelace": 28, "Bob Smith": 27}
    assert "column D" in [note.cell for note in imported.notes.totals if note.sheet == "Mayor"]
    [warning] = [w for w in _warnings(imported) if "Carl Jones" in w]
    assert "cell D2" in warning and "in all 6 unit rows" in warning
    assert "read as the file's total, not a candidate" in warning


def test_one_suppressed_cell_in_the_column_keeps_it_a_candidate(tmp_path: Path) -> None:
    imported = read_tally_file(_statement(tmp_path, _six_precincts("***")))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor")["Carl Jones"] == 44
    assert not [w for w in _warnings(imported) if "equals the sum" in w]


def test_the_file_total_row_is_not_counted_as_a_unit_row() -> None:
    """Four precincts and the county's total row: four units, too few to tell."""
    rows: list[list[object]] = [[f"P{i}", i, i, 2 * i] for i in range(1, 5)]
    rows.append(["Total", 10, 10, 20])
    found = sum_column(rows, {1: "Ada", 2: "Bob", 3: "Carl"}, lambda row: row[0] != "Total")
    assert found is not None and (found.column, found.rows, found.taken) == (3, 4, False)


def test_a_wide_contests_candidate_equal_to_the_sum_is_kept_and_warned_of(tmp_path: Path) -> None:
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Results"
    for row in [
        [None, "Mayor", None, None, "Clerk", None],
        ["Precinct", "Ada", "Bo", "Cy", "Di", "Ed"],
        ["P1", 1, 2, 3, 6, 4],
        ["P2", 4, 5, 9, 5, 5],
        ["P3", 10, 0, 10, 1, 2],
    ]:
        sheet.append(row)
    path = tmp_path / "wide.xlsx"
    workbook.save(path)
    imported = read_tally_file(path, format="wide")
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 15, "Bo": 7, "Cy": 22}
    [warning] = [w for w in _warnings(imported) if "'Cy'" in w]
    assert "cell D2" in warning and "all 3 unit rows" in warning


def test_a_text_row_total_is_an_error_naming_its_cell(tmp_path: Path) -> None:
    path = tmp_path / "badtotal.csv"
    path.write_text("Precinct,Ada,Bob,Total Votes Cast\n1,1,2,abc\n2,3,4,7\n", encoding="utf-8")
    imported = read_tally_file(path, format="sovc")
    assert imported.results is None
    assert any(e.cell == "line 2" and "'abc'" in e.message for e in imported.errors), imported.errors


def _error_total_workbook(path: Path) -> Path:
    """A contest sheet whose D3 (P1's Total Votes) is a formula cell cached as #DIV/0!."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Mayor"
    for row in [["Mayor"], ["Precinct", "Ada", "Bob", "Total Votes"], ["P1", 1, 2, None], ["P2", 3, 4, 7]]:
        sheet.append(row)
    sheet2 = workbook.create_sheet("Clerk")
    for row in [["Clerk"], ["Precinct", "Di", "Ed"], ["P1", 1, 2], ["P2", 3, 4]]:
        sheet2.append(row)
    workbook.save(path)
    _cache_error(path, "D3")
    return path


def _cache_error(path: Path, ref: str) -> None:
    """Make the first sheet's cell ``ref`` an error cell (openpyxl writes no cached error values)."""
    import shutil
    import zipfile

    copy = path.with_suffix(".tmp")
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(copy, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                text = data.decode()
                row = ref[1:]
                cell = f'<c r="{ref}" t="e"><f>1/0</f><v>#DIV/0!</v></c>'
                text = text.replace(f'<row r="{row}"', "\x00", 1)
                head, _, rest = text.partition("\x00")
                attributes, _, body = rest.partition(">")
                body = body.replace("</row>", cell + "</row>", 1)
                text = f'{head}<row r="{row}"{attributes}>{body}'
                data = text.encode()
            target.writestr(item, data)
    shutil.move(copy, path)


def test_an_excel_error_in_a_row_total_is_an_error_naming_its_cell(tmp_path: Path) -> None:
    imported = read_tally_file(_error_total_workbook(tmp_path / "errtotal.xlsx"), format="sovc")
    assert imported.results is None
    assert any(e.cell == "D3" and "#DIV/0!" in e.message for e in imported.errors), imported.errors


def test_each_sheet_of_a_profiled_workbook_is_its_own_contest(tmp_path: Path) -> None:
    """Review3's site.xlsx with site.toml: column A headed 'Site' on sheets Mayor and Council, no
    title row. The header is no contest of both: each sheet's name is its contest's."""
    path = write_xlsx(
        tmp_path / "site.xlsx",
        {
            "Mayor": [["Site", "Ada", "Bob"], ["Adams School", 10, 20], ["Baker Hall", 30, 5]],
            "Council": [["Site", "Ada", "Bob"], ["Adams School", 7, 8], ["Baker Hall", 9, 12]],
        },
    )
    profile = tmp_path / "site.toml"
    profile.write_text(
        'name = "t"\nformat = "sovc"\n[reading]\nunits = "rows"\nheader_rows = [1]\nunit_column = "A"\n',
        encoding="utf-8",
    )
    imported = read_tally_file(path, profile=load_profile(profile))
    assert imported.errors == () and imported.results is not None
    assert [c.name for c in imported.results.contests] == ["Mayor", "Council"]
    assert imported.results.totals("Council") == {"Ada": 16, "Bob": 20}


def test_a_one_sheet_statement_is_read_as_its_titled_contest(tmp_path: Path) -> None:
    """Review3's one_sheet.xlsx: a title row 'Mayor' above the Precinct header. It was refused
    (automatic detection took a statement only from two or more contest sheets); the title makes
    the header's choices that one contest's, so it is read as the statement --format sovc reads
    (fourth review, R7). Untitled, it is still refused: test_titled_one_contest_statement."""
    rows = [["Mayor"], ["Precinct", "Ada", "Bob", "Total Votes"], ["P1", 1, 2, 3], ["P2", 3, 4, 7]]
    path = write_xlsx(tmp_path / "one_sheet.xlsx", {"Mayor": rows})
    found = read_tally_file(path)
    assert found.errors == () and found.results is not None and found.layout == "sovc"
    imported = read_tally_file(path, format="sovc")
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 4, "Bob": 6}
    assert found.results == imported.results


def test_a_candidate_equal_to_the_only_other_candidate_with_votes_is_no_sum() -> None:
    """Ada has no vote anywhere and Carl ties Bob in six precincts: Carl = Ada + Bob in every row,
    but a total sums two choices with votes."""
    rows: list[list[object]] = [[f"P{i}", 0, b, b] for i, b in enumerate(BOB, start=1)]
    assert sum_column(rows, {1: "Ada", 2: "Bob", 3: "Carl"}) is None
    rows[0][1], rows[0][3] = 1, BOB[0] + 1
    found = sum_column(rows, {1: "Ada", 2: "Bob", 3: "Carl"})
    assert found is not None and (found.rows, found.taken) == (6, True)
