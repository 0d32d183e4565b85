"""Precincts as columns ("abstract of votes"): one sheet, a header row of unit names (ending in a
total column), contest-title rows with no numbers, then one row per choice.

The reading of a sheet is a ``Reading``: found by ``find_readings`` (every plausible header row,
best first: the one whose totals reconcile), or given by the user in a layout profile. The wizard
shows ``Reading.roles`` (which rows and columns were read as header, units, totals, percentages,
labels) and re-runs ``read_abstract`` with a corrected ``Reading``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.checks import cell_range, column_is_sum, whole_at
from recount_desktop.importers.headers import VOTE_TYPE_COLUMNS, normalise_header
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.values import (
    clean_name,
    is_blank,
    is_total_label,
    statistic_of,
)

HEADER_SEARCH_ROWS = 30
MIN_UNITS = 2
_PERCENT = re.compile(r"%|percent|share", re.IGNORECASE)
_PARTY_HEADER = ("party", "party code", "affiliation")
_OFFICE_HEADER = ("name of office", "office", "contest", "race")
_DASH_PARTY = re.compile(r"^(.+?)\s+-\s+([A-Za-z][\w .'/()]*)$")
_VOTE_FOR = re.compile(r"vote\s+for\s+(\w+)", re.IGNORECASE)
_TURNOUT = re.compile(
    r"registered|\bvoted\b|actual voting|turn\s*out|%|precinct votes|ballots", re.IGNORECASE
)
_NUMBER = re.compile(r"^[\d,.]+$")
# "Vote for One" alone in the office column, under the contest's title: its seats, not a contest
_SEATS_ONLY = re.compile(r"^\(?\s*vote\s+for\s+(not\s+more\s+than\s+)?\w+\s*\)?$", re.IGNORECASE)
# "Write-ins:" over a contest's write-in candidates (indented names): a heading, not a new contest
_WRITE_IN_HEADING = re.compile(r"^write[- ]?ins?\s*:$", re.IGNORECASE)
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


@dataclass
class _Contest:
    name: str
    row: int
    seats: int | None = None
    choice_rows: list[int] = field(default_factory=list)
    names: dict[str, int] = field(default_factory=dict)


def candidates(book: Book) -> list[Reading]:
    """The abstract readings of the first sheets (units as columns), best first per sheet."""
    return [reading for name in book.sheet_names[:3] for reading in find_readings(book.sheet(name))]


def find_readings(sheet: Sheet) -> list[Reading]:
    """Every header row that could head an abstract, best first."""
    found = []
    for r, row in enumerate(sheet.rows[:HEADER_SEARCH_ROWS]):
        reading = _reading_at(sheet, r, row)
        if reading is not None:
            found.append(reading)
    return sorted(found, key=lambda reading: -reading.score)


def _reading_at(sheet: Sheet, r: int, header: Sequence[object]) -> Reading | None:
    """A header row: unit names over columns that hold whole numbers in the rows below."""
    numeric = _numeric_columns(sheet.rows[r + 1 : r + 60])
    # a header names its columns in text: a row of numbers is a data row, never a header
    named = [c for c in numeric if c < len(header) and _is_text(header[c])]
    totals = [
        c for c in named if is_total_label(clean_name(header[c])) or normalise_header(header[c]) == "totals"
    ]
    skipped = [c for c in named if _PERCENT.search(clean_name(header[c])) or numeric[c] == "fraction"]
    skipped += [c for c in numeric if c not in named and numeric[c] == "fraction"]
    units = [c for c in named if c not in totals and c not in skipped and not _is_label_header(header[c])]
    for c in _sum_columns(sheet.rows[r + 1 :], units):
        units.remove(c)  # a Sub-Total or unlabelled total column: the sum of the units before it
        totals.append(c)
    if len(units) < MIN_UNITS:
        return None
    first = min(units)
    labels = tuple(c for c in range(first) if c not in skipped and c not in numeric)
    if not labels:
        return None
    names = {c: normalise_header(header[c]) for c in labels if c < len(header)}
    party = next((c for c, n in names.items() if n in _PARTY_HEADER), None)
    party = (
        party
        if party is not None
        else next((c for c in named if normalise_header(header[c]) in _PARTY_HEADER), None)
    )
    office = next((c for c, n in names.items() if n in _OFFICE_HEADER), None)
    reading = Reading(
        sheet.name,
        "columns",
        (r,),
        tuple(units),
        tuple(totals),
        tuple(sorted(set(skipped))),
        tuple(c for c in labels if c != party),
        party,
        office,
    )
    return replace(reading, score=_score(sheet, reading))


def _sum_columns(rows: Sequence[Sequence[object]], units: list[int]) -> list[int]:
    """Columns whose every count is the sum of the unit columns left of them (at least two rows
    with votes): totals, whatever their header says."""
    found: list[int] = []
    for i, c in enumerate(units[MIN_UNITS:], start=MIN_UNITS):
        before = [u for u in units[:i] if u not in found]
        if column_is_sum(rows, c, before, MIN_UNITS):
            found.append(c)
    return found


def _is_text(cell: object) -> bool:
    return isinstance(cell, str) and not is_blank(cell) and not _NUMBER.match(cell.strip())


def _is_label_header(cell: object) -> bool:
    return normalise_header(cell) in _PARTY_HEADER


def _numeric_columns(rows: Sequence[Sequence[object]]) -> dict[int, str]:
    """Columns holding numbers in at least two rows: ``"whole"`` counts or ``"fraction"`` shares."""
    whole: dict[int, int] = {}
    fraction: dict[int, int] = {}
    for row in rows:
        for c, cell in enumerate(row):
            if type(cell) is float and not cell.is_integer():
                fraction[c] = fraction.get(c, 0) + 1
            elif type(cell) in (int, float):
                whole[c] = whole.get(c, 0) + 1
    kinds = {c: "whole" for c, n in whole.items() if n >= 2}
    kinds.update({c: "fraction" for c, n in fraction.items() if n >= 2})
    return kinds


def _score(sheet: Sheet, reading: Reading) -> int:
    """Units read, plus total cells that reconcile, minus those that do not."""
    score = len(reading.unit_columns)
    for row in sheet.rows[reading.header_rows[-1] + 1 :]:
        counts = [whole_at(row, c) for c in reading.unit_columns]
        if any(v is None for v in counts):
            continue
        for c in reading.total_columns:
            total = whole_at(row, c)
            if total is not None:
                score += 2 if total == sum(v for v in counts if v is not None) else -2
    return score


def read_abstract_book(
    book: Book, builder: ResultsBuilder, ticker: Ticker, reading: Reading | None = None
) -> None:
    """Each sheet with an abstract's header row; the user's ``reading`` for its sheet, when given
    (a reading with no sheet applies to every sheet: an empty sheet is skipped with a note, any
    other sheet it does not fit is an error naming the sheet)."""
    read = 0
    for index, name in enumerate(book.sheet_names):
        ticker.tick(index, len(book.sheet_names))
        sheet = book.sheet(name)
        chosen = reading if reading is not None and reading.sheet in (name, None) else None
        if chosen is not None and _is_empty(sheet):
            builder.notes.note("skipped", sheet.name, "whole sheet", "empty sheet: nothing to read")
            continue
        if chosen is None:
            found = find_readings(sheet)
            chosen = found[0] if found else None
        if chosen is not None:
            misfit = reading_misfit(sheet, chosen)
            if misfit is not None:
                builder.log.error(sheet.name, misfit[0], misfit[1])
            else:
                read_abstract(sheet, chosen, builder)
            read += 1
    if not read:
        raise builder.log.reject(
            None,
            None,
            "could not recognise an abstract (precincts as columns): looked for a row of unit "
            "names over columns of whole numbers, with choice names on the left",
        )


def _is_empty(sheet: Sheet) -> bool:
    return all(is_blank(cell) for row in sheet.rows for cell in row)


def reading_misfit(sheet: Sheet, reading: Reading) -> tuple[str | None, str] | None:
    """Why ``reading`` cannot be read on ``sheet`` (the cell, the reason), or None when it fits."""
    if not reading.header_rows:
        return None, "the layout names no header row (the row of unit names)"
    r = reading.header_rows[-1]
    if r >= len(sheet.rows):
        return (
            f"row {r + 1}",
            f"the layout's header row {r + 1} is past the sheet's last row ({len(sheet.rows)}); "
            "this layout does not fit this sheet",
        )
    if not reading.unit_columns:
        return f"row {r + 1}", "the layout names no unit columns"
    if not reading.label_columns:
        return f"row {r + 1}", "the layout names no label column (the choice names)"
    header = sheet.rows[r]
    blank = [c for c in reading.unit_columns if c >= len(header) or is_blank(header[c])]
    if blank:
        cells = ", ".join(sheet.cell(r, c) for c in blank[:5])
        more = f" and {len(blank) - 5} more" if len(blank) > 5 else ""
        return (
            sheet.cell(r, blank[0]),
            f"the layout reads column {column_letters(blank[0])} as a unit, but its header cell is "
            f"blank ({cells}{more}); this layout does not fit this sheet",
        )
    return None


def read_abstract(sheet: Sheet, reading: Reading, builder: ResultsBuilder) -> None:
    """Read one sheet the way ``reading`` says; every total cell is checked, none is counted.
    A reading that does not fit the sheet is an error naming the sheet and cell."""
    misfit = reading_misfit(sheet, reading)
    if misfit is not None:
        raise builder.log.reject(sheet.name, misfit[0], misfit[1])
    header = sheet.rows[reading.header_rows[-1]]
    units = {c: clean_name(header[c]) for c in reading.unit_columns}
    _note_columns(sheet, header, reading, builder)
    contest = _header_title(header, reading, builder)
    skip = set(reading.skip_rows)
    pending: _Pending | None = None  # a choice's name row, its counts in the rows below
    for r in range(reading.header_rows[-1] + 1, len(sheet.rows)):
        row = sheet.rows[r]
        if r in skip:
            builder.notes.note("skipped", sheet.name, f"row {r + 1}", _label(row, reading))
            continue
        label = _label(row, reading)
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
            builder.notes.note("skipped", sheet.name, f"row {r + 1}", label or "(no label)")
            continue
        _choice_row(sheet, r, row, label, contest, units, reading, builder)


def _office_row(
    office: str, r: int, contest: _Contest | None, pending: _Pending | None, builder: ResultsBuilder
) -> tuple[_Contest | None, _Pending | None]:
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
    contest: _Contest | None,
    pending: _Pending | None,
    reading: Reading,
    builder: ResultsBuilder,
) -> tuple[_Contest | None, _Pending | None]:
    """A row with no counts: a "Write-ins:" heading (the contest's write-ins follow), a choice's
    name over its count rows, or a contest title."""
    if contest is not None and _WRITE_IN_HEADING.match(label):
        builder.notes.note("skipped", sheet.name, f"row {r + 1}", label)
        return contest, pending
    if not label or office:
        return contest, pending
    if contest is not None and _names_a_choice(sheet, r, reading):
        return contest, _Pending(label, r)
    return _title(label, r, contest, builder), None


def _note_columns(sheet: Sheet, header: Sequence[object], reading: Reading, builder: ResultsBuilder) -> None:
    for c in reading.total_columns:
        label = clean_name(header[c]) if c < len(header) else ""
        builder.notes.note("totals", sheet.name, f"column {column_letters(c)}", label)
    for c in reading.skipped_columns:
        label = clean_name(header[c]) if c < len(header) else ""
        builder.notes.note("skipped", sheet.name, f"column {column_letters(c)}", label or "vote shares")


@dataclass
class _Pending:
    """A choice's name on a row of its own: its counts follow on one unlabelled row (name and count
    rows alternating), or on vote-type rows (``Polling Place``, ``Early``, ``Mail-In``) closed by an
    unlabelled row that is their total."""

    name: str
    row: int
    type_rows: list[int] = field(default_factory=list)


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
    pending: _Pending,
    contest: _Contest,
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
        _choice_row(sheet, r, row, pending.name, contest, units, reading, builder, vote_type, first)
        return "more"
    if label:
        return "no"
    if pending.type_rows:
        _check_types_total(sheet, r, pending, contest, units, reading, builder)
    else:
        _choice_row(sheet, r, row, pending.name, contest, units, reading, builder)
    return "done"


def _check_types_total(
    sheet: Sheet,
    r: int,
    pending: _Pending,
    contest: _Contest,
    units: dict[int, str],
    reading: Reading,
    builder: ResultsBuilder,
) -> None:
    """The unlabelled row under a choice's vote-type rows is their total: checked per unit (and
    per total column), never added in."""
    row = sheet.rows[r]
    builder.notes.note("totals", sheet.name, f"row {r + 1}", f"total of {pending.name}")
    for c in (*units, *reading.total_columns):
        what = f"total of {pending.name}" + (f" in {units[c]}" if c in units else "")
        total = builder.count((sheet, r, c), row[c] if c < len(row) else None, what)
        counts = [whole_at(sheet.rows[tr], c) for tr in pending.type_rows]
        if not isinstance(total, int) or all(v is None for v in counts):
            continue
        cells = cell_range([(sheet, tr, c) for tr in pending.type_rows])
        found = sum(v for v in counts if v is not None)
        builder.check_total((sheet, r, c), contest.name, pending.name, None, total, found, cells)


_CAPTION = re.compile(r"office|candidate|\bname\b|contest|race", re.IGNORECASE)


def _header_title(header: Sequence[object], reading: Reading, builder: ResultsBuilder) -> _Contest | None:
    """San Miguel's first contest title sits in the header row, left of the unit names."""
    label = _label(header, reading)
    if not label or _CAPTION.search(label):
        return None  # "OFFICE/CANDIDATE", "NAME OF OFFICE": captions, not a contest
    return _start_contest(label, reading.header_rows[-1], builder)


