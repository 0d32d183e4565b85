"""The recount sheet template (CONTRACT.md "The recount sheet template"): write it, read it, import it.

Public API:

- ``write_sheet_template(path)``: the blank workbook, one ``Sheets`` table with an example paper sheet
  (Sheet ID ``EXAMPLE``, which reading skips) and drop-down lists for Method and Entry.
- ``read_sheet_file(path) -> SheetFile``: ``entries`` (one ``TallySheetEntry`` per Sheet ID and Entry)
  and ``problems`` (every error, each naming the file, sheet and cell, or the CSV line).
- ``import_sheet_file(store, path) -> SheetImport``: read, check every entry against the election, then
  enter them all in one transaction; on any error raise ``SheetImportError`` and store nothing.

Besides the choices, a row's Choice may be ``Over Votes``, ``Under Votes``, ``Blank Ballots`` or
``Ballots`` for those lines of the paper sheet.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl import Workbook, load_workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation

from recount_desktop.recount.sheets import (
    EntryResult,
    SheetBatchError,
    TallySheetEntry,
    enter_sheets,
)
from recount_desktop.store import ElectionFile

SHEET = "Sheets"
COLUMNS = ("Sheet ID", "Contest", "Precinct", "Device", "Method", "Choice", "Votes", "Entry", "Entered By",
           "Counted By")
REQUIRED = ("Sheet ID", "Contest", "Precinct", "Method", "Choice", "Votes", "Entry", "Entered By")
EXAMPLE_ID = "EXAMPLE"
OTHER_LINE_NAMES = {
    "over votes": "over_votes", "overvotes": "over_votes", "under votes": "under_votes",
    "undervotes": "under_votes", "blank ballots": "blank_ballots", "blank": "blank_ballots",
    "ballots": "ballots", "ballots on sheet": "ballots", "ballots cast": "ballots",
}
# Fields that describe the paper sheet: every row of one entry must repeat the same value.
HEADER_FIELDS = ("Contest", "Precinct", "Device", "Method", "Entered By", "Counted By")


@dataclass(frozen=True)
class SheetFileProblem:
    file: str
    sheet: str | None
    cell: str | None
    message: str

    def __str__(self) -> str:
        where = [self.file] + ([f"sheet '{self.sheet}'"] if self.sheet else [])
        if self.cell:
            where.append(self.cell if self.cell.startswith(("line", "row")) else f"cell {self.cell}")
        return f"{', '.join(where)}: {self.message}"


@dataclass(frozen=True)
class SheetFile:
    entries: tuple[TallySheetEntry, ...]
    problems: tuple[SheetFileProblem, ...]
    # For each entry (same order): where each of its lines is, to name the cell of a later problem.
    cells: tuple[dict[str, str], ...] = ()


class SheetImportError(Exception):
    def __init__(self, path: str, problems: tuple[SheetFileProblem, ...]) -> None:
        self.problems = problems
        lines = [str(p) for p in problems[:50]]
        if len(problems) > 50:
            lines.append(f"... and {len(problems) - 50} more")
        super().__init__(f"{path}: not imported, the election is unchanged. {len(problems)} error(s):\n"
                         + "\n".join(lines))


@dataclass(frozen=True)
class SheetImport:
    results: tuple[EntryResult, ...]
    warnings: tuple[str, ...] = field(default_factory=tuple)


# -- writing ---------------------------------------------------------------------------------------
def write_sheet_template(path: str | Path) -> None:
    """The blank template with one example paper sheet (Sheet ID EXAMPLE is skipped when read)."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = SHEET
    sheet.append(COLUMNS)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for choice, votes in (("Jane Doe", 112), ("John Roe", 97), ("Over Votes", 1), ("Under Votes", 4),
                          ("Ballots", 214)):
        sheet.append((EXAMPLE_ID, "Mayor", "Precinct 1", None, "manual", choice, votes, 1, "A. Clerk",
                      "Team 1: B. Counter; C. Counter"))
    for row in sheet.iter_rows(min_row=2):
        for cell in row:
            cell.font = Font(italic=True, color="808080")
    for letter, options, prompt in (("E", "manual,machine", "manual (hand count) or machine (retabulation)"),
                                    ("H", "1,2", "1 = first entry, 2 = the independent second entry")):
        validation = DataValidation(type="list", formula1=f'"{options}"', allow_blank=False)
        validation.prompt, validation.showInputMessage = prompt, True
        validation.error, validation.showErrorMessage = f"Choose one of: {options}", True
        sheet.add_data_validation(validation)
        validation.add(f"{letter}2:{letter}5000")
    for index, name in enumerate(COLUMNS, start=1):
        sheet.column_dimensions[get_column_letter(index)].width = max(12, len(name) + 4)
    sheet.freeze_panes = "A2"
    book.save(str(path))


