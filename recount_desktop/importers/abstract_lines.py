"""One line of an abstract: a choice's counts across the unit columns (of one vote type), checked
against the file's total columns; a contest's Total row; a choice's vote-type rows against their
unlabelled total row. Every total cell is checked, none is counted."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from recount_desktop.importers.abstract_find import skipped_subtotals, unit_sums
from recount_desktop.importers.builder import ResultsBuilder
from recount_desktop.importers.checks import Where, cell_list, cell_range, whole_at
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.questions import side_of
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Sheet
from recount_desktop.importers.values import clean_name, is_blank, is_total_label, statistic_of

_DASH_PARTY = re.compile(r"^(.+?)\s+-\s+([A-Za-z][\w .'/()]*)$")
_TURNOUT = re.compile(
    r"registered|\bvoted\b|actual voting|turn\s*out|%|precinct votes|ballots", re.IGNORECASE
)


@dataclass
class OpenContest:
    """The contest being read: its title row, its seats, its choices' rows and names so far."""

    name: str
    row: int
    seats: int | None = None
    choice_rows: list[int] = field(default_factory=list)
    names: dict[str, int] = field(default_factory=dict)
    sums: dict[int, int] = field(default_factory=dict)  # unit column -> its choice rows' whole counts
    wholes: dict[int, int] = field(default_factory=dict)  # unit column -> how many rows hold one
    voted: set[int] = field(default_factory=set)  # unit columns with a count (or suppressed) here
    blanks: list[tuple[Where, str, str]] = field(default_factory=list)  # (cell, unit, choice)

    def add_choice_row(self, r: int, row: Sequence[object], units: dict[int, str]) -> None:
        """A choice row, its counts kept summed so a later line is checked against them in one pass
        (a long table read as an abstract has one 'contest' of thousands of lines)."""
        self.choice_rows.append(r)
        for c in units:
            value = whole_at(row, c)
            if value is not None:
                self.sums[c] = self.sums.get(c, 0) + value
                self.wholes[c] = self.wholes.get(c, 0) + 1


@dataclass
class PendingChoice:
    """A choice's name on a row of its own: its counts follow on one unlabelled row (name and count
    rows alternating), or on vote-type rows (``Polling Place``, ``Early``, ``Mail-In``) closed by an
    unlabelled row that is their total."""

    name: str
    row: int
    type_rows: list[int] = field(default_factory=list)


def is_choice_name(name: str) -> bool:
    """A line's label that can name a choice: not a statistic (``Registered Voters``), a turnout
    line or a total."""
    return not (statistic_of(name) or _TURNOUT.search(name) or is_total_label(name))


