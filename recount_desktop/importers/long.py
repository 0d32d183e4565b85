"""The ``long`` layout: one row per precinct x contest x choice (OpenElections CSV, Montana's state
file, Cache County's sheets) and the template's Tallies sheet, which is the same shape.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from recount_desktop.importers.builder import CsvNames, ResultsBuilder, Ticker
from recount_desktop.importers.headers import LONG_FIELDS, Header, find_long_header, match_header
from recount_desktop.importers.long_portions import Key as PortionKey
from recount_desktop.importers.long_portions import (
    Portions,
    portion_column,
    split_vote_types,
    tabulator_column,
)
from recount_desktop.importers.long_unnamed import (
    check_unnamed_counts,
    explaining_columns,
    types_closing_the_gap,
)
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.questions import SIDE_PARTIES, PartySides, side_of
from recount_desktop.importers.reading import Reading, masked
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.values import clean_name, is_blank, is_total_label

TICK_ROWS = 5000
DETECT_SHEETS = 10  # a long file's precinct sheet is among its first few; SOVC books have hundreds
_WRITE_IN_DISTRICT = ("wri", "write-in", "write in", "writein")  # El Paso marks write-in rows so
_NO_DISTRICT = ("na", "n/a", "none")
_MANGLED_ID = re.compile(r"^\d(\.\d+)?E\+\d+$", re.IGNORECASE)
LOOKED_FOR = (
    "a header row naming a precinct (Precinct, Precinct Name, Ward - Precinct, District), "
    "a contest (Contest, Office, Race), a choice (Choice, Candidate, Name, Option) and votes "
    "(Votes, Total Votes, Total)"
)


def candidates(book: Book) -> list[Reading]:
    """The long reading of the first sheet (of the first few) whose header row names a precinct,
    a contest, a choice and votes; a long file's precinct sheet is among its first few."""
    for name in book.sheet_names[:DETECT_SHEETS]:
        sheet = book.sheet(name)
        header = find_long_header(sheet, LONG_FIELDS)
        if header is not None:
            return [long_reading(sheet.name, header)]
    return []


def long_reading(sheet: str | None, header: Header) -> Reading:
    """``header`` in the user's terms: its row, the unit column and every named column."""
    columns = header.columns
    return Reading(
        sheet,
        "rows",
        (header.row,),
        layout="long",
        unit_column=columns.get("precinct"),
        fields=tuple(sorted(columns.items(), key=lambda item: item[1])),
    )


def given_header(sheet: Sheet, reading: Reading) -> Header:
    """The header a profile names (row and columns); the other named columns of that row that are
    vote types (``Early``, ``Mail``) are read as such, as for a header the importer found."""
    columns = reading.field_columns
    if reading.unit_column is not None:
        columns["precinct"] = reading.unit_column  # the unit column the user picked wins
    row = reading.header_rows[-1]
    cells = list(sheet.rows[row]) if row < len(sheet.rows) else []
    for c in (*columns.values(), *reading.skipped_columns):
        if c < len(cells):
            cells[c] = None  # named by the profile: never also a vote type
    found = match_header(cells, {})
    types = {c: t for c, t in found.vote_type_columns.items() if c not in reading.skipped_columns}
    return Header(row, columns, types if "votes" not in columns else {}, [])


def read_long_book(
    book: Book, builder: ResultsBuilder, ticker: Ticker, reading: Reading | None = None
) -> None:
    """The first sheet with precinct rows is imported; precinct-less sheets check its totals. A
    ``reading`` (from a profile) gives the header of its sheet (or of the first sheet)."""
    main: tuple[Sheet, Header] | None = None
    summaries: list[tuple[Sheet, Header]] = []
    for index, name in enumerate(book.sheet_names):
        sheet = book.sheet(name)
        given = reading is not None and (
            reading.sheet == sheet.name or (reading.sheet is None and index == 0)
        )
        if given and reading is not None:
            header: Header | None = _checked_header(sheet, reading, builder)
            sheet = masked(sheet, reading, builder.notes)
        else:
            header = find_long_header(sheet, LONG_FIELDS, need_precinct=False)
        if header is None:
            continue
        if "precinct" not in header.columns:
            summaries.append((sheet, header))
        elif main is None:
            main = (sheet, header)
        else:
            builder.log.warn(
                sheet.name,
                None,
                f"this sheet also holds precinct results; only sheet "
                f"'{main[0].name}' was imported (choose one with a file of its own)",
            )
    if main is None:
        sheet_label = None if book.is_csv else book.sheet_names[0]
        raise builder.log.reject(
            sheet_label, None, f"could not recognise the long layout; looked for {LOOKED_FOR}"
        )
    if book.is_csv:
        builder.names = CsvNames()  # a name our export protected with an apostrophe, as it was
    builder.find_total_units = True  # a county-total row under a label no one foresaw is found by its sums
    main = (main[0], types_closing_the_gap(main[0], main[1], builder))  # Drop Box beside Mail-In
    main = (main[0], split_vote_types(main[0], main[1], builder))  # Split: Early, Election Day
    read_long_rows(main[0], main[1], builder, ticker)
    check_unnamed_counts(main[0], main[1], builder)
    for sheet, header in summaries:
        read_long_rows(sheet, header, builder, ticker, totals_only=True)


