"""Open a tally file as a list of sheets of rows: workbooks through python-calamine, CSV by hand.

The file's content decides how it is read, not its name: a CSV renamed to ``.xlsx`` or an
encrypted workbook (an OLE container) gets a message that says so instead of a traceback.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import python_calamine

from recount_desktop.importers import sheet_columns
from recount_desktop.importers.problems import ProblemLog, column_letters
from recount_desktop.importers.sheet_columns import BodyColumns
from recount_desktop.importers.values import number_in_text

_ZIP = b"PK\x03\x04"
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
CSV_SUFFIXES = (".csv", ".txt", ".tsv")
MergedRanges = list[tuple[tuple[int, int], tuple[int, int]]]


@dataclass
class Sheet:
    """One table of cells from row 1 / column A, so ``rows[r][c]`` is cell ``column_letters(c)}{r+1}``."""

    name: str | None  # None for a CSV file: its problems name a line, not a sheet
    rows: list[list[object]]
    # the merged ranges, or how to read them when first asked (a sheet read by columns does not
    # see them; no reader asks today)
    merged_cells: MergedRanges | Callable[[], MergedRanges] = field(default_factory=list)
    lines: list[int] | None = None  # CSV: the line each row starts on (quoted fields span lines)
    # derived from ``rows``, so never copied by ``dataclasses.replace`` (init=False)
    _counted: Sheet | None = field(default=None, init=False, repr=False, compare=False)
    # what a layout found on this sheet, kept so the interpreter and the reader look once
    found: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    # a sheet read by columns: its body's columns too, the same cells as ``rows`` (init=False: a
    # copy with other rows has none)
    body: BodyColumns | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def merged(self) -> MergedRanges:
        if callable(self.merged_cells):
            self.merged_cells = self.merged_cells()
        return self.merged_cells

    def counted(self) -> Sheet:
        """The sheet with counts stored as text ("123", " 1,234 ": every CSV cell, and text cells
        of a workbook) as numbers, where a layout finds its table by its numbers (an abstract);
        cells keep their places, and the cells read as counts still go through ``parse_count``."""
        if self._counted is None:
            rows = [_numbers(row) for row in self.rows]
            self._counted = Sheet(self.name, rows, self.merged_cells, self.lines)
            self._counted._counted = self._counted
        return self._counted

    def cell(self, row: int, col: int | None = None) -> str:
        if self.name is None:
            line = self.lines[row] if self.lines is not None and row < len(self.lines) else row + 1
            return f"line {line}"
        return f"{column_letters(col or 0)}{row + 1}"


@dataclass
class Book:
    """The sheets of a file, loaded on first use so detection reads only what it needs."""

    path: Path
    sheet_names: list[str]
    _load: Callable[[str], Sheet]
    _cache: dict[str, Sheet] = field(default_factory=dict)
    is_csv: bool = False
    _close: Callable[[], None] | None = None  # what the loader holds open (the columnar read's zip)

    def sheet(self, name: str) -> Sheet:
        if name not in self._cache:
            self._cache[name] = self._load(name)
        return self._cache[name]

    def release(self) -> None:
        """Drop the cells once read: problems keep only sheet names and positions, and a statewide
        sheet's cells are hundreds of megabytes that building the results needs room for."""
        for sheet in self._cache.values():
            sheet.rows = []
            sheet.body = None
            sheet._counted = None
            sheet.found.clear()
        if self._close is not None:
            self._close()

    def only(self, name: str) -> Book:
        """The same file seen as holding one sheet (``import --sheet NAME``)."""
        return Book(self.path, [name], self._load, self._cache, self.is_csv, self._close)

    def alone(self, name: str) -> Book:
        """``only``, with a cache of its own: releasing it (as a reading does) leaves the file's other
        sheets loadable from the same open workbook, not emptied."""
        return Book(self.path, [name], self._load, {}, self.is_csv, self._close)

    def find_sheet(self, wanted: str) -> str | None:
        """A sheet name matched case-insensitively with surrounding spaces ignored."""
        for name in self.sheet_names:
            if name.strip().lower() == wanted.lower():
                return name
        return None


