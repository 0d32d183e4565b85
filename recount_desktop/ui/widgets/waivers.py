"""Nebraska recount waivers: one button per losing candidate whose automatic recount can be waived.

Neb. Rev. Stat. 32-1119(1): "Any losing candidate may waive his or her right to a recount" by a written
waiver. The board records the waiver here; it is stored as the election setting ``waivers.<contest>``
(one candidate a line, RULES.md NE-7), which the rules engine reads, so the finding's status follows.
The widget only asks; the page confirms with the user and writes.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from recount_desktop.domain import State
from recount_desktop.domain.rules import Finding, RecountStatus

RECORD_TEXT = "Record written waiver…"
WITHDRAW_TEXT = "Withdraw waiver"


def waivable(state: State, finding: Finding) -> bool:
    """32-1119(1) waives the automatic recount only: an automatic finding, or one already waived."""
    return state is State.NE and (finding.recount is RecountStatus.AUTOMATIC or finding.waived)


def waivers_text(current: str, candidate: str, waived: bool) -> str:
    """The setting's new value: ``current`` (one name a line) with ``candidate`` added or removed."""
    names = [n.strip() for n in current.splitlines() if n.strip() and n.strip() != candidate]
    if waived:
        names.append(candidate)
    return "\n".join(names)


class WaiverButtons(QWidget):
    """A row of "Record written waiver… / Withdraw waiver" buttons for the contest on screen."""

    # candidate, True to record a waiver, False to withdraw it
    waiver_requested = Signal(str, bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, objectName="waiverButtons")
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self.buttons: dict[str, QPushButton] = {}

    def show_findings(self, state: State | None, findings: Iterable[Finding]) -> None:
        while self._layout.count():
            item = self._layout.takeAt(0)
            if item is not None and item.widget() is not None:
                item.widget().deleteLater()
        self.buttons = {}
        for finding in findings:
            if state is None or not waivable(state, finding) or finding.choice in self.buttons:
                continue
            self.buttons[finding.choice] = self._button(finding)
        if self.buttons:
            self._layout.insertWidget(0, QLabel("Written waivers, 32-1119(1):"))
            self._layout.addStretch(1)
        for number in range(self._layout.count()):
            widget = self._layout.itemAt(number).widget()  # type: ignore[union-attr]
            if widget is not None:
                widget.show()  # a child added to a shown parent is hidden until shown (Qt)
        self.setVisible(bool(self.buttons))

    def _button(self, finding: Finding) -> QPushButton:
        text = WITHDRAW_TEXT if finding.waived else RECORD_TEXT
        # a 60-letter presidential ticket is said by its first name only; the tooltip has it whole
        who = finding.choice if len(finding.choice) <= 28 else finding.choice[:26].rstrip() + "…"
        button = QPushButton(f"{text} ({who})", objectName="waiverButton")
        button.setToolTip(f"{finding.choice}: " + ("withdraw the recorded written waiver" if finding.waived
                                                   else "record a written waiver of the automatic recount"))
        record = not finding.waived
        button.clicked.connect(
            lambda _=False, name=finding.choice: self.waiver_requested.emit(name, record))
        self._layout.addWidget(button)
        return button
