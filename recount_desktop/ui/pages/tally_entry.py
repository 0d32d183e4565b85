"""Tally sheet entry: the screen clerks live in. Keyboard only, blind double entry, saved at once.

Each Save is one committed transaction (``recount.sheets.enter_sheet``): closing the window or a crash
loses nothing saved. The screen never shows a first entry's numbers to the second typist; after a
second entry it shows only whether the two agree (and, when they do not, which lines differ).

A printed blank sheet (``print-sheets``) carries a QR code of its ID; a USB scanner types that ID and
Enter into the Sheet ID field, and the screen fills in the contest, unit and method the sheet was
printed for, so the clerk goes straight to the count lines. However the field is left (Tab, Enter,
a click elsewhere, a scan), a printed ID fills those fields and locks them to the printed values: a
second entry can then never keep the previous sheet's precinct and become a discrepancy on the
unit. Unlocking asks why, and the reason goes into the audit log.
"""

from __future__ import annotations

import sqlite3  # the store's errors, whichever store (store/pg.py translates the server's)
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from recount_desktop.drafts import discard_draft, load_draft, save_draft
from recount_desktop.files import FileWriteError
from recount_desktop.recount.scope import RecountError, RecountMethod
from recount_desktop.recount.sheet_rows import setting_is_yes
from recount_desktop.recount.sheets import (
    ALLOW_SAME_OPERATOR,
    EntryResult,
    SheetError,
    SheetState,
    SheetStatus,
    TallySheetEntry,
    enter_sheet,
    list_sheets,
    same_person,
    sheet_status,
    void_sheet,
)
from recount_desktop.reports.tally_sheets import BlankSheet
from recount_desktop.store import ElectionFileError
from recount_desktop.ui.hints import NO_ELECTION, NO_RESULTS
from recount_desktop.ui.host import PageHost
from recount_desktop.ui.pages.discrepancy import DiscrepancyDialog
from recount_desktop.ui.pages.printed_sheets import PrintedSheets, printed_for
from recount_desktop.ui.snapshot import Snapshot
from recount_desktop.ui.widgets.combo import refill_keeping_choice
from recount_desktop.ui.widgets.keyboard import TypeAheadComboBox, chain_tab_order
from recount_desktop.ui.widgets.sheet_lines import SheetLinesForm
from recount_desktop.ui.widgets.table_model import Column, RecordTableModel
from recount_desktop.ui.widgets.tables import table_view

STATE_COLORS = {
    SheetState.ENTERED_ONCE: "#fde2a7",
    SheetState.VERIFIED: "#d9f0d9",
    SheetState.DISCREPANCY: "#f6c9c9",
    SheetState.RESOLVED: "#cfe0f3",
    SheetState.VOIDED: "#e4e4e4",
}


DRAFT_DELAY_MS = 300


def state_text(state: SheetState) -> str:
    return state.value.replace("_", " ")


class SheetListModel(RecordTableModel[SheetStatus]):
    COLUMNS = (
        Column("Sheet", lambda s: s.sheet_id),
        Column("Unit", lambda s: s.unit.label),
        Column("State", lambda s: state_text(s.state), background=lambda s: STATE_COLORS[s.state]),
        Column("Entered by", lambda s: ", ".join(f"{n}: {who}" for n, who, _ in s.entries)),
        Column("Note", lambda s: s.void_reason or s.resolution_reason or "; ".join(s.warnings)),
    )


