"""The main window: a navigation list on the left, one page per workflow, the election in the status bar.

Every page reads the same ``Snapshot`` (taken after each change), so what one page changes the others
show at once. Writes go straight to the election file: each one is its own committed transaction.
"""

from __future__ import annotations

import sqlite3  # the store's errors, whichever store (store/pg.py translates the server's)
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from recount_desktop import __version__, appstate
from recount_desktop.store import ElectionFile, ElectionFileError, create_election_file, open_election_file
from recount_desktop.store.dialect import is_server_url
from recount_desktop.ui.pages.audit_page import AuditPage
from recount_desktop.ui.pages.contests_page import ContestsPage
from recount_desktop.ui.pages.import_wizard import ImportDialog
from recount_desktop.ui.pages.recount_page import ReconciliationPage, RecountPage
from recount_desktop.ui.pages.reports_page import ReportsPage
from recount_desktop.ui.pages.setup_page import SetupPage
from recount_desktop.ui.pages.tally_entry import TallyEntryPage
from recount_desktop.ui.server_watch import heard_changes
from recount_desktop.ui.snapshot import Snapshot, recount_update, take_snapshot
from recount_desktop.ui.tasks import TaskControl, finish_background_tasks, run_in_background
from recount_desktop.ui.widgets.dialogs import NewElectionDialog, about_text, ask_operator
from recount_desktop.ui.widgets.keyboard import ShortcutsDialog


