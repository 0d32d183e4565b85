"""The lines of one paper tally sheet as a column of digit-only fields, driven from the keyboard.

Tab or Enter moves down a line; Enter on the last line (or Ctrl+S anywhere) submits. The running
total and the ballots check are recomputed on every keystroke with the core's own arithmetic check.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRegularExpression, Qt, Signal
from PySide6.QtGui import QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import QGridLayout, QLabel, QLineEdit, QWidget

from recount_desktop.recount.scope import RecountMethod
from recount_desktop.recount.sheet_rows import OTHER_LINES, SheetLines
from recount_desktop.recount.sheets import arithmetic_warning

DIGITS = QRegularExpression(r"\d{0,7}")


class SheetLinesForm(QWidget):
    """One field per choice, then over votes, under votes, blank ballots and ballots."""

    submitted = Signal()
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setColumnStretch(0, 1)  # the names take the width left beside the fixed count boxes
        self.choice_fields: dict[str, QLineEdit] = {}
        self.other_fields: dict[str, QLineEdit] = {}
        self.seats = 1
        self.total = QLabel(objectName="runningTotal")
        self.total.setStyleSheet("font-size: 13pt; font-weight: 600;")
        self.check = QLabel(objectName="ballotCheck", wordWrap=True)

    def set_choices(self, choices: tuple[str, ...], seats: int) -> None:
        if choices and tuple(self.choice_fields) == choices and seats == self.seats:
            return  # the same contest after a reload: keep the fields (and the clerk's focus)
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget()
            if widget is not None and widget is not self.total and widget is not self.check:
                widget.hide()  # deleteLater is deferred: hide now so no stale line is ever seen
                widget.deleteLater()
        self.seats = seats
        self.choice_fields = {name: self._field(f"line:{name}") for name in choices}
        self.other_fields = {attr: self._field(f"line:{attr}") for attr, _ in OTHER_LINES}
        row = 0
        for name, field in self.choice_fields.items():
            self._add_row(row, name, field)
            row += 1
        self.grid.addWidget(QLabel("<b>Total votes</b>"), row, 0)
        self.grid.addWidget(self.total, row, 1)
        row += 1
        for attr, label in OTHER_LINES:
            self._add_row(row, label, self.other_fields[attr])
            row += 1
        self.grid.addWidget(self.check, row, 0, 1, 3)
        for number in range(self.grid.count()):  # shown now, not at the next event loop turn, so Tab
            widget = self.grid.itemAt(number).widget()  # reaches the new lines at once
            if widget is not None:
                widget.show()
        self._recount_total()

    def _field(self, name: str) -> QLineEdit:
        field = QLineEdit(objectName=name)
        field.setValidator(QRegularExpressionValidator(DIGITS, field))
        field.setAlignment(Qt.AlignmentFlag.AlignRight)
        field.setFixedWidth(110)
        field.setStyleSheet("font-size: 13pt;")
        field.textChanged.connect(self._recount_total)
        field.installEventFilter(self)
        return field

    def _add_row(self, row: int, label: str, field: QLineEdit) -> None:
        text = QLabel(label, buddy=field, wordWrap=True)
        text.setStyleSheet("font-size: 12pt;")
        text.setToolTip(label)
        self.grid.addWidget(text, row, 0)
        self.grid.addWidget(field, row, 1)

    def fields(self) -> list[QLineEdit]:
        return [*self.choice_fields.values(), *self.other_fields.values()]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            fields = self.fields()
            if watched is fields[-1]:
                self.submitted.emit()
            elif watched in fields:
                fields[fields.index(watched) + 1].setFocus()  # type: ignore[arg-type]
                fields[fields.index(watched) + 1].selectAll()  # type: ignore[arg-type]
            return True
        return super().eventFilter(watched, event)

    # -- values --------------------------------------------------------------------------
    def counts(self) -> dict[str, int | None]:
        return {name: _value(field) for name, field in self.choice_fields.items()}

    def other_lines(self) -> dict[str, int | None]:
        return {attr: _value(field) for attr, field in self.other_fields.items()}

    def missing_choices(self) -> list[str]:
        return [name for name, value in self.counts().items() if value is None]

    def clear(self) -> None:
        for field in self.fields():
            field.setText("")  # not clear(): that can be undone, and the next clerk must not see it

    def _recount_total(self) -> None:
        counts = self.counts()
        self.total.setText(f"{sum(v or 0 for v in counts.values()):,}")
        other = self.other_lines()
        if other["ballots"] is None:
            self.check.setText("Ballots check: enter the Ballots line to check the sheet's arithmetic.")
            self.check.setStyleSheet("")
            self.changed.emit()
            return
        lines = SheetLines(
            "live",
            None,
            RecountMethod.MANUAL,
            tuple((k, v or 0) for k, v in counts.items()),
            other["over_votes"],
            other["under_votes"],
            other["blank_ballots"],
            other["ballots"],
        )
        warning = arithmetic_warning(lines, self.seats)
        self.check.setText(f"Ballots check: {warning}" if warning else "Ballots check: the sheet adds up.")
        self.check.setStyleSheet("color: #b00020;" if warning else "color: #1b6e20;")
        self.changed.emit()


def _value(field: QLineEdit) -> int | None:
    text = field.text().strip()
    return int(text) if text else None
