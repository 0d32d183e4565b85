"""A large long table (or the template's Tallies sheet) read by columns instead of by rows.

python-calamine's row-by-row read of a statewide long workbook (720,000 rows) costs more than the
rest of the import, and the row loop over its Python values about as much again. Here the sheet is
read once by fastexcel (calamine underneath) into Arrow arrays, and ``long_columns`` puts its rows
into the builder column by column.

Never silently wrong: names are read as text, and a name whose text fastexcel may write otherwise
than the row path (a date, a boolean, a fraction, a long number) is not accepted
(``long_columns._REFORMATTED``). The count columns, found from the header row read first from the
sheet's XML (``xlsx_first_row``), are typed by fastexcel from every one of their cells, one kind
of cell only: numbers, accepted when whole, >= 0 and exact (12.0000000001 is no count, as for the
row path), or text, accepted as digits only; a column mixing numbers with text, booleans or dates,
or holding a blank, error or formula-without-value cell, fails. Whenever the table holds anything
the row path would read otherwise than these columns do (such a cell, a duplicate, a county's own
total row, a choice named like a total, a type repeated, a title row above the header, two
spellings of a contest, several sheets, ...) this path declines and the file is read row by row as
before, which names the cell. It only keeps a reading that comes out clean: a reading with errors
is redone by the row path, so every message comes from one place.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
from recount_desktop.importers.long_unnamed import may_be_lost_votes, note_skipped
from recount_desktop.importers.problems import ImportRejected
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.template import is_template, read_contests_sheet, read_election_sheet
from recount_desktop.importers.values import clean_name
from recount_desktop.importers.xlsx_first_row import first_row_texts

if TYPE_CHECKING:
    from fastexcel import DTypeMap  # the columnar extra: only imported when it is installed

# what read_fast hands back: layout, reading, builder, results, the template's election fields
FastRead = tuple[str, Reading | None, ResultsBuilder, ElectionResults, dict[str, Any]]

# fastexcel logs through Python's logging; unconfigured, its warnings ("Could not determine dtype for
# column 4, falling back to string") reach the CLI's stderr. The readers check each column's type
# themselves and say what they skipped in the summary: only fastexcel's errors are worth showing
logging.getLogger("fastexcel").setLevel(logging.ERROR)

_WANTED = {s for synonyms in LONG_FIELDS.values() for s in synonyms} | set(VOTE_TYPE_COLUMNS)


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
    if not fill_builder(builder, table, ticker) or not _note_unread(builder, table):
        return None
    return _finish(book, builder, table, template)


def _note_unread(builder: ResultsBuilder, table: Table) -> bool:
    """The columns of counts no field names listed as skipped, as the row path lists them; False
    when one may hold votes the reader would lose: the row path's error names it."""
    if any(may_be_lost_votes(table.header, label) for label in table.unread.values()):
        return False
    for column, label in table.unread.items():
        note_skipped(builder, table.sheet.name, column, label)
    return True


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
    """The sheet's header (its first row) and the columns it names: names as text, counts typed by
    fastexcel from every one of their cells; None when the header is not on row 1 or names a field
    twice, there are fewer than ``min_rows`` rows, or a count column mixes kinds of cell (numbers
    and text, booleans, dates: the row path names them)."""
    head = first_row_texts(path, sheet_name)
    found = None if head is None or _repeated(head) else _header(Sheet(sheet_name, [list(head)]), template)
    if head is None or found is None:
        return None
    counted = _count_columns(found)
    others = set(found.other_columns)
    import fastexcel

    try:
        sheet = fastexcel.read_excel(path).load_sheet(
            sheet_name,
            header_row=0,
            use_columns=lambda column: (
                normalise_header(column.name) in _WANTED
                or column.absolute_index in others
                or _unheaded(column.absolute_index, head)
            ),
            dtypes=_names_as_text(head, counted, others),
            schema_sample_rows=None,  # a count column's type from all its cells, not the first 1,000
            dtype_coercion="strict",  # and one kind of cell: 1.0 for a boolean would be a count
        )
        if sheet.height < max(min_rows, 1):
            return None
        batch = sheet.to_arrow()
        infos = sheet.selected_columns  # not available_columns(): it would type the other columns
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # fastexcel's refusal of an odd sheet or of a count column of mixed cells,
        return None  # or a panic in its Rust code (pyo3's PanicException is no Exception): by rows
    unheaded = {i for i, info in enumerate(infos) if _unheaded(info.absolute_index, head)}
    if any(batch.column(i).null_count < batch.num_rows for i in unheaded):
        return None  # a cell under no header: the row path lists its column among the skipped
    unread = _unread_counts(batch, infos, others, head)
    if unread is None:
        return None
    read = [
        (i, info) for i, info in enumerate(infos) if i not in unheaded and info.absolute_index not in others
    ]
    if not _read_as_asked([info for _i, info in read], head, counted):
        return None
    columns = {info.absolute_index: batch.column(i) for i, info in read}
    if any(c not in columns for c in (*found.columns.values(), *found.vote_type_columns)):
        return None
    return Table(Sheet(sheet_name, []), found, columns, batch.num_rows, unread)


