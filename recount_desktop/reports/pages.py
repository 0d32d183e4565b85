"""Page furniture shared by the report and the tally sheets: header, "Page X of Y", fingerprint.

The numbered canvas keeps each page's drawing until the document is complete, then writes every
page with its total ("Page 3 of 41") in a single pass: no second layout run of the whole story.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from recount_desktop.reports.fast_text import CachedTextCanvas
from recount_desktop.reports.fonts import BOLD, REGULAR

# Where a digital signature's visible stamp goes on the report's last page: lower right, above the
# footer (points, x1 y1 x2 y2; Letter is 612 x 792). The report's certification pages keep clear of it.
STAMP_BOX = (318, 70, 570, 140)


@dataclass(frozen=True)
class PageFurniture:
    """What every page prints around its content."""

    header_left: str
    header_right: str
    footer_left: str
    fingerprint: str  # the audit log's head hash; "" prints no fingerprint line
    fingerprint_label: str = "Data fingerprint (audit log head hash)"


def fix_document_date(canvas: Canvas, day: date) -> None:
    """Creation and modification dates from the data, so the same file gives the same bytes."""
    stamp = canvas._doc._timeStamp
    stamp.YMDhms = (day.year, day.month, day.day, 0, 0, 0)
    stamp.dhh = stamp.dmm = 0


def numbered_canvas_class(furniture: PageFurniture, day: date) -> type[Canvas]:
    """A canvas class that draws ``furniture`` and "Page X of Y" on every page."""

    class NumberedCanvas(CachedTextCanvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            fix_document_date(self, day)
            self._saved_pages: list[dict[str, Any]] = []

        def showPage(self) -> None:  # reportlab's name
            self._saved_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._saved_pages)
            size = _header_size(furniture, self._pagesize[0] - 1.2 * inch)  # the same on every page
            for number, state in enumerate(self._saved_pages, start=1):
                self.__dict__.update(state)
                draw_furniture(self, furniture, number, total, size)
                Canvas.showPage(self)
            self._saved_pages = []
            Canvas.save(self)

    return NumberedCanvas


def _header_size(furniture: PageFurniture, width: float) -> float:
    """The largest size up to 8 pt at which both halves of the header fit side by side."""
    size = 8.0
    while size > 5 and (stringWidth(furniture.header_left, BOLD, size)
                        + stringWidth(furniture.header_right, REGULAR, size) + 12) > width:
        size -= 0.5
    return size


def draw_furniture(canvas: Canvas, furniture: PageFurniture, number: int, total: int,
                   header_size: float | None = None) -> None:
    width, height = canvas._pagesize
    left, right = 0.6 * inch, width - 0.6 * inch
    canvas.saveState()
    canvas.setStrokeColor(colors.grey)
    canvas.setLineWidth(0.5)
    size = header_size if header_size is not None else _header_size(furniture, right - left)
    canvas.setFont(BOLD, size)
    canvas.drawString(left, height - 0.42 * inch, furniture.header_left)
    canvas.setFont(REGULAR, size)
    canvas.drawRightString(right, height - 0.42 * inch, furniture.header_right)
    canvas.line(left, height - 0.48 * inch, right, height - 0.48 * inch)
    canvas.line(left, 0.62 * inch, right, 0.62 * inch)
    canvas.drawString(left, 0.48 * inch, furniture.footer_left)
    canvas.setFont(BOLD, 8)
    canvas.drawRightString(right, 0.48 * inch, f"Page {number} of {total}")
    if furniture.fingerprint:
        canvas.setFont(REGULAR, 6.5)
        canvas.drawString(left, 0.34 * inch, f"{furniture.fingerprint_label}: {furniture.fingerprint}")
    canvas.restoreState()
