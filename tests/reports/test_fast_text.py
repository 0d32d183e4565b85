"""The cached-text canvas writes exactly the bytes reportlab's own canvas writes: only faster."""

from __future__ import annotations

import io
from collections.abc import Callable

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import LongTable, SimpleDocTemplate

from recount_desktop.reports.fast_text import CachedTextCanvas
from recount_desktop.reports.fonts import BOLD, REGULAR, register_fonts
from recount_desktop.reports.styles import grid_style


def drawn_with(canvas_class: type[Canvas], draw: Callable[[Canvas], None]) -> bytes:
    buffer = io.BytesIO()
    canvas = canvas_class(buffer, pagesize=LETTER, invariant=1)
    draw(canvas)
    canvas.save()
    return buffer.getvalue()


def cells(canvas: Canvas) -> None:
    register_fonts()
    for _page in range(2):
        for font, size in ((REGULAR, 8), (BOLD, 8), (REGULAR, 7.5), ("Helvetica", 9)):
            canvas.setFont(font, size)
            y = 700.0
            for text in ("1,234", "+3", "0", "Escárcega", "LIDÓN", "", "1,234", "Team 1", "Escárcega"):
                canvas.drawString(40.5, y, text)
                canvas.drawRightString(300.25, y, text)
                canvas.drawCentredString(450, y, text)
                y -= 9.6
            # reportlab's own path for anything unusual, mixed in with the cached one
            canvas.drawString(40, y, "spaced", charSpace=1.5)
            canvas.drawRightString(300, y, "outlined", mode=1)
            canvas.drawCentredString(450, y, "words apart", wordSpace=2)
        canvas.showPage()


def test_strings_are_written_byte_for_byte_as_reportlab_writes_them() -> None:
    assert drawn_with(CachedTextCanvas, cells) == drawn_with(Canvas, cells)


def test_a_split_table_is_byte_for_byte_the_same() -> None:
    register_fonts()
    rows = [["Precinct", "Canvass", "Recount", "Diff."]] + [
        [f"Precinct {p:04d} Escárcega", f"{100 + p % 7:,}", f"{100 + p % 5:,}", f"{p % 5 - p % 7:+,}"]
        for p in range(150)]

    def build(canvas_class: type[Canvas]) -> bytes:
        table = LongTable(rows, repeatRows=1)
        style = grid_style(numeric_from=1)
        style.add("ALIGN", (0, 1), (0, -1), "CENTER")
        table.setStyle(style)
        buffer = io.BytesIO()
        SimpleDocTemplate(buffer, pagesize=LETTER, invariant=1).build([table], canvasmaker=canvas_class)
        return buffer.getvalue()

    plain = build(Canvas)
    assert plain.count(b"/Type /Page\n") >= 3  # the table runs over several pages
    assert build(CachedTextCanvas) == plain
