"""The corrections a user makes to how a sheet is read, as plain functions over ``reading.Reading``
(any layout: an abstract's unit, total, label and skipped columns; for units as rows the header
rows, the unit names' column and skipped columns).

The correction view calls these with what is selected on the sheet preview; each returns a new
``Reading`` (rows and columns 0-based, as in ``Reading``). No Qt here, so they are easy to test.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from recount_desktop.importers.grid import find_readings
from recount_desktop.importers.headers import LONG_FIELDS, match_header
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Sheet

# the column roles a user can give, and the Reading field each one fills
COLUMN_ROLES = {
    "unit": "unit_columns",
    "total": "total_columns",
    "skipped": "skipped_columns",
    "label": "label_columns",
}


# what each case is called in the wizard's list of readings
CASE_NAMES = {
    "abstract": "precincts as columns (abstract)",
    "long": "one row per precinct, contest and choice (long)",
    "sovc": "a table per contest, precincts as rows (statement of votes cast)",
    "wide": "contests side by side, precincts as rows (wide)",
}


def start_reading(sheet: Sheet, detected: Reading | None) -> Reading:
    """What a correction starts from: the detected reading of this sheet, else an empty one."""
    if detected is not None and detected.sheet in (sheet.name, None):
        return detected
    return Reading(sheet.name, "columns")


def empty_reading(sheet: Sheet, layout: str) -> Reading:
    """A reading of ``layout`` with nothing picked yet, for the user to fill in on the sheet. A
    statement's header row and unit column apply to every contest sheet (``sheet`` None)."""
    if layout == "abstract":
        return Reading(sheet.name, "columns")
    return Reading(None if layout == "sovc" else sheet.name, "rows", layout=layout)


def with_header_rows(reading: Reading, sheet: Sheet, rows: Iterable[int]) -> Reading:
    """The header is ``rows`` (the last one names the units): the reading the importer would find
    under that last row, when it finds one, else the same columns under the new header."""
    header = tuple(sorted(set(rows)))
    last = header[-1]
    kept = tuple(r for r in reading.skip_rows if r > last)
    if reading.units == "rows":  # a statement's or wide sheet's header rows, as picked
        edited = replace(reading, header_rows=header[-3:], skip_rows=kept, sheet=_rows_sheet(reading, sheet))
        return _long_columns(edited, sheet) if reading.layout == "long" else edited
    for found in find_readings(sheet):
        if found.header_rows == (last,):
            return replace(found, header_rows=header, skip_rows=kept)
    return replace(reading, header_rows=header, skip_rows=kept)


def with_columns(reading: Reading, role: str | None, columns: Iterable[int]) -> Reading:
    """``columns`` take ``role`` (``unit``, ``total``, ``skipped``, ``label``), leaving any other
    role they had; ``role`` None clears them (they are then not read at all)."""
    chosen = set(columns)
    if reading.units == "rows":
        return _row_units_columns(reading, role, chosen)
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


def _long_columns(reading: Reading, sheet: Sheet) -> Reading:
    """A long table's columns, named by the words of its new header row (as the importer names them)."""
    row = reading.header_rows[-1]
    header = match_header(sheet.rows[row] if row < len(sheet.rows) else [], LONG_FIELDS)
    if not header.columns:
        return reading
    unit = header.columns.get("precinct", reading.unit_column)
    fields = tuple(sorted(header.columns.items(), key=lambda item: item[1]))
    return replace(reading, unit_column=unit, fields=fields)


def _rows_sheet(reading: Reading, sheet: Sheet) -> str | None:
    """A statement's correction applies to every contest sheet; the others to the sheet shown."""
    return None if reading.layout == "sovc" else sheet.name


def _row_units_columns(reading: Reading, role: str | None, chosen: set[int]) -> Reading:
    """Units as rows: ``unit`` makes the (first) chosen column the unit names' column; ``skipped``
    leaves the columns out; None reads them again (and forgets them as the unit column). Totals and
    labels are columns of precincts-as-columns sheets only: here they change nothing."""
    if role not in ("unit", "skipped", None):
        return reading
    skipped = set(reading.skipped_columns) - chosen
    unit = reading.unit_column
    if role == "unit":
        unit = min(chosen)
    elif role in ("skipped", None) and unit in chosen:
        unit = None
    if role == "skipped":
        skipped |= chosen
    return replace(reading, unit_column=unit, skipped_columns=tuple(sorted(skipped)))


def with_rows_skipped(reading: Reading, rows: Iterable[int]) -> Reading:
    """Rows already skipped are read again; the others are skipped. A header row is never skipped."""
    skipped = set(reading.skip_rows)
    for row in set(rows) - set(reading.header_rows):
        skipped ^= {row}
    return replace(reading, skip_rows=tuple(sorted(skipped)))


def what_is_missing(reading: Reading) -> str | None:
    """What the user must still pick before the sheet can be read this way (None: nothing)."""
    if reading.units == "rows":
        return _rows_missing(reading)
    if not reading.header_rows:
        return "pick the header row (the row of unit names): select a cell in it and press H"
    if not reading.unit_columns:
        return "mark the unit columns (one per precinct): select them and press U"
    if not reading.label_columns:
        return "mark the column of choice names: select it and press L"
    return None


def _rows_missing(reading: Reading) -> str | None:
    if not reading.header_rows:
        which = "the contest-name row through the choice-name row" if reading.layout == "wide" else "the row"
        return f"pick the header row(s) ({which} over the counts): select it and press H"
    if reading.unit_column is None:
        return "mark the column of unit (precinct) names: select a cell in it and press U"
    fields = reading.field_columns
    if reading.layout == "long" and not {"contest", "choice"} <= set(fields):
        return ("no contest and choice columns were found under that header row: name them in a layout "
                "profile (contest_column, choice_column, votes_column)")
    return None
