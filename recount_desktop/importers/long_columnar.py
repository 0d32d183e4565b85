"""A large long table (or the template's Tallies sheet) read by columns instead of by rows.

python-calamine's row-by-row read of a statewide long workbook (720,000 rows) costs more than the
rest of the import, and the row loop over its Python values about as much again. Here the sheet is
read once by fastexcel (calamine underneath) into Arrow arrays, and ``long_columns`` puts its rows
into the builder column by column.

Never silently wrong: every cell is read as text, and a count is accepted only as digits (a
number cell or a text of digits, which the row path reads as the same count); a boolean ("true"),
date, fraction, negative, blank, error or formula-without-value cell fails that test, and a name
whose text fastexcel may write otherwise than the row path (a date, a boolean, a fraction, a long
number) is not accepted either (``long_columns._REFORMATTED``). Whenever the table holds anything
the row path would read otherwise than these columns do (such a cell, a duplicate, a county's own
total row, a choice named like a total, a type repeated, a title row above the header, two
spellings of a contest, several sheets, ...) this path declines and the file is read row by row as
before, which names the cell. It only keeps a reading that comes out clean: a reading with errors
is redone by the row path, so every message comes from one place.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from recount_desktop.domain import ElectionResults
from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.headers import (
    LONG_FIELDS,
    TEMPLATE_FIELDS,
    VOTE_TYPE_COLUMNS,
    Header,
    find_long_header,
    match_header,
    normalise_header,
)
from recount_desktop.importers.long import long_reading
from recount_desktop.importers.long_columns import Table, fill_builder
from recount_desktop.importers.problems import ImportRejected
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.template import is_template, read_contests_sheet, read_election_sheet
from recount_desktop.importers.xlsx_errors import _sheet_target

# what read_fast hands back: layout, reading, builder, results, the template's election fields
FastRead = tuple[str, Reading | None, ResultsBuilder, ElectionResults, dict[str, Any]]

_WANTED = {s for synonyms in LONG_FIELDS.values() for s in synonyms} | set(VOTE_TYPE_COLUMNS)
_SUFFIXED = re.compile(r"^(.*)_\d+$")  # fastexcel's name for a repeated header ("Votes_1")
_FIRST_ROW = re.compile(rb"<(?:\w+:)?row\b([^>]*?)(/?)>(.*?)</(?:\w+:)?row>", re.DOTALL)
_VALUE = re.compile(rb"<(?:\w+:)?(?:v|is)>")
_HEAD_BYTES = 1 << 16


def available() -> bool:
    """fastexcel and pyarrow are installed (the ``columnar`` dependencies)."""
    try:
        import fastexcel  # noqa: F401
        import numpy  # noqa: F401
        import pyarrow  # noqa: F401
    except ImportError:
        return False
    return True


def read_fast(
    book: Book,
    new_builder: Callable[[], ResultsBuilder],
    ticker: Ticker,
    layout: str,
    min_rows: int,
) -> FastRead | None:
    """The interpreter's reading of ``book`` when it is a template or a one-sheet long workbook of at
    least ``min_rows`` plain counts that reads clean by columns; None: read it row by row."""
    if book.is_csv or layout not in ("auto", "long", "template") or not available():
        return None
    template = layout == "template" or (layout == "auto" and is_template(book))
    if template:
        name = book.find_sheet("Tallies")
    elif len(book.sheet_names) == 1:
        name = book.sheet_names[0]
    else:
        return None  # summary sheets and sheets that also hold precincts: the row path's business
    if name is None:
        return None
    table = load_table(book.path, name, template, min_rows)
    if table is None:
        return None
    builder = new_builder()
    if not fill_builder(builder, table, ticker):
        return None
    return _finish(book, builder, table, template)


def _finish(book: Book, builder: ResultsBuilder, table: Table, template: bool) -> FastRead | None:
    """As the template and long readers end: the template's other sheets, then the results."""
    options: dict[str, dict[str, Any]] = {}
    fields: dict[str, Any] = {}
    try:
        if template:
            options, fields = read_contests_sheet(book, builder), read_election_sheet(book, builder)
        else:
            builder.find_total_units = True
        results = builder.finish(options)
    except (ImportRejected, ValueError):
        return None
    if results is None or builder.log.errors:
        return None  # read again row by row: its messages name every cell
    if template:
        return "template", None, builder, results, fields
    return "long", long_reading(table.sheet.name, table.header), builder, results, {}


