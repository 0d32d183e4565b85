"""The resolver's screen: both entries of a sheet side by side, differing lines highlighted.

A third operator types the right value for each differing line (the agreed lines are filled in) and a
reason; ``resolve_discrepancy`` stores it as a new entry, the two typed entries stay as they were.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
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
from recount_desktop.ui.sheet_lines import DIGITS

HIGHLIGHT = "background: #f6c9c9; font-weight: 600; padding: 2px 6px;"
PLAIN = "padding: 2px 6px;"


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
        unit_lines = [d for d in self.differing if d in ("Precinct", "Device", "Method")]
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
        if unit_lines:
            layout.addWidget(QLabel(f"The entries also differ on {', '.join(unit_lines)}: "
                                    f"{'; '.join(f'{d}: {a.get(d)} / {b.get(d)}' for d in unit_lines)}. "
                                    "The first entry's value is kept."))
        layout.addLayout(grid)
        layout.addWidget(QLabel("&Reason", buddy=self.reason))
        layout.addWidget(self.reason)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.unit_defaults = {
            "precinct": a.get("Precinct"),
            "device": a.get("Device"),
            "method": a.get("Method"),
        }
        self.unit_lines = unit_lines
        focus = next((self.fields[label] for label in self.highlighted), self.reason)
        focus.setFocus()

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
            other[line.lower()] = self.unit_defaults[line.lower()]
        try:
            resolve_discrepancy(self.store, self.sheet_id, counts, self.reason.text(), **other)
        except RecountError as error:
            self.error.setText(str(error))
            return
        self.accept()
