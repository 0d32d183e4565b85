"""Reading a file for the wizard, off the GUI thread: the file read as the user asked (layout, sheet,
corrected reading, accepted differences), and the sheet to show beside it with the reading found on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from recount_desktop.gc_pause import no_cyclic_gc
from recount_desktop.importers import (
    ImportCancelled,
    ImportRejected,
    Problem,
    TallyImport,
    interpret,
    read_tally_file,
)
from recount_desktop.importers.grid import find_readings
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.profiles import LayoutProfile
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, Sheet, open_book
from recount_desktop.importers.values import clean_name
from recount_desktop.ui.tasks import TaskCancelled, TaskControl


def cell_row_text(book: Book, problem: Problem) -> str:
    """The whole row of the file that a problem points at, so the clerk sees the cell in its context."""
    if not problem.cell:
        return "This problem concerns the whole file or sheet, not one cell."
    sheet = book.sheet(problem.sheet if problem.sheet else book.sheet_names[0])
    line = re.fullmatch(r"line (\d+)", problem.cell)
    if line:
        wanted = int(line.group(1))
        lines = sheet.lines or list(range(1, len(sheet.rows) + 1))
        row = lines.index(wanted) if wanted in lines else wanted - 1
    else:
        match = re.fullmatch(r"[A-Z]+(\d+)", problem.cell)
        row = int(match.group(1)) - 1 if match else -1
    if not 0 <= row < len(sheet.rows):
        return f"{problem.cell}: that row is not in the file."
    cells = ["" if value is None else clean_name(value) for value in sheet.rows[row]]
    while cells and not cells[-1]:
        cells.pop()
    return f"Row of {problem.cell}:  " + "  |  ".join(cells)


@dataclass(frozen=True)
class ReadRequest:
    """How the user asked for the file to be read: layout, sheet, corrected reading, acceptance."""

    path: Path
    format: str = "auto"
    sheet: str | None = None
    reading: Reading | None = None
    accept_differences: bool = False

    def profile(self) -> LayoutProfile | None:
        """A corrected reading reads its own sheet, as a saved profile does (``preview.reread``)."""
        if self.reading is None:
            return None
        reading = self.reading
        return LayoutProfile("wizard", reading.layout, profile_sheet(reading, self.sheet), reading)


def profile_sheet(reading: Reading, chosen: str | None) -> str | None:
    """The sheet a profile reads: an abstract's own sheet; for units as rows the sheet the user
    chose, if any (a statement's reading applies to every contest sheet of the workbook)."""
    return reading.sheet if reading.layout == "abstract" else chosen


@dataclass(frozen=True)
class ReadOutcome:
    """A read file, and the sheet shown beside it with the reading the program finds on it."""

    imported: TallyImport
    book: Book | None
    sheet: Sheet | None
    detected: Reading | None
    # every case's readings of the book, best first (the one in use among them), for the user to pick
    readings: tuple[Reading, ...] = ()


def read_for_wizard(request: ReadRequest, book: Book | None, shown: str | None, control: TaskControl,
                    read: Callable[..., TallyImport] = read_tally_file) -> ReadOutcome:
    """Read the file as asked (with ``read``), then load the sheet to show (runs in the worker).

    The cyclic collector is paused throughout: run in this thread it would free the Qt wrappers of
    closed windows here, off the GUI thread, while the GUI thread delivers their events.
    """
    with no_cyclic_gc():
        return _read_and_show(request, book, shown, control, read)


def _read_and_show(request: ReadRequest, book: Book | None, shown: str | None, control: TaskControl,
                   read: Callable[..., TallyImport]) -> ReadOutcome:
    try:
        imported = read(
            request.path, format=request.format, progress=control.progress, cancel=control.cancelled,
            sheet=request.sheet, accept_differences=request.accept_differences, profile=request.profile())
    except ImportCancelled as error:
        raise TaskCancelled from error
    control.check_cancelled()
    try:
        book = book if book is not None else open_book(request.path, ProblemLog(request.path.name))
        name = shown if shown in book.sheet_names else sheet_to_show(book, request, imported)
        sheet = book.sheet(name)
    except ImportRejected:  # the file itself cannot be opened: the problem list says why
        return ReadOutcome(imported, None, None, None)
    return ReadOutcome(imported, book, sheet, _detected(imported, sheet), _readings(imported, book))


def _detected(imported: TallyImport, sheet: Sheet) -> Reading | None:
    """The reading the file was read with, when it applies to the sheet shown; else the abstract
    reading found on that sheet (what a correction starts from)."""
    reading = imported.reading
    if reading is not None and reading.sheet in (sheet.name, None):
        return reading
    found = find_readings(sheet)
    return found[0] if found else None


def _readings(imported: TallyImport, book: Book) -> tuple[Reading, ...]:
    """The reading in use first, then every other the interpreter finds in the book."""
    first = (imported.reading,) if imported.reading is not None else ()
    try:
        found = interpret.candidates(book)
    except ImportRejected:  # a sheet that cannot be loaded: the reading in use is still listed
        found = []
    return (*first, *(r for r in found if r not in first))


def sheet_to_show(book: Book, request: ReadRequest, imported: TallyImport) -> str:
    """The chosen sheet, else the corrected one, else the first with an error, else the first with
    the file's own totals (a contest, not a table of contents), else the first."""
    wanted = [request.sheet, request.reading.sheet if request.reading else None]
    wanted += [p.sheet for p in imported.errors]
    wanted += [note.sheet for note in imported.notes.totals[:1]]
    return next((name for name in wanted if name in book.sheet_names), book.sheet_names[0])


