"""The main window: the open election at a glance, with File > New / Open / Open Recent."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from recount_desktop import __version__, appstate
from recount_desktop.store import ElectionFile, ElectionFileError, create_election_file, open_election_file
from recount_desktop.ui.dialogs import NewElectionDialog
from recount_desktop.ui.models import ContestRow, ContestSummaryModel


class MainWindow(QMainWindow):
    def __init__(self, operator: str) -> None:
        super().__init__()
        self.operator = operator
        self.store: ElectionFile | None = None
        self.setWindowTitle("Recount Desktop")
        self.title = QLabel(objectName="electionTitle")
        self.title.setStyleSheet("font-size: 20pt; font-weight: 600;")
        self.subtitle = QLabel(objectName="electionSubtitle")
        self.subtitle.setStyleSheet("font-size: 12pt;")
        self.facts = QLabel(objectName="electionFacts")
        self.contests = ContestSummaryModel()
        self.table = QTableView(objectName="contestTable")
        self.table.setModel(self.contests)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(5, QHeaderView.ResizeMode.ResizeToContents)
        central = QWidget()
        layout = QVBoxLayout(central)
        for widget in (self.title, self.subtitle, self.facts):
            layout.addWidget(widget)
        layout.addWidget(self.table, stretch=1)
        self.setCentralWidget(central)
        self._build_menus()
        self._show_election()
        self._restore_geometry()

    # -- menus ---------------------------------------------------------------------------
    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self._action(file_menu, "&New Election…", QKeySequence.StandardKey.New, self.new_election)
        self._action(file_menu, "&Open…", QKeySequence.StandardKey.Open, self.choose_and_open)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        self._action(file_menu, "&Quit", QKeySequence.StandardKey.Quit, self.close)
        help_menu = self.menuBar().addMenu("&Help")
        self._action(help_menu, "&About Recount Desktop", None, self._about)

    def _action(self, menu, text, shortcut, slot) -> QAction:  # type: ignore[no-untyped-def]
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = appstate.recent_files()
        if not files:
            self.recent_menu.addAction("(no recent elections)").setEnabled(False)
        for path in files:
            self.recent_menu.addAction(path, lambda p=path: self.open_election(p))

    # -- opening -------------------------------------------------------------------------
    def open_election(self, path: str | Path) -> bool:
        try:
            store = open_election_file(path, operator=self.operator)
        except ElectionFileError as error:
            QMessageBox.warning(self, "Cannot open election", str(error))
            return False
        self._replace_store(store)
        return True

    def choose_and_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open election", str(Path.home()),
                                              "Election files (*.canvass);;All files (*)")
        if path:
            self.open_election(path)

    def new_election(self) -> None:
        dialog = NewElectionDialog(self)
        if dialog.exec() != NewElectionDialog.DialogCode.Accepted:
            return
        try:
            store = create_election_file(dialog.path.text(), dialog.election(), operator=self.operator)
        except (ElectionFileError, ValueError) as error:
            QMessageBox.warning(self, "Cannot create election", str(error))
            return
        self._replace_store(store)

    def _replace_store(self, store: ElectionFile) -> None:
        if self.store is not None:
            self.store.close()
        self.store = store
        appstate.remember_file(store.path)
        self._show_election()

    # -- showing -------------------------------------------------------------------------
    def _show_election(self) -> None:
        if self.store is None:
            self.title.setText("No election open")
            self.subtitle.setText("File > New Election or File > Open to begin.")
            self.facts.setText("")
            self.contests.set_rows([])
            self.statusBar().showMessage(f"Operator: {self.operator}")
            return
        election = self.store.election()
        results = self.store.results()
        self.title.setText(election.name)
        self.subtitle.setText(f"{election.jurisdiction}, {election.state_name}")
        canvass = election.canvass_date.isoformat() if election.canvass_date else "not set"
        self.facts.setText(
            f"Election date: {election.election_date.isoformat()}    Canvass date: {canvass}    "
            f"Contests: {len(results.contests)}    Precincts: {len(results.precincts)}"
        )
        self.contests.set_rows(ContestRow.build(results))
        self.setWindowTitle(f"{election.name} — {self.store.path.name} — Recount Desktop")
        self.statusBar().showMessage(
            f"Election: {self.store.path.name}   |   State: {election.state.value}   |   "
            f"Operator: {self.operator}   |   All changes saved"
        )

    def _about(self) -> None:
        QMessageBox.about(self, "About Recount Desktop",
                          f"Recount Desktop {__version__}\nMargins, recount triggers and the canvassers' report.")

    # -- window state --------------------------------------------------------------------
    def _restore_geometry(self) -> None:
        saved = appstate.load_state().get("geometry")
        if not (isinstance(saved, str) and self.restoreGeometry(QByteArray.fromBase64(saved.encode()))):
            self.resize(1100, 700)

    def closeEvent(self, event: QCloseEvent) -> None:
        state = appstate.load_state()
        state["geometry"] = bytes(self.saveGeometry().toBase64().data()).decode()
        appstate.save_state(state)
        if self.store is not None:
            self.store.close()
            self.store = None
        event.accept()

    def keyPressEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        if event.key() == Qt.Key.Key_Escape:
            self.table.clearSelection()
        super().keyPressEvent(event)
