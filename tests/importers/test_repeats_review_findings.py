"""A unit met again is a split precinct's portion or a repeated copy only within one sheet and one
group of units; a contest the file reports only as totals is never left out silently (review
findings 2, 3 and 7 on issue 11's import changes)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.reader import TallyImport
from tests.importers.conftest import write_xlsx
from tests.importers.test_sovc_block import _book, _same_both_ways


def _statement_sheet(title: str, head: list[str], *rows: list[object]) -> list[list[object]]:
    return [[title], ["Precinct", *head], *rows]


def _read(path: Path, **options: bool) -> TallyImport:
    imported, _answers = _same_both_ways(path, **options)
    return imported


def test_a_primarys_two_party_sheets_of_one_title_are_refused_not_summed(tmp_path: Path) -> None:
    """A DEM and a REP sheet both titled GOVERNOR: two contests, not one with both parties'
    candidates and each precinct's Write-in lines summed as portions."""
    dem = _statement_sheet(
        "GOVERNOR", ["Ada Lovelace", "Bob Smith", "Write-in"], ["P1", 10, 20, 1], ["P2", 30, 5, 2]
    )
    rep = _statement_sheet(
        "GOVERNOR", ["Cy Young", "Di Prince", "Write-in"], ["P1", 50, 7, 0], ["P2", 8, 9, 4]
    )
    dem.append(["Total", 40, 25, 3])
    rep.append(["Total", 58, 16, 4])
    imported = _read(write_xlsx(tmp_path / "primary.xlsx", {"Governor DEM": dem, "Governor REP": rep}))
    assert imported.results is None
    # refused naming both sheets' headers (the sheets' title check, fourth review W1), before the
    # Write-in lines were met twice
    assert [(e.sheet, e.cell) for e in imported.errors] == [("Governor REP", "A2")]
    assert "sheets 'Governor DEM' and 'Governor REP' are both titled 'GOVERNOR'" in imported.errors[0].message
    assert not any("portions" in w.message for w in imported.warnings)


def test_two_questions_of_one_title_on_two_sheets_are_refused(tmp_path: Path) -> None:
    first = _statement_sheet("School Bond Question", ["Yes", "No"], ["Precinct 1", 10, 20], ["Total", 10, 20])
    second = _statement_sheet("School Bond Question", ["Yes", "No"], ["Precinct 1", 7, 8], ["Total", 7, 8])
    imported = _read(write_xlsx(tmp_path / "two.xlsx", {"Q1": first, "Q2": second}))
    assert imported.results is None
    assert [e.cell for e in imported.errors] == ["B3", "C3"]
    assert all("appears twice with different counts" in e.message for e in imported.errors)


CLERK = _statement_sheet("Clerk", ["Cy", "Di"], ["Precinct 1", 1, 2], ["Precinct 2", 3, 4], ["Total", 4, 6])


def _cities(tmp_path: Path, burr_p1: list[object]) -> Path:
    mayor = _statement_sheet(
        "Mayor",
        ["Ada", "Bo"],
        ["City of Alma", None, None],
        ["Precinct 1", 10, 20],
        ["Precinct 2", 5, 5],
        ["City of Alma - Total", 15, 25],
        ["City of Burr", None, None],
        ["Precinct 1", *burr_p1],
        ["Precinct 3", 1, 2],
        ["City of Burr - Total", burr_p1[0] + 1, burr_p1[1] + 2],  # type: ignore[operator]
        ["Total", burr_p1[0] + 16, burr_p1[1] + 27],  # type: ignore[operator]
    )
    return write_xlsx(tmp_path / "cities.xlsx", {"Mayor": mayor, "Clerk": CLERK})


def test_same_named_units_under_two_subtotals_are_refused_naming_both_groups(tmp_path: Path) -> None:
    imported = _read(_cities(tmp_path, [7, 8]))
    assert imported.results is None
    [error] = imported.errors
    assert error.cell == "B8"
    assert error.message == (
        "precinct 'Precinct 1' appears on rows 4 and 8 of 'Mayor' with different counts, in the group "
        "closed by row 6 ('City of Alma - Total') and in the group closed by row 10 ('City of Burr - "
        "Total'): units of one name in different groups are different units, and they are not "
        "summed. Give each a name of its own in the file (the group's name before the unit's) and "
        "import it again"
    )


def test_same_counts_under_another_subtotal_are_still_another_unit(tmp_path: Path) -> None:
    """Precinct 1 of Burr with Precinct 1 of Alma's counts, under a subtotal of other figures: no
    page printed twice, so two units of one name, refused as well."""
    imported = _read(_cities(tmp_path, [10, 20]))
    assert imported.results is None
    [error] = imported.errors
    assert error.message.startswith(
        "precinct 'Precinct 1' appears on rows 4 and 8 of 'Mayor' with the same counts, in the group "
        "closed by row 6 ('City of Alma - Total') and in the group closed by row 10"
    )


