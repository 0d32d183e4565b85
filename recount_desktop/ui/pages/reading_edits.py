"""The corrections a user makes to how a sheet is read, as plain functions over ``grid.Reading``.

The correction view calls these with what is selected on the sheet preview; each returns a new
``Reading`` (rows and columns 0-based, as in ``Reading``). No Qt here, so they are easy to test.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from recount_desktop.importers.grid import find_readings
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Sheet

# the column roles a user can give, and the Reading field each one fills
COLUMN_ROLES = {
    "unit": "unit_columns",
    "total": "total_columns",
    "skipped": "skipped_columns",
    "label": "label_columns",
}


def start_reading(sheet: Sheet, detected: Reading | None) -> Reading:
    """What a correction starts from: the detected reading of this sheet, else an empty one."""
    if detected is not None and detected.sheet in (sheet.name, None):
        return detected
    return Reading(sheet.name, "columns")


def with_header_rows(reading: Reading, sheet: Sheet, rows: Iterable[int]) -> Reading:
    """The header is ``rows`` (the last one names the units): the reading the importer would find
    under that last row, when it finds one, else the same columns under the new header."""
    header = tuple(sorted(set(rows)))
    last = header[-1]
    kept = tuple(r for r in reading.skip_rows if r > last)
    for found in find_readings(sheet):
        if found.header_rows == (last,):
            return replace(found, header_rows=header, skip_rows=kept)
    return replace(reading, header_rows=header, skip_rows=kept)


def with_columns(reading: Reading, role: str | None, columns: Iterable[int]) -> Reading:
    """``columns`` take ``role`` (``unit``, ``total``, ``skipped``, ``label``), leaving any other
    role they had; ``role`` None clears them (they are then not read at all)."""
    chosen = set(columns)
    changes: dict[str, object] = {}
    for key in COLUMN_ROLES.values():
        kept = [c for c in getattr(reading, key) if c not in chosen]
        if role is not None and key == COLUMN_ROLES[role]:
            kept += chosen
        changes[key] = tuple(sorted(set(kept)))
    for key in ("party_column", "office_column"):
        if getattr(reading, key) in chosen:
            changes[key] = None
    return replace(reading, **changes)  # type: ignore[arg-type]


def with_rows_skipped(reading: Reading, rows: Iterable[int]) -> Reading:
    """Rows already skipped are read again; the others are skipped. A header row is never skipped."""
    skipped = set(reading.skip_rows)
    for row in set(rows) - set(reading.header_rows):
        skipped ^= {row}
    return replace(reading, skip_rows=tuple(sorted(skipped)))


def what_is_missing(reading: Reading) -> str | None:
    """What the user must still pick before the sheet can be read this way (None: nothing)."""
    if not reading.header_rows:
        return "pick the header row (the row of unit names): select a cell in it and press H"
    if not reading.unit_columns:
        return "mark the unit columns (one per precinct): select them and press U"
    if not reading.label_columns:
        return "mark the column of choice names: select it and press L"
    return None
