"""A statement's row named like a unit is a total only on more evidence than two units, never when
the name is a unit of the file; units of one name under different headings are different units;
an orphan total's message says 'accepted' only when it was (second review of issue 11's import
changes, findings B, D and I)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.unit_rows import sums_make_a_total
from tests.importers.conftest import write_xlsx
from tests.importers.test_sovc_block import _same_both_ways

CLERK_UNITS = [["Adams", 1, 2], ["Baker", 3, 4], ["Dale", 5, 1]]


def _sheet(title: str, head: list[str], rows: list[list[object]]) -> list[list[object]]:
    return [[title], ["Precinct", *head], *rows]


@pytest.mark.parametrize("name", ["All Saints", "Kim Sum"])
def test_a_unit_equal_to_the_two_units_above_it_is_a_unit(tmp_path: Path, name: str) -> None:
    """'All Saints' (4, 6) under Adams (1, 2) and Baker (3, 4): a precinct, not a total."""
    mayor = _sheet("Mayor", ["Ada", "Bob"], [["Adams", 1, 2], ["Baker", 3, 4], [name, 4, 6], ["Dale", 5, 1]])
    clerk = _sheet("Clerk", ["Cy", "Di"], CLERK_UNITS)
    imported, _answers = _same_both_ways(write_xlsx(tmp_path / "row.xlsx", {"Mayor": mayor, "Clerk": clerk}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 13, "Bob": 13}
    assert name in [p.name for p in imported.results.precincts]
    assert not imported.notes.totals


@pytest.mark.parametrize("name", ["Ward 1", "City of Clay", "Township 3"])
def test_a_group_name_over_two_units_then_an_unclosed_unit_is_refused(tmp_path: Path, name: str) -> None:
    """A township or ward over two units is a voting unit as often as a subtotal: with Dale after
    it closed by no total, which one cannot be told, so the row is named in an error (third review
    finding 2: ward subtotals closing every unit are totals, test_ward_subtotals)."""
    mayor = _sheet("Mayor", ["Ada", "Bob"], [["Adams", 1, 2], ["Baker", 3, 4], [name, 4, 6], ["Dale", 5, 1]])
    clerk = _sheet("Clerk", ["Cy", "Di"], CLERK_UNITS)
    imported, _answers = _same_both_ways(write_xlsx(tmp_path / "row.xlsx", {"Mayor": mayor, "Clerk": clerk}))
    assert imported.results is None
    [error] = imported.errors
    assert (error.sheet, error.cell) == ("Mayor", "A5")
    assert error.message.startswith(f"row 5 {name!r} of 'Mayor' adds up to the 2 unit rows above it")


@pytest.mark.parametrize("label", ["All Precincts", "Sum", "Sum Total", "Subtotal"])
def test_whole_total_labels_still_make_a_total_over_two_units(label: str) -> None:
    assert sums_make_a_total(label, [4, 6], 2)
    assert not sums_make_a_total("All Saints", [4, 6], 2)
    assert sums_make_a_total("Ward 1", [4, 6], 2)  # refused in ``UnitRows.finish`` unless it closes
    assert not sums_make_a_total("Clay", [4, 6], 2)
    assert sums_make_a_total("Ward 1", [9, 7], 3)


def test_a_unit_of_a_contest_read_before_is_never_a_total(tmp_path: Path) -> None:
    """Clay is a precinct of Clerk (read first); in Mayor its counts happen to equal the three
    units above it: still a unit, by either reader."""
    clerk = _sheet("Clerk", ["Cy", "Di"], [*CLERK_UNITS, ["Clay", 2, 2], ["Cole", 1, 1]])
    rows: list[list[object]] = [
        ["Adams", 1, 2],
        ["Baker", 3, 4],
        ["Cole", 2, 1],
        ["Clay", 6, 7],
        ["Dale", 5, 1],
    ]
    mayor = _sheet("Mayor", ["Ada", "Bob"], rows)
    imported, _answers = _same_both_ways(write_xlsx(tmp_path / "c.xlsx", {"Clerk": clerk, "Mayor": mayor}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 17, "Bob": 15}
    assert not imported.notes.totals


def test_a_row_adding_up_named_as_a_unit_of_a_later_contest_is_a_unit(tmp_path: Path) -> None:
    """Clay is a precinct of Clerk (read after Mayor); in Mayor its counts happen to equal the
    three units above it. It was refused naming both rows; a unit's name is a unit, as when the
    contest is read first, and the row where it adds up is warned of (the file is read again
    knowing the name)."""
    rows: list[list[object]] = [
        ["Adams", 1, 2],
        ["Baker", 3, 4],
        ["Cole", 2, 1],
        ["Clay", 6, 7],
        ["Dale", 5, 1],
    ]
    mayor = _sheet("Mayor", ["Ada", "Bob"], rows)
    clerk = _sheet("Clerk", ["Cy", "Di"], [*CLERK_UNITS, ["Clay", 2, 2]])
    imported, _answers = _same_both_ways(write_xlsx(tmp_path / "c.xlsx", {"Mayor": mayor, "Clerk": clerk}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 17, "Bob": 15}
    assert not imported.notes.totals
    [warning] = [w for w in imported.warnings if w.cell == "A6"]
    assert warning.sheet == "Mayor"
    assert warning.message.startswith("row 6 'Clay' of 'Mayor' adds up to the 3 unit rows above it")


def _cities(tmp_path: Path, burr: list[list[object]]) -> Path:
    alma: list[list[object]] = [["City of Alma", None, None], ["Precinct 1", 10, 20], ["Precinct 2", 5, 5]]
    rows = [*alma, ["City of Burr", None, None], *burr]
    rows.append(["Total", 15 + sum(r[1] for r in burr), 25 + sum(r[2] for r in burr)])  # type: ignore[misc]
    mayor = _sheet("Mayor", ["Ada", "Bo"], rows)
    clerk = _sheet("Clerk", ["Cy", "Di"], [["Precinct 1", 1, 2], ["Precinct 2", 3, 4], ["Total", 4, 6]])
    return write_xlsx(tmp_path / "heads.xlsx", {"Mayor": mayor, "Clerk": clerk})


@pytest.mark.parametrize(
    ("burr", "counts"),
    [
        ([["Precinct 1", 7, 8], ["Precinct 2", 1, 2]], "different"),
        ([["Precinct 1", 10, 20], ["Precinct 2", 5, 5]], "the same"),
    ],
    ids=["other-counts", "same-counts"],
)
def test_units_of_one_name_under_two_headings_are_refused_naming_both(
    tmp_path: Path, burr: list[list[object]], counts: str
) -> None:
    """City of Alma and City of Burr heading rows, no subtotals: Precinct 1 of each is a unit of its
    own, never summed as two portions of one (rep_heads.xlsx, rep_same.xlsx)."""
    imported, _answers = _same_both_ways(_cities(tmp_path, burr))
    assert imported.results is None
    assert [e.cell for e in imported.errors] == ["B7", "B8"]
    assert imported.errors[0].message.startswith(
        f"precinct 'Precinct 1' appears on rows 4 and 7 of 'Mayor' with {counts} counts, in the group "
        "under row 3 ('City of Alma') and in the group under row 6 ('City of Burr'): units of one name "
        "in different groups are different units"
    )


def test_portions_under_the_same_heading_again_are_still_summed(tmp_path: Path) -> None:
    """A heading repeated at the top of a new page is the same group: its portions are summed."""
    rows: list[list[object]] = [
        ["City of Alma", None, None],
        ["Precinct 1", 10, 20],
        ["Precinct 2", 5, 5],
        ["City of Alma", None, None],
        ["Precinct 1", 1, 2],
        ["Total", 16, 27],
    ]
    clerk = _sheet("Clerk", ["Cy", "Di"], [["Precinct 1", 1, 2], ["Precinct 2", 3, 4], ["Total", 4, 6]])
    path = write_xlsx(tmp_path / "page.xlsx", {"Mayor": _sheet("Mayor", ["Ada", "Bo"], rows), "Clerk": clerk})
    imported, _answers = _same_both_ways(path)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 16, "Bo": 27}


ORPHAN = """county,precinct,office,district,party,candidate,votes
Niobrara,Hat Creek,Governor,,D,Dave F,23
Niobrara,Lusk,Governor,,D,Dave F,19
Niobrara,,Coroner,,R,Ann Body,300
"""


def test_an_orphan_totals_message_says_accepted_only_once_and_only_when_accepted(tmp_path: Path) -> None:
    path = tmp_path / "orphan.csv"
    path.write_text(ORPHAN, encoding="utf-8")
    [error] = read_tally_file(path).errors
    assert "accepted" not in error.message.split("Correct the file")[0]
    assert "left out" not in error.message
    accepted = read_tally_file(path, accept_differences=True)
    [warning] = [w for w in accepted.warnings if w.cell == "line 4"]
    assert warning.message.count("accepted") == 1
    assert warning.message.endswith("; accepted (--accept-differences), so it is left out")
