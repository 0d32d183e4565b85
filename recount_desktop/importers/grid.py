"""Precincts as columns ("abstract of votes"): one sheet, a header row of unit names (ending in a
total column), contest-title rows with no numbers, then one row per choice.

The reading of a sheet is a ``Reading``: found by ``abstract_find.find_readings`` (every plausible
header row, best first: the one whose totals reconcile), or given by the user in a layout profile.
This module walks the rows under the header: contest titles, "Vote for N" lines, a choice's name
over its vote-type rows; ``abstract_lines`` reads each line's counts and checks its totals.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from recount_desktop.importers.abstract_find import (
    candidates,
    find_readings,
    grouped_units,
    reading_misfit,
    unread_columns,
)
from recount_desktop.importers.abstract_lines import (
    OpenContest,
    PendingChoice,
    check_types_total,
    choice_row,
    close_contest,
    header_said,
    is_choice_name,
    note_lone_count,
    note_unit_columns,
)
from recount_desktop.importers.axes import (
    CAPTION,
    PARTY_LINE,
    UNIT_CAPTION,
    two_ways,
    undecided,
    units_axis,
)
from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.headers import (
    VOTE_TYPE_COLUMNS,
    is_long_header_row,
    is_total_like_header,
    is_unit_header,
    normalise_header,
)
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.values import clean_name, is_blank, number_in_text
from recount_desktop.importers.xlsx_errors import error_cells

__all__ = ["candidates", "find_readings", "read_abstract", "read_abstract_book", "reading_misfit"]

_VOTE_FOR = re.compile(r"vote\s+for\s+(\w+)", re.IGNORECASE)
# "Vote for One" alone in the office column, under the contest's title: its seats, not a contest
_SEATS_ONLY = re.compile(r"^\(?\s*vote\s+for\s+(not\s+more\s+than\s+)?\w+\s*\)?$", re.IGNORECASE)
# "Write-ins:" over a contest's write-in candidates (indented names): a heading, not a new contest
_WRITE_IN_HEADING = re.compile(r"^write[- ]?ins?\s*:$", re.IGNORECASE)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def read_abstract_book(
    book: Book, builder: ResultsBuilder, ticker: Ticker, reading: Reading | None = None
) -> None:
    """Each sheet with an abstract's header row; the user's ``reading`` for its sheet, when given
    (a reading with no sheet applies to every sheet: an empty sheet is skipped with a note, any
    other sheet it does not fit is an error naming the sheet)."""
    read = 0
    for index, name in enumerate(book.sheet_names):
        ticker.tick(index, len(book.sheet_names))
        sheet = book.sheet(name).counted()  # counts stored as text (a CSV) found as numbers
        chosen = reading if reading is not None and reading.sheet in (name, None) else None
        if chosen is not None and _is_empty(sheet):
            builder.notes.note("skipped", sheet.name, "whole sheet", "empty sheet: nothing to read")
            continue
        if chosen is None:
            found = find_readings(sheet)
            chosen = found[0] if found else None
            if chosen is not None and reading is not None and reading.by_user:
                chosen = replace(chosen, by_user=True)  # the user chose the abstract for this book
        if chosen is not None:
            misfit = reading_misfit(sheet, chosen)
            if misfit is not None:
                builder.log.error(sheet.name, misfit[0], misfit[1])
            elif not _reads_both_ways(sheet, chosen, builder, one_sheet=len(book.sheet_names) == 1):
                read_abstract(sheet, chosen, builder)
            read += 1
    if not read:
        raise builder.log.reject(
            None,
            None,
            "could not recognise an abstract (precincts as columns): looked for a row of unit "
            "names over columns of whole numbers, with choice names on the left",
        )


def _reads_both_ways(sheet: Sheet, reading: Reading, builder: ResultsBuilder, one_sheet: bool) -> bool:
    """Automatic detection on a one-contest table whose cells read clean both ways (units along the
    header row, or down the label column): read as an abstract only when its names say the header
    row holds the units; else refused naming its corner and both axes (the interpreter reads a
    one-sheet file's table as a statement itself when its names say so). The user's reading is
    read as chosen."""
    if reading.by_user:
        return False
    table = two_ways(sheet, reading)
    if table is None:
        return False
    axis, why = units_axis(table)
    if axis == "columns":
        return False
    if axis == "rows":
        why = f"its names say the units are down the column ({why.split(': ', 1)[1]})"
    builder.log.error(
        sheet.name, sheet.cell(table.row - 1, table.label_column), undecided(table, why, one_sheet)
    )
    return True


def _is_empty(sheet: Sheet) -> bool:
    return all(is_blank(cell) for row in sheet.rows for cell in row)


def read_abstract(sheet: Sheet, reading: Reading, builder: ResultsBuilder) -> None:  # noqa: PLR0912
    """Read one sheet the way ``reading`` says; every total cell is checked, none is counted.
    A reading that does not fit the sheet is an error naming the sheet and cell."""
    misfit = reading_misfit(sheet, reading)
    if misfit is not None:
        raise builder.log.reject(sheet.name, misfit[0], misfit[1])
    header = sheet.rows[reading.header_rows[-1]]
    units = {c: clean_name(header[c]) for c in reading.unit_columns}
    _note_columns(sheet, header, reading, builder)
    _check_every_count_read(sheet, reading, builder)
    note_unit_columns(sheet, reading, builder)  # sums named like units
    contest = _header_title(header, reading, builder)
    skip = set(reading.skip_rows)
    pending: PendingChoice | None = None  # a choice's name row, its counts in the rows below
    opened: list[OpenContest] = []
    for r in range(reading.header_rows[-1] + 1, len(sheet.rows)):
        if contest is not None and (not opened or opened[-1] is not contest):
            opened.append(contest)
        row = sheet.rows[r]
        if r in skip:
            builder.notes.note("skipped", sheet.name, f"row {r + 1}", _label(row, reading))
            continue
        label = _label(row, reading)
        if not label and _unit_names_again(row, reading):  # a page's header: its own units below
            reading = _page_reading(row, reading)
            units = {c: clean_name(row[c]) for c in reading.unit_columns}
            builder.notes.note(
                "skipped", sheet.name, f"row {r + 1}", f"unit names: {', '.join(units.values())}"
            )
            continue
        has_counts = _has_counts(row, reading)
        office = _office(row, reading)
        if office:
            contest, pending = _office_row(office, r, contest, pending, builder)
        if not has_counts:
            contest, pending = _text_row(sheet, r, label, bool(office), contest, pending, reading, builder)
            continue
        if pending is not None and contest is not None:
            used = _pending_row(sheet, r, label, pending, contest, units, reading, builder)
            pending = pending if used == "more" else None
            if used != "no":
                continue
        if contest is None or not label:
            _row_of_no_contest(sheet, r, label, contest, reading, builder)
            continue
        choice_row(sheet, r, row, label, contest, units, reading, builder)
    if contest is not None and (not opened or opened[-1] is not contest):
        opened.append(contest)
    if any(each.blanks for each in opened):
        errors = error_cells(builder.source, sheet.name) if builder.source and sheet.name else {}
        for each in opened:
            close_contest(each, builder, errors)


def _check_every_count_read(sheet: Sheet, reading: Reading, builder: ResultsBuilder) -> None:
    """Every count cell of the table is read, checked as a total or skipped as a share: a column of
    counts under no unit name, or unit names grouped under contest names in the row above (a wide
    sheet read as an abstract), is an error, never counts silently dropped or folded together."""
    r = reading.header_rows[-1]
    if not reading.by_user and is_long_header_row(sheet.rows[r]):  # its precinct IDs read as votes
        builder.log.error(
            sheet.name,
            sheet.cell(r, 0),
            f"row {r + 1} names a long table's columns (a precinct, a contest and a choice): each row "
            "below is one count, not an abstract's choice over unit columns. Choose the long layout "
            "(import --format long)",
        )
        return
    for c, rows in unread_columns(sheet, reading, least=1):
        if len(rows) == 1:
            note_lone_count(sheet, r, (rows[0], c), builder)
            continue
        cells = f"{sheet.cell(rows[0], c)}:{sheet.cell(rows[-1], c)}"
        said = header_said(sheet, r, c)
        builder.log.error(
            sheet.name,
            cells,
            f"{cells} hold counts under no unit name (header cell {sheet.cell(r, c)} {said}), "
            "and they are not the sum of the unit columns left of them: they would be left out. "
            "Choose the header row or unit columns that name them, or skip the column in the layout",
        )
    if not _check_unit_caption(sheet, reading, builder):
        _check_units_named_as_candidates(sheet, reading, builder)
    groups = grouped_units(sheet, reading)
    if groups:
        named = ", ".join(f"{name!r} over column {column_letters(c)}" for c, name in groups)
        builder.log.error(
            sheet.name,
            sheet.cell(r - 1, groups[0][0]),
            f"row {r} groups the unit columns under names ({named}): the names in row {r + 1} look "
            "like choices under contests (a wide sheet), not units; read as units, each contest's "
            "counts would be added together. Choose the wide layout, or the header rows, in a profile",
        )


def _row_of_no_contest(
    sheet: Sheet, r: int, label: str, contest: OpenContest | None, reading: Reading, builder: ResultsBuilder
) -> None:
    """A count row read as no contest's line is skipped with a note; in the user's reading, a named
    line above every contest title is an error: its counts would be left out (a statement of votes
    cast read as an abstract, its precincts down the left under the header row of candidates)."""
    builder.notes.note("skipped", sheet.name, f"row {r + 1}", label or "(no label)")
    if not (reading.by_user and contest is None and label and is_choice_name(label)):
        return
    builder.log.error(
        sheet.name,
        sheet.cell(r, reading.label_columns[0]),
        f"row {r + 1} ({label!r}) holds counts but no contest title is above it (a row of text with "
        f"no counts, under the header row {reading.header_rows[-1] + 1}): its counts would be left out. "
        "If the names down the left are units (a statement of votes cast), choose a layout with units "
        "as rows; else skip the row in the layout",
    )


def _check_unit_caption(sheet: Sheet, reading: Reading, builder: ResultsBuilder) -> bool:
    """A label column headed ``Precinct`` holds units, so the header row names choices (a statement
    of votes cast read clean as a transposed abstract): refused in automatic detection. The user who
    says the row names the units (the wizard's abstract layout, a profile) has it read so, the
    corner cell being the row's caption; unless a contest title sits beside that caption in the
    header row itself (``_caption_beside_title``)."""
    r = reading.header_rows[-1]
    for c in reading.label_columns:
        caption = clean_name(sheet.rows[r][c]) if c < len(sheet.rows[r]) else ""
        if not (UNIT_CAPTION.search(caption) or is_unit_header(caption)):
            continue
        if reading.by_user:
            if _caption_beside_title(sheet, reading, c, caption, builder):
                return True
        else:
            builder.log.error(
                sheet.name,
                sheet.cell(r, c),
                f"column {column_letters(c)} is headed {caption!r}: the names down it are units, so "
                f"the names along row {r + 1} are choices (units as rows), not an abstract's unit "
                "columns: a statement of votes cast. Automatic detection reads a statement only from a "
                "workbook of two or more contest sheets (each a unit column under the contest's title "
                "rows) or a sheet of stacked contest blocks, and this file has neither. Choose the "
                "statement layout in the import wizard, or import --format sovc: the contest is named "
                "by a title row above the header row, or with none it is named from the file's name "
                "(check that its choices are one contest's: each party of a primary is a contest of "
                "its own). "
                f"If row {r + 1} does name the units ({caption!r} being its "
                "caption), choose the abstract layout in the import wizard, or give a layout profile "
                "(import --profile FILE)",
            )
            return True
    return False


def _caption_beside_title(
    sheet: Sheet, reading: Reading, c: int, caption: str, builder: ResultsBuilder
) -> bool:
    """The user's reading, a unit caption in label column ``c`` and a contest title in another
    label column of the header row (Yellowstone's ``UNITED STATES SENATOR | Precinct | JON TESTER
    Democrat``): the caption heads the unit names down its column, under the contest's title, and
    the row names the contest's choices. Read as an abstract, the title opened a contest whose
    choices were the precincts, its units the candidates: clean, and transposed. Refused."""
    r = reading.header_rows[-1]
    row = sheet.rows[r]
    for t in reading.label_columns:
        title = clean_name(row[t]) if t != c and t < len(row) else ""
        if not title or CAPTION.search(title) or is_unit_header(title) or UNIT_CAPTION.search(title):
            continue
        builder.log.error(
            sheet.name,
            sheet.cell(r, c),
            f"column {column_letters(c)} is headed {caption!r} beside the contest title {title!r} "
            f"({sheet.cell(r, t)}) in the header row {r + 1} itself: the names down column "
            f"{column_letters(c)} are units and the names along row {r + 1} are the contest's choices (a "
            "statement of votes cast, units as rows). Read as an abstract, its precincts would be "
            "counted as candidates. Choose the statement layout (units as rows) in the import wizard, "
            "or import --format sovc",
        )
        return True
    return False


def _check_units_named_as_candidates(sheet: Sheet, reading: Reading, builder: ResultsBuilder) -> None:
    """A unit column headed by a name over its party on a line of its own (``JON TESTER\nDemocrat``)
    heads a candidate: the names along the header row are choices and the names down the left are
    units (a statement of votes cast). Read as an abstract it would read clean, transposed: refused
    in automatic detection, naming the cell. The user who chose the abstract reading (a wizard
    layout, --format, a profile) has it read so, with a warning, when only some headers carry a
    party; when every one does, its candidates would be stored as precincts: refused too, naming
    the cells (a code that is no party, ``Adams\n(ADA)``, is no party line)."""
    r = reading.header_rows[-1]
    found = [(c, lines) for c in reading.unit_columns if (lines := _name_over_party(sheet.rows[r], c))]
    if not found:
        return
    c, lines = found[0]
    said = (
        f"{sheet.cell(r, c)} ({' / '.join(lines)!r}) names a candidate over a party, not a unit: the "
        f"names along row {r + 1} look like choices and the names down the left like units (a "
        "statement of votes cast, units as rows)"
    )
    if not reading.by_user:
        builder.log.error(
            sheet.name,
            sheet.cell(r, c),
            f"{said}. Read as an abstract, its precincts would be counted as candidates. Choose "
            "the statement layout (units as rows) in the import wizard, or import --format sovc",
        )
    elif len(found) < len(reading.unit_columns):
        builder.log.warn(sheet.name, sheet.cell(r, c), f"{said}; read as units, as the layout chosen says")
    else:
        cells = ", ".join(sheet.cell(r, c) for c, _ in found)
        builder.log.error(
            sheet.name,
            sheet.cell(r, c),
            f"every unit header along row {r + 1} ({cells}) names a candidate over a party, not a "
            f"unit ({' / '.join(lines)!r}): read as units, as the layout chosen says, the candidates "
            "would be stored as precincts and the precincts down the left as candidates. Choose the "
            "statement layout (units as rows) in the import wizard, or import --format sovc",
        )


def _name_over_party(row: list[object], c: int) -> list[str]:
    """A header cell's lines when its last line is a known party under a name, else none."""
    cell = row[c] if c < len(row) else None
    text = cell if isinstance(cell, str) else ""
    lines = [clean_name(line) for line in text.replace("\r", "\n").split("\n") if clean_name(line)]
    return lines if len(lines) >= 2 and PARTY_LINE.match(lines[-1]) else []


def _office_row(
    office: str, r: int, contest: OpenContest | None, pending: PendingChoice | None, builder: ResultsBuilder
) -> tuple[OpenContest | None, PendingChoice | None]:
    """A name in the office column starts a contest; "Vote for One" alone there (under the title,
    on the first choice's row) is that contest's seats."""
    if contest is not None and _SEATS_ONLY.match(office):
        _set_seats(contest, office, builder)
        return contest, pending
    return _start_contest(office, r, builder), None


def _text_row(
    sheet: Sheet,
    r: int,
    label: str,
    office: bool,
    contest: OpenContest | None,
    pending: PendingChoice | None,
    reading: Reading,
    builder: ResultsBuilder,
) -> tuple[OpenContest | None, PendingChoice | None]:
    """A row with no counts: a "Write-ins:" heading (the contest's write-ins follow), a choice's
    name over its count rows, or a contest title."""
    if contest is not None and _WRITE_IN_HEADING.match(label):
        builder.notes.note("skipped", sheet.name, f"row {r + 1}", label)
        return contest, pending
    if not label or office:
        return contest, pending
    if contest is not None and _names_a_choice(sheet, r, reading):
        return contest, PendingChoice(label, r)
    return _title(label, r, contest, builder), None


def _note_columns(sheet: Sheet, header: Sequence[object], reading: Reading, builder: ResultsBuilder) -> None:
    for c in reading.total_columns:
        label = clean_name(header[c]) if c < len(header) else ""
        builder.notes.note("totals", sheet.name, f"column {column_letters(c)}", label)
    for c in reading.skipped_columns:
        label = clean_name(header[c]) if c < len(header) else ""
        builder.notes.note("skipped", sheet.name, f"column {column_letters(c)}", label or "vote shares")


# rows of a choice's vote types, under the choice's name and over their unlabelled total row
_ROW_VOTE_TYPES = {
    *VOTE_TYPE_COLUMNS,
    "polling",
    "polling place",
    "polls",
    "vote centers",
    "vote center",
    "vote by mail",
    "mail-in",
    "mail in",
    "in-office",
    "in office",
    "early voting",
    "provisionals",
    "absentee",
}


def _vote_type(label: str) -> str | None:
    return label if label and normalise_header(label) in _ROW_VOTE_TYPES else None


def _unit_names_again(row: Sequence[object], reading: Reading) -> bool:
    """A row under no label naming every unit column anew (``Pct 4 | Pct 5 | Total``): the header of
    the sheet's next page, whose precincts are other than the first page's."""
    cells = [row[c] if c < len(row) else None for c in reading.unit_columns]
    while cells and is_blank(cells[-1]):  # a shorter last page
        cells.pop()
    texts = all(isinstance(cell, str) and clean_name(cell) and number_in_text(cell) is None for cell in cells)
    return texts and sum(1 for cell in cells if not is_total_like_header(cell)) >= MIN_PAGE_UNITS


MIN_PAGE_UNITS = 2  # a page's header names two units or more (one name is a choice's line)


def _page_reading(row: Sequence[object], reading: Reading) -> Reading:
    """The reading of a page under its own header row: its named columns, those headed as totals
    (``Total`` where page 1 had ``Pct 3``) checked over the page's units, never counted."""
    columns = (*reading.unit_columns, *reading.total_columns)
    named = [c for c in columns if c < len(row) and not is_blank(row[c])]
    totals = [c for c in named if is_total_like_header(row[c])]
    units = [c for c in named if c not in totals]
    return replace(reading, unit_columns=tuple(units), total_columns=tuple(totals))


def _has_counts(row: Sequence[object], reading: Reading) -> bool:
    return any(not is_blank(row[c]) for c in reading.unit_columns if c < len(row))


def _names_a_choice(sheet: Sheet, r: int, reading: Reading) -> bool:
    """A text row is a choice's name (not a contest title) when the next row holds counts under
    no label, or under a vote type."""
    for below in sheet.rows[r + 1 :]:
        label = _label(below, reading)
        if not label and not _has_counts(below, reading):
            continue  # a blank spacer row
        return _has_counts(below, reading) and (not label or _vote_type(label) is not None)
    return False


def _pending_row(
    sheet: Sheet,
    r: int,
    label: str,
    pending: PendingChoice,
    contest: OpenContest,
    units: dict[int, str],
    reading: Reading,
    builder: ResultsBuilder,
) -> str:
    """A count row under a choice's name row: ``"more"`` (a vote type; more may follow),
    ``"done"`` (its counts, or its vote types' total) or ``"no"`` (not its row: the name is done)."""
    row = sheet.rows[r]
    vote_type = _vote_type(label)
    if vote_type is not None:
        first = not pending.type_rows
        pending.type_rows.append(r)
        choice_row(sheet, r, row, pending.name, contest, units, reading, builder, vote_type, first)
        return "more"
    if label:
        return "no"
    if pending.type_rows:
        check_types_total(sheet, r, pending, contest, units, reading, builder)
    else:
        choice_row(sheet, r, row, pending.name, contest, units, reading, builder)
    return "done"


def _header_title(header: Sequence[object], reading: Reading, builder: ResultsBuilder) -> OpenContest | None:
    """San Miguel's first contest title sits in the header row, left of the unit names."""
    label = _label(header, reading)
    if not label or CAPTION.search(label) or is_unit_header(label):
        return None  # "OFFICE/CANDIDATE", "NAME OF OFFICE", "Precinct": captions, not a contest
    return _start_contest(label, reading.header_rows[-1], builder)


def _label(row: Sequence[object], reading: Reading) -> str:
    texts = [clean_name(row[c]) for c in reading.label_columns if c < len(row) and c != reading.office_column]
    return " ".join(t for t in texts if t)


def _office(row: Sequence[object], reading: Reading) -> str:
    c = reading.office_column
    return clean_name(row[c]) if c is not None and c < len(row) and not is_blank(row[c]) else ""


_SECTION = re.compile(r"\bticket$", re.IGNORECASE)  # "PRESIDENTIAL TICKET", "School Ticket": headings


def _title(label: str, r: int, contest: OpenContest | None, builder: ResultsBuilder) -> OpenContest:
    """A row of text with no numbers is a contest title. Title rows in a row make one title
    ("PONCA COMMUNITY SCHOOL DISTRICT 001" over "FOR MEMBER OF BOARD OF EDUCATION"), except a
    section heading such as "COUNTY TICKET", which names no contest."""
    if (
        contest is not None
        and not contest.choice_rows
        and contest.row == r - 1
        and not _SECTION.search(contest.name)
    ):
        return _start_contest(f"{contest.name} - {label}", r, builder)
    return _start_contest(label, r, builder)


def _start_contest(title: str, r: int, builder: ResultsBuilder) -> OpenContest:
    contest = OpenContest(title, r)
    _set_seats(contest, title, builder)
    return contest


def _set_seats(contest: OpenContest, text: str, builder: ResultsBuilder) -> None:
    """``Vote for FOUR`` in the title, or on a line of its own under it: the contest's seats."""
    match = _VOTE_FOR.search(text)
    if match:
        word = match.group(1).lower()
        seats = int(word) if word.isdigit() else _NUMBER_WORDS.get(word)
        if seats:
            builder.seats[contest.name] = seats
