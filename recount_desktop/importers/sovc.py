"""The ``sovc`` layout: a "Statement of Votes Cast" with one sheet per contest (Clarity, ES&S,
Dominion exports such as Sarpy, Yellowstone and Adams).

Above a header row holding ``Precinct``: title rows with the contest name. Candidates are either
the header cells themselves (``NAME\\nParty``) or names merged over vote-type sub-columns
(``Early Voting, Election Day, Provisionals, Total Votes``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, datetime, time
from functools import lru_cache
from itertools import islice
from operator import itemgetter
from pathlib import Path

from recount_desktop.importers.axes import reads_as_election_line
from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.checks import cell_range, sum_column, whole_or_text_at
from recount_desktop.importers.file_title import UNTITLED, contest_from_file_name
from recount_desktop.importers.headers import (
    ROW_TOTAL_HEADERS,
    VOTE_TYPE_COLUMNS,
    is_unit_header,
    normalise_header,
    unit_header_rank,
)
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.reading import Reading, masked
from recount_desktop.importers.sheet_totals import find_sheet_totals
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.sovc_block import places, read_whole_block
from recount_desktop.importers.unit_rows import BAD, UnitRows, Value
from recount_desktop.importers.values import (
    SUPPRESSED,
    CountError,
    clean_name,
    is_blank,
    is_total_label,
    parse_count,
    statistic_of,
)
from recount_desktop.importers.xlsx_errors import error_cells

HEADER_ROWS = 15
_SKIP_COLUMNS = {"total", "total votes", "percent", "%", "% turnout", "turnout"}
_SUB_TYPES = {
    **VOTE_TYPE_COLUMNS,
    "provisionals": "Provisional",
    "early voting": "Early",
    "absentee": "Absentee",
    "mail in": "Mail",
}


# rows of one unit's vote types, under the unit's name and over its Total row
_ROW_VOTE_TYPES = {
    **VOTE_TYPE_COLUMNS,
    **dict.fromkeys(
        (
            "polling",
            "polling place",
            "vote centers",
            "vote center",
            "vote by mail",
            "in-office",
            "in office",
            "early voting",
            "provisionals",
        ),
        "typed",
    ),
}


def _precinct_header(sheet: Sheet) -> tuple[int, int] | None:
    """The first row with a cell headed as the unit column (Dominion's "Precinct", Jefferson's
    "Style", any word of ``headers.UNIT_HEADERS``) with no count right of it: a unit's vote-type row
    labelled "Vote Center" is a row of counts, never the header. Of several such cells
    (``Ward | Precinct``) the more usual word is the unit, as in long and wide sheets."""
    for r, row in enumerate(sheet.rows[:HEADER_ROWS]):
        ranked = [
            (rank, c)
            for c, cell in enumerate(row)
            if (rank := unit_header_rank(cell)) is not None and not any(_is_number(v) for v in row[c + 1 :])
        ]
        if ranked:
            return r, min(ranked)[1]
    return None


def _is_number(cell: object) -> bool:
    if isinstance(cell, str):
        return clean_name(cell).replace(",", "").isdigit()
    return isinstance(cell, int | float) and not isinstance(cell, bool)


def candidates(book: Book) -> list[Reading]:
    """The statement reading (header row and unit column of its first contest sheet) when two or
    more of the first sheets have a Precinct column below title rows, or one sheet stacks blocks."""
    found = 0
    first: Reading | None = None
    for name in book.sheet_names[:10]:
        sheet = book.sheet(name)
        header = _precinct_header(sheet)
        if header is None:
            continue
        if _stacked_blocks(sheet, header):
            found += 2  # one sheet of stacked blocks is enough
        elif header[0] > 0:
            found += 1
        else:
            continue
        first = first or Reading(sheet.name, "rows", (header[0],), layout="sovc", unit_column=header[1])
    return [first] if found >= 2 and first is not None else []


def _header_of(sheet: Sheet, reading: Reading | None, label: str) -> tuple[int, int] | None:
    """On the sheets the reading applies to (its sheet, or all when it names none): the first row
    whose cell in the reading's unit column holds the reading's unit header ``label`` (contest sheets
    have title rows of their own lengths); else the sheet's own Precinct header."""
    if reading is not None and reading.sheet in (None, sheet.name) and label:
        c = reading.unit_column or 0
        for r, row in enumerate(sheet.rows[:HEADER_ROWS]):
            if c < len(row) and normalise_header(row[c]) == label:
                return r, c
    return _precinct_header(sheet)


def _unit_label(book: Book, reading: Reading | None) -> str:
    """The reading's unit header text, from its own sheet (or the first sheet that has it)."""
    if reading is None or not reading.header_rows:
        return ""
    r, c = reading.header_rows[-1], reading.unit_column or 0
    names = [reading.sheet] if reading.sheet in book.sheet_names else book.sheet_names[:HEADER_ROWS]
    for name in names:
        rows = book.sheet(name).rows
        if r < len(rows) and c < len(rows[r]) and not is_blank(rows[r][c]):
            return normalise_header(rows[r][c])
    return ""


def read_sovc_book(
    book: Book, builder: ResultsBuilder, ticker: Ticker, reading: Reading | None = None
) -> None:
    read = 0
    label = _unit_label(book, reading)
    book_titles = BookTitles(_titles_on_every_sheet(book, reading, label))
    for index, name in enumerate(book.sheet_names):
        ticker.tick(index, len(book.sheet_names))
        sheet = book.sheet(name)
        read += _read_sheet(
            sheet, builder, reading, label, alone=len(book.sheet_names) == 1, titles=book_titles
        )
    if not read:
        raise builder.log.reject(
            None,
            None,
            "no contest sheets found: looked for sheets with a 'Precinct' "
            "column under the contest name and candidate names",
        )
    if book_titles.repeated:
        _take_sheet_totals(builder, book_titles.repeated)


def _take_sheet_totals(builder: ResultsBuilder, contests: set[str]) -> None:
    """A sheet of a contest read from several sheets holding one unit, their sum: the file's total
    (checked, not counted); named as a total but not their sum, refused naming it."""
    found = find_sheet_totals(builder.tallies, contests)
    builder.take_total_units(found.totals)
    for unit, sheet, contest, choice, votes, summed in found.mismatches:
        builder.log.error(
            sheet,
            None,
            f"this sheet's one unit {unit[1]!r} for {contest!r} is named as a total but is not the sum "
            f"of the units on the contest's other sheets ({choice!r}: {votes} here, {summed} summed): "
            "not counted as a precinct. Correct the total, or import one sheet with import --sheet NAME",
        )


