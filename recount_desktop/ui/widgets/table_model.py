"""One small base for every table in the window: rows of domain records, columns declared as data.

Each screen subclasses ``RecordTableModel`` with its ``COLUMNS``; the views never copy data into
widgets, so a 3,000-precinct contest costs what the visible rows cost to paint.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

_Index = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


@dataclass(frozen=True)
class Column(Generic[Row]):
    """A column: its header, the shown text, and optionally a sort key, a background and a tooltip."""

    header: str
    text: Callable[[Any], object]
    numeric: bool = False
    sort_key: Callable[[Any], object] | None = None
    background: Callable[[Any], str | None] | None = None
    tooltip: Callable[[Any], str | None] | None = None


def count_text(value: int | None) -> str:
    return "" if value is None else f"{value:,}"


class RecordTableModel(QAbstractTableModel, Generic[Row]):
    """Read-only rows; ``SORT_ROLE`` gives the raw value so numbers sort as numbers."""

    COLUMNS: ClassVar[Sequence[Column[Any]]] = ()

    def __init__(self, rows: Sequence[Row] = ()) -> None:
        super().__init__()
        self._rows: list[Row] = list(rows)

    def set_rows(self, rows: Sequence[Row]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def replace_row(self, row: int, record: Row) -> None:
        """One record changed: repaint its row only (no reset, the selection and scroll stay)."""
        self._rows[row] = record
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))

    def rows(self) -> list[Row]:
        return list(self._rows)

    def row_at(self, row: int) -> Row:
        return self._rows[row]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.COLUMNS[section].header
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        record, column = self._rows[index.row()], self.COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            value = column.text(record)
            return None if value is None else str(value)
        if role == SORT_ROLE:
            return (column.sort_key or column.text)(record)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return _RIGHT
        if role == Qt.ItemDataRole.BackgroundRole and column.background is not None:
            color = column.background(record)
            return QBrush(QColor(color)) if color else None
        if role == Qt.ItemDataRole.ToolTipRole and column.tooltip is not None:
            return column.tooltip(record)
        return None