def _label(row: Sequence[object], reading: Reading) -> str:
    texts = [clean_name(row[c]) for c in reading.label_columns if c < len(row) and c != reading.office_column]
    return " ".join(t for t in texts if t)


def _office(row: Sequence[object], reading: Reading) -> str:
    c = reading.office_column
    return clean_name(row[c]) if c is not None and c < len(row) and not is_blank(row[c]) else ""


_SECTION = re.compile(r"\bticket$", re.IGNORECASE)  # "PRESIDENTIAL TICKET", "School Ticket": headings


def _title(label: str, r: int, contest: _Contest | None, builder: ResultsBuilder) -> _Contest:
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


def _start_contest(title: str, r: int, builder: ResultsBuilder) -> _Contest:
    contest = _Contest(title, r)
    _set_seats(contest, title, builder)
    return contest


def _set_seats(contest: _Contest, text: str, builder: ResultsBuilder) -> None:
    """``Vote for FOUR`` in the title, or on a line of its own under it: the contest's seats."""
    match = _VOTE_FOR.search(text)
    if match:
        word = match.group(1).lower()
        seats = int(word) if word.isdigit() else _NUMBER_WORDS.get(word)
        if seats:
            builder.seats[contest.name] = seats


def _choice_row(
    sheet: Sheet,
    r: int,
    row: Sequence[object],
    label: str,
    contest: _Contest,
    units: dict[int, str],
    reading: Reading,
    builder: ResultsBuilder,
    vote_type: str | None = None,
    new_line: bool = True,
) -> None:
    """One choice's counts (of one vote type, when given); ``new_line`` False for the second and
    later vote types of a choice already counted as a line."""
    name, party = _name_and_party(label, row, reading)
    if statistic_of(name) or _TURNOUT.search(name):
        builder.notes.note("statistics", sheet.name, sheet.cell(r, reading.label_columns[0]), name)
        return
    if is_total_label(name):
        builder.notes.note("totals", sheet.name, sheet.cell(r, reading.label_columns[0]), name)
        _check_total_row(sheet, r, row, contest, units, builder)
        return
    contest.choice_rows.append(r)
    repeated = contest.names.get(name, 0) if new_line else 0
    contest.names[name] = repeated + (1 if new_line else 0)
    if repeated:  # "Write-In Provision" on three lines of one contest: three lines, told apart
        name = f"{name} ({repeated + 1})"
        builder.log.warn(
            sheet.name,
            sheet.cell(r, reading.label_columns[0]),
            f"{contest.name!r} has a second line named like an earlier one; read as {name!r}",
        )
    counts: dict[int, int] = {}
    places: list[tuple[Sheet, int, int]] = []
    whole = True
    for c, unit in units.items():
        raw = row[c] if c < len(row) else None
        where = (sheet, r, c)
        value = builder.count(where, raw, lambda: f"{name} in {unit}, {contest.name}")  # noqa: B023
        if value is None:
            continue  # blank or N/A: the unit does not vote in this contest
        builder.add(where, (None, unit), contest.name, name, value, vote_type, party)
        places.append(where)
        if isinstance(value, int):
            counts[c] = value
        else:
            whole = False
    for c in reading.total_columns:  # each total column closes the units left of it
        total = builder.count((sheet, r, c), row[c] if c < len(row) else None, f"total of {name}")
        closed = [w for w in places if w[2] < c]
        if isinstance(total, int) and whole and closed:
            found = sum(counts[w[2]] for w in closed)
            cells = cell_range(closed)
            builder.check_total((sheet, r, c), contest.name, name, vote_type, total, found, cells)


def _is_no_count(raw: object) -> bool:
    return isinstance(raw, str) and clean_name(raw).lower() in ("n/a", "na")


def _check_total_row(
    sheet: Sheet,
    r: int,
    row: Sequence[object],
    contest: _Contest,
    units: dict[int, str],
    builder: ResultsBuilder,
) -> None:
    """A ``Total`` row under a contest's choices: every unit's total against its choices."""
    for c, unit in units.items():
        total = whole_at(row, c)
        if total is None:
            continue
        found = sum(whole_at(sheet.rows[cr], c) or 0 for cr in contest.choice_rows)
        if total != found:
            cells = cell_range([(sheet, cr, c) for cr in contest.choice_rows])
            builder.check_total(
                (sheet, r, c), contest.name, f"all choices in {unit}", None, total, found, cells
            )


def _name_and_party(label: str, row: Sequence[object], reading: Reading) -> tuple[str, str | None]:
    """``Name - Party`` in one cell, or the party in a column of its own."""
    if reading.party_column is not None and reading.party_column < len(row):
        party = clean_name(row[reading.party_column]) or None
        return label, party
    match = _DASH_PARTY.match(label)
    if match and not label.lower().startswith("write"):
        return match.group(1).strip(), match.group(2).strip()
    return label, None