class BookTitles:
    """The title lines every contest sheet carries (the election's name, ``Official Results``: file
    furniture, never a contest's name), and the contests read from whole sheets so far: title ->
    (sheet, header cell, choices)."""

    def __init__(self, common: frozenset[str]) -> None:
        self.common = common
        self.sheets: dict[str, tuple[str | None, str, frozenset[str]]] = {}
        self.repeated: set[str] = set()  # contests read from two or more sheets


def _titles_on_every_sheet(book: Book, reading: Reading | None, label: str) -> frozenset[str]:
    """The text lines above the header found on every one of two or more contest sheets."""
    found: list[set[str]] = []
    for name in book.sheet_names:
        sheet = book.sheet(name)
        header = _header_of(sheet, reading, label)
        if header is not None and header[0] > 0:
            found.append(set(_title_texts(sheet, header[0])))
    return frozenset(set.intersection(*found)) if len(found) >= 2 else frozenset()


def _title_texts(sheet: Sheet, header_row: int) -> list[str]:
    """The texts above the header row, top first, page furniture left out."""
    return [
        clean_name(cell)
        for row in sheet.rows[:header_row]
        for cell in row
        if not is_blank(cell) and not _is_page_furniture(cell)
    ]


def _read_sheet(
    sheet: Sheet,
    builder: ResultsBuilder,
    reading: Reading | None,
    label: str,
    alone: bool = True,
    titles: BookTitles | None = None,
) -> int:
    """The contests read from one sheet (its stacked blocks, or its one table); ``alone``: the
    file's only sheet (a CSV file, a one-sheet workbook)."""
    header = _header_of(sheet, reading, label)
    if header is None:
        return 0
    if reading is not None and reading.sheet in (None, sheet.name):
        sheet = masked(sheet, reading, builder.notes)
    blocks = _stacked_blocks(sheet, header)
    if blocks:
        titled = TitledBlocks()
        return sum(
            _read_contest_sheet(sheet, block, builder, end, stacked=True, end_col=end_col, titled=titled)
            for block, end, end_col in blocks
        )
    return 1 if _read_contest_sheet(sheet, header, builder, alone=alone, titles=titles) else 0


Block = tuple[tuple[int, int], int, int | None]  # (header row, unit column), end row, end column


class TitledBlocks(dict[str, list[tuple[str, frozenset[str]]]]):
    """A sheet's blocks read so far: title -> its blocks' header cells and choices; ``headers``: each
    block's header row (its cells, as compared) -> its contest, so an untitled block under the same
    header row again (a page break repeating it) continues that contest."""

    def __init__(self) -> None:
        super().__init__()
        self.headers: dict[tuple[str, ...], str] = {}
        self.units: dict[str, UnitRows] = {}  # contest -> its last block's rows (their sums)


def _stacked_blocks(sheet: Sheet, header: tuple[int, int]) -> list[Block]:
    """Blocks stacked in one sheet (Scotts Bluff's canvass report): the unit header repeated down
    the sheet, each over a contest title, with the choices on the row below; blocks may also sit
    side by side in shared rows. Each block with the row and the column where it ends (None: the
    row's end); empty for a sheet of one table."""
    key = f"sovc blocks {header}"
    if key not in sheet.found:  # the interpreter and the reader look once
        sheet.found[key] = _find_stacked_blocks(sheet, header)
    return list(sheet.found[key])


def _find_stacked_blocks(sheet: Sheet, header: tuple[int, int]) -> list[Block]:
    row0, col = header
    label = normalise_header(sheet.rows[row0][col])
    starts = _rows_holding(sheet.rows, row0, col, label)
    # a block ends above the next one's title row (``GOVERNOR`` over ``Precinct | Ada | Bob``)
    ends = [_block_top(sheet, r, col) for r in starts[1:]] + [len(sheet.rows)]
    blocks: list[Block] = []
    for r, end in zip(starts, ends, strict=True):
        cols = _side_by_side(sheet, r, col, label)
        blocks += [((r, c), end, nxt) for c, nxt in zip(cols, [*cols[1:], None], strict=True)]
    return blocks if len(blocks) >= 2 else []  # one header is one table


def _counts_below(sheet: Sheet, header_row: int, col: int, end_col: int | None = None) -> bool:
    """A block whose header row names its choices (``Precinct | Ada | Bob``): the row below holds
    counts. Scotts Bluff's block has its title beside the unit header and the choices on the row
    below, which holds no number."""
    below = sheet.rows[header_row + 1] if header_row + 1 < len(sheet.rows) else []
    return any(_is_number(cell) for cell in below[col + 1 : end_col])


def _title_above(sheet: Sheet, header_row: int, col: int, end_col: int | None = None) -> int | None:
    """The row of a block's title over its header row: the first of the text rows right above it
    (``GOVERNOR`` over ``4 Year Term`` or ``Official Results``: those lines name no contest, and
    taking them would give every block one name). The run stops at a blank row, a row holding a
    count in the block's columns (the last unit row of the block above) or page furniture."""
    title = None
    for r in range(header_row - 1, -1, -1):
        cells = [cell for cell in sheet.rows[r][col:end_col] if not is_blank(cell)]
        if not cells:
            if title is not None:
                break
            continue
        if len(cells) == 1 and _seats_of(cells[0]) is not None:
            continue  # a "(Vote for 2)" line under the title gives the seats, not the title
        if any(_is_number(cell) for cell in cells) or all(map(_is_page_furniture, cells)):
            break
        title = r
    return title


_SEATS_LINE = re.compile(r"^\(?\s*vote\s+for\s+(?:not\s+more\s+than\s+)?(\d+|\w+)\s*\)?$", re.IGNORECASE)
_SEAT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def _seats_of(cell: object) -> int | None:
    """The seats a ``(Vote for 2)`` / ``Vote for One`` line gives; None for any other cell."""
    match = _SEATS_LINE.match(clean_name(cell)) if isinstance(cell, str) else None
    if match is None:
        return None
    word = match.group(1).lower()
    return int(word) if word.isdigit() else _SEAT_WORDS.get(word)