def check_types_total(
    sheet: Sheet,
    r: int,
    pending: PendingChoice,
    contest: OpenContest,
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


def choice_row(
    sheet: Sheet,
    r: int,
    row: Sequence[object],
    label: str,
    contest: OpenContest,
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
    summed = sums_the_choices(row, contest, units) if vote_type is None else 0
    if is_total_label(name) or summed >= MIN_UNITS_FOR_SUM:
        builder.notes.note("totals", sheet.name, sheet.cell(r, reading.label_columns[0]), name)
        check_total_row(sheet, r, row, contest, units, builder)
        return
    if summed:
        builder.log.warn(
            sheet.name,
            sheet.cell(r, reading.label_columns[0]),
            f"{name!r} in {contest.name!r} has as many votes as the lines above it together, in the "
            "only unit that voted: read as a choice; if it is the contest's total, mark it as a "
            "total in the sheet view (T) and read the file again",
        )
    contest.add_choice_row(r, row, units)
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
            if is_blank(raw):  # no vote in this contest, unless the unit has counts in it
                contest.blanks.append((where, unit, name))
            continue  # N/A: the unit does not vote in this contest
        contest.voted.add(c)
        builder.add(where, (None, unit), contest.name, name, value, vote_type, party)
        places.append(where)
        if isinstance(value, int):
            counts[c] = value
        else:
            whole = False
    # every total cell is read (a text there is an error), checked when the line's counts are whole
    _check_total_columns(
        sheet,
        r,
        row,
        (contest.name, name, vote_type),
        places if whole else [],
        counts,
        units,
        reading,
        builder,
    )


def _check_total_columns(
    sheet: Sheet,
    r: int,
    row: Sequence[object],
    line: tuple[str, str, str | None],
    places: list[tuple[Sheet, int, int]],
    counts: dict[int, int],
    units: dict[int, str],
    reading: Reading,
    builder: ResultsBuilder,
) -> None:
    """Each total column of a line against the units left of it, or (a ward's subtotal) the units
    since the total column before it."""
    contest, name, vote_type = line
    previous = -1
    for c in sorted(reading.total_columns):
        total = builder.count((sheet, r, c), row[c] if c < len(row) else None, f"total of {name}")
        closed = [w for w in places if w[2] < c]
        since = [w for w in places if previous < w[2] < c]
        previous = c
        if not isinstance(total, int) or not closed:
            continue
        found = sum(counts[w[2]] for w in closed)
        if found == total:  # a County column counted by it is a unit, not the file's total
            builder.units_in_totals.update(units[w[2]] for w in closed)
        elif since and total == sum(counts[w[2]] for w in since):
            continue
        builder.check_total((sheet, r, c), contest, name, vote_type, total, found, cell_range(closed))


def close_contest(contest: OpenContest, builder: ResultsBuilder, error_values: dict[str, str]) -> None:
    """Blank cells of units that have counts in the contest: an Excel error value (``#DIV/0!``,
    read as blank) is an error naming its cell; a plain blank is read as no votes, as county
    abstracts leave a write-in line blank (Washington NE), with a warning naming the cells. A unit
    blank in every line of a contest does not vote in it (a district's contest)."""
    blank: list[Where] = []
    for where, _unit, _choice in contest.blanks:
        if where[2] not in contest.voted:
            continue
        sheet, r, c = where
        error = error_values.get(sheet.cell(r, c))
        if error is not None:
            builder.log.error(
                sheet.name, sheet.cell(r, c), f"the spreadsheet error value {error} is not a vote count"
            )
        else:
            blank.append(where)
    if blank:
        sheet, r, c = blank[0]
        builder.log.warn(
            sheet.name,
            sheet.cell(r, c),
            f"{len(blank)} blank cell(s) in {contest.name!r} where the unit has votes in the contest "
            f"({cell_list(blank)}), read as no votes; if a count is missing there, enter it",
        )


MIN_CHOICES_FOR_SUM = 2
# In one unit a candidate can have as many votes as the others together (10 + 5 and 15): a line is
# taken for the contest's total by its sums only where two or more units say so.
MIN_UNITS_FOR_SUM = 2


def sums_the_choices(row: Sequence[object], contest: OpenContest, units: dict[int, str]) -> int:
    """How many units with votes show this line as the sum of the contest's lines above it (two or
    more), or 0 when any unit does not. Such a line in two or more units is the contest's total under
    any label ("All", "Votes Cast", none): checked, never a choice whose votes would double the
    contest's."""
    if len(contest.choice_rows) < MIN_CHOICES_FOR_SUM:
        return 0
    seen, lines = 0, len(contest.choice_rows)
    for c in units:
        total = whole_at(row, c)
        wholes = contest.wholes.get(c, 0)
        if total is None or wholes < lines:
            if total is None and wholes == 0:
                continue  # a unit that does not vote in this contest
            return 0
        if total != contest.sums.get(c, 0):
            return 0
        seen += total > 0
    return seen


def check_total_row(
    sheet: Sheet,
    r: int,
    row: Sequence[object],
    contest: OpenContest,
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
    """``Name - Party`` in one cell, or the party in a column of its own (headed, or an unheaded
    first label column holding a party code beside the name: Carter's ``R | Eric Schmitt``)."""
    if reading.party_column is not None and reading.party_column < len(row):
        party = clean_name(row[reading.party_column]) or None
        return label, party
    unheaded = _unheaded_party(row, reading)
    if unheaded is not None:
        return unheaded
    match = _DASH_PARTY.match(label)
    if match and not label.lower().startswith("write") and side_of(match.group(2)) is None:
        return match.group(1).strip(), match.group(2).strip()  # ``Issue 3 - Yes``: a side, no party
    return label, None


# one-letter and short party codes a county prints in a column of its own left of the names
_PARTY_CODES = frozenset(
    ("R", "D", "L", "G", "C", "I", "REP", "DEM", "LIB", "GRN", "GRE", "CON", "IND", "NPA", "UNA", "NP")
)


def _unheaded_party(row: Sequence[object], reading: Reading) -> tuple[str, str] | None:
    """The name and party of a line whose first label cell is a party code and whose next label
    cells hold the name (``R | Eric Schmitt``): the code was glued onto the name (``R Eric
    Schmitt``), the party lost (last session's note, #11 left out)."""
    labels = [c for c in reading.label_columns if c != reading.office_column]
    if len(labels) < 2 or labels[0] >= len(row):  # a code column and a name column
        return None
    code = clean_name(row[labels[0]])
    name = " ".join(t for c in labels[1:] if c < len(row) and (t := clean_name(row[c])))
    if code not in _PARTY_CODES or not name or side_of(name) is not None:
        return None
    return name, code


def note_unit_columns(sheet: Sheet, reading: Reading, builder: ResultsBuilder) -> None:
    """Tell the user of the columns read by arithmetic alone: never a unit dropped without a word."""
    if not reading.by_user:  # the user's own choice of total columns needs no warning
        _warn_of_unit_sums(sheet, reading, builder)
        _warn_of_subtotals(sheet, reading, builder)


def _warn_of_subtotals(sheet: Sheet, reading: Reading, builder: ResultsBuilder) -> None:
    """A unit-named column skipped as the subtotal of the columns right after it (``Van Buren``
    before ``VB1`` and ``VB2``): said, naming it and its parts."""
    r = reading.header_rows[-1]
    header = sheet.rows[r]
    for c, parts in skipped_subtotals(sheet, reading):
        named = " + ".join(f"{column_letters(p)} {clean_name(header[p])!r}" for p in parts)
        builder.log.warn(
            sheet.name,
            sheet.cell(r, c),
            f"column {column_letters(c)} {clean_name(header[c])!r} equals {named} in every row: read as "
            "their subtotal and skipped, not as a unit (counted, it would count its parts twice). If it "
            "is a unit, choose the columns in the import wizard",
        )


def _warn_of_unit_sums(sheet: Sheet, reading: Reading, builder: ResultsBuilder) -> None:
    """A column named like a unit (``Clay``) equal to the sum of the unit columns left of it: read
    as the file's total over enough rows, else kept as a unit; either way a warning names it."""
    r = reading.header_rows[-1]
    for c, verdict in unit_sums(sheet, reading):
        place = f"column {column_letters(c)} {verdict.label!r}"
        if verdict.taken:
            said = (
                f"{place} equals the sum of the unit columns left of it in all {verdict.rows} rows, "
                "so it is read as the file's total, not a unit"
            )
        else:
            said = (
                f"{place} equals the sum of the unit columns left of it in every row (all "
                f"{verdict.rows} rows, too few to tell): read as a unit; check that it is not the "
                "file's total"
            )
        builder.log.warn(sheet.name, sheet.cell(r, c), said)


def header_said(sheet: Sheet, r: int, c: int) -> str:
    """What header cell (``r``, ``c``) holds over counts no unit name heads: said in the messages."""
    head = sheet.rows[r][c] if c < len(sheet.rows[r]) else None
    return "is blank" if is_blank(head) else f"holds the number {clean_name(head)}, not a unit name"


def note_lone_count(sheet: Sheet, r: int, at: tuple[int, int], builder: ResultsBuilder) -> None:
    """One count under a blank header cell right of the units (a count typed past the last unit,
    header row ``r``): not read, and said so with its cell; two or more are the grid reader's error."""
    row, c = at
    count = whole_at(sheet.rows[row], c)
    if not count:
        return
    cell = sheet.cell(row, c)
    builder.log.warn(
        sheet.name,
        cell,
        f"{cell} holds a count ({count}) under no unit name (header cell {sheet.cell(r, c)} "
        f"{header_said(sheet, r, c)}): it is not read. If it is votes, give its column the unit's name "
        "and import again",
    )
    builder.notes.note("skipped", sheet.name, cell, f"(no unit name; the count {count}, not read)")
