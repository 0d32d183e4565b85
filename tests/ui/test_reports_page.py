"""Reports from the window: the canvassers' report and blank tally sheets to PDF, preview, signature."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtGui import QPageSize
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QLabel, QPushButton

from recount_desktop.recount.scope import set_scope
from recount_desktop.reports.signing import load_roots, verify_pdf
from recount_desktop.ui.pages import reports_page
from tests.reports.certs import make_certificates

MAYOR = "Mayor of Plattsmouth"


def _text(path: Path) -> str:
    return " ".join(page.extract_text() for page in PdfReader(str(path)).pages)


def _export(qtbot, window, button, target: Path, monkeypatch) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), "PDF files (*.pdf)"))
    page = window.reports_page
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.task is not None and page.task.done, timeout=30000)


@pytest.mark.slow
def test_export_the_report_and_blank_sheets_and_preview_them(
    qtbot, sample_window, tmp_path, monkeypatch
) -> None:
    set_scope(sample_window.store, MAYOR, "all", method="manual")
    sample_window.reload()
    page = sample_window.reports_page
    sample_window.show_page(4)
    report = tmp_path / "report.pdf"
    _export(qtbot, sample_window, page.report_button, report, monkeypatch)
    text = _text(report)
    for contest in ("County Sheriff", MAYOR, "Library Levy Question"):
        assert contest in text
    assert "Wrote" in page.message.text()
    # one image per page, whole (never cropped), and Print is offered
    pages = len(PdfReader(str(report)).pages)
    assert pages > 1 and len(page.images) == pages and page.page_total == pages
    assert f"{pages} page(s) shown below" in page.message.text()
    assert page.print_button.isEnabled()
    shown = page.pages_box.findChildren(QLabel, "previewPage")
    assert len(shown) == pages
    for label in shown:
        assert label.height() >= label.pixmap().height() and label.width() >= label.pixmap().width()
    # one page under the other, none drawn over the next
    qtbot.waitUntil(lambda: all(a.geometry().bottom() < b.geometry().top()
                                for a, b in zip(shown, shown[1:], strict=False)))
    sheets = tmp_path / "sheets.pdf"
    _export(qtbot, sample_window, page.sheets_button, sheets, monkeypatch)
    sheet_text = _text(sheets)
    assert MAYOR in sheet_text and "Precinct 01" in sheet_text
    assert len(PdfReader(str(sheets)).pages) >= 14  # one sheet per precinct of the contest


def test_blank_sheets_without_a_scope_explain_why(
    qtbot, sample_window, tmp_path, monkeypatch, warnings_shown
) -> None:
    page = sample_window.reports_page
    _export(qtbot, sample_window, page.sheets_button, tmp_path / "none.pdf", monkeypatch)
    assert "not written" in page.message.text()
    # the background task's failure is also a dialog with the message, never a traceback
    assert len(warnings_shown) == 1 and warnings_shown[0] == page.message.text()
    assert "Traceback" not in warnings_shown[0] and "recount scope" in warnings_shown[0].lower()
    assert not (tmp_path / "none.pdf").exists()


@pytest.mark.slow
def test_a_signed_report_verifies(qtbot, sample_window, tmp_path, monkeypatch) -> None:
    root, p12 = make_certificates(tmp_path, password=b"board-2026")
    page = sample_window.reports_page
    page.p12.setText(str(p12))
    page.sign.setChecked(True)
    seen: list[str] = []

    def sign_as_the_clerk(dialog: reports_page.SignDialog) -> int:  # the modal dialog, as the user fills it
        seen.append(dialog.stamp.text())
        dialog.password.setText("board-2026")
        dialog.role.setCurrentText("County Clerk, Secretary of the Board")
        seen.append(dialog.stamp.text())
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
        return dialog.result()

    monkeypatch.setattr(reports_page.SignDialog, "exec", sign_as_the_clerk)
    signed = tmp_path / "signed.pdf"
    _export(qtbot, sample_window, page.report_button, signed, monkeypatch)
    assert "Digitally signed by" in seen[1] and "County Clerk, Secretary of the Board" in seen[1]
    checks = verify_pdf(signed.read_bytes(), load_roots([root]))
    assert checks and all(check.ok for check in checks)
    said = page.message.text()
    assert f"signed by {checks[0].signer} as County Clerk, Secretary of the Board" in said
    assert "`report verify` passes on the written file" in said
    # the preview shows the stamp: its box (points from the page's lower left) holds ink on the last page
    from recount_desktop.reports.pages import STAMP_BOX

    last = page.images[-1].to_image()
    scale = reports_page.PREVIEW_DPI * page.devicePixelRatioF() / 72
    x1, y1, x2, y2 = (round(v * scale) for v in STAMP_BOX)
    height = last.height()
    ink = sum(1 for x in range(x1 + 4, x2 - 4, 2) for y in range(height - y2 + 4, height - y1 - 4, 2)
              if last.pixelColor(x, y).lightness() < 128)
    assert ink > 50
    actions = [e.action for e in sample_window.store.audit_entries()]
    assert actions[-2:] == ["report.export", "report.sign"]
    assert sample_window.store.audit_entries()[-1].details["role"] == "County Clerk, Secretary of the Board"


class _PrintToPdf:
    """Stands in for QPrintDialog: the user picks "Print to file (PDF)" and presses Print, or Cancel."""

    accept = True
    target: Path | None = None
    seen: list[object] = []

    def __init__(self, printer, _parent) -> None:
        self.printer = printer

    def exec(self) -> int:
        _PrintToPdf.seen.append(self.printer)
        if not _PrintToPdf.accept:
            return QDialog.DialogCode.Rejected
        self.printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        self.printer.setOutputFileName(str(_PrintToPdf.target))
        return QDialog.DialogCode.Accepted


def test_the_preview_is_drawn_at_the_screen_pixel_density(
    qtbot, sample_window, tmp_path, monkeypatch
) -> None:
    """On a 200% screen a page keeps its size on screen and gets twice the pixels, not a blurry zoom."""
    page = sample_window.reports_page
    sample_window.show_page(4)
    monkeypatch.setattr(reports_page.ReportsPage, "devicePixelRatioF", lambda _self: 2.0)
    _export(qtbot, sample_window, page.report_button, tmp_path / "report.pdf", monkeypatch)
    label = page.pages_box.findChildren(QLabel, "previewPage")[0]
    letter_width = round(8.5 * reports_page.PREVIEW_DPI)  # the page in screen points at the preview's DPI
    assert page.images[0].width == 2 * letter_width  # drawn with twice the pixels
    assert label.width() == letter_width + 2  # shown at the page's size (and a 1-pixel border)


def test_a_long_report_previews_its_first_pages_only(qtbot, sample_window, tmp_path, monkeypatch) -> None:
    page = sample_window.reports_page
    monkeypatch.setattr(reports_page, "PREVIEW_PAGES", 2)
    _export(qtbot, sample_window, page.report_button, tmp_path / "report.pdf", monkeypatch)
    pages = len(PdfReader(str(tmp_path / "report.pdf")).pages)
    assert pages > 2 and len(page.pages_box.findChildren(QLabel, "previewPage")) == 2
    assert f"The first 2 of {pages} pages are shown below" in page.message.text()


@pytest.mark.slow
def test_print_the_report_through_the_print_dialog(qtbot, sample_window, tmp_path, monkeypatch) -> None:
    page = sample_window.reports_page
    sample_window.show_page(4)
    assert not page.print_button.isEnabled()  # nothing written yet
    report = tmp_path / "report.pdf"
    _export(qtbot, sample_window, page.report_button, report, monkeypatch)
    monkeypatch.setattr(reports_page, "QPrintDialog", _PrintToPdf)
    _PrintToPdf.seen, _PrintToPdf.target, _PrintToPdf.accept = [], tmp_path / "printed.pdf", False
    qtbot.mouseClick(page.print_button, Qt.MouseButton.LeftButton)  # Cancel: nothing is printed
    assert len(_PrintToPdf.seen) == 1 and not (tmp_path / "printed.pdf").exists()
    _PrintToPdf.accept = True
    qtbot.mouseClick(page.print_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.print_task is not None and page.print_task.done, timeout=30000)
    printed = PdfReader(str(tmp_path / "printed.pdf"))
    assert len(printed.pages) == len(PdfReader(str(report)).pages)
    assert _PrintToPdf.seen[-1].pageLayout().pageSize().id() == QPageSize.PageSizeId.Letter
    for sheet in printed.pages:  # vector pages: text stays text, the report's own US Letter size
        assert (float(sheet.mediabox.width), float(sheet.mediabox.height)) == (612.0, 792.0)
    assert "County Sheriff" in _text(tmp_path / "printed.pdf")
    assert (tmp_path / "printed.pdf").stat().st_size < 2_000_000
    assert f"Sent {len(printed.pages)} page(s) of report.pdf" in page.message.text()
    assert sample_window.store.audit_entries()[-1].action == "report.print"


def test_printing_runs_in_the_background_and_can_be_cancelled(
    qtbot, sample_window, tmp_path, monkeypatch
) -> None:
    """Cancel pressed while page 1 is at the printer: no more pages go, and the page says so."""
    page = sample_window.reports_page
    _export(qtbot, sample_window, page.report_button, tmp_path / "report.pdf", monkeypatch)
    first_page_sent, pressed = threading.Event(), threading.Event()
    real_pages = reports_page.page_images

    def pages_held_after_the_first(pdf, dpi, limit=None):
        for number, image in enumerate(real_pages(pdf, dpi, limit)):
            if number == 1:
                first_page_sent.set()
                pressed.wait(timeout=30)  # the worker waits for the user's Cancel
            yield image

    monkeypatch.setattr(reports_page, "page_images", pages_held_after_the_first)
    monkeypatch.setattr(reports_page, "vector_route", lambda _printer: None)  # no spooler: page images
    monkeypatch.setattr(reports_page, "QPrintDialog", _PrintToPdf)
    _PrintToPdf.seen, _PrintToPdf.target, _PrintToPdf.accept = [], tmp_path / "printed.pdf", True
    try:
        qtbot.mouseClick(page.print_button, Qt.MouseButton.LeftButton)
        assert page.print_task is not None and not page.print_task.done  # the window is not frozen
        assert not page.print_button.isEnabled() and not page.report_button.isEnabled()  # one job at a time
        qtbot.waitUntil(first_page_sent.is_set)
        page.print_task.dialog.findChild(QPushButton).click()  # the progress dialog's Cancel button
    finally:
        pressed.set()  # never leave the worker waiting, whatever happened above
    qtbot.waitUntil(lambda: page.print_task.done, timeout=30000)
    assert page.message.text() == "Printing was cancelled. The unfinished file printed.pdf was removed."
    assert not (tmp_path / "printed.pdf").exists()  # no file that looks like the whole report
    assert page.print_button.isEnabled() and page.report_button.isEnabled()
