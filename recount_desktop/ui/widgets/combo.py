"""The contest pickers on several pages: refilled after each change, keeping the user's choice."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import QComboBox


def refill_keeping_choice(combo: QComboBox, names: Iterable[str], fallback: str | None = None) -> None:
    """Replace the items without a signal per item; keep the chosen name if it is still there, else
    ``fallback`` if given and present, else the first item. The one change of choice then signals."""
    current = combo.currentText()
    combo.blockSignals(True)
    combo.clear()
    combo.addItems(list(names))
    combo.blockSignals(False)
    found = combo.findText(current)
    if found < 0 and fallback is not None:
        found = combo.findText(fallback)
    combo.setCurrentIndex(max(found, 0))
