"""Export the canvassers' report and blank tally sheets to PDF, preview them as page images, print, sign;
export the results to send on (Reports > Export results).

Rendering runs in the background with its own connection to the election file. The preview is page
images drawn by PDFium (``pdf_pages``). Printing sends the PDF itself, so text stays text and pages
keep the report's own size (US Letter): to a file it is copied, to a printer it goes through the
system's print spooler (``lp``). Only where there is no spooler are page images sent instead.
Writing, signing, printing and exporting are each an entry in the audit log.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from collections.abc import Iterable
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPageSize, QPainter, QPixmap
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from recount_desktop.files import write_atomically
from recount_desktop.store import ElectionFileError, open_election_file
from recount_desktop.ui.host import PageHost
from recount_desktop.ui.tasks import BackgroundTask, TaskCancelled, TaskControl, run_in_background
from recount_desktop.ui.widgets.keyboard import chain_tab_order
from recount_desktop.ui.widgets.pdf_pages import PagePixels, PdfPagesError, page_images

PREVIEW_DPI = 70
PREVIEW_PAGES = 25  # a statewide report runs to a thousand pages: the rest are in the PDF itself
PRINT_DPI = 200


def render_pdf(election: Path, operator: str, kind: str, p12: Path | None = None,
               password: bytes = b"", role: str = "") -> bytes:
    """The report or the blank sheets as PDF bytes, from a connection of the worker's own."""
    from recount_desktop.reports.render import render_report
    from recount_desktop.reports.report_data import build_report_data
    from recount_desktop.reports.signing import sign_pdf
    from recount_desktop.reports.tally_sheets import render_tally_sheets

    with open_election_file(election, operator=operator) as store:
        if kind == "sheets":
            return render_tally_sheets(store)
        data = build_report_data(store)
    pdf = render_report(data)
    if p12 is not None:
        location = f"{data.title.jurisdiction}, {data.title.state_name}"
        pdf = sign_pdf(pdf, p12, password, role or data.certification.attesting.title, location=location)
    return pdf


@dataclass(frozen=True)
class Signed:
    """Who signed, as what, when, and what `report verify` says of the file as written."""

    signer: str
    role: str
    signed_at: str
    verify_summary: str
    intact: bool


def check_signed(pdf: Path, role: str) -> Signed:
    """`report verify` on the written file (without trusted roots: the board's root is not here)."""
    from recount_desktop.reports.signing import verify_pdf

    check = verify_pdf(pdf.read_bytes(), [], source=str(pdf))[-1]
    return Signed(check.signer, role, check.signed_at, check.summary,
                  check.intact and check.valid and check.covers_whole_file)


def stamp_text(signer: str, role: str, when: datetime) -> str:
    """What the visible stamp says (``signing.sign_pdf``'s own wording), for the dialog's preview."""
    return f"Digitally signed by {signer}\n{role}\n{when:%Y-%m-%d %H:%M:%S}"


