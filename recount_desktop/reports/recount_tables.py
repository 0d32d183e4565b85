"""The per-contest recount pages: precinct/device table (canvass, recount, difference) and sheet list.

Mont. Code Ann. 13-16-418(1): the certificate designates each precinct recounted, its vote in the
official canvass, and its correct vote as determined by the recount. Cells are plain strings except
where a long name must wrap: a Paragraph per cell would make a 500-page report several times slower.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from reportlab.platypus import Flowable, LongTable, Spacer

from recount_desktop.reports.model import RecountSection, SheetRecord, UnitLine
from recount_desktop.reports.styles import (
    CHANGED_FILL,
    Styles,
    count_text,
    difference_text,
    grid_style,
    para,
)

CHOICES_PER_TABLE = 3
ROWS_PER_CHUNK = 60  # a table is cut into pieces so splitting at a page break stays cheap
_LABEL_W, _COUNT_W, _DIFF_W, _OTHER_W = 96.0, 38.0, 32.0, 56.0
_SHEET_WIDTHS = (46.0, 72.0, 44.0, 80.0, 52.0, 52.0, 48.0, 131.0)


def recount_section(section: RecountSection, styles: Styles) -> list[Flowable]:
    """The heading, notes, the unit tables (a group of choices each) and the sheet list of one contest."""
    story: list[Flowable] = [
        para(f"Recount: {section.contest}", styles.heading),
        para(_method_line(section), styles.body),
    ]
    story += [para(f"• {note}", styles.warning) for note in section.notes]
    for start in range(0, max(len(section.choices), 1), CHOICES_PER_TABLE):
        group = section.choices[start:start + CHOICES_PER_TABLE]
        if len(section.choices) > CHOICES_PER_TABLE:
            story.append(para(f"Choices {start + 1}–{start + len(group)} of {len(section.choices)}",
                              styles.subheading))
        story += list(unit_tables(section.units, group, styles))
        story.append(Spacer(1, 8))
    story.append(para("Tally sheets", styles.subheading))
    story += list(sheet_tables(section.sheets, styles)) if section.sheets else [
        para("No tally sheets have been entered.", styles.body)]
    return story


def _method_line(section: RecountSection) -> str:
    parts = [f"Method: {section.method or 'not recorded'}"]
    if section.requested_by:
        parts.append(f"requested by {section.requested_by}")
    parts.append(f"{len(section.units)} unit(s) recounted, {len(section.sheets)} tally sheet(s)")
    return "; ".join(parts) + "."


def _header(group: Sequence[str], styles: Styles) -> list[list[object]]:
    top: list[object] = [para("Precinct / device", styles.cell_bold)]
    second: list[object] = [""]
    for choice in group:
        top += [para(choice, styles.cell_bold), "", ""]
        second += ["Canvass", "Recount", "Diff."]
    top += ["Over votes", "Under votes"]
    second += ["canv./rec.", "canv./rec."]
    return [top, second]


def _pair(values: tuple[int | None, int | None]) -> str:
    if values == (None, None):
        return "—"
    return f"{count_text(values[0])} / {count_text(values[1])}"


def _row(unit: UnitLine, group: Sequence[str], styles: Styles) -> list[object]:
    label = unit.label
    row: list[object] = [para(label, styles.cell) if len(label) > 20 else label]
    votes = {v.choice: v for v in unit.votes}
    for choice in group:
        vote = votes.get(choice)
        if vote is None:
            row += ["—", "—", "—"]
        else:
            row += [count_text(vote.original), count_text(vote.recount), difference_text(vote.difference)]
    return [*row, _pair(unit.over_votes), _pair(unit.under_votes)]


def _total_row(units: Sequence[UnitLine], group: Sequence[str]) -> list[object]:
    row: list[object] = ["Total recounted"]
    for choice in group:
        votes = [v for u in units for v in u.votes if v.choice == choice]
        original = sum(v.original or 0 for v in votes)
        recount = sum(v.recount or 0 for v in votes)
        row += [count_text(original), count_text(recount), difference_text(recount - original)]
    return [*row, "", ""]


def unit_tables(units: Sequence[UnitLine], group: Sequence[str], styles: Styles) -> Iterator[Flowable]:
    """The rows in chunks, each chunk a table whose two header rows repeat after a page break."""
    widths = [_LABEL_W, *([_COUNT_W, _COUNT_W, _DIFF_W] * len(group)), _OTHER_W, _OTHER_W]
    header = _header(group, styles)
    rows = [_row(u, group, styles) for u in units]
    chunks = [rows[i:i + ROWS_PER_CHUNK] for i in range(0, len(rows), ROWS_PER_CHUNK)] or [[]]
    for index, chunk in enumerate(chunks):
        body = chunk + ([_total_row(units, group)] if index == len(chunks) - 1 else [])
        table = LongTable(header + body, colWidths=widths, repeatRows=2, hAlign="LEFT")
        style = grid_style(header_rows=2, numeric_from=1)
        style.add("FONT", (1, 1), (-1, 1), styles.cell_bold.fontName, 7)
        style.add("SPAN", (0, 0), (0, 1))
        for i in range(len(group)):
            style.add("SPAN", (1 + 3 * i, 0), (3 + 3 * i, 0))
        for r, unit in enumerate(units[index * ROWS_PER_CHUNK:(index + 1) * ROWS_PER_CHUNK], start=2):
            _mark_changes(style, unit, group, r)
        if index == len(chunks) - 1:
            style.add("FONT", (0, -1), (-1, -1), styles.cell_bold.fontName, 8)
        table.setStyle(style)
        yield table


def _mark_changes(style: object, unit: UnitLine, group: Sequence[str], row: int) -> None:
    votes = {v.choice: v for v in unit.votes}
    for i, choice in enumerate(group):
        vote = votes.get(choice)
        if vote is not None and vote.difference:
            cell = (3 + 3 * i, row)
            style.add("BACKGROUND", cell, cell, CHANGED_FILL)  # type: ignore[attr-defined]


def _sheet_notes(sheet: SheetRecord) -> str:
    parts = []
    if sheet.discrepancies:
        parts.append(f"Entries differed: {sheet.discrepancies}")
    if sheet.resolution:
        parts.append(f"Resolved by {sheet.resolution}")
    if sheet.void_reason:
        parts.append(f"Voided: {sheet.void_reason}")
    return ". ".join(parts)


def _cell(text: str, styles: Styles, fits: int) -> object:
    return para(text, styles.cell) if len(text) > fits else text


def sheet_tables(sheets: Sequence[SheetRecord], styles: Styles) -> Iterator[Flowable]:
    header = [para(h, styles.cell_bold) for h in (
        "Sheet", "Precinct / device", "Method", "Counting team", "Entered by", "Verified by", "State",
        "Discrepancy, resolution, void")]
    rows = [
        [_cell(s.sheet_id, styles, 8), _cell(s.unit, styles, 13), s.method, _cell(s.counted_by, styles, 14),
         _cell(s.entered_by, styles, 9), _cell(s.verified_by, styles, 9), s.state,
         _cell(_sheet_notes(s), styles, 24)]
        for s in sheets
    ]
    for start in range(0, len(rows), ROWS_PER_CHUNK):
        chunk = rows[start:start + ROWS_PER_CHUNK]
        table = LongTable([header, *chunk], colWidths=_SHEET_WIDTHS, repeatRows=1, hAlign="LEFT")
        table.setStyle(grid_style(header_rows=1, font_size=7.5))
        yield table