def _block_seats(sheet: Sheet, title_row: int, header_row: int, col: int, end_col: int | None) -> int | None:
    """The seats of a ``(Vote for N)`` line between a block's title and its header row."""
    for row in sheet.rows[title_row + 1 : header_row]:
        for cell in row[col:end_col]:
            seats = _seats_of(cell)
            if seats:
                return seats
    return None


def _block_top(sheet: Sheet, header_row: int, col: int) -> int:
    """The first row of the block whose unit header is on ``header_row``: its title row above,
    when its choices are on the header row; else the header row itself."""
    if _counts_below(sheet, header_row, col):
        title = _title_above(sheet, header_row, col)
        if title is not None:
            return title
    return header_row


def _header_cells(sheet: Sheet, header_row: int, col: int, end_col: int | None) -> tuple[str, ...]:
    return tuple(normalise_header(cell) for cell in sheet.rows[header_row][col:end_col])


def _block_contest(
    sheet: Sheet,
    header_row: int,
    col: int,
    end_col: int | None,
    builder: ResultsBuilder,
    titled: TitledBlocks | None = None,
) -> tuple[str, int]:
    """A stacked block's contest title and the row naming its choices. Scotts Bluff: the title
    beside the unit header, the choices on the row below. Else (the row below holds counts): the
    choices on the header row, the title in the row above it (over a ``(Vote for N)`` line giving
    its seats); the sheet's name when there is none."""
    if not _counts_below(sheet, header_row, col, end_col):
        beside = sheet.rows[header_row][col + 1 : end_col]
        title = next((c for c in beside if not is_blank(c)), None)
        return (clean_name(title) if title is not None else sheet.name or "Contest"), header_row + 1
    above = _title_above(sheet, header_row, col, end_col)
    continued = titled.headers.get(_header_cells(sheet, header_row, col, end_col)) if titled else None
    if above is None and continued is not None:
        return continued, header_row  # the header row repeated after a page break: the same table
    if above is None:
        name = sheet.name or "Contest"
        builder.log.warn(
            sheet.name,
            sheet.cell(header_row, col),
            f"the block headed on row {header_row + 1} has no contest title above it: it is read as part of "
            f"the contest {name!r}, with the sheet's other untitled blocks. If they are separate contests, "
            "give each block a title row above its header and import again",
        )
        return name, header_row
    cell = next(c for c in sheet.rows[above][col:end_col] if not is_blank(c) and not _is_page_furniture(c))
    title = _without_continued(clean_name(cell)) + _district_line(sheet, above, header_row, col, end_col)
    seats = _block_seats(sheet, above, header_row, col, end_col)
    if seats:
        builder.seats[title] = seats
    return title, header_row


_DISTRICT_LINE = re.compile(
    r"^(district|dist\.?|ward|seat|position|division|zone|subdistrict)\s*(no\.?|#)?\s*[\w-]{1,6}$",
    re.IGNORECASE,
)


def _district_line(sheet: Sheet, title_row: int, header_row: int, col: int, end_col: int | None) -> str:
    """`` District 1`` when a line between the title and the header names the district: blocks
    ``COUNTY COMMISSIONER`` / ``District 1`` and ``... / District 2`` are two contests."""
    for row in sheet.rows[title_row + 1 : header_row]:
        for cell in row[col:end_col]:
            if isinstance(cell, str) and _DISTRICT_LINE.match(clean_name(cell)):
                return " " + clean_name(cell)
    return ""


def _without_continued(title: str) -> str:
    """``GOVERNOR (continued)`` over the next page's block is the GOVERNOR contest."""
    return _CONTINUED.sub("", title) or title


def _rows_holding(rows: list[list[object]], row0: int, col: int, label: str) -> list[int]:
    """The rows from ``row0`` whose cell in ``col`` is the unit header ``label``. Only the column's
    distinct cells not met before are tested (``_label_cells``), the rest is done in C: this runs
    over every row of every contest sheet, and a statement repeats its unit names on every sheet."""
    below = rows[row0 + 1 :]
    try:
        distinct = set(map(itemgetter(col), below))
    except (IndexError, TypeError):  # ragged rows (a CSV file), or a cell no reader makes
        return [
            r
            for r, row in enumerate(rows[row0:], start=row0)
            if col < len(row) and _is_label(row[col], label)
        ]
    first = [row0] if col < len(rows[row0]) and _is_label(rows[row0][col], label) else []
    hits = _label_cells(distinct, label)
    if not hits:  # the usual contest sheet: one table
        return first
    column = list(map(itemgetter(col), below))
    return [*first, *sorted(row0 + 1 + at for cell in hits for at in places(column, cell))]


# per unit header: cells met that are not it (bounded; a statement repeats its units on every sheet)
_NOT_LABEL: dict[str, set[object]] = {}


def _label_cells(cells: set[object], label: str) -> list[object]:
    """The cells that are the unit header ``label``; a cell met before and found not to be it is
    not tested again."""
    seen = _NOT_LABEL.setdefault(label, set())
    if len(seen) > 1 << 16:
        seen.clear()
    new = cells - seen
    hits = [cell for cell in new if _is_label(cell, label)]
    seen |= new.difference(hits)
    return hits


def _side_by_side(sheet: Sheet, r: int, col: int, label: str) -> list[int]:
    """The unit columns of blocks side by side in row ``r``: the unit header repeated along the
    row, each with a blank cell below it (the choices' row). A unit column repeated over the
    same table's units (Jefferson's page blocks, Adams' second copy) has unit names below it."""
    row = sheet.rows[r]
    cols = [c for c in range(col, len(row)) if _is_label(row[c], label)]
    below = sheet.rows[r + 1] if r + 1 < len(sheet.rows) else []
    if len(cols) < 2:
        return [col]
    if any(c < len(below) and not is_blank(below[c]) for c in cols) and not _titled_apart(sheet, r, cols):
        return [col]
    return cols


_CONTINUED = re.compile(r"\s*\(?\s*continued\s*\)?\s*$", re.IGNORECASE)


def _titled_apart(sheet: Sheet, r: int, cols: list[int]) -> bool:
    """Blocks side by side whose choices are on the unit header's row (units below each): told
    from one table's repeated unit column by one title right above each block, not all the same
    (``GOVERNOR`` over one block, ``MAYOR`` over the next), over its unit header or over one of
    its candidates' columns. Jefferson's page blocks carry ``PRESIDENTIAL ELECTORS (CONTINUED)``
    two rows up, over a row of candidates' names (vote types on the header row)."""
    above = sheet.rows[r - 1] if r > 0 else []
    titles = [_block_title_cell(above, c, nxt) for c, nxt in zip(cols, [*cols[1:], None], strict=True)]
    if any(t is None for t in titles) or _types_on_header(sheet.rows[r], cols[0]):
        return False
    return len({_CONTINUED.sub("", normalise_header(t)) for t in titles}) > 1