def load_table(path: Path, sheet_name: str, template: bool, min_rows: int = 0) -> Table | None:
    """The sheet's header (its first row) and the columns it names, as text; None when the header
    is not on row 1 or there are fewer than ``min_rows`` rows."""
    if not header_on_first_row(path, sheet_name):
        return None
    import fastexcel

    try:
        sheet = fastexcel.read_excel(path).load_sheet(
            sheet_name,
            header_row=0,
            use_columns=lambda column: normalise_header(column.name) in _WANTED,
            dtypes="string",  # every cell as text: what was not text is told by its form (_REFORMATTED)
        )
        if sheet.height < max(min_rows, 1):
            return None
        batch = sheet.to_arrow()
        header_cells = _header_cells(sheet.available_columns())
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # fastexcel's refusal of an odd sheet, or a panic in its Rust code
        return None  # (pyo3's PanicException is no Exception): the row path reads the sheet
    if header_cells is None:
        return None
    found = _header(Sheet(sheet_name, [header_cells]), template)
    if found is None:
        return None
    columns = {info.absolute_index: batch.column(i) for i, info in enumerate(sheet.selected_columns)}
    if any(c not in columns for c in (*found.columns.values(), *found.vote_type_columns)):
        return None
    return Table(Sheet(sheet_name, []), found, columns, batch.num_rows)


def _header(head: Sheet, template: bool) -> Header | None:
    """The header the row path finds on this row: the template's exact names, or a long table's."""
    if template:
        header = match_header(head.rows[0], TEMPLATE_FIELDS, vote_types=False)
        if header.other_columns or any(f not in header.columns for f in ("precinct", "contest", "choice")):
            return None  # columns to warn about, or a required one missing: the row path says so
        return header if "votes" in header.columns else None
    return find_long_header(head, LONG_FIELDS)


def _header_cells(infos: list[Any]) -> list[object] | None:
    """The header row as the row path sees it (None for a blank header cell), or None when a name
    was made unique by fastexcel (a repeated header: the row path decides which one counts)."""
    cells: list[object] = [None] * (max((i.absolute_index for i in infos), default=-1) + 1)
    for info in infos:
        if info.column_name_from != "looked_up":
            continue
        repeated = _SUFFIXED.match(info.name)
        if repeated and normalise_header(repeated.group(1)) in _WANTED:
            return None
        cells[info.absolute_index] = info.name
    return cells


def header_on_first_row(path: Path, sheet_name: str) -> bool:
    """An .xlsx sheet whose first row is row 1 with three or more cells holding values: the header
    of a table that starts at the top, as fastexcel's ``header_row=0`` reads it. Looked up in the
    first bytes of the sheet's XML, so a sheet with a title row costs no columnar read."""
    try:
        with zipfile.ZipFile(path) as archive:
            target = _sheet_target(archive, sheet_name)
            if target is None:
                return False
            with archive.open(target) as stream:
                head = stream.read(_HEAD_BYTES)
    except (zipfile.BadZipFile, KeyError, OSError):
        return False
    return first_row_is_header(head)


def first_row_is_header(head: bytes) -> bool:
    """The first ``<row>`` of a sheet's XML is row 1 and holds three or more values (an empty
    ``<row r="1"/>`` is not: the table would start lower than fastexcel's ``header_row=0`` says)."""
    first = _FIRST_ROW.search(head)
    if first is None or first.group(2):
        return False
    number = re.search(rb'\br="(\d+)"', first.group(1))
    return (number is None or number.group(1) == b"1") and len(_VALUE.findall(first.group(3))) >= 3