def _unread_counts(
    batch: Any, infos: list[Any], others: set[int], head: list[str | None]
) -> dict[int, str] | None:
    """The columns the header names as no field that hold counts (``county_id``, ``walkin_votes``),
    with their names; None when only the cells can tell (``_holds_counts``): the row path reads them."""
    found = {}
    for i, info in enumerate(infos):
        if info.absolute_index not in others:
            continue
        verdict = _holds_counts(batch.column(i))
        if verdict is None:
            return None
        if verdict:
            found[info.absolute_index] = clean_name(head[info.absolute_index])
    return found


def _holds_counts(texts: Any) -> bool | None:
    """A column read as text (fastexcel writes a whole number as its digits, a boolean as "true"):
    every filled cell a whole count and one above zero (``long_unnamed.count_columns``); None when
    only the cells themselves can tell (``1,234``: a count typed as text, or a number so shown)."""
    import pyarrow.compute as pc

    filled = pc.drop_null(texts)

    def every(pattern: str) -> bool:
        return bool(pc.all(pc.match_substring_regex(filled, pattern)).as_py())

    if len(filled) == 0 or not every(r"^-?[\d,.]+$"):
        return False  # a name, "n/a", "true", a date: not a column of counts either way
    if every(r"^-?\d+$"):
        return bool(pc.any(pc.match_substring_regex(filled, r"^\d*[1-9]\d*$")).as_py())
    if pc.any(pc.match_substring_regex(filled, r"^-?\d*\.\d*[1-9]\d*$")).as_py():
        return False  # a fraction (2.5): no count
    return None


def _unheaded(column: int, head: list[str | None]) -> bool:
    """A column with no header cell: fastexcel is asked for it only to see that it is empty."""
    return column >= len(head) or head[column] is None or not str(head[column]).strip()


def _repeated(head: list[str | None]) -> bool:
    """A field's name twice in the header (two Votes columns): the row path decides which counts."""
    wanted = [name for name in map(normalise_header, head) if name in _WANTED]
    return len(set(wanted)) != len(wanted)


def _count_columns(header: Header) -> set[int]:
    """The columns of counts: the votes column and the vote-type columns (``Early``, ``Mail``)."""
    votes = {header.columns["votes"]} if "votes" in header.columns else set()
    return votes | set(header.vote_type_columns)


def _names_as_text(head: list[str | None], counted: set[int], others: set[int]) -> DTypeMap:
    """fastexcel's ``dtypes``: every named column but the counts as text (what was not text is told
    by its form, ``long_columns._REFORMATTED``); the counts are left to fastexcel to type. The
    columns no field names (``others``) as text too, by index: one of mixed cells is no refusal."""
    dtypes: DTypeMap = {
        name: "string"
        for column, name in enumerate(head)
        if name is not None and column not in counted and normalise_header(name) in _WANTED
    }
    dtypes.update(dict.fromkeys(others, "string"))
    return dtypes


def _read_as_asked(infos: list[Any], head: list[str | None], counted: set[int]) -> bool:
    """fastexcel's header names each column it read as the first row read from the XML does, and
    it typed exactly the count columns (else a name may have come as a number, or a count as
    text)."""
    for info in infos:
        column = info.absolute_index
        named = head[column] if column < len(head) else None
        if info.column_name_from != "looked_up" or info.name != named:
            return False
    return {i.absolute_index for i in infos if i.dtype_from == "guessed"} == counted


def _header(head: Sheet, template: bool) -> Header | None:
    """The header the row path finds on this row: the template's exact names, or a long table's."""
    if template:
        header = match_header(head.rows[0], TEMPLATE_FIELDS, vote_types=False)
        if header.other_columns or any(f not in header.columns for f in ("precinct", "contest", "choice")):
            return None  # columns to warn about, or a required one missing: the row path says so
        return header if "votes" in header.columns else None
    return find_long_header(head, LONG_FIELDS)
