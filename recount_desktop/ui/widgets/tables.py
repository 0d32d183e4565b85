"""The tables of every page look and size alike: whole-row selection, no row numbers, Tab leaves the
table, and columns sized to their titles or to the widest text, never by measuring every row."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTableView


def table_view(name: str, model: object, sortable: bool = False) -> QTableView:
    """A read-only table of whole rows: alternating colours, no row numbers, one line per row."""
    view = QTableView(objectName=name)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setAlternatingRowColors(True)
    view.verticalHeader().hide()
    view.verticalHeader().setDefaultSectionSize(24)
    view.setWordWrap(False)
    view.setModel(model)  # type: ignore[arg-type]
    view.setSortingEnabled(sortable)
    view.setTabKeyNavigation(False)  # Tab leaves the table: the keyboard moves between fields, not cells
    return view


def fit_columns_to_headers(view: QTableView, columns: range | list[int], padding: int = 24) -> None:
    """Size columns to their header text, never to their cells: a column of counts is no wider than its
    title, and sizing costs nothing however many rows the table holds (ResizeToContents measures rows)."""
    header = view.horizontalHeader()
    metrics = header.fontMetrics()
    model = view.model()
    for column in columns:
        title = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
        header.resizeSection(column, max(metrics.horizontalAdvance(title) + padding, 56))


def fit_column_to_text(view: QTableView, column: int, widest: str, limit: int = 320) -> None:
    """Size one column to the widest text it shows (found by the caller from the records)."""
    width = view.horizontalHeader().fontMetrics().horizontalAdvance(widest) + 20
    view.horizontalHeader().resizeSection(column, min(max(width, 60), limit))
