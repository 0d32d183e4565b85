"""Draw a PDF's pages with PDFium, in a process of its own, for the window's preview and printing.

Run as ``python -m recount_desktop.reports.pdf_pixels PDF DPI LIMIT``. It writes to standard output
one JSON line ``{"pages": N}``, then for each page drawn (all of them when LIMIT is 0, else the
first LIMIT) a JSON line ``{"width", "height", "stride", "size"}`` followed by
``size`` bytes of 8-bit RGB rows. A problem is one line on standard error and exit status 1.

PDFium runs in this separate process, never inside the window's: it is a large native library
that is not thread-safe, and a fault in it must not take the election's window down with it.
pypdfium2's wheel carries PDFium itself, so no PDF tools are needed on the workstation.
"""

from __future__ import annotations

import json
import sys
from typing import BinaryIO

POINTS_PER_INCH = 72  # PDF user space


def draw_pages(pdf: str, dpi: float, limit: int, out: BinaryIO) -> None:
    import pypdfium2

    try:
        document = pypdfium2.PdfDocument(pdf)
    except (pypdfium2.PdfiumError, OSError) as error:
        raise ValueError(f"cannot open the PDF to draw its pages ({error})") from error
    try:
        document.init_forms()  # form widgets drawn too: a signed report's visible signature stamp
        total = len(document)
        _line(out, {"pages": total})
        count = total if limit <= 0 else min(limit, total)
        for index in range(count):
            _draw(document, index, dpi, out)
    finally:
        document.close()


def _draw(document: object, index: int, dpi: float, out: BinaryIO) -> None:
    import pypdfium2

    try:
        page = document[index]  # type: ignore[index]
        try:  # a white page, in RGB byte order
            white = (255, 255, 255, 255)
            bitmap = page.render(scale=dpi / POINTS_PER_INCH, rev_byteorder=True, fill_color=white)
        finally:
            page.close()
    except pypdfium2.PdfiumError as error:
        raise ValueError(f"page {index + 1} cannot be drawn ({error})") from error
    try:
        pixels = bytes(bitmap.buffer)
        size = {"width": bitmap.width, "height": bitmap.height, "stride": bitmap.stride}
        _line(out, {**size, "size": len(pixels)})
        out.write(pixels)
        out.flush()
    finally:
        bitmap.close()


def _line(out: BinaryIO, record: dict[str, int]) -> None:
    out.write(json.dumps(record).encode() + b"\n")
    out.flush()


def main(argv: list[str]) -> int:
    try:
        pdf, dpi, limit = argv[0], float(argv[1]), int(argv[2])
        draw_pages(pdf, dpi, limit, sys.stdout.buffer)
    except (ValueError, IndexError) as error:
        print(error, file=sys.stderr)
        return 1
    except BrokenPipeError:  # the window stopped reading (Cancel): nothing more to do
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
