"""Pages drawn by PDFium, handed over as plain bytes and turned into Qt images that own their pixels."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen.canvas import Canvas

from recount_desktop.ui.widgets.pdf_pages import PagePixels, PdfPagesError, page_images


def test_rows_are_copied_whatever_the_source_stride() -> None:
    # 2 x 2 pixels, rows padded to 8 bytes: red, green / blue, white
    rgb = bytes([255, 0, 0, 0, 255, 0, 9, 9, 0, 0, 255, 255, 255, 255, 9, 9])
    image = PagePixels(2, 2, 8, rgb).to_image()
    colours = [[image.pixelColor(x, y).name() for x in range(2)] for y in range(2)]
    assert colours == [["#ff0000", "#00ff00"], ["#0000ff", "#ffffff"]]


def test_a_pdf_is_drawn_page_by_page_at_the_asked_resolution(tmp_path: Path) -> None:
    pdf = tmp_path / "two.pdf"
    canvas = Canvas(str(pdf), pagesize=letter)
    for number in (1, 2):
        canvas.drawString(72, 720, f"Page {number}")
        canvas.showPage()
    canvas.save()
    pages = list(page_images(pdf, 72))
    assert [(p.width, p.height, p.of) for p in pages] == [(612, 792, 2), (612, 792, 2)]
    corner = pages[0].to_image().pixelColor(0, 0).name()
    assert corner == "#ffffff"  # a white page, not a transparent one
    first = list(page_images(pdf, 72, limit=1))
    assert len(first) == 1 and first[0].of == 2  # the count of all pages, though one was drawn


def test_a_file_that_is_not_a_pdf_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_text("not a pdf", encoding="utf-8")
    with pytest.raises(PdfPagesError, match="bad.pdf: cannot open the PDF"):
        list(page_images(bad, 72))