def _block_title_cell(row: Sequence[object], col: int, end_col: int | None) -> object:
    """The one text cell of ``row`` over a block's columns (its title, beside a ``(Vote for N)``
    line); None when there is none, a number, page furniture or two texts (candidates' names)."""
    cells = [c for c in row[col:end_col] if not is_blank(c) and _seats_of(c) is None]
    if len(cells) != 1 or _is_number(cells[0]) or _is_page_furniture(cells[0]):
        return None
    return cells[0]


def _types_on_header(header: Sequence[object], col: int) -> bool:
    """The header row holds vote types or total columns (``Early Voting | Total Votes``): the
    names in the row above are candidates merged over them, not blocks' titles."""
    return any(
        normalise_header(c) in _SUB_TYPES or normalise_header(c) in _SKIP_COLUMNS for c in header[col + 1 :]
    )


def _is_label(cell: object, label: str) -> bool:
    """``normalise_header(cell) == label``, cheaply refused for the many cells that are not it."""
    return (
        isinstance(cell, str)
        and len(cell) <= len(label) + 4  # "Precinct Name:" at most a few characters over
        and normalise_header(cell) == label
    )


def _contest_name(
    sheet: Sheet, header_row: int, precinct_col: int, alone: bool, common: frozenset[str] = frozenset()
) -> str:
    """The contest's title: a cell left of the unit column on the header row, else the first title
    line that is not on every contest sheet (``common``: ``2016 General Election``, ``Official
    Results`` over each sheet's own title named every contest alike), else (``alone``, the file's
    only sheet) the corner cell over the unit column, else the sheet's name. In a workbook of
    several sheets the sheet's name wins over the corner cell: a unit column headed ``Site`` on
    sheets ``Mayor`` and ``Council`` is no contest of both."""
    row = sheet.rows[header_row]
    for c in range(precinct_col):
        if not is_blank(row[c]) and not is_unit_header(row[c]):  # "Ward | Precinct": no contest
            return clean_name(row[c])  # Yellowstone: the contest heads the precinct column
    texts = _title_texts(sheet, header_row)
    if texts:
        own = [text for text in texts if text not in common] or texts
        # the election's name over the contest's own title line names no contest
        return next((text for text in own if not reads_as_election_line(text)), own[0])
    corner = row[precinct_col] if precinct_col < len(row) else None
    if alone and not is_blank(corner) and not is_unit_header(corner):  # the unit column headed by the
        return clean_name(corner)  # contest's title (a one-contest table: ``Mayor | Ada | Bo``)
    return sheet.name or "Contest"


def _sheet_title_taken(
    sheet: Sheet,
    header: tuple[int, int],
    contest: str,
    columns: Columns,
    titles: BookTitles,
    builder: ResultsBuilder,
) -> bool:
    """True, with an error naming both sheets, when a sheet's table has the title of another
    sheet's and other choices: two contests under one title (a primary's DEM and REP sheets, or a
    title line every sheet carries) would be merged into one contest silently."""
    choices = frozenset(name for name, _t, _p in columns.values() if statistic_of(name) is None)
    cell = sheet.cell(*header)
    seen = titles.sheets.get(contest)
    if seen is None:
        titles.sheets[contest] = (sheet.name, cell, choices)
        return False
    other_sheet, other_cell, others = seen
    if others == choices:
        titles.repeated.add(contest)  # one contest's units over two sheets (pages), or its total
        return False
    builder.log.error(
        sheet.name,
        cell,
        f"sheets {other_sheet!r} and {sheet.name!r} are both titled {contest!r} but list different "
        f"choices (headers at {other_cell} and {cell}): two contests under one title cannot be told "
        "apart. Give each sheet its own title line above its header and import again",
    )
    return True


def _note_other_unit_columns(
    sheet: Sheet, header_row: int, precinct_col: int, builder: ResultsBuilder
) -> None:
    """A ``Ward`` or ``Ballot Style`` column left of the ``Precinct`` one: not read, and said so."""
    row = sheet.rows[header_row]
    for c in range(precinct_col):
        if is_unit_header(row[c]):
            builder.notes.note("skipped", sheet.name, sheet.cell(header_row, c), clean_name(row[c]))


_PAGE = re.compile(r"^page:?\s*\d+\s*of\s*\d+$", re.IGNORECASE)


def _is_page_furniture(cell: object) -> bool:
    """``Page: 2 of 28`` and the print timestamp above a Dominion SOVC table: never a contest title."""
    return isinstance(cell, date | datetime | time) or bool(_PAGE.match(clean_name(cell)))


Columns = dict[int, tuple[str, str | None, str | None]]
ROW_TOTAL = "\x00row total"  # in ``checks``: the unit's total over its candidates, not one choice's


def _columns(
    sheet: Sheet, header_row: int, precinct_col: int, end_col: int | None = None
) -> tuple[Columns, dict[int, str]]:
    """Column -> (choice or statistic, vote type, party) for every column holding counts, up to
    ``end_col`` (a block beside another); and the columns that hold a choice's total over its vote
    types (checked per unit, never counted)."""
    header = sheet.rows[header_row]
    above = sheet.rows[header_row - 1] if header_row > 0 else []
    group, typed = "", False
    columns: Columns = {}
    checks: dict[int, str] = {}
    for c in range(precinct_col + 1, min(len(header), end_col or len(header))):
        if c < len(above) and not is_blank(above[c]):
            group, typed = str(above[c]), False
        raw = header[c]
        text = normalise_header(raw)
        if not text or (is_unit_header(text) and text not in _ROW_VOTE_TYPES):
            continue  # the unit column repeated (Adams' second copy); "Polling Place" is a vote type
        if text in _SUB_TYPES and group:
            name, party = _name_and_party(group)
            columns[c] = (name, _SUB_TYPES[text], party)
            typed = True
        elif text in ("total votes", "total", "votes") and group:
            name, party = _name_and_party(group)
            if typed:
                checks[c] = name  # Sarpy: Early, Election Day, Provisionals, then their Total Votes
                group = ""  # the group ends here; a "Total" after it is the unit's, over all choices
            elif c < len(above) and not is_blank(above[c]):
                columns[c] = (name, None, party)  # Jefferson: the name right above a "Total Votes" cell
            elif text != "votes":
                checks[c] = ROW_TOTAL  # under a title, not a candidate's group: the row's total
        elif text in ROW_TOTAL_HEADERS:
            checks[c] = ROW_TOTAL  # the unit's votes across the candidates: checked, never counted
        elif statistic_of(clean_name(raw)) or normalise_header(raw) in ("overvotes", "undervotes"):
            columns[c] = (clean_name(raw), None, None)
        elif (
            text not in _SKIP_COLUMNS
            and not is_total_label(text)
            and "turnout" not in text
            and "%" not in text
        ):
            name, party = _name_and_party(str(raw))
            columns[c] = (name, None, party)
    return columns, checks


