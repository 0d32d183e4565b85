"""Import a county's results file: detected layout, preview, problems with their cells, background import.

Reading and storing both run off the GUI thread through ``run_in_background``; the store step opens
its own connection to the election file (a SQLite connection is not shared across threads), and the
window reloads when it is done. A re-import first lists what would change and asks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
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

from recount_desktop.importers import ImportCancelled, Problem, TallyImport, read_tally_file
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.source import open_book
from recount_desktop.store import open_election_file
from recount_desktop.ui.contests_page import fit_column_to_text, table_view
from recount_desktop.ui.table_model import Column, RecordTableModel
from recount_desktop.ui.tasks import BackgroundTask, TaskCancelled, TaskControl, run_in_background

PREVIEW_ROWS = 200
FILE_FILTER = "Results files (*.xlsx *.xlsm *.xls *.ods *.csv *.txt *.tsv);;All files (*)"


@dataclass(frozen=True)
class PreviewContest:
    name: str
    choices: str
    seats: int
    precincts: int
    votes: int


@dataclass(frozen=True)
class ProblemRow:
    severity: str
    problem: Problem


class PreviewContestModel(RecordTableModel[PreviewContest]):
    COLUMNS = (
        Column("Contest", lambda r: r.name),
        Column("Seats", lambda r: r.seats, numeric=True),
        Column("Precincts", lambda r: r.precincts, numeric=True),
        Column("Votes", lambda r: f"{r.votes:,}", numeric=True),
        Column("Choices", lambda r: r.choices),
    )


class PreviewTallyModel(RecordTableModel[Any]):
    COLUMNS = (
        Column("Precinct", lambda t: t.precinct),
        Column("Contest", lambda t: t.contest),
        Column("Choice", lambda t: t.choice),
        Column("Votes", lambda t: "suppressed" if t.suppressed else f"{t.votes:,}", numeric=True),
    )


class ProblemModel(RecordTableModel[ProblemRow]):
    COLUMNS = (
        Column("", lambda r: r.severity,
               background=lambda r: "#f6c9c9" if r.severity == "Error" else "#fde2a7"),
        Column("Sheet", lambda r: r.problem.sheet or ""),
        Column("Cell", lambda r: r.problem.cell or ""),
        Column("Problem", lambda r: r.problem.message, tooltip=lambda r: str(r.problem)),
    )


def preview_contests(imported: TallyImport) -> list[PreviewContest]:
    results = imported.results
    if results is None:
        return []
    precincts: dict[str, set[str]] = {}
    for tally in results.tallies:
        precincts.setdefault(tally.contest, set()).add(tally.precinct)
    return [
        PreviewContest(c.name, ", ".join(c.choice_names()), c.seats, len(precincts.get(c.name, ())),
                       sum(results.totals(c.name).values()))
        for c in results.contests
    ]


def cell_row_text(path: Path, problem: Problem) -> str:
    """The whole row of the file that a problem points at, so the clerk sees the cell in its context."""
    if not problem.cell:
        return "This problem concerns the whole file or sheet, not one cell."
    book = open_book(path, ProblemLog(path.name))
    sheet = book.sheet(problem.sheet if problem.sheet else book.sheet_names[0])
    line = re.fullmatch(r"line (\d+)", problem.cell)
    if line:
        wanted = int(line.group(1))
        lines = sheet.lines or list(range(1, len(sheet.rows) + 1))
        row = lines.index(wanted) if wanted in lines else wanted - 1
    else:
        match = re.fullmatch(r"[A-Z]+(\d+)", problem.cell)
        row = int(match.group(1)) - 1 if match else -1
    if not 0 <= row < len(sheet.rows):
        return f"{problem.cell}: that row is not in the file."
    cells = ["" if value is None else str(value) for value in sheet.rows[row]]
    while cells and not cells[-1]:
        cells.pop()
    return f"Row of {problem.cell}:  " + "  |  ".join(cells)


def _read(path: Path, control: TaskControl) -> TallyImport:
    try:
        return read_tally_file(path, progress=control.progress, cancel=control.cancelled)
    except ImportCancelled as error:
        raise TaskCancelled from error


class ImportDialog(QDialog):
    """Pick a file, read it, look at it, then import it (or not)."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.window_ = window
        self.setWindowTitle("Import results")
        self.resize(1100, 680)
        self.imported: TallyImport | None = None
        self.task: BackgroundTask | None = None
        self.path = QLineEdit(objectName="importPath", placeholderText="The county's results file")
        self.path.returnPressed.connect(self.read_file)
        browse = QPushButton("&Browse…")
        browse.clicked.connect(self._browse)
        self.read_button = QPushButton("&Read file", objectName="readButton")
        self.read_button.clicked.connect(self.read_file)
        self.layout_label = QLabel("Choose a file and press Read file.", objectName="layoutLabel")
        self.layout_label.setWordWrap(True)
        self.contests = PreviewContestModel()
        self.tallies = PreviewTallyModel()
        self.problems = ProblemModel()
        self.contest_table = table_view("previewContests", self.contests)
        self.contest_table.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.tally_table = table_view("previewRows", self.tallies)
        self.problem_table = table_view("problemTable", self.problems)
        self.problem_table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.problem_table.selectionModel().currentRowChanged.connect(self._show_problem_row)
        self.cell_row = QLabel(objectName="cellRow", wordWrap=True)
        self.cell_row.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.import_button = QPushButton(
            "&Import into the election", objectName="importButton", enabled=False
        )
        self.import_button.clicked.connect(self.start_import)
        for button in (browse, self.read_button, self.import_button):
            button.setAutoDefault(False)  # Return in the path field reads the file, nothing else
        self._layout(browse)

    def _layout(self, browse: QPushButton) -> None:
        picker = QHBoxLayout()
        picker.addWidget(QLabel("&File:", buddy=self.path))
        picker.addWidget(self.path, 1)
        picker.addWidget(browse)
        picker.addWidget(self.read_button)
        preview = QTabWidget()
        preview.addTab(self.contest_table, "Contests")
        preview.addTab(self.tally_table, f"First {PREVIEW_ROWS} rows")
        problems = QWidget()
        problem_layout = QVBoxLayout(problems)
        problem_layout.setContentsMargins(0, 0, 0, 0)
        problem_layout.addWidget(QLabel("<b>Warnings and errors</b> (select one to see its row in the file)"))
        problem_layout.addWidget(self.problem_table, 1)
        problem_layout.addWidget(self.cell_row)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(preview)
        split.addWidget(problems)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.import_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(picker)
        layout.addWidget(self.layout_label)
        layout.addWidget(split, 1)
        layout.addWidget(buttons)

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getOpenFileName(self, "Results file", str(Path.home()), FILE_FILTER)
        if chosen:
            self.path.setText(chosen)
            self.read_file()

    # -- reading ---------------------------------------------------------------------------
    def read_file(self) -> None:
        path = Path(self.path.text().strip())
        if not path.is_file():
            self.layout_label.setText(f"{path}: no such file.")
            return
        self.imported = None
        self.import_button.setEnabled(False)
        self.layout_label.setText(f"Reading {path.name}…")
        self.task = run_in_background(self, f"Reading {path.name}", lambda c: _read(path, c), self._read_done,
                                      on_cancel=lambda: self.layout_label.setText(
                                          f"Reading {path.name} was cancelled; nothing was imported."))

    def _read_done(self, imported: TallyImport) -> None:
        self.imported = imported
        results = imported.results
        counts = (f"{len(results.contests)} contests, {len(results.precincts)} precincts, "
                  f"{len(results.tallies):,} vote counts" if results else "nothing can be imported")
        self.layout_label.setText(
            f"<b>{imported.path.name}</b>: detected layout <b>{imported.layout}</b>; {counts}; "
            f"{len(imported.errors)} error(s), {len(imported.warnings)} warning(s).")
        preview = preview_contests(imported)
        self.contests.set_rows(preview)
        fit_column_to_text(self.contest_table, 0, max((c.name for c in preview), key=len, default="Contest"),
                           limit=420)
        self.tallies.set_rows(results.tallies[:PREVIEW_ROWS] if results else [])
        self.problems.set_rows([ProblemRow("Error", p) for p in imported.errors]
                               + [ProblemRow("Warning", p) for p in imported.warnings])
        self.cell_row.clear()
        self.import_button.setEnabled(imported.ok and self.window_.store is not None)
        if imported.ok:
            self.import_button.setFocus()

    def _show_problem_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self.imported is None or not current.isValid():
            return
        problem = self.problems.row_at(current.row()).problem
        try:
            self.cell_row.setText(cell_row_text(self.imported.path, problem))
        except Exception as error:  # showing context must never break the dialog
            self.cell_row.setText(f"The row cannot be shown ({error}).")

    # -- storing ---------------------------------------------------------------------------
    def start_import(self, replace: bool = False) -> None:
        imported, store = self.imported, self.window_.store
        if imported is None or store is None:
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
        self.window_.reload()
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