def _checked_header(sheet: Sheet, reading: Reading, builder: ResultsBuilder) -> Header:
    """The profile's header, refused with what is missing when it cannot be read."""
    if not reading.header_rows:
        raise builder.log.reject(sheet.name, None, "the layout names no header row for the long table")
    row = reading.header_rows[-1]
    if row >= len(sheet.rows):
        raise builder.log.reject(
            sheet.name,
            f"row {row + 1}",
            f"the layout's header row {row + 1} is past the sheet's last row ({len(sheet.rows)})",
        )
    header = given_header(sheet, reading)
    missing = [f for f in ("contest", "choice") if f not in header.columns]
    if "votes" not in header.columns and not header.vote_type_columns:
        missing.append("votes")
    if missing:
        raise builder.log.reject(
            sheet.name,
            f"row {row + 1}",
            f"the layout names no {', '.join(missing)} column for the long table under row {row + 1}",
        )
    return header


def read_long_rows(  # noqa: PLR0912, PLR0915 - one branch per kind of row, in one hot loop
    sheet: Sheet, header: Header, builder: ResultsBuilder, ticker: Ticker, totals_only: bool = False
) -> None:
    cols = header.columns
    precinct_col, contest_col, choice_col = cols.get("precinct"), cols["contest"], cols["choice"]
    votes_col, county_col, party_col = cols.get("votes"), cols.get("county"), cols.get("party")
    district_col, type_col = cols.get("district"), cols.get("vote_type")
    names = builder.names
    spellings = _Spellings()
    sides = PartySides()
    rows = sheet.rows
    total = len(rows)
    blank_votes: list[int] = []
    plain_votes = votes_col is not None and not header.vote_type_columns
    plain_col = votes_col if votes_col is not None else -1
    portions = _portions(sheet, header, builder) if plain_votes else None
    for r in range(header.row + 1, total):
        if r % TICK_ROWS == 0:
            ticker.tick(r, total)
        row = rows[r]
        width = len(row)
        contest = names[row[contest_col]] if contest_col < width else ""
        choice = names[row[choice_col]] if choice_col < width else ""
        precinct = (
            "Total"
            if totals_only
            else (names[row[precinct_col]] if precinct_col is not None and precinct_col < width else "")
        )
        if not (contest or choice or precinct) and all(is_blank(v) for v in row):
            continue
        if district_col is not None and district_col < width:
            contest = _with_district(contest, names[row[district_col]])
        contest = spellings.get(contest) or spellings.first(contest, sheet, r, contest_col, builder)
        if contest in _TURNOUT_CONTESTS:  # El Paso's "Voters" / "Cast" rows: turnout, not a contest
            builder.notes.note("statistics", sheet.name, f"rows with {contest!r}", choice)
            continue
        if _refused_row(sheet, r, header, builder, contest, choice, precinct):
            continue
        county = names[row[county_col]] if county_col is not None and county_col < width else None
        if not precinct or _is_county_total(precinct, county):
            precinct = "County Total"  # a county-total row: blank precinct, or the county's own name
        party = names[row[party_col]] if party_col is not None and party_col < width else None
        if party in SIDE_PARTIES and side_of(choice) is None:  # Kiowa: a question's YES / NO
            choice, party = sides.take(contest, choice, party, sheet.name, sheet.cell(r, party_col)), None
        key = (county or None, precinct)
        vote_type = names[row[type_col]] or None if type_col is not None and type_col < width else None
        if vote_type is not None and votes_col is not None and is_total_label(vote_type):
            _type_total(sheet, r, row, votes_col, builder, key, contest, choice)
            continue
        if portions is not None and votes_col is not None:  # a split precinct's portions: summed
            if not _add_portion(sheet, r, row, votes_col, portions, (key, contest, choice, vote_type, party)):
                blank_votes.append(r)
            continue
        if plain_votes:  # the common case, inlined: a whole number in the votes column, no breakdown
            raw = row[plain_col] if plain_col < width else None
            if (type(raw) is float and raw.is_integer() and raw >= 0) or (type(raw) is int and raw >= 0):
                builder.add_whole((sheet, r, plain_col), key, contest, choice, int(raw), vote_type, party)
                continue
        if not _add_row(sheet, r, row, header, builder, key, contest, choice, party, vote_type, votes_col):
            blank_votes.append(r)
    ticker.tick(total, total)
    if portions is not None:
        portions.finish()
    for r in blank_votes:
        _blank_row(sheet, r, rows[r], cols, builder, totals_only)
    _report_sides(sides, builder)


