"""Import a county's results file: the summary, the problems with their cells, the sheet with the
reading on it (corrected by keyboard or mouse), saved layout profiles, and the background import.

Reading and storing both run off the GUI thread through ``run_in_background``; the store step opens
its own connection to the election file (a SQLite connection is not shared across threads), and the
window reloads when it is done. A re-import first lists what would change and asks. A file that
cannot be read lands on the sheet view, where the user shows the program how to read it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from recount_desktop.importers import FORMATS, TallyImport, read_tally_file
from recount_desktop.importers.profiles import LayoutProfile, ProfileError, load_profile
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book
from recount_desktop.store import open_election_file
from recount_desktop.ui.host import PageHost
from recount_desktop.ui.pages import import_summary
from recount_desktop.ui.pages.import_profiles import ProfilePicker, save_named_profile
from recount_desktop.ui.pages.import_reading import (
    ReadOutcome,
    ReadRequest,
    cell_row_text,
    profile_sheet,
    read_for_wizard,
)
from recount_desktop.ui.pages.import_summary import (
    PreviewContestModel,
    PreviewTallyModel,
    ProblemModel,
    ProblemRow,
    preview_contests,
)
from recount_desktop.ui.pages.reading_edits import what_is_missing
from recount_desktop.ui.pages.sheet_preview import SheetPreview
from recount_desktop.ui.tasks import BackgroundTask, TaskControl, run_in_background
from recount_desktop.ui.widgets.tables import fit_column_to_text, table_view

__all__ = ["ImportDialog", "PreviewContestModel", "ProblemModel"]

PREVIEW_ROWS = 200
FILE_FILTER = "Results files (*.xlsx *.xlsm *.xls *.ods *.csv *.txt *.tsv);;All files (*)"
EVERY_SHEET = "(every sheet)"
CHOOSE_ELECTION = "(choose the election's sheet)"


class ImportDialog(QDialog):
    """Pick a file, read it, look at it (and correct how it is read), then import it (or not)."""

    def __init__(self, host: PageHost, parent: QWidget) -> None:
        super().__init__(parent)
        self.host = host
        self.setWindowTitle("Import results")
        self.resize(1180, 720)
        self.imported: TallyImport | None = None
        self.request: ReadRequest | None = None
        self.book: Book | None = None
        self.task: BackgroundTask | None = None
        self.reads_done = 0
        self.serial = 0  # the latest read; an older one finishing later is ignored
        self.correcting = False
        self._make_widgets()
        self._layout()

    # -- widgets ------------------------------------------------------------------------------
    def _make_widgets(self) -> None:
        self.path = QLineEdit(objectName="importPath", placeholderText="The county's results file")
        self.path.returnPressed.connect(self.read_file)
        self.browse = QPushButton("&Browse…")
        self.browse.clicked.connect(self._browse)
        self.read_button = QPushButton("&Read file", objectName="readButton")
        self.read_button.clicked.connect(self.read_file)
        self.format_choice = QComboBox(objectName="formatChoice")
        self.format_choice.addItems(list(FORMATS))
        self.format_choice.activated.connect(self._format_chosen)
        self.profiles = ProfilePicker()
        self.profiles.activated.connect(self._profile_chosen)
        self.sheet_choice = QComboBox(objectName="sheetChoice")
        self.sheet_choice.activated.connect(self._sheet_chosen)
        self.layout_label = QLabel("Choose a file and press Enter.", objectName="layoutLabel", wordWrap=True)
        self.summary = QLabel(objectName="summaryText", wordWrap=True)
        self.accept_box = QCheckBox(objectName="acceptDifferences", visible=False)
        self.accept_box.toggled.connect(self._accept_toggled)
        self.differences = QLabel(objectName="differencesText", wordWrap=True, visible=False)
        self.notes = import_summary.ReadingNoteModel()
        self.note_table = table_view("readingNotes", self.notes)
        self.note_table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        fit_column_to_text(self.note_table, 0, max(import_summary.KIND_NAMES.values(), key=len))
        self.sheet_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.contests = PreviewContestModel()
        self.tallies = PreviewTallyModel()
        self.problems = ProblemModel()
        for model in (self.notes, self.contests, self.tallies, self.problems):
            model.setParent(self)  # owned with the dialog: never freed by Python before their views
        self.contest_table = table_view("previewContests", self.contests)
        self.contest_table.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.tally_table = table_view("previewRows", self.tallies)
        self.problem_table = table_view("problemTable", self.problems)
        self.problem_table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.problem_table.selectionModel().currentRowChanged.connect(self._show_problem_row)
        self.cell_row = QLabel(objectName="cellRow", wordWrap=True)
        self.cell_row.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.preview = SheetPreview()
        self.preview.reading_edited.connect(self._reading_edited)
        self.preview.sheet_wanted.connect(self._show_other_sheet)
        self.profile_name = QLineEdit(objectName="profileName",
                                      placeholderText="e.g. Alamosa County abstract")
        self.profile_name.returnPressed.connect(self.save_profile)
        self.save_button = QPushButton("Sa&ve as profile", objectName="saveProfile")
        self.save_button.clicked.connect(self.save_profile)
        self.import_button = QPushButton("&Import into the election", objectName="importButton",
                                         enabled=False)
        self.import_button.clicked.connect(self.start_import)

    def _layout(self) -> None:
        picker = QHBoxLayout()
        picker.addWidget(QLabel("&File:", buddy=self.path))
        picker.addWidget(self.path, 1)
        picker.addWidget(self.browse)
        picker.addWidget(self.read_button)
        choices = QHBoxLayout()
        for text, widget in (("&Layout:", self.format_choice), ("&Profile:", self.profiles),
                             ("S&heet:", self.sheet_choice)):
            choices.addWidget(QLabel(text, buddy=widget))
            choices.addWidget(widget)
        choices.addStretch(1)
        self.tabs = QTabWidget(objectName="importTabs")
        self.tabs.addTab(self._summary_tab(), "S&ummary")
        self.tabs.addTab(self.contest_table, "&Contests")
        self.tabs.addTab(self.tally_table, f"First {PREVIEW_ROWS} rows")
        self.tabs.addTab(self._sheet_tab(), "Sheet and rea&ding")
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.tabs)
        split.addWidget(self._problem_box())
        split.setSizes([470, 170])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        for button in (*buttons.buttons(), self.browse, self.read_button, self.save_button):
            button.setAutoDefault(False)  # Return in a field acts on that field, never closes the wizard
            button.setDefault(False)
        layout = QVBoxLayout(self)
        layout.addLayout(picker)
        layout.addLayout(choices)
        layout.addWidget(self.layout_label)
        layout.addWidget(split, 1)
        layout.addWidget(buttons)

    def _summary_tab(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.addWidget(self.summary)
        layout.addWidget(self.differences)
        layout.addWidget(self.accept_box)
        layout.addWidget(self.note_table, 1)
        return box

    def _sheet_tab(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.addWidget(self.preview, 1)
        save = QHBoxLayout()
        save.addWidget(QLabel("Save this layout for the county's next file, as profile &named:",
                              buddy=self.profile_name))
        save.addWidget(self.profile_name, 1)
        save.addWidget(self.save_button)
        layout.addLayout(save)
        return box

    def _problem_box(self) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("<b>Warnings and errors</b> (select one to see its row in the file)"))
        layout.addWidget(self.problem_table, 1)
        layout.addWidget(self.cell_row)
        return box

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            return  # Enter reads the file or saves the profile (in their fields); it never closes
        super().keyPressEvent(event)

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, "Results file", str(Path.home()), FILE_FILTER)
        if chosen:
            self.path.setText(chosen)
            self.read_file()

    # -- what to read ------------------------------------------------------------------------------
    def read_file(self) -> None:
        """Read the file in the File field the way the layout, profile and sheet choices say."""
        path = Path(self.path.text().strip())
        if not path.is_file():
            self.layout_label.setText(f"{path}: no such file.")
            return
        request = ReadRequest(path, self.format_choice.currentText())
        if self.request is not None and self.request.path == path:
            request = replace(request, sheet=self.request.sheet)
        profile = self._chosen_profile()
        if profile is not None:
            request = replace(request, format=profile.format, reading=profile.reading,
                              sheet=profile.sheet or request.sheet)
        self.book = None
        self._start_read(request)

    def _chosen_profile(self) -> LayoutProfile | None:
        chosen = self.profiles.chosen_path()
        if chosen is None:
            return None
        try:
            return load_profile(chosen)
        except ProfileError as error:
            self.layout_label.setText(str(error))
            return None

    def _profile_chosen(self, _index: int) -> None:
        profile = self._chosen_profile()
        self.format_choice.setCurrentText(profile.format if profile is not None else "auto")
        if profile is not None:
            self.profile_name.setText(profile.name)
        if self.path.text().strip():
            self.read_file()

    def _format_chosen(self, _index: int) -> None:
        """Another layout, read at once; a profile's own layout no longer applies."""
        self.profiles.setCurrentIndex(0)
        if self.request is not None:
            self.read_file()

    def _sheet_chosen(self, index: int) -> None:
        if self.request is None:
            return
        sheet = self.sheet_choice.itemText(index) if index > 0 else None
        reading = self.request.reading
        if reading is not None and sheet is not None and reading.sheet not in (sheet, None):
            reading = None  # a correction made on another sheet does not apply here
        self._start_read(replace(self.request, sheet=sheet, reading=reading), shown=sheet)

    def _accept_toggled(self, accepted: bool) -> None:
        if self.request is not None and self.request.accept_differences != accepted:
            self._start_read(replace(self.request, accept_differences=accepted))

    def _reading_edited(self, reading: Reading | None) -> None:
        if self.request is None:
            return
        missing = what_is_missing(reading) if reading is not None else None
        if missing and reading is not None:
            self.preview.show_sheet(self.preview.model.sheet, self.preview.detected, reading,
                                    self.imported.notes if self.imported else None, reading.layout)
            return
        if reading is None:
            request = replace(self.request, reading=None, format=self.format_choice.currentText())
        else:
            chosen = self.sheet_choice.currentText() if self.sheet_choice.currentIndex() > 0 else None
            sheet = profile_sheet(reading, chosen)  # the user's sheet, not an earlier correction's
            request = replace(self.request, reading=reading, format=reading.layout, sheet=sheet)
        shown = self.preview.model.sheet
        self._start_read(request, shown=shown.name if shown is not None else None, correcting=True)

    def _show_other_sheet(self, name: str) -> None:
        if self.request is not None:
            self._start_read(self.request, shown=name, correcting=True)

    # -- reading -----------------------------------------------------------------------------------
    def _start_read(self, request: ReadRequest, shown: str | None = None, correcting: bool = False) -> None:
        """Read in the background; ``correcting``: the user stays on the sheet view afterwards."""
        self.request, self.correcting = request, correcting
        self.imported = None
        self.import_button.setEnabled(False)
        name = request.path.name
        self.layout_label.setText(f"Reading {name}…")
        book = self.book
        self.serial += 1
        serial = self.serial

        def latest(callback: Callable[..., None]) -> Callable[..., None]:
            # a read overtaken by a newer one (the user kept correcting) is dropped
            return lambda *args: callback(*args) if serial == self.serial else None

        self.task = run_in_background(
            self, f"Reading {name}", lambda c: read_for_wizard(request, book, shown, c, read_tally_file),
            latest(self._read_done), on_failure=latest(self._read_failed),
            on_cancel=latest(lambda: self.layout_label.setText(
                f"Reading {name} was cancelled; nothing was imported.")))

    def _read_failed(self, error: BaseException) -> None:
        self.reads_done += 1
        self.layout_label.setText(f"{self.request.path.name if self.request else 'The file'} cannot be read "
                                  f"this way ({type(error).__name__}: {error}). Correct the reading on the "
                                  "sheet, or choose another layout.")
        self.tabs.setCurrentIndex(3)

    def _read_done(self, outcome: ReadOutcome) -> None:
        imported = self.imported = outcome.imported
        self.book = outcome.book
        self._show_summary(imported)
        self._fill_sheet_choice(imported)
        reading = self.request.reading if self.request else None
        in_use = outcome.detected is not None and outcome.detected == imported.reading
        shown_reading = reading or (outcome.detected if in_use or imported.layout == "abstract" else None)
        if outcome.book is not None:
            shown = outcome.sheet.name if outcome.sheet else None
            self.preview.set_sheet_names(() if outcome.book.is_csv else outcome.book.sheet_names, shown)
        self.preview.show_sheet(outcome.sheet, outcome.detected, shown_reading, imported.notes,
                                imported.layout)
        self.preview.set_readings(outcome.readings, reading or imported.reading)
        if outcome.sheet is None:
            self._say_unopened(imported)
        self.import_button.setEnabled(imported.ok and self.host.store is not None)
        self.reads_done += 1
        self._land(imported)

    def _say_unopened(self, imported: TallyImport) -> None:
        self.preview.set_sheet_names((), None)
        first = imported.errors[0].message if imported.errors else "no sheet to show"
        self.preview.say(f"{imported.path.name} cannot be opened ({first}). Nothing was imported. Save it "
                         "again from the spreadsheet program (as .xlsx or .csv) and read that copy.")

    def _show_summary(self, imported: TallyImport) -> None:
        results = imported.results
        self.layout_label.setText(import_summary.status_line(imported))
        self.summary.setText(import_summary.summary_text(imported))
        self.notes.set_rows(import_summary.note_rows(imported))
        self._show_differences(imported)
        preview = preview_contests(imported)
        self.contests.set_rows(preview)
        fit_column_to_text(self.contest_table, 0, max((c.name for c in preview), key=len, default="Contest"),
                           limit=420)
        self.tallies.set_rows(results.tallies[:PREVIEW_ROWS] if results else [])
        self.problems.set_rows([ProblemRow("Error", p) for p in imported.errors]
                               + [ProblemRow("Warning", p) for p in imported.warnings])
        self.cell_row.clear()

    def _show_differences(self, imported: TallyImport) -> None:
        count = len(imported.differences)
        self.accept_box.blockSignals(True)
        self.accept_box.setVisible(bool(count))
        self.accept_box.setChecked(imported.accepted_differences and bool(count))
        self.accept_box.setText(f"&Accept these {count} difference(s) and import the units as they are "
                                "(recorded in the audit log)")
        self.accept_box.blockSignals(False)
        self.differences.setVisible(bool(count))
        listed = import_summary.differences_text(imported)
        self.differences.setText(f"The file's own totals differ from the sum of its units: {listed}")

    def _fill_sheet_choice(self, imported: TallyImport) -> None:
        names = self.book.sheet_names if self.book is not None and not self.book.is_csv else []
        self.sheet_choice.clear()
        self.sheet_choice.addItem(CHOOSE_ELECTION if imported.elections else EVERY_SHEET)
        self.sheet_choice.addItems(names)
        chosen = self.request.sheet if self.request else None
        if chosen in names:
            self.sheet_choice.setCurrentText(chosen)
        self.sheet_choice.setEnabled(len(names) > 1)

    def _land(self, imported: TallyImport) -> None:
        """Where the user goes next: the sheet choice, the sheet view, or the summary."""
        if imported.elections:
            self.layout_label.setText(
                f"<b>{imported.path.name}</b> holds {len(imported.elections)} elections, one per sheet: "
                f"{', '.join(imported.elections)}. Choose one under Sheet; nothing is imported until you do.")
            self.tabs.setCurrentIndex(3)
            self.sheet_choice.setFocus()
        elif self.correcting or (imported.errors and len(imported.errors) > len(imported.differences)):
            self.tabs.setCurrentIndex(3)
            self.preview.table.setFocus()
            if not self.preview.table.currentIndex().isValid():
                self.preview.table.setCurrentIndex(self.preview.model.index(0, 0))
        else:
            self.tabs.setCurrentIndex(0)
            if imported.ok:
                self.import_button.setFocus()
            elif imported.differences:
                self.accept_box.setFocus()

    def _show_problem_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self.book is None or not current.isValid():
            return
        problem = self.problems.row_at(current.row()).problem
        self.preview.go_to(problem.sheet, problem.cell)
        try:
            self.cell_row.setText(cell_row_text(self.book, problem))
        except Exception as error:  # showing context must never break the dialog
            self.cell_row.setText(f"The row cannot be shown ({error}).")

    # -- profiles ----------------------------------------------------------------------------------
    def save_profile(self) -> None:
        """The layout as read now (format, chosen sheet, corrected reading), under the name given."""
        name = self.profile_name.text().strip()
        request, imported = self.request, self.imported
        if not name or request is None:
            self.layout_label.setText("Read a file and type a name for the profile first.")
            self.profile_name.setFocus()
            return
        layout = imported.layout if imported is not None and imported.layout != "auto" else request.format
        reading = request.reading
        if reading is not None:
            profile = LayoutProfile(name, reading.layout, profile_sheet(reading, request.sheet), reading)
        else:
            profile = LayoutProfile(name, layout, request.sheet)
        try:
            saved = save_named_profile(profile)
        except OSError as error:
            self.layout_label.setText(f"The profile cannot be saved: {error.strerror or error}")
            return
        self.profiles.refresh(chosen=saved)
        self.layout_label.setText(f"Saved the profile '{name}' ({saved}); choose it under Profile for the "
                                  "county's next file, or use it as import --profile.")

    # -- storing -----------------------------------------------------------------------------------
    def start_import(self, replace: bool = False) -> None:
        imported, store = self.imported, self.host.store
        if imported is None or store is None or not imported.ok:
            return
        election_path, operator = store.path, store.operator

        from recount_desktop.importers import import_into_election  # on the GUI thread, not the worker's

        def work(control: TaskControl) -> Any:
            # Cancel counts until the write starts; the write is one transaction, all or nothing
            control.check_cancelled()
            with open_election_file(election_path, operator=operator) as own:
                control.check_cancelled()
                return import_into_election(own, imported, replace=replace)

        self.import_button.setEnabled(False)
        self.task = run_in_background(self, "Importing results", work, self._import_done,
                                      on_failure=self._import_failed, on_cancel=self._import_cancelled)

    def _import_cancelled(self) -> None:
        self.import_button.setEnabled(True)
        self.layout_label.setText("The import was cancelled; the election keeps its results.")

    def _import_failed(self, error: BaseException) -> None:
        self.import_button.setEnabled(True)
        QMessageBox.warning(self, "Import failed", str(error) or type(error).__name__)

    def _import_done(self, outcome: Any) -> None:
        if not outcome.applied:
            if self.confirm_replace(outcome.differences):
                self.start_import(replace=True)
            else:
                self.import_button.setEnabled(True)
                self.layout_label.setText("Nothing was replaced; the election keeps its results.")
            return
        self.host.reload()
        self.accept()

    def confirm_replace(self, differences: tuple[Any, ...]) -> bool:
        shown = "\n".join(str(d) for d in differences[:25])
        more = f"\n… and {len(differences) - 25} more" if len(differences) > 25 else ""
        text = (f"The election already holds results. Importing this file changes {len(differences)} "
                f"count(s):\n\n{shown or '(no vote count changes)'}{more}\n\nReplace the stored results?")
        answer = QMessageBox.question(self, "Replace the results?", text,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes
