"""The correction view: a sheet's cells with the reading shown on them, corrected by keyboard or mouse.

``SheetGridModel`` is a table model over one sheet's cells (nothing is copied); ``Marks`` says
what each row and column was read as (header, units, labels, totals, statistics, skipped), from
the ``Reading`` and from the notes the importer made while reading. ``SheetPreview`` shows both
with a legend, and turns the user's picks (H, U, T, L, K, S, Delete on the selected cells, or the
buttons) into a corrected ``Reading``: ``reading_edited`` tells the wizard to read the file again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from recount_desktop.importers.checks import CellNote, ReadingNotes
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.reading import READ_LAYOUTS, Reading
from recount_desktop.importers.source import Sheet
from recount_desktop.ui.pages import reading_edits
from recount_desktop.ui.pages.row_layouts import find_row_layout

_Index = QModelIndex | QPersistentModelIndex

# role -> (legend text, background colour)
ROLES: dict[str, tuple[str, str]] = {
    "header": ("Header row", "#9cc3ec"),
    "unit": ("Unit columns (counted)", "#cdeec6"),
    "unit_names": ("Unit column (names)", "#9fd694"),
    "label": ("Choice names", "#ececec"),
    "total": ("File's totals (checked, not counted)", "#fbd88a"),
    "statistics": ("Statistics", "#dccbf3"),
    "skipped": ("Skipped", "#b9b9b9"),
}
LABEL_WIDTH = 240
ROW_LAYOUTS = ("long", "template", "sovc", "wide")  # units as rows
_NOTE_ROLES = {"totals": "total", "statistics": "statistics", "skipped": "skipped"}
_ROW = re.compile(r"(?:row|line) (\d+)")
_COLUMN = re.compile(r"column ([A-Z]+)")
_CELL = re.compile(r"([A-Z]+)(\d+)")


@dataclass(frozen=True)
class Marks:
    """What each row and column of one sheet was read as; a row's role wins over its column's."""

    rows: Mapping[int, str] = field(default_factory=dict)
    columns: Mapping[int, str] = field(default_factory=dict)
    first_row: int = 0  # the columns' roles start under the header (the rows above are not read)

    def role(self, row: int, column: int) -> str | None:
        marked = self.rows.get(row)
        return marked if marked or row < self.first_row else self.columns.get(column)


def column_number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - 64
    return number - 1


def marks_for(sheet: Sheet, reading: Reading | None, notes: ReadingNotes | None,
              layout: str = "abstract") -> Marks:
    """The reading's header rows and columns (for units as rows: the header and the unit column),
    then every note the importer made on this sheet."""
    rows: dict[int, str] = {}
    columns: dict[int, str] = {}
    first_row = 0
    applies = reading is not None and reading.sheet in (sheet.name, None)
    found = find_row_layout(sheet) if not applies and layout in ROW_LAYOUTS else None
    if found is not None:
        first_row = found.header_rows[0]
        columns[found.unit_column] = "unit_names"
        rows.update({r: "header" for r in found.header_rows})
    if reading is not None and applies:
        first_row = min(reading.header_rows, default=0)
        for role, key in reading_edits.COLUMN_ROLES.items():
            columns.update({c: role for c in getattr(reading, key)})
        columns.update(_row_unit_columns(reading))
        rows.update({r: "skipped" for r in reading.skip_rows})
        rows.update({r: "header" for r in reading.header_rows})
    for kind, role in _NOTE_ROLES.items():
        for note in getattr(notes, kind, ()) if notes is not None else ():
            _mark_note(sheet, note, role, rows, columns)
    return Marks(rows, columns, first_row)


def _row_unit_columns(reading: Reading) -> dict[int, str]:
    """Units as rows: the unit names' column; a long table's names and its counted columns."""
    columns: dict[int, str] = {}
    for name, c in reading.fields:
        columns[c] = "unit" if name == "votes" else "label"
    if reading.unit_column is not None:
        columns[reading.unit_column] = "unit_names"
    return columns


def _mark_note(
    sheet: Sheet, note: CellNote, role: str, rows: dict[int, str], columns: dict[int, str]
) -> None:
    """``row 9`` / ``line 9`` marks a row, ``column J`` a column, a cell ``A208`` its row (a cell of a
    header row, ``B3`` over a statement's 'Times Cast', its column)."""
    if note.sheet != sheet.name:
        return
    row = _ROW.fullmatch(note.cell)
    column = _COLUMN.fullmatch(note.cell)
    cell = _CELL.fullmatch(note.cell)
    if row:
        number = int(row.group(1))
        lines = sheet.lines
        index = lines.index(number) if lines and number in lines else number - 1
        rows.setdefault(index, role)
    elif column:
        columns[column_number(column.group(1))] = role
    elif cell and rows.get(int(cell.group(2)) - 1) == "header":
        columns.setdefault(column_number(cell.group(1)), role)  # a header cell names its column
    elif cell:
        rows.setdefault(int(cell.group(2)) - 1, role)


def cell_position(sheet: Sheet, cell: str) -> tuple[int, int] | None:
    """``D14`` -> (13, 3); ``line 9`` (CSV), ``row 9`` -> its row, column A; ``column J`` -> row 1."""
    found = _CELL.fullmatch(cell)
    if found:
        return int(found.group(2)) - 1, column_number(found.group(1))
    found = _ROW.fullmatch(cell)
    if found:
        number = int(found.group(1))
        lines = sheet.lines
        return (lines.index(number) if lines and number in lines else number - 1), 0
    found = _COLUMN.fullmatch(cell)
    return (0, column_number(found.group(1))) if found else None


def cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class SheetGridModel(QAbstractTableModel):
    """One sheet's cells as they are in the file, coloured by what they were read as."""

    def __init__(self) -> None:
        super().__init__()
        self.sheet: Sheet | None = None
        self.marks = Marks()
        self._width = 0

    def set_sheet(self, sheet: Sheet | None, marks: Marks) -> None:
        self.beginResetModel()
        self.sheet, self.marks = sheet, marks
        self._width = max((len(row) for row in sheet.rows), default=0) if sheet is not None else 0
        self.endResetModel()

    def set_marks(self, marks: Marks) -> None:
        """The same sheet read another way: repaint, keeping the selection and the scroll."""
        self.marks = marks
        if self.rowCount() and self._width:
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, self._width - 1))
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self._width - 1)
            self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, self.rowCount() - 1)

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() or self.sheet is None else len(self.sheet.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._width

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if self.sheet is None or not index.isValid():
            return None
        r, c = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            row = self.sheet.rows[r]
            return cell_text(row[c]) if c < len(row) else ""
        marked = self.marks.role(r, c)
        if marked is None:
            return None
        if role == Qt.ItemDataRole.BackgroundRole:
            return QBrush(QColor(ROLES[marked][1]))
        if role == Qt.ItemDataRole.ToolTipRole:
            return f"{self.sheet.cell(r, c)}: read as {ROLES[marked][0].lower()}"
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if self.sheet is None:
            return None
        horizontal = orientation == Qt.Orientation.Horizontal
        if role == Qt.ItemDataRole.DisplayRole:
            if horizontal:
                return column_letters(section)
            lines = self.sheet.lines
            return str(lines[section]) if lines and section < len(lines) else str(section + 1)
        if role == Qt.ItemDataRole.ToolTipRole:
            marked = self.marks.columns.get(section) if horizontal else self.marks.rows.get(section)
            return ROLES[marked][0] if marked else None
        return None


def legend() -> QWidget:
    """A swatch and a name for each colour the preview uses."""
    box = QWidget(objectName="readingLegend")
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for text, colour in ROLES.values():
        swatch = QLabel(text)
        swatch.setStyleSheet(f"background: {colour}; color: black; padding: 2px 6px; border: 1px solid #888;")
        layout.addWidget(swatch)
    layout.addStretch(1)
    return box


# (key, button text, what it does, handler name)
_ACTIONS = (
    ("H", "&Header row", "The selected rows are the header; the last holds the unit (or choice) names",
     "_header_row"),
    ("U", "&Units", "The selected columns are units (precincts), counted; with precincts as rows, the "
     "column of their names", "_units"),
    ("T", "&Totals", "The selected columns are the file's totals: checked, never counted", "_totals"),
    ("L", "&Labels", "The selected column holds the choice (and contest) names", "_labels"),
    ("K", "S&kip columns", "Leave the selected columns out", "_skip_columns"),
    ("S", "&Skip rows", "Leave the selected rows out (again: read them)", "_skip_rows"),
    ("Delete", "&Clear", "The selected columns are not read at all", "_clear"),
)


class SheetPreview(QWidget):
    """The sheet, the reading on it, and the keys and buttons that correct the reading."""

    reading_edited = Signal(object)  # the corrected Reading
    sheet_wanted = Signal(str)  # the user wants to see another sheet

    def __init__(self) -> None:
        super().__init__(objectName="sheetPreview")
        self.model = SheetGridModel()
        self.model.setParent(self)  # owned with the view, never freed by Python before it
        self.detected: Reading | None = None
        self.reading: Reading | None = None
        self.layout = "abstract"
        self.sheets = QComboBox(objectName="shownSheet")
        self.sheets.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.sheets.activated.connect(lambda i: self.sheet_wanted.emit(self.sheets.itemText(i)))
        self.choices = QComboBox(objectName="readingChoice")
        self.choices.setToolTip("The readings the program considered, and each layout to pick by hand")
        self.choices.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.choices.setMinimumContentsLength(40)
        self.choices.activated.connect(self._reading_chosen)
        self._readings: list[Reading] = []
        self.table = QTableView(objectName="sheetGrid")
        self.table.setModel(self.model)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.status = QLabel(objectName="readingStatus", wordWrap=True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self._layout(self._actions())

    def _choosers(self) -> QHBoxLayout:
        """The sheet and the reading on a row of their own: long sheet names and reading
        descriptions stay readable beside a full row of correction buttons."""
        row = QHBoxLayout()
        row.addWidget(QLabel("Sho&w sheet:", buddy=self.sheets))
        row.addWidget(self.sheets)
        row.addWidget(QLabel("Readin&g:", buddy=self.choices))
        row.addWidget(self.choices, 1)
        return row

    def _actions(self) -> QHBoxLayout:
        tools = QHBoxLayout()
        for key, text, tip, handler in _ACTIONS:
            action = QAction(text.replace("&", "") + f" ({key})", self.table)
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            action.setToolTip(tip)
            action.triggered.connect(getattr(self, handler))
            self.table.addAction(action)
            button = QToolButton()
            button.setDefaultAction(action)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the selection on the sheet stays
            tools.addWidget(button)
        reset = QAction("As detected", self.table)
        reset.setToolTip("Forget the corrections: the reading the program found")
        reset.triggered.connect(self._as_detected)
        button = QToolButton()
        button.setDefaultAction(reset)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        tools.addWidget(button)
        tools.addStretch(1)
        return tools

    def _layout(self, tools: QHBoxLayout) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._choosers())
        layout.addLayout(tools)
        layout.addWidget(legend())
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)

    # -- what is shown ------------------------------------------------------------------------
    def set_sheet_names(self, names: Iterable[str], shown: str | None) -> None:
        self.sheets.clear()
        self.sheets.addItems(list(names))
        self.sheets.setEnabled(self.sheets.count() > 1)
        if shown is not None:
            self.sheets.setCurrentText(shown)

    def set_readings(self, readings: Iterable[Reading], in_use: Reading | None) -> None:
        """The readings to pick from: those the program found (the one in use first and marked),
        then each layout with nothing picked yet, to show the program by hand."""
        sheet = self.model.sheet
        found = list(readings)
        blank = [reading_edits.empty_reading(sheet, case) for case in READ_LAYOUTS] if sheet else []
        self._readings = found + blank
        self.choices.clear()
        for reading in found:
            mark = "in use: " if reading == in_use else ""
            self.choices.addItem(f"{mark}{reading.describe()}")
        for reading in blank:
            self.choices.addItem(f"pick by hand: {reading_edits.CASE_NAMES[reading.layout]}")
        current = next((i for i, r in enumerate(found) if r == in_use), -1)
        self.choices.setPlaceholderText(self._nothing_in_use())
        self.choices.setCurrentIndex(current)

    def _nothing_in_use(self) -> str:
        """What the chooser says when no reading of the list is in use."""
        if self.layout == "template":
            return "in use: the tally template's own columns (pick a layout here to read it another way)"
        return "no reading found: pick a layout here to show the program the sheet by hand"

    def _reading_chosen(self, index: int) -> None:
        if 0 <= index < len(self._readings):
            chosen = self._readings[index]
            self.reading = chosen
            self.reading_edited.emit(chosen)

    def show_sheet(self, sheet: Sheet | None, detected: Reading | None, reading: Reading | None,
                   notes: ReadingNotes | None, layout: str = "abstract") -> None:
        """``detected``: what the program found on this sheet; ``reading``: the one in use;
        ``layout``: the layout the file was read in (units as rows show their unit column)."""
        same = self.model.sheet is sheet and sheet is not None
        self.detected, self.reading, self.layout = detected, reading, layout
        marks = marks_for(sheet, reading, notes, layout) if sheet is not None else Marks()
        if same:
            self.model.set_marks(marks)
        else:
            self.model.set_sheet(sheet, marks)
            if sheet is not None and sheet.name is not None:
                self.sheets.setCurrentText(sheet.name)
            self._widen_labels(reading)
        self.status.setText(describe(reading))

    def _widen_labels(self, reading: Reading | None) -> None:
        """The names column wide enough to read a choice (column A when nothing says otherwise)."""
        labels = reading.label_columns if reading is not None and reading.label_columns else (0,)
        for column in labels:
            if column < self.model.columnCount():
                self.table.setColumnWidth(column, LABEL_WIDTH)

    def go_to(self, sheet: str | None, cell: str | None) -> bool:
        """Show a problem's cell on the sheet (when it is the sheet shown); the focus stays put."""
        shown = self.model.sheet
        if shown is None or cell is None or sheet != shown.name:
            return False
        place = cell_position(shown, cell)
        if place is None or not 0 <= place[0] < self.model.rowCount():
            return False
        index = self.model.index(place[0], min(place[1], max(self.model.columnCount() - 1, 0)))
        self.table.setCurrentIndex(index)
        self.table.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        return True

    def say(self, text: str) -> None:
        self.status.setText(text)

    # -- corrections ----------------------------------------------------------------------------
    def _selected(self) -> tuple[list[int], list[int]]:
        indexes = self.table.selectionModel().selectedIndexes() or [self.table.currentIndex()]
        valid = [i for i in indexes if i.isValid()]
        return sorted({i.row() for i in valid}), sorted({i.column() for i in valid})

    def _base(self) -> Reading | None:
        sheet = self.model.sheet
        if sheet is None:
            return None
        reading = self.reading
        current = reading if reading is not None and reading.sheet in (sheet.name, None) else None
        return current or reading_edits.start_reading(sheet, self.detected)

    def _edit(self, change: str) -> None:
        base, sheet = self._base(), self.model.sheet
        rows, columns = self._selected()
        if base is None or sheet is None or not (rows or columns):
            self.say("Select a cell of the sheet first (arrow keys, or click).")
            return
        if change == "header":
            edited = reading_edits.with_header_rows(base, sheet, rows)
        elif change == "skip rows":
            edited = reading_edits.with_rows_skipped(base, rows)
        else:
            edited = reading_edits.with_columns(base, None if change == "clear" else change, columns)
        self.reading = edited
        self.reading_edited.emit(edited)

    def _header_row(self) -> None:
        self._edit("header")

    def _units(self) -> None:
        self._edit("unit")

    def _totals(self) -> None:
        self._edit("total")

    def _labels(self) -> None:
        self._edit("label")

    def _skip_columns(self) -> None:
        self._edit("skipped")

    def _skip_rows(self) -> None:
        self._edit("skip rows")

    def _clear(self) -> None:
        self._edit("clear")

    def _as_detected(self) -> None:
        self.reading = None
        self.reading_edited.emit(None)


def describe(reading: Reading | None) -> str:
    """The reading in the user's words: ``header row 1; units B, C, D; totals J; labels A``."""
    if reading is None:
        return ("The layout found by the program is shown: its header, the unit column, and the rows read as "
                "totals, statistics or skipped. To read this sheet as precincts in columns instead, select a "
                "cell of the header row and press H, then mark the columns (U, T, L, K).")
    roles = reading.roles()
    roles["layout"] = [reading_edits.CASE_NAMES.get(reading.layout, reading.layout)]
    parts = [f"{name}: {', '.join(places)}" for name, places in roles.items() if places]
    missing = reading_edits.what_is_missing(reading)
    where = f"sheet '{reading.sheet}'" if reading.sheet is not None else "every sheet"
    text = f"Reading {where} with " + ("; ".join(parts) or "nothing picked yet")
    return text + (f". Still to do: {missing}." if missing else ".")