class MainWindow(QMainWindow):
    def __init__(self, operator: str) -> None:
        super().__init__()
        self.operator = operator
        self.store: ElectionFile | None = None
        self.snapshot: Snapshot | None = None
        self.setWindowTitle("Recount Desktop")
        self.title = QLabel(objectName="electionTitle")
        self.title.setStyleSheet("font-size: 17pt; font-weight: 600;")
        self.subtitle = QLabel(objectName="electionSubtitle")
        self.subtitle.setStyleSheet("font-size: 11pt;")
        self.facts = QLabel(objectName="electionFacts")
        self.contests_page = ContestsPage(self)
        self.table = self.contests_page.table
        self.nav = QListWidget(objectName="navigation")
        # the page list is how board members find their way: same size as the body text, roomy rows
        self.nav.setStyleSheet("QListWidget#navigation { font-size: 11pt; }"
                               " QListWidget#navigation::item { padding: 5px 4px; }")
        self.pages = QStackedWidget(objectName="pages")
        self.nav.currentRowChanged.connect(self._page_chosen)
        self._stale: set[int] = set()  # pages to refresh before they are next shown
        self._page_actions: list[QAction] = []
        self._add_page("Contests && findings", self.contests_page)
        self._add_extra_pages()
        self.nav.setCurrentRow(0)
        self.nav.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # as wide as the longest page name at the screen's font size and scale, never clipped
        self.nav.setFixedWidth(self.nav.sizeHintForColumn(0) + 2 * self.nav.frameWidth() + 16)
        central = QWidget()
        layout = QVBoxLayout(central)
        header = QHBoxLayout()
        heading = QVBoxLayout()
        heading.addWidget(self.title)
        heading.addWidget(self.subtitle)
        header.addLayout(heading, 1)
        header.addWidget(self.facts, 0, Qt.AlignmentFlag.AlignBottom)
        layout.addLayout(header)
        body = QHBoxLayout()
        body.addWidget(self.nav)
        body.addWidget(self.pages, 1)
        layout.addLayout(body, 1)
        self.setCentralWidget(central)
        self.status_label = QLabel(objectName="statusText")
        self.statusBar().addPermanentWidget(self.status_label, 1)
        self._build_menus()
        self._show_election()
        self._restore_state()

    def _add_extra_pages(self) -> None:
        """Pages beyond the contests; each knows the window so it can write and ask for a reload."""
        self.entry_page = TallyEntryPage(self)
        self.entry_page.typing_changed.connect(self.show_save_state)
        self._add_page("Tally sheet entry", self.entry_page)
        self.recount_page = RecountPage(self)
        self._add_page("Recount scope && progress", self.recount_page)
        self.reconcile_page = ReconciliationPage(self)
        self._add_page("Reconciliation", self.reconcile_page)
        self.reports_page = ReportsPage(self)
        self._add_page("Reports", self.reports_page)
        self.setup_page = SetupPage(self)
        self._add_page("Election set-up", self.setup_page)
        self.audit_page = AuditPage(self)
        self._add_page("Audit log", self.audit_page)

    def _add_page(self, title: str, page: QWidget) -> None:
        number = self.pages.count() + 1
        self.pages.addWidget(page)
        self.nav.addItem(title.replace("&&", "&"))
        action = QAction(title, self)
        action.setShortcut(QKeySequence(f"Ctrl+{number}"))
        action.triggered.connect(lambda _=False, n=number - 1: self.show_page(n))
        self.addAction(action)
        self._page_actions.append(action)

    def _page_chosen(self, number: int) -> None:
        if number in self._stale:
            self._stale.discard(number)
            self.pages.widget(number).show_snapshot(self.snapshot)  # type: ignore[attr-defined]
        self.pages.setCurrentIndex(number)

    def show_page(self, number: int) -> None:
        self.nav.setCurrentRow(number)
        page = self.pages.widget(number)
        focus = getattr(page, "first_focus", None)
        (focus() if callable(focus) else page).setFocus()

    def page(self, kind: type) -> QWidget:
        for number in range(self.pages.count()):
            if isinstance(self.pages.widget(number), kind):
                return self.pages.widget(number)
        raise KeyError(kind)

    # -- menus ---------------------------------------------------------------------------
    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self._action(file_menu, "&New Election…", QKeySequence.StandardKey.New, self.new_election)
        self._action(file_menu, "&Open…", QKeySequence.StandardKey.Open, self.choose_and_open)
        self._action(file_menu, "Open on &Server…", None, self.choose_server_and_open)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self.file_menu = file_menu
        file_menu.addSeparator()
        self._action(file_menu, "&Import Results…", "Ctrl+I", self.import_results)
        # Op&erator: Alt+O belongs to Open
        self._action(file_menu, "Change Op&erator…", None, self.change_operator)
        file_menu.addSeparator()
        # Ctrl+Q spelled out: the standard Quit key is empty on some platforms (and under Xvfb)
        self._action(file_menu, "&Quit", "Ctrl+Q", self.quit_asking)
        self.go_menu = self.menuBar().addMenu("&Go")
        for action in self._page_actions:
            self.go_menu.addAction(action)
        self._action(self.go_menu, "Find contest", QKeySequence.StandardKey.Find, self._find_contest)
        help_menu = self.menuBar().addMenu("&Help")
        self._action(help_menu, "&Keyboard Shortcuts", "F1", self.show_shortcuts)
        self._action(help_menu, "&About Recount Desktop", None, self._about)
        self.menus = (file_menu, self.go_menu, help_menu)

    def _action(self, menu: QMenu, text: str, shortcut: QKeySequence | QKeySequence.StandardKey | str | None,
                slot: Callable[[], object]) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)
        return action

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = appstate.recent_files()
        if not files:
            self.recent_menu.addAction("(no recent elections)").setEnabled(False)
        for path in files:
            self.recent_menu.addAction(path, lambda p=path: self.open_election(p))

    def import_results(self) -> ImportDialog | None:
        if self.store is None:
            QMessageBox.information(self, "Import results", "Open or create an election first.")
            return None
        dialog = ImportDialog(self, parent=self)
        dialog.open()
        return dialog

    def set_operator(self, name: str) -> None:
        """A new person at the keyboard: later changes are recorded under this name, and the change
        itself is an audit entry (who handed the keyboard to whom)."""
        previous, self.operator = self.operator, name
        if self.store is not None:
            self.store.operator = name
            if previous != name:
                try:
                    with self.store.transaction("operator.change", {"from": previous, "to": name}):
                        pass  # the entry is the record: no election data changes
                except ElectionFileError as error:
                    QMessageBox.warning(self, "Change operator", f"Not recorded in the audit log: {error}")
        self._show_election()

    def change_operator(self) -> None:
        if self.store is not None and is_server_url(str(self.store.path)):
            # the log names the database role signed in; a typed name would be a claim, not a proof
            QMessageBox.information(
                self, "Change operator",
                f"On the server, the audit log records the database role you signed in as "
                f"({self.store.operator}), not a typed name. To hand over, the next person opens the "
                "election with their own role: File > Open on Server, postgresql://THEIR_ROLE@HOST/DBNAME.")
            return
        if not self.confirm_leaving_sheet("Change operator"):
            return
        name = ask_operator(self)
        if name:
            self.set_operator(name)

    def confirm_leaving_sheet(self, title: str) -> bool:
        """A sheet is half typed: say so and ask before the clerk leaves it (it stays their draft)."""
        page = self.entry_page
        if not page.has_unsaved_sheet():
            return True
        sheet = page.sheet_id.text().strip() or "without an ID yet"
        answer = QMessageBox.question(
            self, title,
            f"The tally sheet being typed ({sheet}) is not saved.\n\nIt is kept as {self.operator}'s "
            "draft on this computer and comes back when they next open this election, but it counts "
            "for nothing until it is saved. Leave it anyway?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes:
            self.show_page(self.pages.indexOf(page))
            return False
        return True

    def _find_contest(self) -> None:
        self.show_page(0)
        self.contests_page.search.setFocus()
        self.contests_page.search.selectAll()

    # -- opening -------------------------------------------------------------------------
    def open_election(self, path: str | Path) -> bool:
        try:
            store = open_election_file(path, operator=self.operator)
        except ElectionFileError as error:
            QMessageBox.warning(self, "Cannot open election", str(error))
            return False
        try:
            self._replace_store(store)
        except ValueError as error:  # stored data the records refuse: changed outside the program
            store.close()
            self.store = None
            self._show_election()
            QMessageBox.warning(self, "Cannot open election", f"{path}: the election data cannot be read "
                                f"({error}). Run `recount-desktop audit verify {path}` to see what changed.")
            return False
        if store.warnings:  # guards dropped behind the program's back: loud, but not blocking
            self.tamper_warning = QMessageBox(
                QMessageBox.Icon.Critical, "This election file was changed outside Recount Desktop",
                "\n\n".join(store.warnings), parent=self)
            self.tamper_warning.setObjectName("tamperWarning")
            self.tamper_warning.setModal(False)
            self.tamper_warning.show()
        return True

    def choose_and_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open election", str(Path.home()),
                                              "Election files (*.canvass);;All files (*)")
        if path:
            self.open_election(path)

    def choose_server_and_open(self) -> None:
        """An election in a PostgreSQL database (docs/server.md); the password comes from ~/.pgpass."""
        from PySide6.QtWidgets import QInputDialog

        url, ok = QInputDialog.getText(self, "Open on Server", "Server address (postgresql://HOST/DBNAME):",
                                       text="postgresql://")
        if ok and url.strip():
            self.open_election(url.strip())

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
        self._listen_to_server(store)

    def _listen_to_server(self, store: ElectionFile) -> None:
        """On a server, changes committed at other workstations are shown within two seconds
        (docs/server.md): the window polls the notifications its connection has received, which
        never waits on the server, so the window stays responsive whatever other windows do."""
        self._own_pid = None
        if not hasattr(store, "listen"):
            return
        from PySide6.QtCore import QTimer

        try:
            store.listen()
            with store.read() as conn:  # its own changes are shown as they are made, not heard again
                self._own_pid = int(conn.execute("SELECT pg_backend_pid()").fetchone()[0])
        except (ElectionFileError, sqlite3.Error):
            return  # the network dropped just now: the next save says so
        if getattr(self, "_server_timer", None) is None:
            self._server_timer = QTimer(self, interval=2000)
            self._server_timer.timeout.connect(self.poll_server)
            self._server_timer.start()

    _own_pid: int | None = None

    def poll_server(self) -> None:
        """Show what other workstations committed since the last poll (``server_watch``)."""
        store = self.store
        if store is None or self.snapshot is None or not hasattr(store, "changed_contests"):
            return
        try:
            heard = heard_changes(store.changed_contests(), self._own_pid)
            if heard.reload:
                self.show_changes_from_elsewhere()
                return
            for contest in sorted(heard.contests):
                self.recount_changed(contest)
        except (ElectionFileError, sqlite3.Error):
            return  # the network dropped: the next save says so; polling resumes when it is back
        if heard.contests:
            self.entry_page.refresh_sheet_list()  # the list only: the sheet being typed is untouched
        elif heard.log:
            self._refresh_or_mark_stale(self.audit_page)

    _catching_up = False  # a read of changes made elsewhere is running
    _heard_again = False  # ... and more were heard meanwhile: read once more when it ends

    def show_changes_from_elsewhere(self) -> None:
        """Results, settings or set-up changed at another workstation: read and analyse the election
        again, off the GUI thread on a connection of its own (a statewide election takes seconds, and
        nobody here asked for it: the window stays usable meanwhile). The page on screen shows it then,
        the others when next shown; a sheet being typed is never refilled (it is the clerk's draft): its
        page catches up once the sheet is saved."""
        if self.store is None:
            return
        if self._catching_up:
            self._heard_again = True
            return
        self._catching_up, self._heard_again = True, False
        where, store = str(self.store.path), self.store

        def work(_control: TaskControl) -> tuple[ElectionFile, Snapshot]:
            reader = open_election_file(where)  # reads only: no operator is recorded
            try:
                return store, take_snapshot(reader)
            finally:
                reader.close()

        run_in_background(self, "Reading changes from other workstations", work, self._caught_up,
                          on_failure=self._catch_up_failed, quiet=True)

    def _caught_up(self, result: tuple[ElectionFile, Snapshot]) -> None:
        self._catching_up = False
        read_for, snapshot = result
        if read_for is not self.store:
            return  # another election was opened meanwhile
        self.snapshot = snapshot
        self._show_header()
        for number in range(self.pages.count()):
            self._refresh_or_mark_stale(self.pages.widget(number))
        if self._heard_again:
            self.show_changes_from_elsewhere()

    def _catch_up_failed(self, _error: BaseException) -> None:
        self._catching_up = False  # the network dropped: the next change heard, or the next save, says so

    def _refresh_or_mark_stale(self, page: QWidget) -> None:
        number = self.pages.indexOf(page)
        if number == self.pages.currentIndex() and not self._being_edited(page):
            page.show_snapshot(self.snapshot)  # type: ignore[attr-defined]
        else:
            self._stale.add(number)
            if page is self.pages.currentWidget():
                self.show_save_state()  # says that changes wait for what is being typed

    def reload(self) -> None:
        """Read the election file again after a change (here or by a background worker) and show it.

        For changes to the results or the settings: it re-reads and re-analyses the whole election.
        Recount writes (sheets, scopes) go through ``recount_changed`` instead.
        """
        self._show_election()

    def recount_changed(self, contest: str) -> None:
        """A tally sheet, void, resolution or scope of ``contest`` was saved: the results and findings
        are unchanged, so only that contest's progress is read again. Pages that show recount state
        are refreshed now if on screen, else when next shown (a clerk saves hundreds of sheets)."""
        if self.store is None or self.snapshot is None:
            return
        self.snapshot = recount_update(self.snapshot, self.store, contest)
        self.contests_page.show_progress(self.snapshot, contest)
        self.entry_page.snapshot = self.snapshot
        self.setup_page.snapshot = self.snapshot
        for page in (self.recount_page, self.reconcile_page, self.audit_page):
            number = self.pages.indexOf(page)
            if number == self.pages.currentIndex():
                page.show_snapshot(self.snapshot)
            else:
                self._stale.add(number)

    # -- showing -------------------------------------------------------------------------
    def _show_election(self) -> None:
        self.snapshot = take_snapshot(self.store) if self.store is not None else None
        self._stale.clear()
        for number in range(self.pages.count()):
            page = self.pages.widget(number)
            show = getattr(page, "show_snapshot", None)
            if callable(show):
                show(self.snapshot)
        self._show_header()
        if self.entry_page.draft_restored:  # an unsaved sheet from before a crash: put it in front
            self.show_page(self.pages.indexOf(self.entry_page))

    def _show_header(self) -> None:
        """The election's name, facts and status bar, from the current snapshot."""
        if self.store is None or self.snapshot is None:
            self.title.setText("No election open")
            self.subtitle.setText("File > New Election or File > Open to begin.")
            self.facts.setText("")
            self.setWindowTitle("Recount Desktop")
            self.status_label.setText(f"No election open   |   Operator: {self.operator}")
            return
        election, results = self.snapshot.election, self.snapshot.results
        self.title.setText(election.name)
        self.subtitle.setText(f"{election.jurisdiction}, {election.state_name}")
        canvass = election.canvass_date.isoformat() if election.canvass_date else "not set"
        self.facts.setText(
            f"Election date: {election.election_date.isoformat()}    Canvass date: {canvass}    "
            f"Contests: {len(results.contests)}    Precincts: {len(results.precincts)}"
        )
        read_only = " (read-only)" if getattr(self.store, "read_only", False) else ""
        self.setWindowTitle(f"{election.name} — {self.store.path.name}{read_only} — Recount Desktop")
        self.show_save_state()

    def show_save_state(self) -> None:
        """The status bar: the election, the operator, and whether everything typed is saved."""
        if self.store is None or self.snapshot is None:
            return
        self._catch_up_entry_page()
        election = self.snapshot.election
        saved = ("Sheet being typed: not saved yet (a draft is kept on this computer)"
                 if self.entry_page.has_unsaved_sheet() else "All changes saved")
        waiting = ("   |   Changes from other workstations show once this is saved"
                   if any(self._being_edited(self.pages.widget(n)) for n in self._stale) else "")
        # the name the audit log records: on a server, the database role signed in
        self.status_label.setText(
            f"Election: {election.name} ({self.store.path.name})   |   State: {election.state_name}   |   "
            f"Operator: {self.store.operator}   |   {saved}{waiting}"
        )

    def _being_edited(self, page: QWidget) -> bool:
        """Typing on this page that a refresh would overwrite: a sheet, or the election's set-up."""
        if page is self.entry_page:
            return self.entry_page.has_unsaved_sheet()
        return page is self.setup_page and self.setup_page.has_unsaved_edits()

    def _catch_up_entry_page(self) -> None:
        """A change heard from elsewhere waited while a sheet was typed: show it once the sheet is
        saved or cleared."""
        number = self.pages.indexOf(self.entry_page)
        if number in self._stale and number == self.pages.currentIndex() \
                and not self.entry_page.has_unsaved_sheet():
            self._stale.discard(number)
            self.entry_page.show_snapshot(self.snapshot)

    def status_text(self) -> str:
        return self.status_label.text()

    def shortcut_actions(self) -> list[QAction]:
        return [a for menu in self.menus for a in menu.actions() if not a.isSeparator()]

    def show_shortcuts(self) -> ShortcutsDialog:
        dialog = ShortcutsDialog(self.shortcut_actions(), self)
        dialog.open()
        return dialog

    def _about(self) -> None:
        QMessageBox.about(self, "About Recount Desktop", about_text(__version__))

    # -- window state --------------------------------------------------------------------
    def _restore_state(self) -> None:
        state = appstate.load_state()
        saved = state.get("geometry")
        self._geometry_restored = isinstance(saved, str) and self.restoreGeometry(
            QByteArray.fromBase64(saved.encode()))
        if not self._geometry_restored:
            self.resize(1280, 720)
        page = state.get("page")
        if isinstance(page, int) and 0 <= page < self.pages.count():
            self.nav.setCurrentRow(page)
        splitters = state.get("splitters")
        if isinstance(splitters, dict):
            for splitter in self._named_splitters():
                saved_split = splitters.get(splitter.objectName())
                if isinstance(saved_split, str):
                    splitter.restoreState(QByteArray.fromBase64(saved_split.encode()))

    def show_fitted(self) -> None:
        """Show the window inside the screen's available area, frame included: a
        saved position that fits is kept, anything else opens maximised (a 1366x768 laptop)."""
        screen = self.screen().availableGeometry()
        if self._geometry_restored and not self.isMaximized() and screen.contains(self.frameGeometry()):
            self.show()
            return
        # sized to the area first, for platforms without a window manager to maximise it
        frame = 40  # a title bar and borders, before the window manager has drawn them
        self.resize(screen.width(), screen.height() - frame)
        self.move(screen.topLeft())
        self.showMaximized()

    def _named_splitters(self) -> list[QSplitter]:
        """The splitters whose position a user sets once and expects to find again (named ones)."""
        return [s for s in self.findChildren(QSplitter) if s.objectName()]

    def quit_asking(self) -> None:
        """File > Quit (Ctrl+Q): asks first when a sheet is half typed."""
        if self.confirm_leaving_sheet("Quit Recount Desktop"):
            self._quit_confirmed = True
            self.close()

    _quit_confirmed = False

    def closeEvent(self, event: QCloseEvent) -> None:
        # the window's close button asks too; a close by the program itself (tests, a session's end)
        # never waits on a question
        if event.spontaneous() and not self._quit_confirmed \
                and not self.confirm_leaving_sheet("Quit Recount Desktop"):
            event.ignore()
            return
        self.entry_page.flush_draft()
        finish_background_tasks(self)
        state = appstate.load_state()
        state["geometry"] = bytes(self.saveGeometry().toBase64().data()).decode()
        state["page"] = self.nav.currentRow()
        state["splitters"] = {
            s.objectName(): bytes(s.saveState().toBase64().data()).decode() for s in self._named_splitters()
        }
        appstate.save_state(state)
        if self.store is not None:
            self.store.close()
            self.store = None
        event.accept()