class TallyEntryPage(QWidget):
    typing_changed = Signal()  # a sheet started or stopped being typed (the status bar says so)

    def __init__(self, host: PageHost) -> None:
        super().__init__()
        self.host = host
        self.snapshot: Snapshot | None = None
        self._printed = PrintedSheets()
        self.contest = TypeAheadComboBox(objectName="entryContest")
        self.contest.currentIndexChanged.connect(self._contest_changed)
        self.precinct = TypeAheadComboBox(objectName="entryPrecinct")
        self.device = QLineEdit(objectName="entryDevice", placeholderText="optional: tabulator or batch")
        self.method = QComboBox(objectName="entryMethod")
        for method in RecountMethod:
            self.method.addItem(method.value, method.value)
        self.sheet_id = QLineEdit(
            objectName="entrySheetId", placeholderText="type or scan the sheet's QR code"
        )
        self.sheet_id.editingFinished.connect(self._sheet_id_left)
        self.unit_locked = False  # contest, unit and method hold a printed sheet's values
        self.unlock_button = QPushButton("Un&lock…", objectName="unlockUnit", visible=False)
        self.unlock_button.setToolTip("Change the contest, unit or method the sheet was printed for")
        self.unlock_button.clicked.connect(self.unlock_unit)
        self.sheet_id.returnPressed.connect(self._sheet_id_entered)
        self.counted_by = QLineEdit(objectName="entryCountedBy", placeholderText="names; separated by ;")
        self.lines = SheetLinesForm()
        self.lines.submitted.connect(self.save)
        self.sheet_note = QLabel(objectName="sheetNote", wordWrap=True)
        self.message = QLabel(objectName="entryMessage", wordWrap=True)
        self.message.setStyleSheet("font-size: 11pt;")
        self.save_button = QPushButton("&Save sheet  (Ctrl+S)", objectName="saveSheet")
        self.save_button.clicked.connect(self.save)
        QShortcut(QKeySequence.StandardKey.Save, self, self.save)
        self.sheets = SheetListModel()
        self.sheet_table = table_view("sheetTable", self.sheets)
        header = self.sheet_table.horizontalHeader()
        for column in range(4):  # "Entered by" names both typists: never cut it short
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.sheet_table.doubleClicked.connect(self.resolve)
        self.resolve_button = QPushButton("&Resolve discrepancy…", objectName="resolveButton")
        self.resolve_button.clicked.connect(lambda: self.resolve())  # noqa: PLW0108 - drop "checked"
        self.void_button = QPushButton("&Void sheet…", objectName="voidButton")
        self.void_button.clicked.connect(self.void)
        self._layout()
        chain_tab_order(self.tab_chain())
        self._draft_owner: tuple[Path, str] | None = None  # whose typing the draft on disk is
        self._restoring = False
        self.draft_restored = False  # the last election or operator shown had an unsaved sheet
        # written a moment after the typing pauses, not at every keystroke (each write is fsync'd)
        self._draft_timer = QTimer(self, singleShot=True, interval=DRAFT_DELAY_MS)
        self._draft_timer.timeout.connect(self._write_draft)
        for changed in (self.lines.changed, self.sheet_id.textChanged, self.counted_by.textChanged,
                        self.device.textChanged, self.precinct.currentIndexChanged,
                        self.method.currentIndexChanged):
            changed.connect(self._draft_changed)

    def _layout(self) -> None:
        form = QFormLayout()
        form.addRow("&Contest", self.contest)
        form.addRow("&Precinct", self.precinct)
        form.addRow("De&vice", self.device)
        form.addRow("&Method", self.method)
        sheet_row = QHBoxLayout()
        sheet_row.addWidget(self.sheet_id, 1)
        sheet_row.addWidget(self.unlock_button)
        form.addRow(QLabel("Sheet &ID", buddy=self.sheet_id), sheet_row)  # a layout takes no mnemonic
        form.addRow("Counted &by", self.counted_by)
        scroll = QScrollArea()
        scroll.setWidget(self.lines)
        scroll.setWidgetResizable(True)
        # long ticket names wrap in their label: the count boxes never scroll sideways out of view
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        entry = QGroupBox("Enter a tally sheet")
        entry_layout = QVBoxLayout(entry)
        entry_layout.addLayout(form)
        entry_layout.addWidget(self.sheet_note)
        entry_layout.addWidget(scroll, 1)
        entry_layout.addWidget(self.save_button)
        entry_layout.addWidget(self.message)
        sheets = QGroupBox("Sheets of this contest")
        sheets_layout = QVBoxLayout(sheets)
        sheets_layout.addWidget(self.sheet_table, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.resolve_button)
        buttons.addWidget(self.void_button)
        buttons.addStretch(1)
        sheets_layout.addLayout(buttons)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(entry, 1)
        layout.addWidget(sheets, 1)

    def first_focus(self) -> QWidget:
        return self.contest if self.contest.isEnabled() else self.sheet_id

    def tab_chain(self) -> list[QWidget]:
        """The paper sheet's order: what it is, who counted, each line, save; then the resolver's tools."""
        return [
            self.contest,
            self.precinct,
            self.device,
            self.method,
            self.sheet_id,
            self.unlock_button,
            self.counted_by,
            *self.lines.fields(),
            self.save_button,
            self.sheet_table,
            self.resolve_button,
            self.void_button,
        ]

    # -- filling ---------------------------------------------------------------------------
    def show_snapshot(self, snapshot: Snapshot | None) -> None:
        store = self.host.store
        owner = (store.path, store.operator) if store is not None else None
        new_owner = owner != self._draft_owner
        if new_owner:  # another election or clerk: the typing so far stays the previous owner's draft
            self.flush_draft()
            self._draft_owner = None  # and nothing is written while the form is refilled
        self.snapshot = snapshot
        refill_keeping_choice(self.contest, (c.name for c in snapshot.results.contests) if snapshot else ())
        self._contest_changed()
        self.draft_restored = False
        if new_owner:
            self._take_up_draft(owner)
        if not self.contest.currentText():  # nothing to enter yet: say what comes first
            self.sheet_note.setText(NO_RESULTS if snapshot is not None else NO_ELECTION)

    def choose_contest(self, name: str) -> None:
        self.contest.setCurrentIndex(self.contest.findText(name))

    def _contest_changed(self) -> None:
        name = self.contest.currentText()
        snapshot = self.snapshot
        if snapshot is None or not name:
            self.lines.set_choices((), 1)
            self.sheets.set_rows([])
            self.sheet_note.setText(NO_RESULTS if snapshot is not None else NO_ELECTION)
            return
        contest = snapshot.results.contest(name)
        chosen = self.precinct.currentText()
        self.precinct.clear()
        self.precinct.addItems(snapshot.voting_precincts(name))
        if self.precinct.findText(chosen) >= 0:
            self.precinct.setCurrentIndex(self.precinct.findText(chosen))
        scope = snapshot.scopes.get(name)
        if scope is not None:
            self.method.setCurrentIndex(self.method.findData(scope.method.value))
        self.lines.set_choices(contest.choice_names(), contest.seats)
        chain_tab_order(self.tab_chain())  # the line fields are new for each contest
        self._refresh_sheets()

    def refresh_sheet_list(self) -> None:
        """Sheets saved at other workstations: the list shows them; what is being typed stays as it is."""
        self._refresh_sheets()

    def _refresh_sheets(self) -> None:
        store = self.host.store
        name = self.contest.currentText()
        self.sheets.set_rows(list_sheets(store, name) if store is not None and name else [])

    def _sheet_id_entered(self) -> None:
        """Enter after the ID (typed, or scanned from the sheet's QR code): on to the first count line."""
        self._sheet_id_left()
        fields = self.lines.fields()
        if fields:
            fields[0].setFocus()

    def _sheet_id_left(self) -> None:
        """The ID field was left (Tab, Enter, a click, a scan): a printed ID decides the unit."""
        printed = self.printed_sheet(self.sheet_id.text())
        if printed is not None:
            self._fill_from_printed(printed)
        else:
            self._set_unit_locked(False)
            self._describe_sheet()

    def printed_sheets(self) -> dict[str, BlankSheet]:
        """The blank sheets ``print-sheets`` prints for the current recount scopes, by ID."""
        return self._printed.all(self.host.store, self.snapshot)

    def printed_sheet(self, text: str) -> BlankSheet | None:
        return self._printed.find(self.host.store, self.snapshot, text)

    def _fill_from_printed(self, sheet: BlankSheet) -> None:
        if self.sheet_id.text() != sheet.sheet_id:
            self.sheet_id.setText(sheet.sheet_id)
        if self.unit_locked and self._locked_to == sheet.sheet_id:
            self._describe_sheet()  # filled already, or unlocked on purpose: the clerk's values stay
            return
        if self.contest.currentText() != sheet.contest:
            self.choose_contest(sheet.contest)
        self.precinct.setCurrentIndex(self.precinct.findText(sheet.precinct) if sheet.precinct else -1)
        self.device.setText(sheet.device or "")
        self.method.setCurrentIndex(self.method.findData(sheet.method))
        self._locked_to = sheet.sheet_id
        self._set_unit_locked(True)
        self._describe_sheet()

    _locked_to = ""  # the printed sheet whose values the unit fields hold

    def _set_unit_locked(self, locked: bool) -> None:
        self.unit_locked = locked
        if not locked:
            self._locked_to = ""
        for widget in (self.contest, self.precinct, self.device, self.method):
            widget.setEnabled(not locked)
        self.unlock_button.setVisible(locked)

    def unlock_unit(self) -> bool:
        """Let the clerk change what a printed sheet says, once they say why (kept in the audit log)."""
        store, sheet = self.host.store, self.sheet_id.text().strip()
        if store is None or not self.unit_locked:
            return False
        reason, ok = QInputDialog.getText(
            self, "Unlock the printed sheet's unit",
            f"Sheet {sheet} was printed for {self.contest.currentText()}, "
            f"{self.precinct.currentText() or self.device.text()}.\nWhy does this entry need other values?")
        if not ok or not reason.strip():
            return False
        try:
            with store.transaction("sheet.unit_unlocked", {"sheet_id": sheet, "reason": reason.strip()}):
                pass  # nothing changes yet: the entry saved later carries the values the clerk chose
        except ElectionFileError as error:
            self._say(str(error), error=True)
            return False
        for widget in (self.contest, self.precinct, self.device, self.method):
            widget.setEnabled(True)
        self.unlock_button.setVisible(False)
        self._say(f"Unlocked sheet {sheet}'s contest, unit and method: {reason.strip()}", error=False)
        self.precinct.setFocus()
        return True

    def _describe_sheet(self) -> None:
        """Say which entry this will be; never the numbers typed before (blind second entry)."""
        store, sheet = self.host.store, self.sheet_id.text().strip()
        if store is None or not sheet:
            self.sheet_note.clear()
            return
        printed = self.printed_sheet(sheet)
        where = f" (printed for {printed_for(printed)})" if printed is not None else ""
        try:
            status = sheet_status(store, sheet)
        except (RecountError, TypeError, IndexError):
            self.sheet_note.setText(f"Sheet {sheet}{where}: new sheet, first entry.")
            return
        self.sheet_note.setStyleSheet("")
        if status.state is SheetState.ENTERED_ONCE:
            first = status.entries[0][1] if status.entries else ""
            if same_person(first, store.operator) and not self._same_operator_allowed():
                # said now, not after the whole sheet is typed and Save refuses it
                self.sheet_note.setText(
                    f"Sheet {sheet}{where}: you ({store.operator}) made the first entry. The second entry "
                    "must be made by another clerk: hand the sheet on, or File > Change Operator.")
                self.sheet_note.setStyleSheet("color: #b00020; font-weight: 600;")
                return
            self.sheet_note.setText(
                f"Sheet {sheet}{where}: second entry (blind: the first entry is not shown).")
        else:
            self.sheet_note.setText(
                f"Sheet {sheet}{where} is {state_text(status.state)}: it takes no more entries.")

    def _same_operator_allowed(self) -> bool:
        with self.host.store.read() as conn:
            return setting_is_yes(conn, ALLOW_SAME_OPERATOR)

    def has_unsaved_sheet(self) -> bool:
        """Something of a sheet is typed and not saved (the team's names alone stay between sheets)."""
        return bool(self.sheet_id.text().strip() or any(f.text() for f in self.lines.fields()))

    # -- the draft: what is typed, on disk a moment after each change --------------------
    def _take_up_draft(self, owner: tuple[Path, str] | None) -> None:
        """Start the new owner from a blank form, or from the unsaved sheet they left."""
        self._restoring = True
        try:
            # setText, not clear(): it also empties the undo history, so Ctrl+Z never brings back
            # the previous clerk's numbers (the second entry is blind)
            for field in (self.sheet_id, self.counted_by, self.device):
                field.setText("")
            self._set_unit_locked(False)
            self.lines.clear()
            self.sheet_note.clear()
            self.message.clear()
            draft = load_draft(*owner) if owner is not None else None
            if draft is not None:
                self.draft_restored = self._restore(draft)
        finally:
            self._restoring = False
            self._draft_owner = owner

    def _restore(self, draft: dict[str, Any]) -> bool:
        def text(key: str) -> str:
            value = draft.get(key)
            return value if isinstance(value, str) else ""

        if self.contest.findText(text("contest")) < 0:
            self._say(f"An unsaved sheet ({text('sheet_id') or 'no ID'}) was left for contest "
                      f"{text('contest')!r}, which this election no longer has; it was not restored.",
                      error=True)
            return False
        self.choose_contest(text("contest"))
        self.precinct.setCurrentIndex(self.precinct.findText(text("precinct")))
        self.method.setCurrentIndex(max(0, self.method.findData(text("method"))))
        self.device.setText(text("device"))
        self.sheet_id.setText(text("sheet_id"))
        self.counted_by.setText(text("counted_by"))
        lines = draft.get("lines")
        for field in self.lines.fields():
            value = lines.get(field.objectName()) if isinstance(lines, dict) else None
            field.setText(value if isinstance(value, str) and value.isdigit() else "")
        self._describe_sheet()
        try:
            when = datetime.fromisoformat(text("saved_at")).strftime("%H:%M on %B %d").replace(" 0", " ")
        except ValueError:
            when = "before"
        self._say(f"Restored the sheet you were typing when Recount Desktop stopped (last change at {when}). "
                  "It is not saved yet: check it against the paper, then save it.", error=False)
        return True

    def _draft_changed(self) -> None:
        if not self._restoring and self._draft_owner is not None:
            self._draft_timer.start()
        self.typing_changed.emit()

    def flush_draft(self) -> None:
        """Write a pending draft now (the window closes, or another clerk or election takes over)."""
        if self._draft_timer.isActive():
            self._draft_timer.stop()
            self._write_draft()

    def _write_draft(self) -> None:
        if self._draft_owner is None:
            return
        lines = {field.objectName(): field.text() for field in self.lines.fields() if field.text()}
        try:
            if not (lines or self.sheet_id.text().strip()):  # the team's names stay from sheet to sheet
                discard_draft(*self._draft_owner)
                return
            save_draft(*self._draft_owner, {
                "contest": self.contest.currentText(), "precinct": self.precinct.currentText(),
                "device": self.device.text(), "method": self.method.currentData(),
                "sheet_id": self.sheet_id.text(), "counted_by": self.counted_by.text(), "lines": lines,
            })
        except (FileWriteError, OSError) as error:
            self._say(f"What you type is not being kept on disk ({error}); save the sheet soon.", error=True)

    # -- saving ----------------------------------------------------------------------------
    def entry(self) -> TallySheetEntry:
        missing = self.lines.missing_choices()
        if missing:
            raise ValueError(f"enter a count for {', '.join(missing)} (0 if none)")
        other = self.lines.other_lines()
        return TallySheetEntry(
            sheet_id=self.sheet_id.text(), contest=self.contest.currentText(),
            counts={k: v for k, v in self.lines.counts().items() if v is not None},
            precinct=self.precinct.currentText() or None, device=self.device.text().strip() or None,
            method=self.method.currentData(), counted_by=self.counted_by.text(), **other,
        )

    def save(self) -> EntryResult | None:
        store = self.host.store
        if store is None:
            return None
        try:
            result = enter_sheet(store, self.entry())
        except SheetError as error:
            self._say("\n".join(p.message for p in error.problems), error=True)
            return None
        except (RecountError, ValueError) as error:
            self._say(str(error), error=True)
            return None
        except (ElectionFileError, sqlite3.Error) as error:  # refused by the server, or the network
            self._say(f"Not saved: {error}. What you typed is kept as your draft.", error=True)
            return None
        self._say(self._result_text(result), error=result.state is SheetState.DISCREPANCY)
        self._next_sheet()
        self.flush_draft()  # the saved sheet's draft is gone at once, never restored as unsaved
        self._after_change()
        return result

    @staticmethod
    def _result_text(result: EntryResult) -> str:
        text = f"Saved sheet {result.sheet_id}, entry {result.entry_number}: {state_text(result.state)}."
        if result.state is SheetState.ENTERED_ONCE:
            text += " A second operator now enters it again, blind."
        if result.differing:
            text += " The entries differ on: " + ", ".join(d.line for d in result.differing) + "."
        return " ".join([text, *result.warnings])

    def _next_sheet(self) -> None:
        self.lines.clear()
        self.sheet_id.setText("")
        self.sheet_note.clear()
        self._set_unit_locked(False)
        if self.precinct.currentIndex() + 1 < self.precinct.count():
            self.precinct.setCurrentIndex(self.precinct.currentIndex() + 1)
        self.sheet_id.setFocus()

    def _say(self, text: str, error: bool) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(
            "font-size: 11pt; color: #b00020;" if error else "font-size: 11pt; color: #1b6e20;"
        )

    # -- the resolver's tools --------------------------------------------------------------
    def _chosen_sheet(self, index: QModelIndex | None = None) -> SheetStatus | None:
        index = index if index is not None and index.isValid() else self.sheet_table.currentIndex()
        return self.sheets.row_at(index.row()) if index.isValid() else None

    def resolve(self, index: QModelIndex | None = None) -> DiscrepancyDialog | None:
        sheet = self._chosen_sheet(index)
        if sheet is None or sheet.state is not SheetState.DISCREPANCY:
            self._say("Choose a sheet in discrepancy to resolve.", error=True)
            return None
        dialog = DiscrepancyDialog(self.host.store, sheet.sheet_id, self)
        dialog.accepted.connect(self._after_change)
        dialog.open()
        return dialog

    def void(self) -> None:
        sheet = self._chosen_sheet()
        if sheet is None:
            self._say("Choose a sheet to void.", error=True)
            return
        reason, ok = QInputDialog.getText(self, "Void sheet", f"Why is sheet {sheet.sheet_id} voided?")
        if not ok:
            return
        try:
            void_sheet(self.host.store, sheet.sheet_id, reason)
        except RecountError as error:
            QMessageBox.warning(self, "Void sheet", str(error))
            return
        self._say(f"Sheet {sheet.sheet_id} voided: {reason.strip()}", error=False)
        self._after_change()

    def _after_change(self) -> None:
        """A sheet of this contest changed: only its progress and this list are read again (no analysis)."""
        self.host.recount_changed(self.contest.currentText())
        self._refresh_sheets()

