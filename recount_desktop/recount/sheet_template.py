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

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation

from recount_desktop.importers.apply import file_provenance
from recount_desktop.importers.problems import ImportRejected, Problem, ProblemLog, format_problems
from recount_desktop.importers.source import open_book
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


SheetFileProblem = Problem  # one problem type for every file a clerk imports


@dataclass(frozen=True)
class SheetFile:
    entries: tuple[TallySheetEntry, ...]
    problems: tuple[SheetFileProblem, ...]
    # For each entry (same order): where each of its lines is, to name the cell of a later problem.
    cells: tuple[dict[str, str], ...] = ()


class SheetImportError(Exception):
    def __init__(self, path: str, problems: tuple[SheetFileProblem, ...]) -> None:
        self.problems = problems
        super().__init__(f"{path}: not imported, the election is unchanged. {len(problems)} error(s):\n"
                         + format_problems(problems))


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
    """(sheet name, rows, is_csv); raises ValueError with a message naming the problem.

    The tally importer's reader opens the file, so a sheet file is read as leniently as a tally file:
    xlsx, xls, ods or CSV (UTF-8 or Windows-1252; comma, semicolon or tab), judged by its content.
    """
    try:
        book = open_book(path, ProblemLog(str(path)))
        if book.is_csv:
            return None, (tuple(r) for r in book.sheet("").rows), True
        match = book.find_sheet(SHEET)
        if match is None:
            raise ValueError(f"no sheet named '{SHEET}' (found: {', '.join(book.sheet_names)})")
        return match, (tuple(r) for r in book.sheet(match).rows), False
    except ImportRejected as rejected:
        raise ValueError(rejected.problems[-1].message) from rejected


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
    except ValueError as error:
        return SheetFile((), (SheetFileProblem(str(path), None, None, str(error)),))
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
def import_sheet_file(store: ElectionFile, path: str | Path, read: SheetFile | None = None) -> SheetImport:
    """Read the file (unless ``read`` is its reading already) and enter every sheet in one transaction;
    any error stores nothing. The audit entry records the file's name, size and SHA-256."""
    read = read or read_sheet_file(path)
    if read.problems:
        raise SheetImportError(str(path), read.problems)
    try:
        results = enter_sheets(store, read.entries, file_provenance(Path(path)))
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
