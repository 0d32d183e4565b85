"""The audit log, read-only: what happened in plain words, local times, a detail pane, filters, Verify.

The stored entry keeps its machine name (``sheet.enter``) and JSON details; this page says them the
way a board member reads a log ("Entered sheet S-12, first entry"), and the detail pane shows the
whole entry as stored, hashes included, for whoever checks it against `audit verify`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from recount_desktop.store import AuditEntry
from recount_desktop.ui.host import PageHost
from recount_desktop.ui.snapshot import Snapshot
from recount_desktop.ui.widgets.keyboard import chain_tab_order
from recount_desktop.ui.widgets.table_model import SORT_ROLE, Column, RecordTableModel
from recount_desktop.ui.widgets.tables import fit_column_to_text, table_view

ENTRY_WORDS = {1: "first entry", 2: "second entry", 3: "resolution"}


def _get(details: Mapping[str, Any], key: str, default: str = "?") -> str:
    value = details.get(key)
    return default if value is None or value == "" else str(value)


def _sheet_entered(d: Mapping[str, Any]) -> str:
    entry = ENTRY_WORDS.get(d.get("entry"), f"entry {_get(d, 'entry')}")  # type: ignore[arg-type]
    state = _get(d, "state", "").replace("_", " ")
    return f"Entered sheet {_get(d, 'sheet_id')}, {entry}" + (f" ({state})" if state else "")


def _results_replaced(d: Mapping[str, Any]) -> str:
    source = d.get("file") or d.get("source") or "a file"
    if isinstance(source, Mapping):
        source = source.get("file", "a file")
    return f"Imported results from {source} ({_get(d, 'contests', '0')} contests)"


def _setting(d: Mapping[str, Any]) -> str:
    return f"Changed setting {_get(d, 'key')} to {_get(d, 'value', '(empty)')}"


# action -> its sentence from the details; an action not listed is shown by its stored name
ACTION_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "election.create": lambda d: f"Created the election {_get(d, 'name', '')}".strip(),
    "election.update": lambda d: "Changed the election's name, dates or type",
    "results.replace": _results_replaced,
    "results.export": lambda d: "Exported the " + ("amended" if d.get("amended") else "original")
    + " results to " + ", ".join(str(f).rsplit("/", 1)[-1] for f in d.get("files", ()) or ("a file",)),
    "contest.update": lambda d: f"Changed the attributes of {_get(d, 'contest')}",
    "setting.set": _setting,
    "recount.scope": lambda d: f"Set the recount scope of {_get(d, 'contest')}",
    "sheet.enter": _sheet_entered,
    "sheets.import": lambda d: f"Imported tally sheets from {_get(d, 'file', 'a file')}",
    "sheet.resolve": lambda d: f"Resolved sheet {_get(d, 'sheet_id')}: {_get(d, 'reason', '')}",
    "sheet.void": lambda d: f"Voided sheet {_get(d, 'sheet_id')}: {_get(d, 'reason', '')}",
    "sheet.unit_unlocked": lambda d: f"Unlocked the printed unit of sheet {_get(d, 'sheet_id')}: "
    f"{_get(d, 'reason', '')}",
    "operator.change": lambda d: f"Operator changed from {_get(d, 'from')} to {_get(d, 'to')}",
    "report.export": lambda d: f"Wrote the canvassers' report to {_get(d, 'file')}",
    "sheets.export": lambda d: f"Wrote blank tally sheets to {_get(d, 'file')}",
    "report.sign": lambda d: f"Signed the canvassers' report {_get(d, 'file')} as {_get(d, 'role')}",
    "report.print": lambda d: f"Printed {_get(d, 'file')} ({_get(d, 'pages')} pages)",
    "audit.data_bound": lambda d: "Upgraded the election file's format",
}


def action_text(entry: AuditEntry) -> str:
    words = ACTION_WORDS.get(entry.action)
    if words is None:
        return entry.action
    try:
        return words(entry.details)
    except (AttributeError, TypeError, ValueError):  # details of an older shape: the stored name
        return entry.action


def local_time(entry: AuditEntry) -> str:
    """The entry's UTC time in this computer's time zone, to the second."""
    try:
        moment = datetime.fromisoformat(entry.ts.replace("Z", "+00:00"))
    except ValueError:
        return entry.ts
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S")


def shown_details(details: Mapping[str, Any]) -> dict[str, Any]:
    """The details an operator may see: never a tally-sheet entry's digest (double entry is blind: a
    first entry's digest, even keyed, is not shown while its sheet waits for the second entry)."""
    hidden = ("lines_hmac", "lines_sha256")
    shown = {k: v for k, v in details.items() if k not in hidden}
    if isinstance(shown.get("sheets"), list):
        shown["sheets"] = [{k: v for k, v in item.items() if k not in hidden} if isinstance(item, Mapping)
                           else item for item in shown["sheets"]]
    return shown


def details_text(entry: AuditEntry) -> str:
    return json.dumps(shown_details(entry.details), ensure_ascii=False, sort_keys=True)[:400]


def full_entry(entry: AuditEntry) -> str:
    """Everything stored for the entry, for the detail pane."""
    lines = [f"Entry {entry.seq}: {action_text(entry)}", "",
             f"Time:      {local_time(entry)} (local); stored as {entry.ts} UTC",
             f"Operator:  {entry.operator}", f"Action:    {entry.action}"]
    for name in ("prev_hash", "hash", "data_digest"):
        value = getattr(entry, name, None)
        if value:
            lines.append(f"{name.replace('_', ' ').capitalize() + ':':<11}{value}")
    lines += ["", "Details:", json.dumps(shown_details(entry.details), ensure_ascii=False, sort_keys=True,
                                         indent=2)]
    return "\n".join(lines)