# -- reading ---------------------------------------------------------------------------------------
def _rows(path: Path) -> tuple[str | None, Iterator[tuple[Any, ...]], bool]:
    """(sheet name, rows, is_csv); raises ValueError with a message naming the problem."""
    if path.suffix.lower() == ".csv":
        with path.open(newline="", encoding="utf-8-sig") as handle:
            lines = [tuple(r) for r in csv.reader(handle)]
        return None, iter(lines), True
    try:
        book = load_workbook(str(path), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many types for a file that is not a workbook
        raise ValueError(f"not an Excel workbook (.xlsx) or CSV file ({error})") from error
    match = next((n for n in book.sheetnames if n.strip().lower() == SHEET.lower()), None)
    if match is None:
        raise ValueError(f"no sheet named '{SHEET}' (found: {', '.join(book.sheetnames)})")
    return match, book[match].iter_rows(values_only=True), False


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())


def _whole(value: Any) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, float):
        return int(value) if value.is_integer() and value >= 0 else None
    if isinstance(value, int):
        return value if value >= 0 else None
    text = _text(value).replace(",", "")
    return int(text) if text.isdigit() else None


@dataclass
class _Group:
    """The rows of one entry of one paper sheet."""

    first_row: int
    header: dict[str, str]
    counts: dict[str, int] = field(default_factory=dict)
    other: dict[str, int] = field(default_factory=dict)
    cells: dict[str, str] = field(default_factory=dict)


class _Reader:
    def __init__(self, path: Path, sheet: str | None, is_csv: bool) -> None:
        self.path, self.sheet, self.is_csv = path, sheet, is_csv
        self.problems: list[SheetFileProblem] = []
        self.columns: dict[str, int] = {}

    def cell(self, row: int, column: str) -> str:
        if self.is_csv:
            return f"line {row}"
        return f"{get_column_letter(self.columns[column] + 1)}{row}"

    def problem(self, cell: str | None, message: str) -> None:
        self.problems.append(SheetFileProblem(str(self.path), self.sheet, cell, message))

    def read_header(self, header: tuple[Any, ...]) -> bool:
        for index, value in enumerate(header):
            name = _text(value).lower()
            for column in COLUMNS:
                if name == column.lower() and column not in self.columns:
                    self.columns[column] = index
        missing = [c for c in REQUIRED if c not in self.columns]
        if missing:
            self.problem("line 1" if self.is_csv else "row 1",
                         f"missing column(s) {', '.join(missing)}; the header row must name "
                         f"{', '.join(COLUMNS)}")
        return not missing

    def value(self, row: tuple[Any, ...], column: str) -> Any:
        index = self.columns.get(column)
        return row[index] if index is not None and index < len(row) else None


def read_sheet_file(path: str | Path) -> SheetFile:
    """Every entry in a sheet file and every problem, each problem with its sheet and cell."""
    path = Path(path)
    try:
        sheet, rows, is_csv = _rows(path)
    except (OSError, ValueError) as error:
        text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return SheetFile((), (SheetFileProblem(str(path), None, None, text),))
    reader = _Reader(path, sheet, is_csv)
    header = next(rows, None)
    if header is None or not reader.read_header(header):
        if header is None:
            reader.problem(None, "the file is empty")
        return SheetFile((), tuple(reader.problems))
    groups: dict[tuple[str, int], _Group] = {}
    for number, row in enumerate(rows, start=2):
        if any(_text(v) for v in row):
            _read_row(reader, groups, number, row)
    entries, cells = _entries(reader, groups)
    if not entries and not reader.problems:
        reader.problem(None, "no tally sheet rows below the header")
    return SheetFile(tuple(entries), tuple(reader.problems), tuple(cells))