def test_a_page_printed_twice_cites_only_the_total_below_both_rows(tmp_path: Path) -> None:
    """Every unit and its total again: a repeated copy, counted once; each warning cites the total
    that closes both rows (row 10), not the first page's (row 6), which closes only the first."""
    units = [["P1", 10, 20], ["P2", 30, 40], ["P3", 5, 6], ["Total:", 45, 66]]
    mayor = _statement_sheet("Mayor", ["Ada", "Bo"], *units, *units)
    imported = _read(write_xlsx(tmp_path / "twice.xlsx", {"Mayor": mayor, "Clerk": CLERK}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 45, "Bo": 66}
    warnings = [w.message for w in imported.warnings if "appears on" in w.message]
    assert len(warnings) == 3
    assert all("counted once" in w and "(B10 and C10)" in w and "B6" not in w for w in warnings)


def test_portions_of_one_group_are_still_summed(tmp_path: Path) -> None:
    mayor = _statement_sheet(
        "Mayor", ["Ada", "Bo"], ["P1", 10, 20], ["P2", 5, 5], ["P1", 1, 2], ["Total", 16, 27]
    )
    imported = _read(write_xlsx(tmp_path / "one.xlsx", {"Mayor": mayor, "Clerk": CLERK}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 16, "Bo": 27}


ORPHAN = """county,precinct,office,district,party,candidate,votes
Niobrara,Hat Creek,Governor,,D,Dave F,23
Niobrara,Lusk,Governor,,D,Dave F,19
Niobrara,,Governor,,D,Dave F,42
Niobrara,,Coroner,,R,Ann Body,300
Niobrara,,Coroner,,D,Bo Dee,250
"""


def test_a_contest_reported_only_as_totals_is_an_error_naming_its_lines(tmp_path: Path) -> None:
    path = tmp_path / "orphan.csv"
    path.write_text(ORPHAN, encoding="utf-8")
    refused = read_tally_file(path)
    assert refused.results is None
    assert [e.cell for e in refused.errors] == ["line 5", "line 6"]
    assert refused.errors[0].message.startswith(
        "'Coroner', 'Ann Body': the file's total (line 5) says 300, but no unit row of the file votes"
    )
    assert "--accept-differences" in refused.errors[0].message
    accepted = read_tally_file(path, accept_differences=True)
    assert accepted.errors == () and accepted.results is not None
    assert [c.name for c in accepted.results.contests] == ["Governor"]
    assert [(d.contest, d.choice, d.total, d.units_sum) for d in accepted.differences] == [
        ("Coroner", "Ann Body", 300, 0),
        ("Coroner", "Bo Dee", 250, 0),
    ]
    assert all(
        "accepted (--accept-differences), so it is left out" in w.message
        for w in accepted.warnings
        if w.cell in ("line 5", "line 6")
    )


def test_a_row_named_like_a_unit_equal_to_two_units_above_is_a_unit(tmp_path: Path) -> None:
    """Clay (4, 6, 2) under Adams (1, 2, 1) and Baker (3, 4, 1): two units are too little evidence
    for a total named like a unit (rowsum.xlsx lost Clay's votes, already at 6995a65)."""
    rows = [["Adams", 1, 2, 1], ["Baker", 3, 4, 1], ["Clay", 4, 6, 2], ["Dale", 5, 1, 1]]
    imported = _read(_book(tmp_path, rows))
    assert imported.errors == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == ["Adams", "Baker", "Clay", "Dale", "P1", "P2"]
    assert imported.results.totals("Mayor (Vote For 1)") == {"Ada": 13, "Bo": 13, "Cy": 5}


def test_a_row_named_like_a_unit_closing_three_units_is_a_total_with_a_warning(tmp_path: Path) -> None:
    rows = [["Adams", 1, 2, 1], ["Baker", 3, 4, 1], ["Clay", 4, 6, 2], ["Jefferson", 8, 12, 4]]
    imported = _read(_book(tmp_path, rows))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor (Vote For 1)") == {"Ada": 8, "Bo": 12, "Cy": 4}
    [warning] = [w for w in imported.warnings if "is read as a total, not as a unit" in w.message]
    assert (warning.sheet, warning.cell) == ("1", "A6")
    assert warning.message.startswith("row 6 'Jefferson' of 'Mayor (Vote For 1)' is read as a total")
    assert "the sum of the 3 unit rows above it" in warning.message
