"""A PDF's pages as images for the preview and printing, drawn by PDFium in a child process.

pypdfium2's wheel carries PDFium itself, so this works on an offline workstation with no PDF tools
installed (QtPdf is not part of PySide6-Essentials). PDFium runs in a process of its own
(``reports.pdf_pixels``), never in the window's: it is a large native library, not thread-safe, and
a fault in it must not take the window and its election down with it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from PySide6.QtGui import QImage


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
    of: int = 1  # the document's page count, so one drawing process tells both

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


def page_images(pdf: Path, dpi: float, limit: int | None = None) -> Iterator[PagePixels]:
    """The pages in order, each drawn at ``dpi`` (the first ``limit`` pages when given).

    Pages arrive one at a time, so printing a thousand-page report never holds more than one page
    image. Closing the iterator early (Cancel) stops the drawing process.
    """
    with _drawing(pdf, dpi, limit or 0) as (pages, stream):
        count = pages if not limit else min(limit, pages)
        for _ in range(count):
            meta = _record(stream)
            rgb = stream.read(meta["size"])
            if len(rgb) != meta["size"]:
                raise PdfPagesError(f"the pages of {pdf.name} stopped short")
            yield PagePixels(meta["width"], meta["height"], meta["stride"], rgb, pages)


@contextmanager
def _drawing(pdf: Path, dpi: float, limit: int) -> Iterator[tuple[int, IO[bytes]]]:
    """The child process drawing ``pdf``: its page count and the stream of its pages. It is stopped
    when the block ends early (Cancel, or an error while reading)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "recount_desktop.reports.pdf_pixels", str(pdf), str(dpi), str(limit)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    try:
        try:
            pages = int(_record(child.stdout)["pages"])
        except PdfPagesError:
            child.kill()
            err = child.communicate()[1].decode(errors="replace").strip()
            reason = err.splitlines()[-1] if err else "cannot draw its pages"
            raise PdfPagesError(f"{pdf.name}: {reason}") from None
        yield pages, child.stdout
    finally:
        if child.poll() is None:
            child.kill()
        child.communicate()


def _record(stream: IO[bytes]) -> dict[str, Any]:
    line = stream.readline()
    try:
        record = json.loads(line)
    except ValueError:
        raise PdfPagesError("the drawing process stopped") from None
    if not isinstance(record, dict):
        raise PdfPagesError("the drawing process stopped")
    return record
