"""Paragraph and table styles of the printed documents, all in the embedded DejaVu font."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, TableStyle

from recount_desktop.reports.fonts import BOLD, REGULAR, register_fonts

HEADER_FILL = colors.HexColor("#E4E8EE")
CHANGED_FILL = colors.HexColor("#FCE8C8")
GRID = colors.HexColor("#9AA3AD")


@dataclass(frozen=True)
class Styles:
    title: ParagraphStyle
    heading: ParagraphStyle
    subheading: ParagraphStyle
    body: ParagraphStyle
    small: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    warning: ParagraphStyle


def make_styles() -> Styles:
    register_fonts()
    body = ParagraphStyle("body", fontName=REGULAR, fontSize=9.5, leading=12.5, spaceAfter=4)
    return Styles(
        title=ParagraphStyle("title", parent=body, fontName=BOLD, fontSize=17, leading=21, spaceAfter=10),
        heading=ParagraphStyle("heading", parent=body, fontName=BOLD, fontSize=13, leading=16, spaceBefore=6,
                               spaceAfter=6),
        subheading=ParagraphStyle("subheading", parent=body, fontName=BOLD, fontSize=10.5, leading=13,
                                  spaceBefore=8, spaceAfter=3),
        body=body,
        small=ParagraphStyle("small", parent=body, fontSize=8, leading=10, spaceAfter=2),
        cell=ParagraphStyle("cell", parent=body, fontSize=8, leading=9.6, spaceAfter=0),
        cell_bold=ParagraphStyle("cell_bold", parent=body, fontName=BOLD, fontSize=8, leading=9.6,
                                 spaceAfter=0),
        warning=ParagraphStyle("warning", parent=body, fontSize=8.5, leading=11, leftIndent=10,
                               bulletIndent=0, spaceAfter=2),
    )


def para(text: str, style: ParagraphStyle) -> Paragraph:
    """A paragraph of plain text: names from county files are escaped, never read as markup."""
    return Paragraph(escape(text), style)


def grid_style(header_rows: int = 1, font_size: float = 8, numeric_from: int | None = None) -> TableStyle:
    """A ruled table with a shaded header; numbers right-aligned from column ``numeric_from``."""
    commands: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), REGULAR, font_size),
        ("FONT", (0, 0), (-1, header_rows - 1), BOLD, font_size),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEADER_FILL),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    if numeric_from is not None:
        commands.append(("ALIGN", (numeric_from, header_rows), (-1, -1), "RIGHT"))
        commands.append(("ALIGN", (numeric_from, 0), (-1, header_rows - 1), "CENTER"))
    return TableStyle(commands)


def count_text(value: int | None) -> str:
    return "—" if value is None else f"{value:,}"


def difference_text(value: int | None) -> str:
    if value is None:
        return "—"
    return f"{value:+,}" if value else "0"