def _portions(sheet: Sheet, header: Header, builder: ResultsBuilder) -> Portions | None:
    """The gatherer of a split precinct's portions, when the table names them in a column."""
    row = sheet.rows[header.row]
    column = portion_column(header, row)
    if column is not None:
        return Portions(builder, column, clean_name(row[column]))
    column = tabulator_column(header, row)  # a precinct's rows once per tabulator: summed if checked
    return None if column is None else Portions(builder, column, clean_name(row[column]), (sheet, header.row))


def _add_portion(
    sheet: Sheet, r: int, row: Sequence[object], votes_col: int, portions: Portions, key: PortionKey
) -> bool:
    """One row of a table with a portion column; False when its count is blank."""
    where = (sheet, r, votes_col)
    raw = row[votes_col] if votes_col < len(row) else None
    value = portions.builder.count(where, raw, lambda: f"{key[2]} in {key[0][1]}, {key[1]}")
    if value is None:
        return False
    portions.add(where, key, value, clean_name(row[portions.column]) if portions.column < len(row) else "")
    return True


def _type_total(
    sheet: Sheet,
    r: int,
    row: Sequence[object],
    votes_col: int,
    builder: ResultsBuilder,
    key: tuple[str | None, str],
    contest: str,
    choice: str,
) -> None:
    """A row whose vote type is ``Total``: the unit's total over its vote-type rows, checked against
    them and never added in (it doubled every count)."""
    where = (sheet, r, votes_col)
    raw = row[votes_col] if votes_col < len(row) else None
    value = builder.count(where, raw, lambda: f"{choice} in {key[1]}, {contest} (Total)")
    if type(value) is int:
        builder.add_type_total(where, key, contest, choice, value)


def _refused_row(
    sheet: Sheet, r: int, header: Header, builder: ResultsBuilder, contest: str, choice: str, precinct: str
) -> bool:
    """A row with no contest or no choice, or a precinct ID Excel mangled: an error naming it."""
    cols = header.columns
    if not contest or not choice:
        missing = "contest" if not contest else "choice"
        col = cols["contest"] if not contest else cols["choice"]
        builder.log.error(sheet.name, sheet.cell(r, col), f"the row has no {missing}")
        return True
    if ("E+" in precinct or "e+" in precinct) and _MANGLED_ID.match(precinct):
        builder.log.error(
            sheet.name,
            sheet.cell(r, cols.get("precinct")),
            f"precinct {precinct!r} looks like an ID "
            "that Excel turned into a number in scientific notation; format the column as "
            "text and enter the IDs again",
        )
        return True
    return False


def _report_sides(sides: PartySides, builder: ResultsBuilder) -> None:
    if not sides.first:
        return
    choices: dict[str, set[str]] = {}
    for contest, _unit, choice in builder.tallies:
        if contest in sides.first:
            choices.setdefault(contest, set()).add(choice)
    sides.report(builder.log, choices)


def _blank_row(
    sheet: Sheet, r: int, row: list[object], cols: dict[str, int], builder: ResultsBuilder, totals_only: bool
) -> None:
    """A row with a contest and a choice but no count: the builder decides once all is read."""
    names = builder.names
    votes_col = cols.get("votes", 0)
    precinct_col, county_col = cols.get("precinct"), cols.get("county")
    width = len(row)
    precinct = (
        "Total"
        if totals_only
        else (names[row[precinct_col]] if precinct_col is not None and precinct_col < width else "")
    )
    county = names[row[county_col]] if county_col is not None and county_col < width else None
    if not precinct or _is_county_total(precinct, county):
        precinct = "County Total"
    contest = names[row[cols["contest"]]]
    district_col = cols.get("district")
    if district_col is not None and district_col < width:
        contest = _with_district(contest, names[row[district_col]])
    builder.blank((sheet, r, votes_col), (county or None, precinct), contest, names[row[cols["choice"]]])


