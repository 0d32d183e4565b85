"""Blank recount tally sheets, pre-filled for every unit in a contest's recount scope.

Mont. Code Ann. 13-16-412(3): "the recount must be tallied on previously prepared tally sheets" that
"show the names of the respective candidates, the office or offices for which a recount is made, and
the number of each election precinct". C.R.S. 1-13.5-1306(5): sheets other than those used at the
election, a separate sheet for each machine. Each sheet carries a QR code of its ID so entry can
start by scanning it.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from datetime import date

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, KeepTogether, PageBreak, SimpleDocTemplate, Spacer, Table

from recount_desktop.recount.scope import all_scopes, expected_units, get_scope
from recount_desktop.reports.pages import PageFurniture, numbered_canvas_class
from recount_desktop.reports.styles import Styles, grid_style, make_styles, para
from recount_desktop.store import ElectionFile

OTHER_LINES = ("Over votes", "Under votes", "Blank ballots", "Ballots counted")
SHEET_STATUTES = {
    "MT": "Mont. Code Ann. § 13-16-412(3)", "CO": "C.R.S. § 1-13.5-1306(5)",
    "NE": "Neb. Rev. Stat. § 32-1119(6)", "OK": "26 O.S. § 8-114", "UT": "Utah Code § 20A-4-401",
}


class NoRecountScope(ValueError):
    """There is nothing to print: no contest (or not the one asked for) has a recount scope."""


@dataclass(frozen=True)
class BlankSheet:
    sheet_id: str
    contest: str
    precinct: str | None
    device: str | None
    method: str
    choices: tuple[tuple[str, str | None], ...]  # (name, party)


def contest_code(position: int, contest: str) -> str:
    """Short, stable part of a sheet ID: ballot position and the initials of the contest's words."""
    initials = "".join(word[0] for word in re.findall(r"[A-Za-z0-9]+", contest)).upper()[:6]
    return f"{position:02d}-{initials or 'C'}"


def blank_sheets(store: ElectionFile, contest: str | None = None) -> tuple[BlankSheet, ...]:
    """One sheet per unit in the recount scope; the same IDs every time the sheets are printed."""
    results = store.results()
    scopes = [get_scope(store, contest)] if contest else list(all_scopes(store))
    if contest and scopes[0] is None:
        raise NoRecountScope(f"{store.path}: contest {contest!r} has no recount scope; set one first")
    if not scopes:
        raise NoRecountScope(f"{store.path}: no contest has a recount scope yet")
    positions = {c.name: i for i, c in enumerate(results.contests, start=1)}
    sheets = []
    for scope in scopes:
        assert scope is not None
        found = results.contest(scope.contest)
        code = contest_code(positions[scope.contest], scope.contest)
        choices = tuple((c.name, c.party) for c in found.choices)
        for number, unit in enumerate(expected_units(store, scope), start=1):
            sheets.append(BlankSheet(f"{code}-{number:04d}", scope.contest, unit.precinct, unit.device,
                                     str(scope.method), choices))
    return tuple(sheets)


def qr_code(value: str, size: float = 1.15 * inch) -> Drawing:
    widget = QrCodeWidget(value, barLevel="M")
    x0, y0, x1, y1 = widget.getBounds()
    drawing = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    drawing.add(widget)
    return drawing


def _sheet_flowables(sheet: BlankSheet, statute: str, styles: Styles) -> list[Flowable]:
    facts = [
        ["Sheet ID", sheet.sheet_id], ["Office / question", sheet.contest],
        ["Precinct", sheet.precinct or "—"], ["Device", sheet.device or "—"], ["Method", sheet.method],
        ["Date", ""],
    ]
    fact_table = Table([[para(k, styles.cell_bold), para(v, styles.cell)] for k, v in facts],
                       colWidths=[1.3 * inch, 4.3 * inch], rowHeights=[18] * len(facts))
    fact_table.setStyle(grid_style(header_rows=0, font_size=9))
    top = Table([[fact_table, qr_code(sheet.sheet_id)]], colWidths=[5.8 * inch, 1.5 * inch])
    top.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("ALIGN", (1, 0), (1, 0), "RIGHT")])
    rows: list[list[object]] = [["Choice", "Tally marks", "Total"]]
    for name, party in sheet.choices:
        rows.append([para(f"{name} ({party})" if party else name, styles.cell), "", ""])
    rows += [[para(line, styles.cell_bold), "", ""] for line in OTHER_LINES]
    tally = Table(rows, colWidths=[2.1 * inch, 4.2 * inch, 1.0 * inch],
                  rowHeights=[16] + [32] * (len(rows) - 1), repeatRows=1)
    tally.setStyle(grid_style(header_rows=1, font_size=9))
    team = Table([["Counting team member (print)", "Signature"]] + [["", ""]] * 3,
                 colWidths=[3.65 * inch, 3.65 * inch], rowHeights=[16] + [26] * 3)
    team.setStyle(grid_style(header_rows=1, font_size=9))
    return [
        para("Recount Tally Sheet", styles.title),
        para(f"Prepared before the recount ({statute}). Tally every vote in the box; write the total.",
             styles.small),
        top, Spacer(1, 8), tally, Spacer(1, 10),
        KeepTogether([para("Counting team", styles.subheading), team]),
    ]


def render_tally_sheets(store: ElectionFile, contest: str | None = None) -> bytes:
    """The blank sheets of one contest (or of every contest with a recount scope), one per page."""
    sheets = blank_sheets(store, contest)
    election = store.election()
    entries = store.audit_entries()
    styles = make_styles()
    statute = SHEET_STATUTES.get(election.state.value, "")
    story: list[Flowable] = []
    for index, sheet in enumerate(sheets):
        if index:
            story.append(PageBreak())
        story += _sheet_flowables(sheet, statute, styles)
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=LETTER, leftMargin=0.6 * inch, rightMargin=0.6 * inch,
                            topMargin=0.7 * inch, bottomMargin=0.8 * inch, invariant=1,
                            title=f"Recount tally sheets: {election.name}", creator="Recount Desktop")
    furniture = PageFurniture(
        header_left=f"Recount tally sheets — {election.jurisdiction}, {election.state_name}",
        header_right=election.name, footer_left=f"{election.name} · {store.path.name}",
        fingerprint=entries[-1].hash if entries else "",
    )
    day = date.fromisoformat(entries[-1].ts[:10]) if entries else election.election_date
    doc.build(story, canvasmaker=numbered_canvas_class(furniture, day))
    return buffer.getvalue()