class AuditModel(RecordTableModel[AuditEntry]):
    COLUMNS = (
        Column("#", lambda e: e.seq, numeric=True),
        Column("Time", local_time, sort_key=lambda e: e.ts),
        Column("Operator", lambda e: e.operator),
        Column("What happened", action_text, tooltip=details_text),
    )


class AuditFilter(QSortFilterProxyModel):
    """The text anywhere in the entry (words, operator or details), and an action and operator."""

    needle = ""
    action = ""
    operator = ""

    def set_needle(self, text: str) -> None:
        self.beginFilterChange()
        self.needle = text.strip().lower()
        self.endFilterChange()

    def set_choices(self, action: str, operator: str) -> None:
        self.beginFilterChange()
        self.action, self.operator = action, operator
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: Any) -> bool:  # type: ignore[override]
        model = self.sourceModel()
        assert isinstance(model, AuditModel)
        entry = model.row_at(source_row)
        if self.action and entry.action != self.action:
            return False
        if self.operator and entry.operator != self.operator:
            return False
        needle = self.needle
        return not needle or needle in " ".join(
            (entry.operator, entry.action, action_text(entry), details_text(entry))).lower()


class AuditPage(QWidget):
    def __init__(self, host: PageHost) -> None:
        super().__init__()
        self.host = host
        self.entries = AuditModel()
        self.proxy = AuditFilter()
        self.proxy.setSourceModel(self.entries)
        self.proxy.setSortRole(SORT_ROLE)
        self.filter = QLineEdit(objectName="auditFilter", placeholderText="Search the log")
        self.filter.textChanged.connect(self.proxy.set_needle)
        self.action_filter = QComboBox(objectName="auditAction")
        self.operator_filter = QComboBox(objectName="auditOperator")
        for combo in (self.action_filter, self.operator_filter):
            combo.currentIndexChanged.connect(self._choices_changed)
        self.verify_button = QPushButton("&Verify the chain", objectName="verifyAudit")
        self.verify_button.clicked.connect(self.verify)
        self.result = QLabel(objectName="verifyResult", wordWrap=True)
        self.table = table_view("auditTable", self.proxy, sortable=True)
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        fit_column_to_text(self.table, 0, "000000")
        fit_column_to_text(self.table, 1, "2026-11-30 23:59:59")
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.selectionModel().currentRowChanged.connect(self._show_entry)
        self.detail = QPlainTextEdit(objectName="auditDetail", readOnly=True)
        self.detail.setPlaceholderText("Choose an entry to see all of it.")
        self._layout()
        chain_tab_order(self.tab_chain())

    def _layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.filter, 1)
        top.addWidget(QLabel("&Action", buddy=self.action_filter))
        top.addWidget(self.action_filter)
        top.addWidget(QLabel("O&perator", buddy=self.operator_filter))
        top.addWidget(self.operator_filter)
        top.addWidget(self.verify_button)
        splitter = QSplitter(Qt.Orientation.Horizontal, objectName="auditSplitter")
        splitter.addWidget(self.table)
        splitter.addWidget(self.detail)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([760, 340])  # the sentences whole; the detail pane for one entry at a time
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.result)
        layout.addWidget(splitter, 1)

    def first_focus(self) -> QWidget:
        return self.filter

    def tab_chain(self) -> list[QWidget]:
        return [self.filter, self.action_filter, self.operator_filter, self.verify_button, self.table,
                self.detail]

    def show_snapshot(self, snapshot: Snapshot | None) -> None:
        store = self.host.store
        entries = store.audit_entries() if store is not None and snapshot else []
        self.entries.set_rows(entries)
        self._refill(self.action_filter, "All actions", sorted({e.action for e in entries}))
        self._refill(self.operator_filter, "All operators", sorted({e.operator for e in entries}))
        self.result.clear()

    @staticmethod
    def _refill(combo: QComboBox, everything: str, values: list[str]) -> None:
        chosen = combo.currentData()
        combo.blockSignals(True)
        combo.clear()
        combo.addItem(everything, "")
        for value in values:
            combo.addItem(value, value)
        combo.setCurrentIndex(max(0, combo.findData(chosen)))
        combo.blockSignals(False)

    def _choices_changed(self) -> None:
        self.proxy.set_choices(self.action_filter.currentData() or "",
                               self.operator_filter.currentData() or "")

    def _show_entry(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            self.detail.clear()
            return
        entry = self.entries.row_at(self.proxy.mapToSource(current).row())
        self.detail.setPlainText(full_entry(entry))

    def verify(self) -> None:
        store = self.host.store
        if store is None:
            return
        report = store.verify_audit()
        if report.ok:
            self.result.setText(
                f"✓ The audit chain is intact: {report.entries} entries, head {report.head_hash[:16]}…"
            )
            self.result.setStyleSheet("color: #1b6e20; font-weight: 600;")
        else:
            found = [f"broken at entry {report.broken_at}: {report.problem}"] if report.broken_at else []
            found += [d.describe() for d in report.differences]  # data that differ from the recorded digest
            found += [f"guard {p}" for p in report.schema_problems]
            self.result.setText("✗ The audit log does not verify: " + "; ".join(found))
            self.result.setStyleSheet("color: white; background: #b00020; padding: 6px; font-weight: 600;")
