"""The resolver's screen: both entries of a sheet side by side, differing lines highlighted.

A third operator types the right value for each differing line (the agreed lines are filled in) and a
reason; ``resolve_discrepancy`` stores it as a new entry, the two typed entries stay as they were.
When the entries differ on the unit (precinct, device) or the method, the resolver picks one of the two
values like any other line: neither entry's value is kept silently.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from recount_desktop.recount.scope import RecountError
from recount_desktop.recount.sheet_rows import OTHER_LINES, read_entries
from recount_desktop.recount.sheets import resolve_discrepancy
from recount_desktop.store import ElectionFile
from recount_desktop.ui.widgets.sheet_lines import DIGITS

HIGHLIGHT = "background: #f6c9c9; font-weight: 600; padding: 2px 6px;"
PLAIN = "padding: 2px 6px;"
UNIT_LINES = ("Precinct", "Device", "Method")


def _text(value: object) -> str:
    return "" if value is None else str(value)


class DiscrepancyDialog(QDialog):
    def __init__(self, store: ElectionFile, sheet_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from PySide6.QtGui import QRegularExpressionValidator

        self.store, self.sheet_id = store, sheet_id
        self.setWindowTitle(f"Resolve sheet {sheet_id}")
        first, second = [e for e in read_entries(store._conn, sheet_id) if e.number in (1, 2)][:2]
        a, b = first.lines.labelled(), second.lines.labelled()
        self.differing = [label for label in dict.fromkeys([*a, *b]) if a.get(label) != b.get(label)]
        grid = QGridLayout()
        for column, title in enumerate(("Line", f"Entry 1 ({first.entered_by})",
                                        f"Entry 2 ({second.entered_by})", "Correct value")):
            grid.addWidget(QLabel(f"<b>{title}</b>"), 0, column)
        self.fields: dict[str, QLineEdit] = {}
        self.highlighted: list[str] = []
        choice_labels = [c for c, _ in first.lines.counts]
        other_labels = {label: attr for attr, label in OTHER_LINES}
        for row, label in enumerate([*choice_labels, *other_labels], start=1):
            differs = label in self.differing
            style = HIGHLIGHT if differs else PLAIN
            grid.addWidget(QLabel(label, styleSheet=style), row, 0)
            grid.addWidget(QLabel(_text(a.get(label)), styleSheet=style), row, 1)
            grid.addWidget(QLabel(_text(b.get(label)), styleSheet=style), row, 2)
            field = QLineEdit(objectName=f"resolve:{label}")
            field.setValidator(QRegularExpressionValidator(DIGITS, field))
            if differs:
                self.highlighted.append(label)
            else:
                field.setText(_text(a.get(label)))
            grid.addWidget(field, row, 3)
            self.fields[label] = field
        self.other_attrs = other_labels
        unit_lines = [d for d in self.differing if d in UNIT_LINES]
        self.unit_choices: dict[str, QComboBox] = {}
        self._add_unit_rows(grid, unit_lines, a, b)
        self.reason = QLineEdit(objectName="resolveReason", placeholderText="why this count is right")
        self.error = QLabel(styleSheet="color: #b00020", wordWrap=True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.resolve)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Sheet <b>{sheet_id}</b>: the two entries differ on "
                                f"<b>{', '.join(self.differing)}</b>. Check the paper sheet and type the "
                                "right values."))
        layout.addLayout(grid)
        layout.addWidget(QLabel("&Reason", buddy=self.reason))
        layout.addWidget(self.reason)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.unit_lines = unit_lines
        focus: QWidget = next((self.fields[label] for label in self.highlighted), self.reason)
        if unit_lines:
            focus = self.unit_choices[unit_lines[0]]
        focus.setFocus()

    def _add_unit_rows(self, grid: QGridLayout, unit_lines: list[str], a: dict[str, object],
                       b: dict[str, object]) -> None:
        row = grid.rowCount()
        for offset, label in enumerate(unit_lines):
            grid.addWidget(QLabel(label, styleSheet=HIGHLIGHT), row + offset, 0)
            grid.addWidget(QLabel(_text(a.get(label)), styleSheet=HIGHLIGHT), row + offset, 1)
            grid.addWidget(QLabel(_text(b.get(label)), styleSheet=HIGHLIGHT), row + offset, 2)
            grid.addWidget(self._unit_choice(label, a.get(label), b.get(label)), row + offset, 3)

    def _unit_choice(self, label: str, first: object, second: object) -> QComboBox:
        """The two typed values to choose from; nothing is chosen until the resolver picks one."""
        combo = QComboBox(objectName=f"resolve:{label}")
        combo.addItem("choose…", None)
        for value in (first, second):
            combo.addItem(_text(value) or "(none)", value)
        self.unit_choices[label] = combo
        return combo

    def resolve(self) -> None:
        counts: dict[str, int] = {}
        other: dict[str, object] = {}
        for label, field in self.fields.items():
            text = field.text().strip()
            if not text:
                if label in self.highlighted:
                    self.error.setText(f"Type the right value for {label}.")
                    field.setFocus()
                    return
                continue
            if label in self.other_attrs:
                other[self.other_attrs[label]] = int(text)
            else:
                counts[label] = int(text)
        for line in self.unit_lines:
            combo = self.unit_choices[line]
            if combo.currentIndex() <= 0:
                self.error.setText(f"Choose the right {line.lower()} from the paper sheet.")
                combo.setFocus()
                return
            other[line.lower()] = combo.currentData()
        try:
            resolve_discrepancy(self.store, self.sheet_id, counts, self.reason.text(), **other)
        except RecountError as error:
            self.error.setText(str(error))
            return
        self.accept()
