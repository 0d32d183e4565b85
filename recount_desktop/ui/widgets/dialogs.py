"""Dialogs of the main window: a new election, set up in full (type, board members) without the CLI."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)

from recount_desktop import appstate
from recount_desktop.domain import BoardMember, Election, State
from recount_desktop.domain.records import STATE_NAMES, ElectionType


def _to_date(value: QDate) -> date:
    return date(value.year(), value.month(), value.day())


class DateField(QDateEdit):
    """A yyyy-MM-dd date typed in one go; Tab leaves the field (Qt's own steps through its sections)."""

    def __init__(self, value: QDate | None = None, parent: QWidget | None = None, **kwargs: object) -> None:
        super().__init__(value or QDate.currentDate(), parent, **kwargs)  # type: ignore[arg-type]
        self.setCalendarPopup(True)
        self.setDisplayFormat("yyyy-MM-dd")

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override
        # only the Tab keys: Qt also moves between sections through focusNextPrevChild as digits are typed
        if event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab) and not event.modifiers() & ~(
                Qt.KeyboardModifier.ShiftModifier):
            QWidget.focusNextPrevChild(self, event.key() == Qt.Key.Key_Tab)
            event.accept()
            return
        if event.text() == "-" and self._auto_advanced:
            # "2026-11-03" typed in one go: Qt already moved on after "2026", so this "-" would skip
            # the month (it gave 2026-01-11); it is the separator the clerk sees, and is taken as read
            self._auto_advanced = False
            event.accept()
            return
        section = self.currentSection()
        super().keyPressEvent(event)
        self._auto_advanced = event.text().isdigit() and self.currentSection() != section

    _auto_advanced = False


class NewElectionDialog(QDialog):
    """Asks for what ``recount-desktop new`` asks for; the caller creates the file."""

    def __init__(self, parent: QWidget | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New election")
        self.state = QComboBox()
        for state in State:
            self.state.addItem(f"{STATE_NAMES[state]} ({state.value})", state.value)
        self.jurisdiction = QLineEdit(placeholderText="e.g. Cass County")
        self.election_name = QLineEdit(placeholderText="e.g. General Election 2026")
        self.election_date = DateField()
        self.canvass_date = DateField()
        self.election_type = election_type_combo()
        self.members = QPlainTextEdit(objectName="newBoardMembers", tabChangesFocus=True)
        self.members.setPlaceholderText("One a line: Name, Title (for the report's signature blocks)")
        self.members.setFixedHeight(90)
        self.path = QLineEdit(str((folder or Path.home()) / "election.canvass"))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path)
        path_row.addWidget(browse)
        self.error = QLabel(styleSheet="color: #b00020")
        form = QFormLayout(self)
        form.addRow("&State", self.state)
        form.addRow("&Jurisdiction", self.jurisdiction)
        form.addRow("Election &name", self.election_name)
        form.addRow("Election &date", self.election_date)
        form.addRow("&Canvass date", self.canvass_date)
        form.addRow("Election &type", self.election_type)
        form.addRow("&Board members", self.members)
        form.addRow(QLabel("&File", buddy=self.path), path_row)  # a row of widgets takes no mnemonic itself
        form.addRow(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)

    def _browse(self) -> None:
        chosen, _ = QFileDialog.getSaveFileName(self, "New election file", self.path.text(),
                                                "Election files (*.canvass)")
        if chosen:
            self.path.setText(chosen if chosen.endswith(".canvass") else chosen + ".canvass")

    def election(self) -> Election:
        return Election(
            state=State(self.state.currentData()),
            jurisdiction=self.jurisdiction.text().strip(),
            name=self.election_name.text().strip(),
            election_date=_to_date(self.election_date.date()),
            canvass_date=_to_date(self.canvass_date.date()),
            board_members=parse_members(self.members.toPlainText()),
            election_type=ElectionType(self.election_type.currentData()),
        )

    def _accept(self) -> None:
        try:
            self.election()
        except ValueError as error:
            self.error.setText(str(error).capitalize())
            return
        if Path(self.path.text()).exists():
            self.error.setText("A file of that name already exists; choose another name.")
            return
        self.accept()


def election_type_combo() -> QComboBox:
    """The election's type (general by default): which statute's rules apply to its contests."""
    combo = QComboBox(objectName="electionType")
    for value in ElectionType:
        combo.addItem(value.value.replace("_", " "), value.value)
    combo.setCurrentIndex(combo.findData(ElectionType.GENERAL.value))
    return combo


def parse_members(text: str) -> tuple[BoardMember, ...]:
    """Board members typed one a line as ``Name, Title``; blank lines are skipped."""
    return tuple(BoardMember.parse(line) for line in text.splitlines() if line.strip())


def about_text(version: str) -> str:
    """The version and, for each state, the statute its rule file encodes."""
    from recount_desktop.domain.rules import load_rules

    lines = [
        f"Recount Desktop {version}",
        "Margins, recount triggers, tally sheets and the canvassers' report.",
        "",
        "Rule files:",
    ]
    for state in State:
        rules = load_rules(state)
        lines.append(f"  {rules.name} ({state.value}): {rules.statute}")
    return "\n".join(lines)


MAX_OPERATORS = 12


def recent_operators() -> list[str]:
    """The names typed at this workstation's prompt, the last one first."""
    names = appstate.load_state().get("operators", [])
    return [n for n in names if isinstance(n, str) and n.strip()] if isinstance(names, list) else []


def remember_operator(name: str) -> None:
    state = appstate.load_state()
    names = [n for n in recent_operators() if n.casefold() != name.casefold()]
    state["operators"] = [name, *names][:MAX_OPERATORS]
    appstate.save_state(state)


class OperatorDialog(QDialog):
    """Who is at the keyboard. A pick list of the names used here before; never the login name, which
    on a shared counter PC is the county's account, not the clerk."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Who is at the keyboard?")
        self.name = QComboBox(objectName="operatorName", editable=True)
        self.name.addItems(recent_operators())
        self.name.setCurrentIndex(-1)  # nothing pre-filled: each clerk picks or types their own name
        self.name.lineEdit().setPlaceholderText("your name")
        self.name.setMinimumWidth(280)
        self.name.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.name.lineEdit().returnPressed.connect(self._accept)  # Enter after the name: done
        self.error = QLabel(objectName="operatorError", styleSheet="color: #b00020")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(QLabel("Your name is recorded in the audit log with every change you make."))
        form.addRow("&Operator name", self.name)
        form.addRow(self.error)
        form.addRow(buttons)

    def chosen(self) -> str:
        return " ".join(self.name.currentText().split())

    def _accept(self) -> None:
        if not self.chosen():
            self.error.setText("Type your name or pick it from the list.")
            return
        remember_operator(self.chosen())
        self.accept()


def ask_operator(parent: QWidget | None) -> str | None:
    """Who is at the keyboard: every change in the audit log carries this name."""
    dialog = OperatorDialog(parent)
    return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None
