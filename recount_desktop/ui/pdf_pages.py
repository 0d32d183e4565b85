"""A PDF's pages as images, rendered in this process by PDFium.

pypdfium2's wheel carries PDFium itself, so the preview and printing work on an offline workstation
with no PDF tools installed (QtPdf is not part of PySide6-Essentials, and poppler's ``pdftoppm`` is
a system package a county machine may not have).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
from PySide6.QtGui import QImage

POINTS_PER_INCH = 72  # PDF user space
# PDFium is not thread-safe: a preview and a print job may run at once, so every call takes this lock
_PDFIUM = threading.RLock()


class PdfPagesError(Exception):
    """The PDF cannot be opened or a page cannot be drawn."""


@dataclass(frozen=True)
class PagePixels:
    """One drawn page: 8-bit RGB rows ``stride`` bytes apart, in plain bytes, so that it can be handed
    from a worker thread to the GUI thread without any Qt object crossing between them."""

    width: int
    height: int
    stride: int
    rgb: bytes

    def to_image(self) -> QImage:
        """A QImage with its own copy of the pixels: never one that points into Python memory, which
        Python may free or move while Qt still reads it."""
        image = QImage(self.width, self.height, QImage.Format.Format_RGB888)
        target, line, row = image.bits(), image.bytesPerLine(), self.width * 3
        if line == self.stride:
            target[: len(self.rgb)] = self.rgb
        else:
            for y in range(self.height):
                target[y * line : y * line + row] = self.rgb[y * self.stride : y * self.stride + row]
        return image


def page_count(pdf: Path) -> int:
    with _PDFIUM:
        document = _open(pdf)
        try:
            return len(document)
        finally:
            document.close()


def page_images(pdf: Path, dpi: float, limit: int | None = None) -> Iterator[PagePixels]:
    """The pages in order, each drawn at ``dpi`` (the first ``limit`` pages when given).

    One page is drawn at a time, so printing a thousand-page report never holds more than one
    page image. Close the iterator (or run it to the end) to close the document.
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


def _draw(document: pypdfium2.PdfDocument, index: int, dpi: float) -> PagePixels:
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
        return PagePixels(bitmap.width, bitmap.height, bitmap.stride, bytes(bitmap.buffer))
    finally:
        bitmap.close()