def _read_row(reader: _Reader, groups: dict[tuple[str, int], _Group], number: int,
              row: tuple[Any, ...]) -> None:
    sheet_id = _text(reader.value(row, "Sheet ID"))
    if sheet_id.upper() == EXAMPLE_ID:
        return
    ok = True
    for column in ("Sheet ID", "Contest", "Choice", "Entered By"):
        if not _text(reader.value(row, column)):
            reader.problem(reader.cell(number, column), f"{column} is empty")
            ok = False
    method = _text(reader.value(row, "Method")).lower()
    if method not in ("manual", "machine"):
        reader.problem(reader.cell(number, "Method"), f"Method must be manual or machine, not {method!r}")
        ok = False
    entry = _whole(reader.value(row, "Entry"))
    if entry not in (1, 2):
        reader.problem(reader.cell(number, "Entry"),
                       f"Entry must be 1 or 2, not {_text(reader.value(row, 'Entry'))!r}")
        ok = False
    votes = _whole(reader.value(row, "Votes"))
    if votes is None:
        given = _text(reader.value(row, "Votes"))
        reader.problem(reader.cell(number, "Votes"),
                       f"Votes must be a whole number of 0 or more, not {given!r}")
        ok = False
    header = {c: _text(reader.value(row, c)) for c in HEADER_FIELDS}
    header["Method"] = method
    if not header["Precinct"] and not header["Device"]:
        reader.problem(reader.cell(number, "Precinct"), "give the Precinct, the Device or both")
        ok = False
    if ok:
        assert entry is not None and votes is not None
        line = (_text(reader.value(row, "Choice")), votes)
        _add_to_group(reader, groups, number, key=(sheet_id, entry), header=header, line=line)


def _add_to_group(reader: _Reader, groups: dict[tuple[str, int], _Group], number: int, *,
                  key: tuple[str, int], header: dict[str, str], line: tuple[str, int]) -> None:
    choice, votes = line
    group = groups.get(key)
    if group is None:
        group = groups[key] = _Group(number, header)
        group.cells.update({
            "sheet_id": reader.cell(number, "Sheet ID"), "contest": reader.cell(number, "Contest"),
            "precinct": reader.cell(number, "Precinct"), "entry": reader.cell(number, "Entry"),
            "entered_by": reader.cell(number, "Entered By"), "": reader.cell(number, "Sheet ID"),
        })
    for column in HEADER_FIELDS:
        if header[column] != group.header[column] and column in reader.columns:
            reader.problem(reader.cell(number, column),
                           f"sheet {key[0]} entry {key[1]} says {column} {group.header[column]!r} on row "
                           f"{group.first_row} but {header[column]!r} here; one paper sheet has one {column}")
    other = OTHER_LINE_NAMES.get(choice.lower())
    if choice in group.counts or (other and other in group.other):
        reader.problem(reader.cell(number, "Choice"),
                       f"{choice!r} appears twice in sheet {key[0]} entry {key[1]}")
    elif other:
        group.other[other] = votes
    else:
        group.counts[choice] = votes
        group.cells[choice] = reader.cell(number, "Choice")


def _entries(reader: _Reader, groups: dict[tuple[str, int], _Group]) -> tuple[list[TallySheetEntry],
                                                                                 list[dict[str, str]]]:
    entries, cells = [], []
    for (sheet_id, number), group in groups.items():
        head = group.header
        try:
            entry = TallySheetEntry(
                sheet_id, head["Contest"], group.counts, precinct=head["Precinct"] or None,
                device=head["Device"] or None, method=head["Method"], counted_by=head["Counted By"],
                entry_number=number, entered_by=head["Entered By"], **group.other,
            )
        except ValueError as error:
            reader.problem(group.cells["sheet_id"], f"sheet {sheet_id} entry {number}: {error}")
            continue
        entries.append(entry)
        cells.append(group.cells)
    return entries, cells


# -- importing into an election ----------------------------------------------------------------------
def import_sheet_file(store: ElectionFile, path: str | Path) -> SheetImport:
    """Read the file and enter every sheet in one transaction; any error stores nothing."""
    read = read_sheet_file(path)
    if read.problems:
        raise SheetImportError(str(path), read.problems)
    try:
        results = enter_sheets(store, read.entries, {"file": Path(path).name})
    except SheetBatchError as batch:
        problems = []
        for index, error in batch.errors:
            cells = read.cells[index]
            for problem in error.problems:
                cell = cells.get(problem.line) or cells.get("")
                problems.append(SheetFileProblem(str(path), _sheet_name(path), cell,
                                                 f"sheet {error.sheet_id}: {problem.message}"))
        raise SheetImportError(str(path), tuple(problems)) from batch
    warnings = tuple(f"sheet {r.sheet_id} entry {r.entry_number}: {w}" for r in results for w in r.warnings)
    return SheetImport(tuple(results), warnings)


def _sheet_name(path: str | Path) -> str | None:
    return None if Path(path).suffix.lower() == ".csv" else SHEET