class SignDialog(QDialog):
    """Certificate, password and the signer's role (one of the board's titles, or typed), with the
    stamp the report will carry shown before anything is signed."""

    def __init__(self, parent: QWidget | None, p12: str, roles: list[str], role: str) -> None:
        super().__init__(parent)
        self.setWindowTitle("Sign the canvassers' report")
        self.p12 = QLineEdit(p12, objectName="signP12")
        self.password = QLineEdit(objectName="signPassword", echoMode=QLineEdit.EchoMode.Password)
        self.role = QComboBox(objectName="signRole", editable=True)
        self.role.addItems(roles)
        self.role.setCurrentText(role)
        self.role.setMinimumWidth(360)
        self.stamp = QLabel(objectName="stampPreview")
        self.stamp.setStyleSheet("border: 1px solid #1b4f8a; padding: 6px; font-family: monospace;")
        self.role.currentTextChanged.connect(self._preview)
        self.error = QLabel(styleSheet="color: #b00020", wordWrap=True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Sign")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("&Certificate", self.p12)
        form.addRow("&Password", self.password)
        form.addRow("Signer's &role", self.role)
        form.addRow("The stamp will say", self.stamp)
        form.addRow(self.error)
        form.addRow(buttons)
        self._preview()

    def _preview(self) -> None:
        self.stamp.setText(stamp_text("(the name in the certificate)", self.role.currentText().strip(),
                                      datetime.now()))

    def _accept(self) -> None:
        if not Path(self.p12.text().strip()).is_file():
            self.error.setText("Choose the certificate file (.p12) first.")
            return
        if not self.role.currentText().strip():
            self.error.setText("Say in what role the report is signed.")
            return
        self.accept()


def preview_images(pdf: Path, dpi: float) -> tuple[list[PagePixels], int, str]:
    """The first pages to show, the PDF's page count, and why none are shown (or "")."""
    try:
        images = list(page_images(pdf, dpi, limit=PREVIEW_PAGES))
        return images, images[0].of if images else 0, ""
    except PdfPagesError as error:
        return [], 0, str(error)


class ReportsPage(QWidget):
    def __init__(self, host: PageHost) -> None:
        super().__init__()
        self.host = host
        self.task: BackgroundTask | None = None
        self.print_task: BackgroundTask | None = None
        self.can_print = False  # a PDF was written and its pages can be drawn
        self.printer: QPrinter | None = None
        self.written: Path | None = None
        self.images: list[PagePixels] = []
        self.page_total = 0
        self.report_button = QPushButton("Export &report to PDF…", objectName="exportReport")
        self.report_button.clicked.connect(lambda: self.export("report"))
        self.sheets_button = QPushButton("Export &blank tally sheets to PDF…", objectName="exportSheets")
        self.sheets_button.clicked.connect(lambda: self.export("sheets"))
        self.results_button = QPushButton("Export r&esults…", objectName="exportResults")
        self.results_button.setToolTip("Results per precinct and choice in the tally template's layout, "
                                       "with the reconciliation: for the state, the press, the website")
        self.results_button.clicked.connect(self.export_results)
        self.amended = QCheckBox("as a&mended by the recount", objectName="exportAmended")
        self.signed: Signed | None = None
        self.kind = "report"  # what the last PDF written is: the report or the blank sheets
        self.print_button = QPushButton("&Print…", objectName="printButton", enabled=False)
        self.print_button.clicked.connect(lambda: self.print_pages())  # noqa: PLW0108 - drop "checked"
        self.sign = QCheckBox("&Sign the report with a certificate", objectName="signReport")
        self.p12 = QLineEdit(objectName="p12Path", placeholderText="certificate file (.p12)")
        browse = QPushButton("Choose &certificate…", objectName="chooseCertificate")
        browse.clicked.connect(self._choose_p12)
        self.browse = browse
        self.message = QLabel(objectName="reportMessage", wordWrap=True)
        self.pages_box = QWidget()
        self.pages_layout = QVBoxLayout(self.pages_box)
        self.preview = scroll = QScrollArea(objectName="reportPreview")
        scroll.setWidget(self.pages_box)
        scroll.setWidgetResizable(True)
        buttons = QHBoxLayout()
        for widget in (self.report_button, self.sheets_button, self.print_button, self.results_button,
                       self.amended):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        signing = QHBoxLayout()
        signing.addWidget(self.sign)
        signing.addWidget(self.p12, 1)
        signing.addWidget(browse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addLayout(signing)
        layout.addWidget(self.message)
        layout.addWidget(scroll, 1)
        chain_tab_order(self.tab_chain())

    def tab_chain(self) -> list[QWidget]:
        return [self.report_button, self.sheets_button, self.print_button, self.results_button, self.amended,
                self.sign, self.p12, self.browse, self.preview]

    def first_focus(self) -> QWidget:
        return self.report_button

    def _choose_p12(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, "Signing certificate", str(Path.home()),
                                                "PKCS#12 certificates (*.p12 *.pfx)")
        if chosen:
            self.p12.setText(chosen)
            self.sign.setChecked(True)

    def export(self, kind: str) -> None:
        store = self.host.store
        if store is None:
            return
        suggested = store.path.with_name(
            store.path.stem + ("-tally-sheets.pdf" if kind == "sheets" else "-report.pdf")
        )
        target, _ = QFileDialog.getSaveFileName(self, "Save PDF", str(suggested), "PDF files (*.pdf)")
        if not target:
            return
        p12, password, role = None, b"", ""
        if kind == "report" and self.sign.isChecked():
            dialog = SignDialog(self, self.p12.text().strip(), *self._roles())
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return
            p12, password, role = Path(dialog.p12.text().strip()), dialog.password.text().encode(), \
                dialog.role.currentText().strip()
            self.p12.setText(str(p12))
        election, operator, out = store.path, store.operator, Path(target)
        scale = self.devicePixelRatioF()  # a high-DPI screen gets a preview drawn at its own pixel density
        self.signed, self.kind = None, kind

        def work(_control: TaskControl) -> tuple[Path, float, tuple[list[PagePixels], int, str]]:
            write_atomically(out, render_pdf(election, operator, kind, p12, password, role))
            if p12 is not None:
                self.signed = check_signed(out, role)  # read on the GUI thread only after the task ends
            return out, scale, preview_images(out, PREVIEW_DPI * scale)

        self.message.setText(f"Writing {out.name}…")
        self._set_busy(True)
        self.task = run_in_background(self, "Writing the PDF", work, self._written,
                                      on_failure=self._failed)
        self.task.finished.connect(lambda: self._set_busy(False))

    def _roles(self) -> tuple[list[str], str]:
        """The board's titles to pick the signer's role from, and the attesting member's as default."""
        snapshot = self.host.snapshot
        members = snapshot.election.board_members if snapshot is not None else ()
        roles = list(dict.fromkeys(m.title for m in members if m.title))
        return roles, roles[-1] if roles else "Canvassing board"

    def _log(self, action: str, details: dict[str, Any]) -> None:
        """An audit entry for what left the program (a report, a signature, a print, an export)."""
        store = self.host.store
        if store is None:
            return
        try:
            with store.transaction(action, details):
                pass  # the record is the change: nothing else in the election moves
        except ElectionFileError as error:
            QMessageBox.warning(self, "Reports", f"Not recorded in the audit log: {error}")
            return
        self.host.audit_page.show_snapshot(self.host.snapshot)

    def export_results(self) -> BackgroundTask | None:
        """Reports > Export results: the CLI's `export`, in the background, then an audit entry."""
        store = self.host.store
        if store is None:
            return None
        amended = self.amended.isChecked()
        suggested = store.path.with_name(store.path.stem + ("-amended" if amended else "-results") + ".xlsx")
        target, _ = QFileDialog.getSaveFileName(self, "Export results", str(suggested),
                                                "Excel workbook (*.xlsx);;CSV, the Tallies table (*.csv)")
        if not target:
            return None
        out = Path(target)
        if out.suffix.lower() not in (".xlsx", ".csv"):
            out = out.with_suffix(".xlsx")
        election, operator = store.path, store.operator

        def work(_control: TaskControl) -> list[Path]:
            from recount_desktop.reports.export import write_export

            with open_election_file(election, operator=operator) as own:
                return write_export(own, out, amended=amended)

        def written(paths: list[Path]) -> None:
            kind = "amended" if amended else "original"
            self.message.setText(f"Wrote the {kind} results to {', '.join(str(p) for p in paths)} "
                                 "(the tally template's layout: it re-imports to the same results).")
            self.message.setStyleSheet("color: #1b6e20;")
            self._log("results.export", {"files": [str(p) for p in paths], "amended": amended})

        self.message.setText(f"Writing {out.name}…")
        self._set_busy(True)
        self.task = run_in_background(self, "Exporting the results", work, written,
                                      on_failure=lambda error: self._failed(error, what="The results"))
        self.task.finished.connect(lambda: self._set_busy(False))
        return self.task

    def _set_busy(self, busy: bool) -> None:
        """One PDF job at a time: a second export or print waits until the first is done."""
        self.report_button.setEnabled(not busy)
        self.sheets_button.setEnabled(not busy)
        self.results_button.setEnabled(not busy)
        self.print_button.setEnabled(not busy and self.can_print)

    def _failed(self, error: BaseException, what: str = "The PDF") -> None:
        """A failed export or print: the message on the page and in a dialog."""
        text = f"{what} was not written: {error}"
        self.message.setText(text)
        self.message.setStyleSheet("color: #b00020;")
        QMessageBox.warning(self, "Reports", text)

    def _written(self, result: tuple[Path, float, tuple[list[PagePixels], int, str]]) -> None:
        self.written, scale, (self.images, self.page_total, problem) = result
        if problem:
            preview = f"No preview: {problem}. Open the file in a PDF viewer."
        elif len(self.images) < self.page_total:
            preview = (
                f"The first {len(self.images)} of {self.page_total} pages are shown below; "
                "the PDF has them all."
            )
        else:
            preview = f"{self.page_total} page(s) shown below."
        signed = self.signed
        said = f"Wrote {self.written}."
        if signed is not None:
            verdict = "passes" if signed.intact else "FAILS"
            said = (f"Wrote {self.written}, signed by {signed.signer} as {signed.role} at "
                    f"{signed.signed_at}. `report verify` {verdict} on the written file: "
                    f"{signed.verify_summary}.")
        self.message.setText(f"{said} {preview}")
        good = signed is None or signed.intact
        self.message.setStyleSheet("color: #1b6e20;" if good else "color: #b00020;")
        data = self.written.read_bytes()
        self._log("report.export" if self.kind == "report" else "sheets.export",
                  {"file": str(self.written), "pages": self.page_total,
                   "sha256": hashlib.sha256(data).hexdigest()})
        if signed is not None:
            self._log("report.sign", {"file": str(self.written), "signer": signed.signer, "role": signed.role,
                                      "signed_at": signed.signed_at, "verify": signed.verify_summary})
        while self.pages_layout.count():
            item = self.pages_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        for image in self.images:
            pixmap = QPixmap.fromImage(image.to_image())
            pixmap.setDevicePixelRatio(scale)
            label = QLabel(objectName="previewPage")
            label.setPixmap(pixmap)
            # a page is never squeezed: the scroll area scrolls instead of cropping the page image
            size = pixmap.deviceIndependentSize().toSize()
            label.setFixedSize(size.width() + 2, size.height() + 2)  # and its 1-pixel border
            label.setStyleSheet("border: 1px solid #999; background: white;")
            self.pages_layout.addWidget(label, 0, Qt.AlignmentFlag.AlignHCenter)
        self.pages_layout.addStretch(1)
        self.can_print = not problem
        self.print_button.setEnabled(self.can_print)

    def print_pages(self, printer: QPrinter | None = None) -> BackgroundTask | None:
        """Print the last PDF written through the system's print dialog, in the background.

        Each page goes as an image drawn at ``PRINT_DPI`` (QtPdf is not in PySide6-Essentials), scaled
        to the printer's page, so what prints is exactly what the preview shows. A thousand-page
        report takes minutes: the pages are drawn and sent off the GUI thread (Qt allows painting on a
        printer there), with progress and Cancel.
        """
        if self.written is None:
            return None
        printer = printer or QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(self.written.name)
        printer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))  # the report's own size, never A4
        if QPrintDialog(printer, self).exec() != QDialog.DialogCode.Accepted:
            return None
        route = vector_route(printer)
        if route is not None:
            return self._print_pdf_itself(printer, self.written, route)
        pdf, run = self.written, _PrintRun(to_file=printer.outputFileName())
        self.printer = printer  # kept alive while the worker paints on it

        def work(control: TaskControl) -> int:
            with closing(page_images(pdf, PRINT_DPI)) as pages:  # the document closes on Cancel too
                return _paint_pages(printer, pages, control, run)

        def printed(count: int) -> None:
            if not count:
                stopped(f"{pdf.name} was not printed: the printer could not be opened.", warn=True)
                return
            where = run.to_file or printer.printerName() or "the printer"
            self.message.setText(f"Sent {count} page(s) of {pdf.name} to {where} as page images "
                                 "(no print spooler on this computer).")
            self.message.setStyleSheet("color: #1b6e20;")
            self._log("report.print", {"file": str(pdf), "pages": count, "to": where, "as": "images"})

        def stopped(text: str, warn: bool) -> None:
            text = f"{text} {run.settle()}"
            self.message.setText(text)
            self.message.setStyleSheet("color: #b00020;")
            if warn:  # a failure, not the user's own Cancel
                QMessageBox.warning(self, "Print", text)

        self.message.setText(f"Printing {pdf.name}…")
        self._set_busy(True)
        self.print_task = run_in_background(
            self, "Printing", work, printed,
            on_failure=lambda error: stopped(f"{pdf.name} was not printed in full: {error}.", warn=True),
            on_cancel=lambda: stopped("Printing was cancelled.", warn=False),
        )
        self.print_task.finished.connect(lambda: self._set_busy(False))
        return self.print_task

    def _print_pdf_itself(self, printer: QPrinter, pdf: Path, route: str) -> BackgroundTask:
        """The PDF as written goes to the file or the spooler: vector pages at the report's page size."""
        to_file, name, copies, pages = printer.outputFileName(), printer.printerName(), \
            max(1, printer.copyCount()), self.page_total

        def work(_control: TaskControl) -> str:
            if route == "file":
                write_atomically(Path(to_file), pdf.read_bytes())
                return to_file
            done = subprocess.run(["lp", "-d", name, "-n", str(copies), "-t", pdf.name, str(pdf)],
                                  capture_output=True, text=True, check=False, timeout=120)
            if done.returncode != 0:
                raise OSError(done.stderr.strip() or f"lp stopped with status {done.returncode}")
            return name

        def printed(where: str) -> None:
            self.message.setText(f"Sent {pages} page(s) of {pdf.name} to {where}: the PDF itself, US Letter, "
                                 "text kept as text.")
            self.message.setStyleSheet("color: #1b6e20;")
            self._log("report.print", {"file": str(pdf), "pages": pages, "to": where, "copies": copies})

        def failed(error: BaseException) -> None:
            text = f"{pdf.name} was not printed: {error}."
            self.message.setText(text)
            self.message.setStyleSheet("color: #b00020;")
            QMessageBox.warning(self, "Print", text)

        self.message.setText(f"Printing {pdf.name}…")
        self._set_busy(True)
        self.print_task = run_in_background(self, "Printing", work, printed, on_failure=failed)
        self.print_task.finished.connect(lambda: self._set_busy(False))
        return self.print_task