_TURNOUT_CONTESTS = {"Voters", "VOTERS", "Turnout", "TURNOUT", "Registered Voters", "Ballots Cast"}


class _Spellings(dict[str, str]):
    """One contest spelled two ways in one file ("State Rep16" and "State Rep 16"): the first
    spelling is kept for both, with a warning naming where the second appears."""

    def __init__(self) -> None:
        super().__init__()
        self._squashed: dict[str, str] = {}

    def first(self, contest: str, sheet: Sheet, r: int, col: int, builder: ResultsBuilder) -> str:
        key = "".join(contest.split()).lower()
        kept = self._squashed.setdefault(key, contest)
        if kept != contest:
            builder.log.warn(
                sheet.name,
                sheet.cell(r, col),
                f"{contest!r} is read as {kept!r}, the same contest spelled with other spaces",
            )
        self[contest] = kept
        return kept


def _with_district(contest: str, district: str) -> str:
    """``State Senate`` in ``SD19`` is ``State Senate SD19``; El Paso's ``wri`` marks a write-in row
    of the same contest, not a district; OpenElections' ``NA`` (Arthur NE 2016) is no district."""
    lowered = district.lower()
    if not district or lowered in contest.lower() or lowered in _WRITE_IN_DISTRICT or lowered in _NO_DISTRICT:
        return contest
    return f"{contest} {district}" if contest else district


def _is_county_total(precinct: str, county: str | None) -> bool:
    """A county-total row of a long file: the county's own name (``BW BROADWATER MT``), or its
    abbreviation (El Paso's ``CO`` and ``EL PASO CO``)."""
    if not county or precinct.isdigit():
        return False
    upper, county_upper = precinct.upper(), county.upper()
    if precinct != county and county.endswith(" " + precinct):
        return True
    return upper in ("CO", "COUNTY", f"{county_upper} CO", f"{county_upper} COUNTY")


def _add_row(
    sheet: Sheet,
    r: int,
    row: list[object],
    header: Header,
    builder: ResultsBuilder,
    key: tuple[str | None, str],
    contest: str,
    choice: str,
    party: str | None,
    vote_type: str | None,
    votes_col: int | None,
) -> bool:
    """Add one row's counts; False when it holds no count at all."""

    def what() -> str:
        return f"{choice} in {key[1]}, {contest}"

    votes = None
    refused = len(builder.log.errors)
    if votes_col is not None and votes_col < len(row):
        votes = builder.count((sheet, r, votes_col), row[votes_col], what)
    refused = len(builder.log.errors) - refused  # a cell refused is named once, not also as blank
    typed_sum, typed_any = 0, False
    for col, type_name in header.vote_type_columns.items():
        if col >= len(row):
            continue
        value = builder.count((sheet, r, col), row[col], lambda: f"{what()}, {type_name}")  # noqa: B023
        if value is None:
            continue
        typed_any = True
        builder.add((sheet, r, col), key, contest, choice, value, type_name, party)
        typed_sum = typed_sum + value if isinstance(value, int) and typed_sum is not None else None  # type: ignore[assignment]
    if typed_any:
        if isinstance(votes, int) and typed_sum is not None and typed_sum != votes:
            builder.log.error(
                sheet.name,
                sheet.cell(r, votes_col),
                f"the vote types of {what()} add up to {typed_sum}, not to the {votes} in the votes column"
                + _unnamed_hint(sheet, r, header, votes - typed_sum),
            )
        return True
    if votes is None:
        return refused > 0
    builder.add((sheet, r, votes_col or 0), key, contest, choice, votes, vote_type, party)
    return True


def _unnamed_hint(sheet: Sheet, r: int, header: Header, difference: int) -> str:
    """When columns the reader could not name hold the difference, or are headed like votes and
    may hold part of it: name them (they are vote types)."""
    columns, exact = explaining_columns(sheet, r, header, difference)
    if not columns:
        return ""
    labels = [f"{column_letters(c)} {clean_name(sheet.rows[header.row][c])!r}" for c in columns]
    if len(columns) == 1:
        named, it, types = f"column {labels[0]}", "it", "a vote type"
    else:
        named, it, types = f"columns {' and '.join(labels)}", "them", "vote types"
    if exact:
        holds = f"{'hold' if it == 'them' else 'holds'} the missing {difference}"
    else:
        holds = f"{'are' if it == 'them' else 'is'} headed like votes: the missing {difference} may be there"
    return (
        f"; {named}, which this reader does not know as {types}, {holds}: rename {it} to "
        f"{types.replace('vote', 'known vote')} (Election Day, Early, Mail, Provisional)"
    )