def _note_unheaded_counts(
    sheet: Sheet,
    span: tuple[int, int, int | None, int | None],
    columns: Columns,
    checks: dict[int, str],
    builder: ResultsBuilder,
) -> None:
    """A column of whole counts under a blank header cell (a count typed past the last candidate, a
    candidate whose name was lost) is not read: a warning names its first count, and the summary
    lists it among the skipped columns, and any text cells in it (a note typed beside the counts)
    are named: a note among counts hides none of them. Its votes are never left out silently."""
    header_row, unit_col, end, end_col = span
    header = sheet.rows[header_row]
    rows = sheet.rows[header_row + 1 : end]
    width = max(map(len, rows), default=0) if end_col is None else end_col
    for c in range(unit_col + 1, width):
        if c in columns or c in checks or (c < len(header) and not is_blank(header[c])):
            continue
        cells = [
            (r, whole_or_text_at(row, c))
            for r, row in enumerate(rows, header_row + 1)
            if c < len(row) and not is_blank(row[c])
        ]
        counted = [r for r, count in cells if count]
        if not counted:
            continue  # text or zeros under no header: no votes to lose
        first = sheet.cell(counted[0], c)
        builder.log.warn(
            sheet.name,
            first,
            f"column {column_letters(c)} has no header but holds counts (from {first}); they are not read"
            f"{_text_beside(sheet, c, [r for r, count in cells if count is None])}. "
            "If they are votes, give the column its choice's name and import again",
        )
        builder.notes.note(
            "skipped",
            sheet.name,
            f"column {column_letters(c)}",
            f"(no header; counts from {first}, not read)",
        )


def _text_beside(sheet: Sheet, c: int, rows: list[int]) -> str:
    """The cells of an unheaded column of counts that are not counts (a note typed beside them):
    named, so the user sees what else the column holds (a note among counts hides none of them)."""
    if not rows:
        return ""
    shown = ", ".join(f"{sheet.cell(r, c)} {clean_name(sheet.rows[r][c])!r}" for r in rows[:3])
    more = f" and {len(rows) - 3} more" if len(rows) > 3 else ""
    return f"; it also holds text ({shown}{more})"


def _take_sum_column(
    sheet: Sheet,
    span: tuple[int, int, int | None],
    columns: Columns,
    checks: dict[int, str],
    builder: ResultsBuilder,
) -> None:
    """The last choice column equal in every unit row to the sum of the choices before it is the
    row's total (issue 11 section 1, ``checks.sum_column``): checked, never a choice. One headed
    like a candidate is taken so only over enough rows, with a warning; else it stays a choice."""
    if ROW_TOTAL in checks.values() or any(vote_type for _n, vote_type, _p in columns.values()):
        return
    header_row, unit_col, end = span

    def is_unit(row: Sequence[object]) -> bool:
        label = row[unit_col] if unit_col < len(row) else None
        return not is_blank(label) and not is_total_label(clean_name(label))

    choices = {c: name for c, (name, _t, _p) in columns.items() if _in_row_total(name)}
    found = sum_column(islice(sheet.rows, header_row + 1, end), choices, is_unit)
    if found is None:
        return
    warning = found.warning(column_letters(found.column))
    if warning is not None:
        builder.log.warn(sheet.name, sheet.cell(header_row, found.column), warning)
    if found.taken:
        del columns[found.column]
        checks[found.column] = ROW_TOTAL


def _numbers_as_choices(
    sheet: Sheet, header_row: int, contest: str, columns: Columns, builder: ResultsBuilder
) -> bool:
    """True, with an error naming each cell, when header cells read as choices hold numbers: a row
    of counts taken for the candidates' names (choices "10.0", "20.0"), whose unit row is then lost.
    A number is never a choice's name."""
    row = sheet.rows[header_row]
    numbers = [c for c in columns if c < len(row) and _is_number(row[c])]
    for c in numbers:
        builder.log.error(
            sheet.name,
            sheet.cell(header_row, c),
            f"{contest!r}: this cell holds the number {clean_name(row[c])} where a choice's name was "
            "expected: the row looks like counts, not candidates' names. Name the candidates in this "
            "row, or choose the header row and unit column in the import wizard (File > Import), or "
            "give --format or a layout profile with --profile FILE",
        )
    return bool(numbers)


def _shared_said(shared: frozenset[str]) -> str:
    """``, and both list 'Write-in'``; a block's own Total column is no choice: said apart."""
    names = sorted(name for name in shared if not is_total_label(name))
    if not names:
        return " (they share only their own total column)"
    return f", and both list {', '.join(map(repr, names))}"


def _title_shared_by_other_choices(
    sheet: Sheet,
    block: tuple[int, int, int | None],
    contest: str,
    columns: Columns,
    titled: TitledBlocks,
    builder: ResultsBuilder,
) -> bool:
    """True, with an error, when a block has the title of a block above and shares some of its
    choices but not all. Blocks of one contest either split it per candidate (Scotts Bluff: no
    choice in two blocks) or are a split precinct's portions (the same choices, summed); blocks
    with other candidates and a shared ``Write-in`` are two contests under one title, and summing
    the shared choice's counts as portions would merge them into one contest silently. Blocks each
    titled above their header with no choice in common are two contests too (``GOVERNOR`` and
    ``MAYOR`` under one generic line), unless the later says it continues the first."""
    header_row, col, end_col = block
    choices = frozenset(name for name, _t, _p in columns.values() if statistic_of(name) is None)
    cell = sheet.cell(header_row, col)
    for other_cell, others in titled.get(contest, []):
        shared = choices & others
        if shared and shared != choices | others:
            builder.log.error(
                sheet.name,
                cell,
                f"the blocks headed at {other_cell} and {cell} are both titled {contest!r} but list "
                f"different choices{_shared_said(shared)}: two contests "
                "under one title cannot be told apart. Give each block its own title and import again",
            )
            return True
        if not shared and _titled_above_anew(sheet, header_row, col, end_col):
            builder.log.error(
                sheet.name,
                cell,
                f"the blocks headed at {other_cell} and {cell} are both titled {contest!r} but have no "
                "choice in common: they may be two contests under one title, or one contest's candidates "
                "split in two. Give each block its own title (or title the second '(continued)') and "
                "import again",
            )
            return True
    titled.setdefault(contest, []).append((cell, choices))
    return False