def vector_route(printer: QPrinter) -> str | None:
    """How the PDF itself reaches the printer: copied to a file, or handed to the spooler (``lp``);
    None when neither is possible and pages must go as images."""
    if printer.outputFormat() == QPrinter.OutputFormat.PdfFormat and printer.outputFileName():
        return "file"
    if printer.printerName() and shutil.which("lp"):
        return "lp"
    return None


@dataclass
class _PrintRun:
    """What a print job got to, for the message when it stops early."""

    to_file: str
    sent: int = 0
    aborted: bool = False

    def settle(self) -> str:
        """Remove an unfinished print-to-file output, and say what reached the printer."""
        if self.to_file:
            name = Path(self.to_file).name
            Path(self.to_file).unlink(missing_ok=True)  # never leave a file that looks like the whole report
            return f"The unfinished file {name} was removed." if self.sent else "No file was written."
        if self.aborted or not self.sent:
            return "Nothing was printed."
        return f"{self.sent} page(s) had already gone to the printer and could not be called back."


def _paint_pages(
    printer: QPrinter, pages: Iterable[PagePixels], control: TaskControl, run: _PrintRun
) -> int:
    """Paint page images onto the printer, one image per sheet, aspect kept; 0 if it cannot be opened.

    On Cancel or a page that cannot be drawn, the job is aborted where the printer allows it.
    """
    painter = QPainter()
    if not painter.begin(printer):
        return 0
    try:
        for pixels in pages:
            if control.cancelled():
                raise TaskCancelled
            if run.sent:
                printer.newPage()
            image = pixels.to_image()  # made and painted in this worker thread
            target = painter.viewport()
            scaled = image.size().scaled(target.size(), Qt.AspectRatioMode.KeepAspectRatio)
            painter.drawImage(QRect(0, 0, scaled.width(), scaled.height()), image)
            run.sent += 1
            control.progress(run.sent, pixels.of)
    except BaseException:
        run.aborted = printer.abort()
        raise
    finally:
        if painter.isActive():
            painter.end()
    return run.sent
