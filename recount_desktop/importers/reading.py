"""How a sheet is read: one ``Reading`` for every layout the interpreter knows.

Each layout is a case of it, named by ``layout``:

- ``abstract``: units as columns (precincts across the top, choices down the left);
- ``long``: units as rows, one row per unit x contest x choice, its columns named in ``fields``;
- ``sovc``: units as rows, one table (or stacked blocks) per contest, headed by the unit column;
- ``wide``: units as rows, contests side by side under one to three header rows.

The template is a fixed format of its own and needs no reading. Rows and columns are 0-based here
(``rows[r][c]``); a profile stores them 1-based and as letters, as the user sees them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from recount_desktop.importers.checks import ReadingNotes
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.source import Sheet

READ_LAYOUTS = ("long", "sovc", "wide", "abstract")  # the cases a Reading names
UNITS_AS_ROWS = ("long", "sovc", "wide")
# the columns of a long table, by the importer's field names (headers.LONG_FIELDS)
LONG_COLUMN_FIELDS = ("precinct", "contest", "choice", "votes", "county", "party", "vote_type", "district")


@dataclass(frozen=True)
class Reading:
    """How one sheet (``sheet`` None: every sheet) is read.

    ``units``: ``"columns"`` (an abstract: one column per unit) or ``"rows"`` (long, sovc, wide).
    ``header_rows``: the rows naming the columns; the last one is right above the first count.
    ``unit_column``: units as rows, the column holding the unit names.
    ``fields``: a long table's columns, ``(("contest", 2), ("choice", 3), ...)``.
    """

    sheet: str | None
    units: str = "columns"
    header_rows: tuple[int, ...] = ()
    unit_columns: tuple[int, ...] = ()
    total_columns: tuple[int, ...] = ()
    skipped_columns: tuple[int, ...] = ()  # percentages, vote shares, columns the user left out
    label_columns: tuple[int, ...] = ()  # the choice's name (and contest, party) on the left
    party_column: int | None = None
    office_column: int | None = None
    skip_rows: tuple[int, ...] = ()
    # how well the totals reconcile: more units and checked totals, fewer misfits (not part of a profile)
    score: int = field(default=0, compare=False)
    layout: str = "abstract"
    unit_column: int | None = None
    fields: tuple[tuple[str, int], ...] = ()
    # the user's reading (a profile's, or picked or corrected in the wizard, or the layout forced):
    # the guards against a misreading that reads clean are for automatic detection only; the
    # file's own totals are still checked (not part of a profile, nor of equality)
    by_user: bool = field(default=False, compare=False)
    # why automatic detection took this axis as the units' when the cells read both ways (a
    # one-contest table: ``axes``): shown with the reading, not part of a profile nor of equality
    cue: str = field(default="", compare=False)
    # an abstract reading with a statistic or a field word (Registered Voters, Votes) over a unit
    # column: the units are down the rows, so automatic detection never offers it; the user's
    # forced layout reads it, its misfits named (not part of a profile nor of equality)
    field_units: bool = field(default=False, compare=False)

    @property
    def field_columns(self) -> dict[str, int]:
        return dict(self.fields)

    def roles(self) -> dict[str, list[str]]:
        """What each part of the sheet was read as, in the user's terms (``row 3``, ``column K``)."""
        roles = {
            "layout": [self.layout],
            "header rows": [f"row {r + 1}" for r in self.header_rows],
            "unit columns": [column_letters(c) for c in self.unit_columns],
            "total columns": [column_letters(c) for c in self.total_columns],
            "skipped columns": [column_letters(c) for c in self.skipped_columns],
            "label columns": [column_letters(c) for c in self.label_columns],
            "skipped rows": [f"row {r + 1}" for r in self.skip_rows],
        }
        if self.unit_column is not None:
            roles["unit names column"] = [column_letters(self.unit_column)]
        for name, column in (("party column", self.party_column), ("office column", self.office_column)):
            if column is not None:
                roles[name] = [column_letters(column)]
        for name, c in self.fields:
            roles[f"{name.replace('_', ' ')} column"] = [column_letters(c)]
        return roles

    def describe(self) -> str:
        """One line for a list of alternatives: ``long on 'Sheet1': header row 5, units in column A``."""
        where = f" on '{self.sheet}'" if self.sheet else ""
        parts = []
        if self.header_rows:
            rows = ", ".join(str(r + 1) for r in self.header_rows)
            parts.append(f"header row{'s' if len(self.header_rows) > 1 else ''} {rows}")
        if self.unit_column is not None:
            parts.append(f"units in column {column_letters(self.unit_column)}")
        if self.unit_columns:
            first, last = column_letters(self.unit_columns[0]), column_letters(self.unit_columns[-1])
            parts.append(f"{len(self.unit_columns)} unit columns ({first}-{last})")
        decided = f" ({self.cue})" if self.cue else ""
        return f"{self.layout}{where}: {', '.join(parts) or 'found by the reader'}{decided}"


def masked(sheet: Sheet, reading: Reading, notes: ReadingNotes) -> Sheet:
    """``sheet`` with the reading's skipped rows and columns blanked (each noted as skipped), so a
    reader sees only what the user left in; the sheet itself when nothing is skipped."""
    if reading.units != "rows" or not (reading.skip_rows or reading.skipped_columns):
        return sheet  # an abstract reads its skipped rows and columns itself
    rows = list(sheet.rows)
    for r in reading.skip_rows:
        if r < len(rows):
            notes.note("skipped", sheet.name, f"row {r + 1}", "left out by the layout")
            rows[r] = []
    for c in reading.skipped_columns:
        notes.note("skipped", sheet.name, f"column {column_letters(c)}", "left out by the layout")
    if reading.skipped_columns:
        rows = [_without(row, reading.skipped_columns) for row in rows]
    return Sheet(sheet.name, rows, sheet.merged_cells, sheet.lines)


def _without(row: list[object], columns: tuple[int, ...]) -> list[object]:
    if not any(c < len(row) for c in columns):
        return row
    row = list(row)
    for c in columns:
        if c < len(row):
            row[c] = None
    return row