def _titled_above_anew(sheet: Sheet, header_row: int, col: int, end_col: int | None) -> bool:
    """The block has its own title row above its header, not marked ``(continued)``."""
    if not _counts_below(sheet, header_row, col, end_col):
        return False  # Scotts Bluff: the title beside the unit header, blocks split per candidate
    above = _title_above(sheet, header_row, col, end_col)
    if above is None:
        return False
    cells = sheet.rows[above][col:end_col]
    title = clean_name(next(c for c in cells if not is_blank(c) and not _is_page_furniture(c)))
    return _without_continued(title) == title


def _name_and_party(text: str) -> tuple[str, str | None]:
    """``NAME\\nParty`` or ``NAME\\n(DEM)``: the party on its own line."""
    lines = [clean_name(line) for line in text.replace("\r", "\n").split("\n") if clean_name(line)]
    if len(lines) >= 2 and _PARTY_LINE.match(lines[-1]):
        name = " ".join(lines[:-1])
        name = name[:-4] if name.lower().endswith(" and") else name  # "Hillary Clinton Tim Kaine and"
        return name, lines[-1].strip("()") or None
    return " ".join(lines), None


# a party line: "(DEM)", "Democrat", "Libertarian"; never a running mate ("Scott N. Bradley")
_PARTY_LINE = re.compile(
    r"^\(.*\)$|^[A-Z]{2,5}$|^(democrat(ic)?|republican|libertarian|green|constitution|independent"
    r"|unaffiliated|nonpartisan|non-partisan|reform|american constitution|unity|approval voting)( party)?$",
    re.IGNORECASE,
)


@lru_cache(maxsize=1 << 16)  # every contest sheet repeats the same precinct names
def _is_running_total(precinct: str) -> bool:
    return normalise_header(precinct) == "cumulative - total"


def _read_contest_sheet(
    sheet: Sheet,
    header: tuple[int, int],
    builder: ResultsBuilder,
    end: int | None = None,
    stacked: bool = False,
    end_col: int | None = None,
    alone: bool = True,
    titled: TitledBlocks | None = None,
    titles: BookTitles | None = None,
) -> bool:
    """One contest's table (``stacked``: one block of a sheet, ``titled`` the sheet's blocks read
    so far; ``titles``: the book's title lines and whole-sheet contests); False when it holds no
    contest or is refused."""
    header_row, precinct_col = header
    continued: UnitRows | None = None
    if stacked:
        head = _header_cells(sheet, header_row, precinct_col, end_col)
        untitled = _title_above(sheet, header_row, precinct_col, end_col) is None
        contest, header_row = _block_contest(sheet, header_row, precinct_col, end_col, builder, titled)
        if titled is not None:
            continued = (
                titled.units.get(contest) if untitled and titled.headers.get(head) == contest else None
            )
            titled.headers.setdefault(head, contest)
    else:
        contest = _contest_name(
            sheet, header_row, precinct_col, alone, titles.common if titles else frozenset()
        )
        if sheet.name is None and header_row == 0 and precinct_col == 0 and contest == UNTITLED:  # Montrose
            contest = contest_from_file_name(builder.source, builder.log, sheet.cell(0))
        _note_other_unit_columns(sheet, header_row, precinct_col, builder)
    columns, checks = _columns(sheet, header_row, precinct_col, end_col)
    if _numbers_as_choices(sheet, header_row, contest, columns, builder):
        return False
    refused = titled is not None and _title_shared_by_other_choices(
        sheet, (*header, end_col), contest, columns, titled, builder
    )
    if refused or (
        titles is not None and _sheet_title_taken(sheet, header, contest, columns, titles, builder)
    ):
        return False  # two contests under one title
    _note_unheaded_counts(sheet, (header_row, precinct_col, end, end_col), columns, checks, builder)
    _take_sum_column(sheet, (header_row, precinct_col, end), columns, checks, builder)
    _note_row_totals(sheet, header_row, checks, builder)
    if not any(statistic_of(choice) is None for choice, _, _ in columns.values()):
        _note_statistics_sheet(sheet, header_row, builder)
        return False  # a registered-voters or turnout sheet: no contest here
    for c in _empty_columns(sheet, header_row, columns):
        builder.notes.note("skipped", sheet.name, sheet.cell(header_row, c), columns.pop(c)[0])
    if not columns:
        return False
    units = UnitRows(
        sheet, contest, [(c, choice, vote_type) for c, (choice, vote_type, _p) in columns.items()], builder
    )
    if titled is not None:
        if stacked and continued is not None:
            units.continue_from(continued)  # a total row after the page break closes both pages
        titled.units[contest] = units
    parties = {c: party for c, (_choice, _type, party) in columns.items()}
    plains = [vote_type is None and builder.plain_choice(choice) for _c, choice, vote_type in units.columns]
    # every column a plain choice: whole rows take the builder's short way
    plain_row = [(c, choice, parties[c]) for c, choice, _t in units.columns] if all(plains) else None
    span = range(header_row + 1, end or len(sheet.rows))
    inline = _has_inline_types(sheet, span, precinct_col)
    if (
        plain_row is None
        or stacked
        or inline
        or not _read_as_block(units, span, precinct_col, plain_row, checks)
    ):
        _read_unit_rows(units, span, precinct_col, plains, parties, plain_row, (stacked, inline), checks)
    units.finish()
    return True


