"""The ``wide`` layout: one sheet, precincts as rows, contests side by side (Denver, Davis).

Above the precinct rows: a contest-name row whose names sit at each contest's first column (merged
over its columns, or not), optionally a "Vote for N" row, and a choice-name row holding the
precinct column. Each contest's columns run to the next contest's name. Per-contest ``Undervotes``
/ ``Overvotes`` become statistics; a per-contest ``Total Votes`` column checks the row's choices.
A block named "Statistics" (and columns left of the first contest) holds precinct-wide figures:
registered voters and ballots cast are kept for every contest the precinct votes in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.checks import cell_range, sum_column
from recount_desktop.importers.headers import (
    LONG_FIELDS,
    UNIT_HEADERS,
    VOTE_TYPE_COLUMNS,
    is_row_total_header,
    normalise_header,
)
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.questions import are_two_sides, one_side_warning, side_of, titles_split
from recount_desktop.importers.reading import Reading, masked
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.values import clean_name, is_blank, is_total_label, statistic_of

HEADER_ROWS = 15
MIN_CHOICES_FOR_SUM = 2  # a contest (and a total column's sum) has two choices or more
TICK_ROWS = 500
_VOTE_FOR = re.compile(r"^\(?\s*vote\s+for\s+(?:not\s+more\s+than\s+)?(\d+)\s*\)?$", re.IGNORECASE)
_STATISTICS_BLOCK = re.compile(
    r"statistic|turn\s*out|registration|registered|ballots\s+cast|voters|county\s+number", re.IGNORECASE
)
_CAPTIONS = ("race", "contest", "contest name", "office", "candidate", "choice")
# "DEM - Joseph R. Biden": any short code before a dash is a party.
_DASHED_PARTY = re.compile(r"^([A-Z]{2,4})\s+-\s+(.+)$")
# "REP DONALD J. TRUMP": without a dash only well-known codes, so "JOE SMITH" keeps its first name.
_SPACED_PARTY = re.compile(r"^(DEM|REP|LIB|GRN|CON|UNA|IAP|UUP|UFP|IND|NPA|NON|UNI|WTP|AIP|PRO)\s+(.+)$")


@dataclass
class _Contest:
    name: str
    first_col: int
    seats: int | None = None
    choices: dict[int, tuple[str, str | None]] = field(default_factory=dict)
    statistics: dict[int, str] = field(default_factory=dict)  # col -> header naming the statistic
    total_col: int | None = None
    shares: dict[int, str] = field(default_factory=dict)  # col -> header of a vote-share column


@dataclass
class _Layout:
    header_row: int
    precinct_col: int
    contests: list[_Contest]
    precinct_statistics: dict[int, str]  # col -> header (registered voters, ballots cast)
    names_row: int = -1  # the contest-name row (the header rows are names, seats, choices)
    seats_row: int | None = None
    shares: dict[int, str] = field(default_factory=dict)  # vote-share columns, read as skipped


_UNIT_RANK = {word: i for i, word in enumerate(UNIT_HEADERS)}


def _precinct_column(row: list[object]) -> int | None:
    """The column headed as the units (``headers.UNIT_HEADERS``, the more usual word first)."""
    names = [normalise_header(c) for c in row]
    ranked = sorted((_UNIT_RANK[n], c) for c, n in enumerate(names) if n in _UNIT_RANK)
    if ranked:
        return ranked[0][1]
    # "Precinct Code", "Ward Precinct"; never a row label such as "PRECINCT VOTES" (a turnout row)
    return next(
        (c for c, n in enumerate(names) if "precinct" in n.split() and "votes" not in n.split()), None
    )


def _find_layout(sheet: Sheet) -> _Layout | None:
    """The choice-name row (with a precinct column) and, above it, the contest-name row; or the
    contest-name row holding the precinct column, contest names repeated over their columns, and
    the choice-name row just above the first unit row (Washington UT, Juab)."""
    for r, row in enumerate(sheet.rows[:HEADER_ROWS]):
        precinct_col = _precinct_column(row)
        if precinct_col is None:
            continue
        choices_row = _choices_row_below(sheet, r, precinct_col)
        if choices_row is not None:
            layout = _contests(sheet, choices_row, precinct_col, r, None)
            if layout is not None:
                return layout
        if r == 0:
            continue
        seats_row, names_row = _rows_above(sheet, r, precinct_col)
        if names_row is None:
            continue
        layout = _contests(sheet, r, precinct_col, names_row, seats_row)
        if layout is not None:
            return layout
    return _unnamed_unit_layout(sheet)


MIN_UNIT_ROWS = 2


# a column headed as the choices ("Candidate", "Office/Candidate") holds choices, not units: such a
# sheet is an abstract (precincts as columns, perhaps grouped under districts), never a wide sheet
_CHOICE_HEADERS = frozenset(LONG_FIELDS["choice"]) | {"candidates", "office/candidate", "office", "contest"}


def _unnamed_unit_layout(sheet: Sheet) -> _Layout | None:
    """The same shape under a unit header no one foresaw (``Where``, ``District``): a contest-name
    row over a choice-name row, names spanning their choices' columns, then rows each with a text
    unit name and counts to its right. Strict, since no header word vouches for it: a row with a
    unit name and no counts (an abstract's contest title) means this is not a wide sheet."""
    for r, row in enumerate(sheet.rows[1:HEADER_ROWS], start=1):
        col = next((c for c, cell in enumerate(row) if _is_word(cell)), None)
        if col is None or sum(1 for cell in row[col + 1 :] if _is_word(cell)) < MIN_CHOICES_FOR_SUM:
            continue
        if normalise_header(row[col]) in _CHOICE_HEADERS:
            continue
        seats_row, names_row = _rows_above(sheet, r, col)
        if names_row is None or _holds_numbers(sheet.rows[names_row]):
            continue
        layout = _contests(sheet, r, col, names_row, seats_row)
        if layout is not None and _spans(layout) and _units_below(sheet, layout):
            return layout
    return None


def _is_word(cell: object) -> bool:
    return isinstance(cell, str) and not is_blank(cell) and not clean_name(cell).replace(",", "").isdigit()


def _spans(layout: _Layout) -> bool:
    """Some contest name spans two or more choice columns."""
    return any(len(contest.choices) >= MIN_CHOICES_FOR_SUM for contest in layout.contests)


def _units_below(sheet: Sheet, layout: _Layout) -> bool:
    """Every row under the header with a name in the unit column holds counts (numbers or blanks)
    in the choice columns, at least one of them; two such rows or more."""
    columns = [c for contest in layout.contests for c in contest.choices]
    units = 0
    for row in sheet.rows[layout.header_row + 1 :]:
        name = _at(row, layout.precinct_col)
        if is_blank(name):
            continue
        cells = [_at(row, c) for c in columns]
        if not isinstance(name, str) or not any(_is_count(cell) for cell in cells):
            return False
        if any(not is_blank(cell) and not _is_count(cell) for cell in cells):
            return False
        units += 1
    return units >= MIN_UNIT_ROWS


def _is_digits(cell: object) -> bool:
    return isinstance(cell, str) and cell.strip().replace(",", "").isdigit()


def _is_count(cell: object) -> bool:
    return type(cell) is int or (type(cell) is float and cell.is_integer())


def _choices_row_below(sheet: Sheet, names_row: int, precinct_col: int) -> int | None:
    """With contest names repeated over their columns in the unit header's row, the choice names
    are on the last row before the first unit (a party-code row may come between)."""
    names = [clean_name(c) for c in sheet.rows[names_row]]
    pairs = [c for c in range(1, len(names)) if names[c] and names[c] == names[c - 1]]
    if not pairs:
        return None
    for r in range(names_row + 1, min(names_row + 5, len(sheet.rows))):
        row = sheet.rows[r]
        if precinct_col < len(row) and normalise_header(row[precinct_col]) in _CAPTIONS:
            return r  # Juab: "Candidate:" heads the choice row
        if precinct_col < len(row) and not is_blank(row[precinct_col]):
            found = r - 1 if r - 1 > names_row else None
            # one contest of two columns (a one-question election): its two choices must be named
            one = len(pairs) == 1 and found is not None and not _names_two(sheet.rows[found], pairs[0])
            return None if one else found
    return None


def _names_two(row: list[object], c: int) -> bool:
    """Columns ``c - 1`` and ``c`` of a choice row hold two different names (not counts)."""
    a, b = (_at(row, c - 1), _at(row, c))
    return _is_word(a) and _is_word(b) and clean_name(a) != clean_name(b)


def _rows_above(sheet: Sheet, header_row: int, precinct_col: int) -> tuple[int | None, int | None]:
    """The "Vote for N" row (if any) and the contest-name row above the header row."""
    seats_row = None
    for r in range(header_row - 1, -1, -1):
        cells = [c for c in sheet.rows[r][precinct_col + 1 :] if not is_blank(c)]
        if not cells:
            continue
        if all(_VOTE_FOR.match(clean_name(c)) for c in cells):
            seats_row = r
            continue
        if all(_SPACED_PARTY.match(f"{clean_name(c)} X") for c in cells):
            continue  # a row of party codes over some candidates (DEM): no contest names
        return seats_row, r
    return seats_row, None


def _contests(
    sheet: Sheet, header_row: int, precinct_col: int, names_row: int, seats_row: int | None
) -> _Layout | None:
    header = sheet.rows[header_row]
    names = sheet.rows[names_row]
    if any(_is_count(c) or _is_digits(c) for c in header[precinct_col + 1 :]):
        return None  # a row of counts (a long table's first data row) never names choices
    width = min(len(names), len(header))
    # a contest starts where its name first appears (names may repeat over all its columns)
    starts = [
        c
        for c in range(precinct_col + 1, width)
        if not is_blank(names[c])
        and (c == precinct_col + 1 or clean_name(names[c]) != clean_name(names[c - 1]))
    ]
    if not starts or (len(starts) == 1 and not _one_contest_over_choices(names, header, starts[0])):
        return None
    numbered = next((c for c in starts if _is_count(names[c]) or _is_digits(names[c])), None)
    if numbered is not None:
        # a unit row of counts over the next block's header (stacked blocks, no blank between)
        sheet.found.setdefault(_NUMBER_NAME, sheet.cell(names_row, numbered))
        return None
    layout = _Layout(header_row, precinct_col, [], {}, names_row, seats_row)
    for c in range(starts[0]):
        if c != precinct_col and statistic_of(clean_name(header[c])):
            layout.precinct_statistics[c] = clean_name(header[c])
    bounds = [*starts, len(header)]
    for start, end in zip(bounds, bounds[1:], strict=False):
        name = clean_name(names[start])
        if normalise_header(name) in _CAPTIONS:
            continue  # Denver's "Race" over "Candidate": the captions of the two header rows
        if _STATISTICS_BLOCK.search(name) or statistic_of(name):
            _statistics_block(layout, name, header, start, end)
            continue
        contest = _Contest(name, start)
        if seats_row is not None and start < len(sheet.rows[seats_row]):
            match = _VOTE_FOR.match(clean_name(sheet.rows[seats_row][start]))
            contest.seats = int(match.group(1)) if match else None
        _contest_columns(contest, header, start, end)
        layout.shares.update(contest.shares)
        if contest.choices:
            layout.contests.append(contest)
    if all(_only_vote_types(contest) for contest in layout.contests):
        return None  # a statement's candidates over their vote types (Sarpy), not contests
    return layout


_NUMBER_NAME = "wide: a number where a contest name would be"


def _one_contest_over_choices(names: list[object], header: list[object], start: int) -> bool:
    """One contest name (w09: 'Mayor' over 'Total Votes | Undervotes | Overvotes | Ann | Bob'), a
    row of its own, over two or more choice names: a wide sheet of one contest (fourth review R7)."""
    if sum(1 for cell in names if not is_blank(cell)) != 1:
        return False
    below = [clean_name(cell) for cell in header[start:] if isinstance(cell, str) and clean_name(cell)]
    return len([n for n in below if not statistic_of(n)]) >= MIN_CHOICES_FOR_SUM


def _only_vote_types(contest: _Contest) -> bool:
    """Every choice is a vote type (``Early Voting``, ``Election Day``, ``Provisionals``): the name
    over them is a candidate's."""
    return all(normalise_header(name) in VOTE_TYPE_COLUMNS for name, _party in contest.choices.values())


def _statistics_block(layout: _Layout, name: str, header: list[object], start: int, end: int) -> None:
    """Registered voters and ballots cast (once each; "BALLOTS CAST BLANK" is not ballots cast)."""
    kept = {statistic_of(label) for label in layout.precinct_statistics.values()}
    for c in range(start, end):
        label = clean_name(header[c]) or name
        statistic = statistic_of(name) if end - start == 1 and statistic_of(name) else statistic_of(label)
        if statistic and statistic not in kept and "blank" not in name.lower():
            layout.precinct_statistics[c] = label if statistic_of(label) else name
            kept.add(statistic)


def _contest_columns(contest: _Contest, header: list[object], start: int, end: int) -> None:
    for c in range(start, end):
        text = clean_name(header[c])
        if not text:
            continue
        if is_row_total_header(text):
            contest.total_col = c
        elif statistic_of(text):
            contest.statistics[c] = text
        elif is_share_header(text):
            contest.shares[c] = text
        else:
            contest.choices[c] = _name_and_party(text)


# a vote-share column's header: a share label alone (``%``, ``Pct``, ``% of Total``, ``Percent``,
# ``Vote %``), or a name with a share mark at its start or end (``Ada %``, ``trump_pct``,
# ``Ada (%)``). A ``%`` inside a choice's words is no share: ``FOR A 0.25% SALES TAX``
_SHARE_HEADER = re.compile(
    r"^(%|pct\.?|percent(age)?|vote\s*share|share|vote\s*%|%\s*of\s*(the\s*)?(total|votes?)(\s*votes?)?)$"
    r"|^%|%$|\(%\)$|[\s_-](pct\.?|percent(age)?)$|^(pct|percent(age)?)\b",
    re.IGNORECASE,
)


def is_share_header(text: str) -> bool:
    """A column header naming a vote share (a percentage), never a choice."""
    return bool(_SHARE_HEADER.search(text.strip()))


def _name_and_party(text: str) -> tuple[str, str | None]:
    for pattern in (_DASHED_PARTY, _SPACED_PARTY):
        match = pattern.match(text)
        if match:
            return match.group(2).strip(), match.group(1)
    return text, None


def candidates(book: Book) -> list[Reading]:
    """The wide reading of the first of the first sheets with a precinct column under a row of two
    or more contest names."""
    for name in book.sheet_names[:3]:
        sheet = book.sheet(name)
        layout = _find_layout(sheet)
        if layout is not None:
            return [wide_reading(sheet.name, layout)]
    return []


def wide_reading(sheet: str | None, layout: _Layout) -> Reading:
    rows = {layout.names_row, layout.header_row}
    if layout.seats_row is not None:
        rows.add(layout.seats_row)
    return Reading(sheet, "rows", tuple(sorted(rows)), layout="wide", unit_column=layout.precinct_col)


def _given_layout(sheet: Sheet, reading: Reading) -> _Layout | None:
    """The layout a profile names: contest names on its first header row, choices on its last (a
    middle row holds the seats), units in its unit column."""
    rows = reading.header_rows
    if not rows or reading.unit_column is None or rows[-1] >= len(sheet.rows):
        return None
    seats = rows[1] if len(rows) == 3 else None
    names = rows[0] if len(rows) > 1 else rows[-1]
    if any(_holds_numbers(sheet.rows[r][reading.unit_column + 1 :]) for r in {names, rows[-1]}):
        return None  # a row of counts is never a header
    return _contests(sheet, rows[-1], reading.unit_column, names, seats)


def _holds_numbers(cells: list[object]) -> bool:
    return any(isinstance(c, int | float) and not isinstance(c, bool) for c in cells)


def read_wide_book(
    book: Book, builder: ResultsBuilder, ticker: Ticker, reading: Reading | None = None
) -> None:
    """The first sheet with a wide layout; a ``reading`` (from a profile) names the header rows
    and unit column of its sheet (or of the first sheet)."""
    for index, name in enumerate(book.sheet_names):
        sheet = book.sheet(name)
        given = reading is not None and (
            reading.sheet == sheet.name or (reading.sheet is None and index == 0)
        )
        if given and reading is not None:
            sheet = masked(sheet, reading, builder.notes)
            layout = _given_layout(sheet, reading)
            if layout is None:
                raise builder.log.reject(sheet.name, None, _misfit(reading))
        else:
            layout = _find_layout(sheet)
        if layout is not None:
            _sum_columns(sheet, layout, builder)
            _join_split_questions(sheet, layout, builder)
            builder.find_total_units = True  # a unit row that is the sum of the others, whatever its label
            _read_sheet(sheet, layout, builder, ticker)
            return
    sheet_label = None if book.is_csv else book.sheet_names[0]
    raise builder.log.reject(
        sheet_label,
        None,
        "could not recognise the wide layout; looked for a row of "
        "contest names over a row of choice names that has a 'Precinct' column" + _numbers_seen(book),
    )


def _numbers_seen(book: Book) -> str:
    """Where a row of counts stood over a row of choice names: a number never names a contest."""
    for name in book.sheet_names:
        cell = book.sheet(name).found.get(_NUMBER_NAME)
        if cell is not None:
            return f" ({cell}, over a row of choice names, holds a count: a number never names a contest)"
    return ""


def _misfit(reading: Reading) -> str:
    rows = ", ".join(str(r + 1) for r in reading.header_rows) or "none"
    unit = column_letters(reading.unit_column) if reading.unit_column is not None else "none"
    return (
        f"the layout's header rows ({rows}) and unit column ({unit}) do not fit this sheet: "
        "looked for two or more contest names on the first header row and choice names on the last"
    )


def _read_sheet(sheet: Sheet, layout: _Layout, builder: ResultsBuilder, ticker: Ticker) -> None:
    for contest in layout.contests:
        builder.declare(contest.name, dict(contest.choices.values()))
        if contest.seats is not None:
            builder.seats[contest.name] = contest.seats
    _note_columns(sheet, layout, builder)
    rows = sheet.rows
    seen: dict[str, int] = {}
    for r in range(layout.header_row + 1, len(rows)):
        if r % TICK_ROWS == 0:
            ticker.tick(r, len(rows))
        row = rows[r]
        if layout.precinct_col >= len(row) or is_blank(row[layout.precinct_col]):
            total_label = _total_label_left(row, layout)  # Juab: "Totals:" under the turnout column
            if total_label is None and _has_counts(row, layout):
                total_label = "(unlabelled)"  # counts under no unit name: a total, checked
            if total_label is None:
                continue
            builder.notes.note("totals", sheet.name, f"row {r + 1}", total_label)
            for contest in layout.contests:
                _read_contest(sheet, r, row, (None, "Total"), contest, builder)
            continue
        precinct = _unit_name(
            sheet, r, layout.precinct_col, clean_name(row[layout.precinct_col]), seen, builder
        )
        key = (None, "Total" if is_total_label(precinct) else precinct)
        if key[1] == "Total" and sheet.name is None:  # a CSV line is one place: named by its label
            builder.notes.note("totals", None, sheet.cell(r, layout.precinct_col), precinct)
        voted = [c.name for c in layout.contests if _read_contest(sheet, r, row, key, c, builder)]
        if key[1] != "Total":  # county-wide registration is not any one district's
            _precinct_statistics(sheet, r, row, key, voted, layout, builder)
    ticker.tick(len(rows), len(rows))


def _note_columns(sheet: Sheet, layout: _Layout, builder: ResultsBuilder) -> None:
    for c, label in layout.precinct_statistics.items():
        builder.notes.note("statistics", sheet.name, f"column {column_letters(c)}", label)
    for c, label in layout.shares.items():
        builder.notes.note("skipped", sheet.name, f"column {column_letters(c)}", label)
    for contest in layout.contests:
        for c, label in contest.statistics.items():
            builder.notes.note("statistics", sheet.name, f"column {column_letters(c)}", label)
        if contest.total_col is not None:
            header = sheet.rows[layout.header_row]
            label = clean_name(_at(header, contest.total_col)) or "Total Votes"
            builder.notes.note("totals", sheet.name, f"column {column_letters(contest.total_col)}", label)


def _has_counts(row: list[object], layout: _Layout) -> bool:
    return any(not is_blank(_at(row, c)) for contest in layout.contests for c in contest.choices)


def _sum_columns(sheet: Sheet, layout: _Layout, builder: ResultsBuilder) -> None:
    """A contest's last column whose every count is the sum of its other choices' columns is the
    contest's total (checked per row, never a choice) by the statement reader's rule,
    ``checks.sum_column``: under a header like a candidate's, only over enough unit rows, with a
    warning naming it."""
    rows = sheet.rows[layout.header_row + 1 :]
    unit_col = layout.precinct_col

    def is_unit(row: Sequence[object]) -> bool:
        label = row[unit_col] if unit_col < len(row) else None
        return not is_blank(label) and not is_total_label(clean_name(label))

    for contest in layout.contests:
        if contest.total_col is not None:
            continue
        choices = {c: name for c, (name, _party) in contest.choices.items()}
        found = sum_column(rows, choices, is_unit)
        if found is None:
            continue
        warning = found.warning(column_letters(found.column))
        if warning is not None:
            builder.log.warn(sheet.name, _place(sheet, layout.header_row, found.column), warning)
        if found.taken:
            del contest.choices[found.column]
            contest.total_col = found.column


def _join_split_questions(sheet: Sheet, layout: _Layout, builder: ResultsBuilder) -> None:
    """Two one-choice contests side by side, Yes under one title and No under the next, the titles
    equal but for their last word (Shawnee's ``... USD 340`` / ``... USD 341``): one question under
    the first title, with a warning naming both. Any other one-choice contest whose choice is a
    side of a question is warned of, never left to show "Yes elected" silently."""
    joined: list[_Contest] = []
    for contest in layout.contests:
        before = joined[-1] if joined else None
        if before is not None and _split_sides(before, contest):
            first, second = (_place(sheet, layout.names_row, c.first_col) for c in (before, contest))
            builder.log.warn(
                sheet.name,
                second,
                f"{before.name!r} ({first}) and {contest.name!r} ({second}) each hold one side of "
                f"a question: read as one question, {before.name!r}",
            )
            before.choices.update(contest.choices)
            continue
        joined.append(contest)
    layout.contests = joined
    for contest in joined:
        if len(contest.choices) == 1:
            [(c, (choice, _party))] = contest.choices.items()
            if side_of(choice):
                where = _place(sheet, layout.header_row, c)
                builder.log.warn(sheet.name, where, one_side_warning(contest.name, choice, where))


def _place(sheet: Sheet, r: int, c: int) -> str:
    """A header cell: ``F1`` in a workbook, ``line 1, column F`` in a CSV file."""
    return sheet.cell(r, c) if sheet.name is not None else f"{sheet.cell(r, c)}, column {column_letters(c)}"


def _split_sides(first: _Contest, second: _Contest) -> bool:
    if len(first.choices) != 1 or len(second.choices) != 1 or first.total_col or second.total_col:
        return False
    [(a, _pa)], [(b, _pb)] = first.choices.values(), second.choices.values()
    return are_two_sides(a, b) and titles_split(first.name, second.name)


def _total_label_left(row: list[object], layout: _Layout) -> str | None:
    """A total label in a row with no unit name, left of the first contest's columns."""
    first = min(c.first_col for c in layout.contests)
    for cell in row[:first]:
        if isinstance(cell, str) and is_total_label(clean_name(cell)):
            return clean_name(cell)
    return None


def _unit_name(
    sheet: Sheet, r: int, col: int, precinct: str, seen: dict[str, int], builder: ResultsBuilder
) -> str:
    """A row is one reporting unit: a name on two rows (Davis's split "WP01:") makes two, told apart
    by row number and reported, rather than two counts for one precinct."""
    if is_total_label(precinct):
        return precinct
    first = seen.setdefault(precinct, r)
    if first == r:
        return precinct
    named = f"{precinct} (row {r + 1})"
    builder.log.warn(
        sheet.name,
        sheet.cell(r, col),
        f"precinct {precinct!r} also appears on row {first + 1}; "
        f"each row is kept as its own reporting unit, this one named {named!r}",
    )
    return named


def _at(row: list[object], col: int) -> object:
    return row[col] if col < len(row) else None


def _read_contest(
    sheet: Sheet, r: int, row: list[object], key: tuple[None, str], contest: _Contest, builder: ResultsBuilder
) -> bool:
    """One contest's cells in one row; False when the precinct has none (it is outside the district)."""
    found, row_sum = False, 0
    blanks: list[tuple[int, str]] = []
    for c, (choice, party) in contest.choices.items():
        value = builder.count((sheet, r, c), _at(row, c), lambda: f"{choice} in {key[1]}, {contest.name}")  # noqa: B023
        if value is None:
            if is_blank(_at(row, c)):
                blanks.append((c, choice))
            continue
        found = True
        row_sum = row_sum + value if isinstance(value, int) and row_sum is not None else None  # type: ignore[assignment]
        builder.add((sheet, r, c), key, contest.name, choice, value, party=party)
    for c, label in contest.statistics.items():
        value = builder.count((sheet, r, c), _at(row, c), lambda: f"{label} in {key[1]}, {contest.name}")  # noqa: B023
        if value is not None:
            builder.add((sheet, r, c), key, contest.name, label, value)
    if found:  # a unit voting in the contest with some of its cells blank: the builder decides
        for c, choice in blanks:
            builder.blank((sheet, r, c), key, contest.name, choice)
    if found and contest.total_col is not None and row_sum is not None:
        _check_row_total(sheet, r, row, key, contest, row_sum, builder)
    return found


def _check_row_total(
    sheet: Sheet,
    r: int,
    row: list[object],
    key: tuple[None, str],
    contest: _Contest,
    row_sum: int,
    builder: ResultsBuilder,
) -> None:
    c = contest.total_col
    assert c is not None
    total = builder.count((sheet, r, c), _at(row, c), f"total votes in {key[1]}, {contest.name}")
    if isinstance(total, int) and total != row_sum:
        cells = cell_range([(sheet, r, col) for col in contest.choices])
        builder.check_total(
            (sheet, r, c), contest.name, f"all choices in {key[1]}", None, total, row_sum, cells
        )


def _precinct_statistics(
    sheet: Sheet,
    r: int,
    row: list[object],
    key: tuple[None, str],
    voted: list[str],
    layout: _Layout,
    builder: ResultsBuilder,
) -> None:
    """Registered voters and ballots cast of the precinct, for each contest it votes in."""
    for c, label in layout.precinct_statistics.items():
        value = builder.count((sheet, r, c), _at(row, c), f"{label} in {key[1]}")
        if value is None:
            continue
        for contest in voted:
            builder.add((sheet, r, c), key, contest, label, value)
