"""A PDF's pages as images, rendered in this process by PDFium.

pypdfium2's wheel carries PDFium itself, so the preview and printing work on an offline workstation
with no PDF tools installed (QtPdf is not part of PySide6-Essentials, and poppler's ``pdftoppm`` is
a system package a county machine may not have).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pypdfium2
from PySide6.QtGui import QImage

POINTS_PER_INCH = 72  # PDF user space
# PDFium is not thread-safe: a preview and a print job may run at once, so every call takes this lock
_PDFIUM = threading.RLock()


class PdfPagesError(Exception):
    """The PDF cannot be opened or a page cannot be drawn."""


def page_count(pdf: Path) -> int:
    with _PDFIUM:
        document = _open(pdf)
        try:
            return len(document)
        finally:
            document.close()


def page_images(pdf: Path, dpi: float, limit: int | None = None) -> Iterator[QImage]:
    """The pages in order, each drawn at ``dpi`` (the first ``limit`` pages when given).

    One page is drawn at a time, so printing a thousand-page report never holds more than one
    page image. QImage (unlike QPixmap) may be made off the GUI thread. Close the iterator (or run
    it to the end) to close the document.
    """
    with _PDFIUM:
        document = _open(pdf)
        count = len(document) if limit is None else min(limit, len(document))
    try:
        for index in range(count):
            with _PDFIUM:
                image = _draw(document, index, dpi)
            yield image
    finally:
        with _PDFIUM:
            document.close()


def _open(pdf: Path) -> pypdfium2.PdfDocument:
    try:
        return pypdfium2.PdfDocument(str(pdf))
    except (pypdfium2.PdfiumError, OSError) as error:
        raise PdfPagesError(f"cannot open {pdf.name} to draw its pages ({error})") from error


def _draw(document: pypdfium2.PdfDocument, index: int, dpi: float) -> QImage:
    try:
        page = document[index]
    except pypdfium2.PdfiumError as error:
        raise PdfPagesError(f"page {index + 1} cannot be read ({error})") from error
    try:
        # white page, RGB byte order: what QImage's RGB888 format reads
        bitmap = page.render(scale=dpi / POINTS_PER_INCH, rev_byteorder=True, fill_color=(255, 255, 255, 255))
    except pypdfium2.PdfiumError as error:
        raise PdfPagesError(f"page {index + 1} cannot be drawn ({error})") from error
    finally:
        page.close()
    try:
        image = QImage(
            bytes(bitmap.buffer), bitmap.width, bitmap.height, bitmap.stride, QImage.Format.Format_RGB888
        )
        return image.copy()  # own the pixels: the bytes above are freed when this returns
    finally:
        bitmap.close()