def _numbers(row: list[object]) -> list[object]:
    if not any(type(cell) is str for cell in row):
        return row
    converted = [number_in_text(cell) if type(cell) is str else None for cell in row]
    return [cell if number is None else number for cell, number in zip(row, converted, strict=True)]


def open_book(path: Path, log: ProblemLog) -> Book:
    try:
        head = _read_head(path)
    except OSError as error:
        raise log.reject(None, None, f"cannot read the file ({error.strerror or error})") from error
    if not head:
        raise log.reject(None, None, "the file is empty")
    if head.startswith(_ZIP) or head.startswith(_OLE):
        return _open_workbook(path, head, log)
    if path.suffix.lower() in (".xlsx", ".xlsm", ".xls", ".ods"):
        if not _looks_like_text(path):
            raise log.reject(
                None,
                None,
                f"this is not a spreadsheet: a {path.suffix} file should be a "
                "workbook saved by Excel or LibreOffice",
            )
        log.warn(None, None, f"the file is named {path.suffix} but holds plain text; read as CSV")
    return _open_csv(path, log)


def _read_head(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(8)


def _looks_like_text(path: Path) -> bool:
    with path.open("rb") as handle:
        sample = handle.read(4096)
    return b"\x00" not in sample and _decode(sample) is not None


def _open_workbook(path: Path, head: bytes, log: ProblemLog) -> Book:
    try:
        workbook = python_calamine.CalamineWorkbook.from_path(str(path))
        names = list(workbook.sheet_names)
    except Exception as error:  # calamine raises several unrelated types for damaged files
        if head.startswith(_OLE) and path.suffix.lower() in (".xlsx", ".xlsm"):
            reason = "it is password-protected (encrypted); save an unprotected copy and import that"
        elif "password" in str(error).lower():
            reason = "it is password-protected; save an unprotected copy and import that"
        else:
            reason = f"it is damaged or not a workbook ({type(error).__name__}: {error})"
        raise log.reject(None, None, f"cannot open the workbook: {reason}") from error
    if not names:
        raise log.reject(None, None, "the workbook has no sheets")

    by_columns = (
        sheet_columns.ColumnReader(path) if head.startswith(_ZIP) and sheet_columns.available() else None
    )

    def load(name: str) -> Sheet:
        read = by_columns.read(name) if by_columns is not None else None
        if read is not None:  # a large sheet read by columns: the same rows, in less time
            sheet = Sheet(name, read.rows, lambda: merged_of(name))
            sheet.body = read.body
            return sheet
        try:
            raw = workbook.get_sheet_by_name(name)
            rows: list[list[object]] = raw.to_python(skip_empty_area=False)  # type: ignore[assignment]
            merged = list(raw.merged_cell_ranges or [])
        except Exception as error:
            raise log.reject(name, None, f"cannot read the sheet ({error})") from error
        return Sheet(name, rows, merged)

    def merged_of(name: str) -> MergedRanges:
        return list(workbook.get_sheet_by_name(name).merged_cell_ranges or [])

    return Book(path, names, load, _close=by_columns.close if by_columns is not None else None)


def _decode(data: bytes) -> str | None:
    """UTF-8 (with or without BOM), else Windows-1252, the two encodings county exports use."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="strict")
    for encoding in ("utf-8", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def _separator(text: str) -> str:
    """The separator of the first non-empty line: the most frequent of comma, semicolon and tab."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {sep: first.count(sep) for sep in (",", ";", "\t")}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def _open_csv(path: Path, log: ProblemLog) -> Book:
    data = path.read_bytes()
    try:
        text = _decode(data)
    except UnicodeDecodeError:
        text = None
    if text is None or "\x00" in text:
        raise log.reject(
            None, None, "cannot read the text: it is neither UTF-8 nor Windows-1252 (or is not a CSV file)"
        )
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_separator(text))
    rows: list[list[object]] = []
    lines: list[int] = []
    previous_end = 0
    try:
        for record in reader:
            rows.append(record)  # type: ignore[arg-type]
            lines.append(previous_end + 1)
            previous_end = reader.line_num
    except csv.Error as error:
        raise log.reject(None, f"line {reader.line_num}", f"cannot read the CSV text ({error})") from error
    sheet = Sheet(None, rows, lines=lines)
    return Book(path, [""], lambda _name: sheet, is_csv=True)
