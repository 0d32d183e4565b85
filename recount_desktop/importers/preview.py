"""What the import wizard's correction view needs, without Qt: a sheet's cells as text, the readings
the interpreter considered (best first), and a re-read with the user's corrected reading.

    preview = preview_sheet(path, "Elec. Results")
    preview.rows[:20]                  # the cells as text, for the grid
    chosen = preview.readings[0]       # what the interpreter chose; preview.readings[1:] the others
    chosen.roles()                     # {"header rows": ["row 1"], "unit columns": ["B", ...], ...}
    fixed = dataclasses.replace(chosen, skip_rows=(40,), total_columns=(9,))
    imported = reread(path, fixed)     # a TallyImport: results or errors, notes, summary, differences
    save_profile(LayoutProfile("Alamosa", "abstract", fixed.sheet, fixed), profiles_folder() / "alamosa.toml")

``TallyImport.notes`` lists the cells read as totals, statistics and skipped (to highlight), and
``TallyImport.differences`` the totals that do not reconcile; ``TallyImport.elections`` lists the
sheets to choose from when a workbook holds several elections.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from recount_desktop.importers import interpret
from recount_desktop.importers.grid import find_readings
from recount_desktop.importers.problems import ImportRejected, Problem, ProblemLog
from recount_desktop.importers.profiles import LayoutProfile
from recount_desktop.importers.reader import TallyImport, read_tally_file
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, Sheet, open_book
from recount_desktop.importers.values import clean_name

PREVIEW_ROWS = 200


@dataclass(frozen=True)
class SheetPreview:
    sheet: str | None  # None for a CSV file
    sheet_names: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]  # the first rows' cells as text
    readings: tuple[Reading, ...]  # every case's readings of the sheet, in the interpreter's order
    problems: tuple[Problem, ...] = ()  # why the file could not be opened


def preview_sheet(path: str | Path, sheet: str | None = None, max_rows: int = PREVIEW_ROWS) -> SheetPreview:
    """The named sheet (else the first) as text, with the readings the interpreter considers."""
    path = Path(path)
    log = ProblemLog(path.name)
    try:
        book = open_book(path, log)
        name = sheet if sheet is not None else book.sheet_names[0]
        cells = book.sheet(name)
    except ImportRejected as rejected:
        return SheetPreview(sheet, (), (), (), rejected.problems)
    rows = tuple(tuple(clean_name(c) if c is not None else "" for c in row) for row in cells.rows[:max_rows])
    names = () if book.is_csv else tuple(book.sheet_names)
    return SheetPreview(cells.name, names, rows, _readings(book, cells))


def _readings(book: Book, cells: Sheet) -> tuple[Reading, ...]:
    """Every case's readings that apply to this sheet (the interpreter's order), then the abstract
    readings of this sheet it did not list (it looks at the first sheets only)."""
    try:
        found = [r for r in interpret.candidates(book) if r.sheet in (cells.name, None)]
    except ImportRejected:  # another sheet that cannot be loaded: this one's own readings remain
        found = []
    return (*found, *(r for r in find_readings(cells) if r not in found))


def reread(path: str | Path, reading: Reading, accept_differences: bool = False) -> TallyImport:
    """Read the file again the way the user corrected it; the totals check runs again at once."""
    profile = LayoutProfile("correction", reading.layout, reading.sheet, reading)
    return read_tally_file(path, profile=profile, accept_differences=accept_differences)
