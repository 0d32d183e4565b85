"""A wide sheet of one contest (a one-question special election): its name repeated over its two
columns once is enough. Modelled on openelections-sources-ut 2018 General Election/"UT Grand
General Election 181106_EXPORT.CSV" cut to its last contest (Proposition #9), which was refused
with "no vote counts were found" although it holds 36 counts (issue 11, helper C3's check)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file

HEADER = "COUNTY NUMBER,PRECINCT CODE,PRECINCT NAME,REGISTERED VOTERS TOTAL,BALLOTS CAST TOTAL,"
GRAND = (
    HEADER
    + """Proposition #9,Proposition #9
,,,,,NON,NON
,,,VOTERS,BALLOTS CAST,FOR,AGAINST
10,0001,Moab 1:70,360,320,230,74
10,0002,Moab 2:69,991,866,579,260
10,0003,Moab 3:69,512,450,300,120
10,ZZZ,COUNTY TOTALS,1863,1636,{total},454
"""
)


def _grand(tmp_path: Path, total: int) -> Path:
    path = tmp_path / "grand.csv"
    path.write_text(GRAND.format(total=total), encoding="utf-8")
    return path


def test_a_wide_sheet_of_one_contest_is_read(tmp_path: Path) -> None:
    imported = read_tally_file(_grand(tmp_path, 1109))
    assert imported.layout == "wide" and imported.errors == () and imported.results is not None
    assert imported.results.totals("Proposition #9") == {"FOR": 1109, "AGAINST": 454}
    assert len(imported.results.precincts) == 3


def test_its_county_total_row_is_still_checked(tmp_path: Path) -> None:
    imported = read_tally_file(_grand(tmp_path, 1110))
    assert imported.results is None
    assert any(e.cell == "line 7" and "a difference of +1" in e.message for e in imported.errors), (
        imported.errors
    )
