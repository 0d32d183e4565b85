"""Blank tally sheets: one per unit in the scope, stable IDs, QR code of the ID."""

from __future__ import annotations

from recount_desktop.recount.scope import set_scope
from recount_desktop.reports.tally_sheets import blank_sheets, contest_code, qr_code
from recount_desktop.store import ElectionFile


def test_one_sheet_per_unit_with_stable_ids(story: ElectionFile) -> None:
    sheets = blank_sheets(story, "Mayor of Laurel")
    assert [(s.sheet_id, s.precinct, s.method) for s in sheets] == [
        ("01-MOL-0001", "P1", "manual"), ("01-MOL-0002", "P2", "manual"), ("01-MOL-0003", "P3", "manual")]
    assert sheets[0].choices == (("Ada Alvarez", "NP"), ("Bo Brandt", "NP"))
    assert blank_sheets(story, "Mayor of Laurel") == sheets


def test_a_petition_scope_prints_only_its_precincts(story: ElectionFile) -> None:
    set_scope(story, "Park Levy", ["P2"], method="machine", requested_by="ten voters")
    (sheet,) = blank_sheets(story, "Park Levy")
    assert (sheet.sheet_id, sheet.precinct, sheet.method) == ("03-PL-0001", "P2", "machine")
    assert len(blank_sheets(story)) == 4  # every scoped contest when none is named


def test_qr_code_holds_the_sheet_id() -> None:
    drawing = qr_code("01-MOL-0001")
    (widget,) = drawing.contents
    assert widget.value == "01-MOL-0001"


def test_contest_code() -> None:
    assert contest_code(4, "Plattsmouth School Board (Vote For 3)") == "04-PSBVF3"
