"""The audit log, read-only, with a filter and a Verify button that recomputes the hash chain."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from recount_desktop.store import AuditEntry
from recount_desktop.ui.contests_page import fit_column_to_text, table_view
from recount_desktop.ui.keyboard import chain_tab_order
from recount_desktop.ui.snapshot import Snapshot
from recount_desktop.ui.table_model import SORT_ROLE, Column, RecordTableModel


def details_text(entry: AuditEntry) -> str:
    return json.dumps(dict(entry.details), ensure_ascii=False, sort_keys=True)[:400]


class AuditModel(RecordTableModel[AuditEntry]):
    COLUMNS = (
        Column("#", lambda e: e.seq, numeric=True),
        Column("Time (UTC)", lambda e: e.ts),
        Column("Operator", lambda e: e.operator),
        Column("Action", lambda e: e.action),
        Column("Details", details_text, tooltip=details_text),
    )


class AuditFilter(QSortFilterProxyModel):
    """Matches the text anywhere in the row (operator, action or details)."""

    needle = ""

    def set_needle(self, text: str) -> None:
        self.beginFilterChange()
        self.needle = text.strip().lower()
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: Any) -> bool:  # type: ignore[override]
        needle = self.needle
        if not needle:
            return True
        model = self.sourceModel()
        return any(needle in str(model.index(source_row, c).data()).lower() for c in range(1, 5))


class AuditPage(QWidget):
    def __init__(self, window: Any) -> None:
        super().__init__()
        self.window_ = window
        self.entries = AuditModel()
        self.proxy = AuditFilter()
        self.proxy.setSourceModel(self.entries)
        self.proxy.setSortRole(SORT_ROLE)
        self.filter = QLineEdit(
            objectName="auditFilter", placeholderText="Filter by operator, action or detail"
        )
        self.filter.textChanged.connect(self.proxy.set_needle)
        self.verify_button = QPushButton("&Verify the chain", objectName="verifyAudit")
        self.verify_button.clicked.connect(self.verify)
        self.result = QLabel(objectName="verifyResult", wordWrap=True)
        self.table = table_view("auditTable", self.proxy, sortable=True)
        self.table.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        fit_column_to_text(self.table, 0, "000000")
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        top = QHBoxLayout()
        top.addWidget(self.filter, 1)
        top.addWidget(self.verify_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.result)
        layout.addWidget(self.table, 1)
        chain_tab_order(self.tab_chain())

    def first_focus(self) -> QWidget:
        return self.filter

    def tab_chain(self) -> list[QWidget]:
        return [self.filter, self.verify_button, self.table]

    def show_snapshot(self, snapshot: Snapshot | None) -> None:
        store = self.window_.store
        entries = store.audit_entries() if store is not None and snapshot else []
        self.entries.set_rows(entries)
        if entries:  # every time has the same form: the whole of the last one, never cut
            fit_column_to_text(self.table, 1, entries[-1].ts, limit=400)
        self.result.clear()

    def verify(self) -> None:
        store = self.window_.store
        if store is None:
            return
        report = store.verify_audit()
        if report.ok:
            self.result.setText(
                f"✓ The audit chain is intact: {report.entries} entries, head {report.head_hash[:16]}…"
            )
            self.result.setStyleSheet("color: #1b6e20; font-weight: 600;")
        else:
            self.result.setText(f"✗ The audit chain is broken at entry {report.broken_at}: {report.problem}")
            self.result.setStyleSheet("color: white; background: #b00020; padding: 6px; font-weight: 600;")
