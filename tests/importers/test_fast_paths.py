"""The short ways for plain whole counts (issue 3, Speed) must treat every other cell as before:
duplicates, parties, statistics, total rows and suppressed cells still take the full path."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import TALLY_HEADER, write_xlsx


def _sovc_sheet(contest: str, header: list[object], *rows: tuple[object, ...]) -> list[tuple[object, ...]]:
    return [(f"{contest} (Vote For 1)",), tuple(header), *rows]


def test_sovc_plain_counts_parties_statistics_and_total_rows(tmp_path: Path) -> None:
    mayor = _sovc_sheet(
        "Mayor",
        ["Precinct", "ADA\nDEM", "BO\nREP", "Over Votes"],
        ("P1", 120, 80.0, 2),
        ("P2", 50, "***", 1),
        ("Total:", 170, 81, 3),
    )
    clerk = _sovc_sheet("Clerk", ["Precinct", "Cy", "Di"], ("P1", 10, 20), ("P2", 30, 40), ("Total:", 40, 60))
    path = write_xlsx(tmp_path / "sovc.xlsx", {"1": mayor, "2": clerk})
    imported = read_tally_file(path)
    assert imported.layout == "sovc" and imported.ok, imported.errors
    results = imported.results
    assert results is not None
    mayor_contest = results.contest("Mayor (Vote For 1)")
    assert [(c.name, c.party) for c in mayor_contest.choices] == [("ADA", "DEM"), ("BO", "REP")]
    assert mayor_contest.incomplete_precinct_data
    assert results.totals("Mayor (Vote For 1)") == {"ADA": 170, "BO": 80}
    assert results.totals("Clerk (Vote For 1)") == {"Cy": 40, "Di": 60}
    assert {(s.precinct, s.over_votes) for s in results.statistics} == {("P1", 2), ("P2", 1), (None, 3)}
    # the total row is a check, not a precinct: BO's 81 differs from the 80 counted (one cell suppressed)
    messages = [str(w) for w in imported.warnings]
    assert any("'BO'" in m and "add up to 80" in m and "says 81" in m for m in messages), messages
    assert not any("Total" in p.name for p in results.precincts)


def test_sovc_repeated_precinct_row_with_other_counts_is_summed_or_refused_naming_both_rows(
    tmp_path: Path,
) -> None:
    """Two rows of one unit, not equal: a split precinct's portions, summed as a whole row (Ada's
    equal counts too); refused when the sheet's total fits no reading."""
    rows = _sovc_sheet("Mayor", ["Precinct", "Ada", "Bo"], ("P1", 1, 2), ("P1", 1, 3))
    other = _sovc_sheet("Clerk", ["Precinct", "Cy"], ("P1", 4))
    imported = read_tally_file(write_xlsx(tmp_path / "dup.xlsx", {"1": rows, "2": other}))
    assert imported.results is not None, imported.errors
    assert imported.results.totals("Mayor (Vote For 1)") == {"Ada": 2, "Bo": 5}
    assert any("rows 3 and 4" in str(w) and "portions are summed" in str(w) for w in imported.warnings)
    rows.append(("Total:", 2, 4))
    refused = read_tally_file(write_xlsx(tmp_path / "bad.xlsx", {"1": rows, "2": other}))
    assert refused.results is None
    assert len(refused.errors) == 1, refused.errors
    message = str(refused.errors[0])
    assert "C3:C4" in message and "C5" in message and "add up to 5" in message and "says 4" in message


def test_long_plain_counts_keep_two_parties_apart_and_check_total_rows(tmp_path: Path) -> None:
    rows = [
        (*TALLY_HEADER, "Party"),
        ("P1", "Mayor", "Ada", 120, "DEM"),
        ("P1", "Mayor", "Ada", 7, "REP"),
        ("P2", "Mayor", "Ada", 50.0, "DEM"),
        ("P2", "Mayor", "Ada", 3, "REP"),
        ("Total", "Mayor", "Ada", 170, "DEM"),
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "long.xlsx", {"Results": rows}), format="long")
    assert imported.ok, imported.errors
    results = imported.results
    assert results is not None
    assert results.totals("Mayor") == {"Ada": 170, "Ada (REP)": 10}
    assert [p.name for p in results.precincts] == ["P1", "P2"]
    assert not any("says" in str(w) for w in imported.warnings)


def test_long_unit_met_again_with_another_count_is_an_error_naming_both_cells(tmp_path: Path) -> None:
    rows = [
        TALLY_HEADER,
        ("P1", "Mayor", "Ada", 5),
        ("P1", "Mayor", "Bo", 3),
        ("P2", "Mayor", "Ada", 4),
        ("P2", "Mayor", "Bo", 2),
        ("Total", "Mayor", "Ada", 9),  # a total row between the units: checked, never a unit
        ("P1", "Mayor", "Ada", 6),  # P1 again, later in the file, with another count
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "long.xlsx", {"Results": rows}), format="long")
    assert imported.results is None
    assert len(imported.errors) == 1, imported.errors
    message = str(imported.errors[0])
    assert "D7" in message and "D2" in message, message


def test_long_unit_found_as_a_total_by_its_sums_is_not_counted(tmp_path: Path) -> None:
    rows = [TALLY_HEADER]
    for contest, counts in (("Mayor", (5, 3)), ("Clerk", (7, 1))):
        rows += [("P1", contest, "Ada", counts[0]), ("P2", contest, "Ada", counts[1])]
        rows.append(("All Units", contest, "Ada", sum(counts)))  # a label no one foresaw
    imported = read_tally_file(write_xlsx(tmp_path / "long.xlsx", {"Results": rows}), format="long")
    assert imported.ok, imported.errors
    results = imported.results
    assert results is not None
    assert [p.name for p in results.precincts] == ["P1", "P2"]
    assert results.totals("Mayor") == {"Ada": 8} and results.totals("Clerk") == {"Ada": 8}