def _read_unit_rows(
    units: UnitRows,
    span: range,
    precinct_col: int,
    plains: list[bool],
    parties: dict[int, str | None],
    plain_row: list[tuple[int, str, str | None]] | None,
    stacked_inline: tuple[bool, bool],
    checks: dict[int, str],
) -> None:
    """The contest's rows one by one: units, their vote-type rows, totals, headings, errors
    (``stacked_inline``: a block of a stacked sheet; units' vote-type rows named with the unit)."""
    stacked, inline_types = stacked_inline
    builder, sheet = units.builder, units.sheet
    names = builder.names
    rows = sheet.rows
    heading: str | None = None
    for r in span:
        row = rows[r]
        label = row[precinct_col] if precinct_col < len(row) else None
        values = units.values(r, row, lambda: names[label] if not is_blank(label) else "")  # noqa: B023
        if values is None:
            if not is_blank(label):
                heading = names[label]  # a group heading ("County", "Park"), or a unit over its vote types
                units.skipped(r, precinct_col, heading)
            continue
        precinct = names[label] if not is_blank(label) else ""
        if units.is_total(precinct, values):
            units.total(r, precinct_col, precinct, values, keep_statistics=heading is None)
            heading = None
            continue
        if units.unit_adding_up:
            units.warn_unit_adding_up(r, precinct_col, precinct)
        inline = _INLINE_TYPE.match(precinct) if inline_types and " - " in precinct else None
        if inline and normalise_header(inline.group(2)) in _ROW_VOTE_TYPES:  # "Pct 1 - Polling"
            _add_unit_row(
                units,
                r,
                (None, inline.group(1)),
                values,
                [False] * len(plains),
                parties,
                row_type=inline.group(2),
            )
            continue
        vote_type = _ROW_VOTE_TYPES.get(normalise_header(precinct)) if heading else None
        if heading and vote_type:  # "Polling", "Vote By Mail"... under the unit's name, then its Total
            _add_unit_row(
                units, r, (None, heading), values, [False] * len(plains), parties, row_type=precinct
            )
            continue
        heading = None
        if not precinct:
            builder.log.error(
                sheet.name,
                sheet.cell(r, precinct_col),
                "this row holds counts but no unit name, and they are not the sum of the "
                "units above it; name the unit or remove the row",
            )
            continue
        _add_unit_row(units, r, (None, precinct), values, plains, parties, stacked, plain_row=plain_row)
        if checks:
            _check_vote_types(units, r, row, values, checks)


def _read_as_block(
    units: UnitRows,
    span: range,
    unit_col: int,
    plain_row: list[tuple[int, str, str | None]],
    checks: dict[int, str],
) -> bool:
    """The rows read as one block of whole counts (``sovc_block``), when they are one, their Total
    Votes columns checked as the per-row reader checks them; False, nothing read, when not."""
    if any(choice != ROW_TOTAL for choice in checks.values()):
        return False  # a candidate's total over vote types: row by row
    parts = [j for j, (_c, choice, _t) in enumerate(units.columns) if _in_row_total(choice)]
    rows = units.sheet.rows

    def check_row(r: int, counts: list[int]) -> None:
        _check_vote_types(units, r, rows[r], counts, checks)  # type: ignore[arg-type]

    return read_whole_block(units, span, unit_col, plain_row, [(c, parts) for c in checks], check_row)


# a unit's vote-type row named with the unit: "Pct 1 - Polling", "Pct 1 - Vote By Mail"
_INLINE_TYPE = re.compile(r"^(.+?)\s+-\s+(.+)$")


def _has_inline_types(sheet: Sheet, span: range, col: int) -> bool:
    """Whether a unit's vote-type rows are named with the unit (``Pct 1 - Polling``): read row by
    row, each such row a vote type of its unit, not a unit of its own. The reading must be
    confirmed, by a Total row for every such unit (``Pct 1 - Total``) or by every unit of the sheet
    having the same two or more type rows: 'Bay - Early' beside 'Bay - Late' or 'Cove' is a
    precinct's name, and was stored as precinct Bay's vote type with no word (regression sweep, F3)."""
    if not _may_name_inline_types(sheet, span, col):
        return False
    types: dict[str, set[str]] = {}
    totals: set[str] = set()
    plain = False  # a unit row naming no vote type
    for r in span:
        row = sheet.rows[r]
        label = clean_name(row[col]) if col < len(row) and isinstance(row[col], str) else ""
        match = _INLINE_TYPE.match(label) if " - " in label else None
        if match and normalise_header(match.group(2)) in _ROW_VOTE_TYPES:
            types.setdefault(match.group(1), set()).add(normalise_header(match.group(2)))
        elif match and is_total_label(match.group(2)):
            totals.add(match.group(1))
        elif label and not is_total_label(label):
            plain = True
    if not types:
        return False
    if types.keys() <= totals:
        return True
    kinds = {frozenset(found) for found in types.values()}
    return not plain and len(kinds) == 1 and len(next(iter(kinds))) >= 2


def _may_name_inline_types(sheet: Sheet, span: range, col: int) -> bool:
    """Whether a text in the unit column could read as ``<unit> - <type>`` once cleaned: it holds a
    hyphen, or an ``&`` (an HTML name's ``&#45;``, unescaped by ``clean_name``). One pass over the
    raw cells, without cleaning each (a statement's 180,000 unit names were cleaned here for this)."""
    body = sheet.body
    labels: list[object]
    if body is not None and span.start >= body.start and col < len(body.values):  # read by columns
        labels = body.values[col][span.start - body.start : span.stop - body.start]
    else:
        labels = [row[col] for row in map(sheet.rows.__getitem__, span) if col < len(row)]
    try:
        joined = "\x00".join(labels)  # type: ignore[arg-type]  # a column of text: no check per cell
    except TypeError:
        joined = "\x00".join([label for label in labels if isinstance(label, str)])
    return "-" in joined or "&" in joined


