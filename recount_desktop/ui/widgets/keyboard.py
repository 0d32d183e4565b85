"""Keyboard-first helpers: explicit tab order per page, and the shortcuts the Help menu lists.

Every page declares ``tab_chain()`` (the fields in the order a clerk fills them) so the order never
depends on the order widgets happened to be created in; a test walks each chain with the Tab key.
"""

from __future__ import annotations

import html
import time
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

# Keys handled inside pages (not menu actions), shown after the menu shortcuts.
PAGE_KEYS = (
    ("Tally sheet entry", "Tab / Enter", "Next field; Enter on the sheet ID jumps to the first line"),
    ("Tally sheet entry", "Scan a printed sheet", "Fills in its contest, precinct/device and method"),
    ("Tally sheet entry", "Enter on the last line", "Save the sheet and open the next one"),
    ("Tally sheet entry", "Ctrl+S", "Save the sheet and open the next one"),
    ("Tally sheet entry", "Shift+Tab", "Previous field"),
    ("Every page", "Alt + underlined letter", "Jump to that field or button"),
    ("Tables", "Arrow keys, Page Up/Down, Home/End", "Move through rows"),
)


def chain_tab_order(widgets: Sequence[QWidget]) -> None:
    """Tab visits ``widgets`` in this order."""
    for first, second in zip(widgets, widgets[1:], strict=False):
        QWidget.setTabOrder(first, second)


class TypeAheadComboBox(QComboBox):
    """A closed combo box that picks an item as its name is typed, spaces included.

    Qt's own combo box opens its list on Space, so "Precinct 04" typed by a clerk stops at
    "Precinct". Here the typed text (reset after the platform's key interval) picks the first item
    that starts with it, else the first that contains it ("04" finds "Precinct 04").
    """

    def __init__(self, parent: QWidget | None = None, **kwargs: object) -> None:
        super().__init__(parent, **kwargs)  # type: ignore[arg-type]
        self._typed = ""
        self._last = 0.0

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        plain = not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
        if self.isEditable() or not plain or not text or not text.isprintable():
            super().keyPressEvent(event)
            return
        now = time.monotonic()
        if now - self._last > QApplication.keyboardInputInterval() / 1000:
            self._typed = ""
        self._typed, self._last = self._typed + text, now
        found = self.findText(self._typed, Qt.MatchFlag.MatchStartsWith)
        if found < 0:
            found = self.findText(self._typed, Qt.MatchFlag.MatchContains)
        if found >= 0:
            self.setCurrentIndex(found)
        event.accept()


def action_shortcuts(actions: Sequence[QAction]) -> list[tuple[str, str]]:
    """(keys, what) for every action that has a shortcut, in menu order."""
    rows = []
    for action in actions:
        keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        if keys:
            rows.append((keys, action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
                         .rstrip("…")))
    return rows


def shortcuts_html(actions: Sequence[QAction]) -> str:
    e = html.escape
    rows = [f"<tr><td><b>{e(k)}</b></td><td>{e(t)}</td></tr>" for k, t in action_shortcuts(actions)]
    rows += [
        f"<tr><td><b>{e(k)}</b></td><td>{e(t)} <i>({e(where)})</i></td></tr>" for where, k, t in PAGE_KEYS
    ]
    return "<table cellspacing='0' cellpadding='4'>" + "".join(rows) + "</table>"


class ShortcutsDialog(QDialog):
    """Help > Keyboard shortcuts: built from the window's own actions, so it cannot drift from them."""

    def __init__(self, actions: Sequence[QAction], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Keyboard shortcuts")
        self.text = QLabel(shortcuts_html(actions), objectName="shortcutsText")
        self.text.setStyleSheet("font-size: 11pt;")
        scroll = QScrollArea()
        scroll.setWidget(self.text)
        scroll.setWidgetResizable(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll, 1)
        layout.addWidget(buttons)
        self.resize(620, 520)