def _add_unit_row(
    units: UnitRows,
    r: int,
    key: tuple[None, str],
    values: list[Value],
    plains: list[bool],
    parties: dict[int, str | None],
    portions: bool = False,
    row_type: str | None = None,
    plain_row: list[tuple[int, str, str | None]] | None = None,
) -> None:
    """One unit's counts (``row_type``: the vote type the whole row holds). A redaction note spans
    its row ("REDACTED - INCLUDED IN WELD COUNTY TOTALS"): the blank cells beside it are redacted
    too, not forgotten."""
    builder, sheet, contest = units.builder, units.sheet, units.contest
    if plain_row is not None and row_type is None and not portions and units.whole_row:
        builder.add_plain_row(sheet, r, key, contest, plain_row, values)  # type: ignore[arg-type]
        units.unit(r, values)
        return
    redacted = SUPPRESSED in values
    for (c, choice, vote_type), value, plain in zip(units.columns, values, plains, strict=True):
        if plain and type(value) is int and portions:
            builder.add_portion((sheet, r, c), key, contest, choice, value, parties[c])
        elif plain and type(value) is int:  # most cells: a whole count for a candidate
            builder.add_plain((sheet, r, c), key, contest, choice, value, parties[c])
        elif value is None and not (redacted and statistic_of(choice) is None):
            builder.blank((sheet, r, c), key, contest, choice)
        elif value is not BAD:
            counted = SUPPRESSED if value is None else value
            builder.add((sheet, r, c), key, contest, choice, counted, row_type or vote_type, parties[c])
    units.unit(r, values)


def _check_vote_types(
    units: UnitRows, r: int, row: list[object], values: list[Value], checks: dict[int, str]
) -> None:
    """A choice's Total Votes cell against its vote types in the same unit row; the row's own
    Total Votes (``ROW_TOTAL``) against the row's candidates."""
    for c, choice in checks.items():
        total = _total_cell(units, r, row, c)
        parts = [
            (col, v)
            for (col, name, vote_type), v in zip(units.columns, values, strict=True)
            if (name == choice and vote_type is not None) or (choice == ROW_TOTAL and _in_row_total(name))
        ]
        if total is None or any(type(v) is not int for _c, v in parts):
            continue
        found = sum(v for _c, v in parts if isinstance(v, int))
        if total == found:
            continue
        where, cells = (units.sheet, r, c), cell_range([(units.sheet, r, col) for col, _v in parts])
        note = _redaction_note(units.sheet, row) if choice == ROW_TOTAL else None
        if note is not None:
            units.builder.log.warn(
                units.sheet.name,
                units.sheet.cell(r, c),
                f"{units.contest!r}: the candidates ({cells}) add up to {found} but the row's total "
                f"({units.sheet.cell(r, c)}) says {total}, a difference of {total - found:+d}; "
                f"the row holds a redacted precinct's counts ({note}), which explains it",
            )
            continue
        what = "all choices" if choice == ROW_TOTAL else f"{choice} (its vote types)"
        units.builder.check_total(where, units.contest, what, None, total, found, cells)


def _total_cell(units: UnitRows, r: int, row: list[object], c: int) -> int | None:
    """A unit row's Total Votes cell as a whole count (``7,611`` in a CSV file too). Text or an
    Excel error value there is an error naming the cell, as in a choice's column: a total that
    cannot be read checks nothing. None for that, a blank or a suppressed cell."""
    raw = row[c] if c < len(row) else None
    where = (units.sheet, r, c)
    value = units.builder.count(where, raw, lambda: f"the row's total in {units.contest!r}")
    if value is None and is_blank(raw):
        error = _error_values(units).get(units.sheet.cell(r, c))
        if error is not None:  # python-calamine reads #DIV/0! as a blank cell
            message = f"the spreadsheet error value {error} is not a vote count (the row's total)"
            units.builder.log.error(units.sheet.name, units.sheet.cell(r, c), message)
    return value if type(value) is int else None


def _error_values(units: UnitRows) -> dict[str, str]:
    """The sheet's Excel error cells (``xlsx_errors``), read once per sheet and only when a total
    cell is blank."""
    sheet, source = units.sheet, units.builder.source
    if "xlsx errors" not in sheet.found:
        found = {} if sheet.name is None or source is None else error_cells(Path(source), sheet.name)
        sheet.found["xlsx errors"] = found
    errors: dict[str, str] = sheet.found["xlsx errors"]
    return errors


def _note_row_totals(sheet: Sheet, header_row: int, checks: dict[int, str], builder: ResultsBuilder) -> None:
    for c in (c for c, choice in checks.items() if choice == ROW_TOTAL):
        builder.notes.note(
            "totals", sheet.name, f"column {column_letters(c)}", clean_name(sheet.rows[header_row][c])
        )


@lru_cache(maxsize=1024)  # a few column names, met on every unit row
def _in_row_total(name: str) -> bool:
    """A row's Total Votes counts its candidates and qualified write-ins, not its statistics nor
    its unresolved write-ins (Dominion adds those in only once adjudicated)."""
    text = normalise_header(name)
    return statistic_of(name) is None and text not in ("overvotes", "undervotes") and "unresolved" not in text


_INCLUDED_IN = re.compile(r"included\s+in\s+precinct\s+(\S+)", re.IGNORECASE)


def _redaction_note(sheet: Sheet, row: list[object]) -> str | None:
    """The cell of a redaction note (``REDACTED - INCLUDED IN PRECINCT 6253001243 RESULTS``)
    naming this row's unit: its counts hold the redacted precinct's too. Looked for only when a
    row total differs, which is rare."""
    names = {clean_name(cell) for cell in row if isinstance(cell, str)}
    names |= {str(int(cell)) for cell in row if type(cell) is float and cell.is_integer()}
    for r, other in enumerate(sheet.rows):
        for c, cell in enumerate(other):
            match = _INCLUDED_IN.search(cell) if isinstance(cell, str) else None
            if match and match.group(1) in names:
                return sheet.cell(r, c)
    return None


def _empty_columns(sheet: Sheet, header_row: int, columns: Columns) -> list[int]:
    """Columns that say no one is on the ballot ("There are no candidates for this office") and are
    blank (or 0, as Montrose CO prints it) in every row. Any other blank column stays: its blank
    cells are errors, not nothing."""
    empty = [c for c, (choice, _t, _p) in columns.items() if _NO_CANDIDATES.search(choice)]
    if not empty:  # the usual sheet: its rows need no look
        return []
    for row in sheet.rows[header_row + 1 :]:
        empty = [c for c in empty if c >= len(row) or is_blank(row[c]) or row[c] in (0, "0")]
    return empty


_NO_CANDIDATES = re.compile(r"\bno\s+candidates?\b", re.IGNORECASE)


def _is_suppressed(text: object) -> bool:
    if not isinstance(text, str):
        return False
    try:
        return parse_count(text) == SUPPRESSED
    except CountError:
        return False


def _note_statistics_sheet(sheet: Sheet, header_row: int, builder: ResultsBuilder) -> None:
    builder.notes.note("statistics", sheet.name, f"row {header_row + 1}", "turnout sheet (no contest)")
