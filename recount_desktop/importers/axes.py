"""Which axis of a one-contest table holds the units, when its cells read both ways.

A one-contest abstract (units along its header row, choices down its label column, a title or
nothing in the corner) is, cell for cell, a one-contest statement of votes cast turned on its side:
``Mayor | Ada | Bo | Total`` over ``North | 10 | 5 | 15`` reads clean either way, and the file's
own totals (a total row and a total column) reconcile either way. Only the names can tell: unit-like
names (a number, ``Precinct``, ``Ward``, ``Township``, ``Absentee``...) on one axis, or names that
only a choice or a statistic carries (a party, a write-in line, ``Yes``/``No``, ``Registered
Voters``) on the other. ``two_ways`` finds such a table, ``units_axis`` weighs the names, and
``as_statement`` gives the units-as-rows reading of the same cells. Without a decisive cue the
table is refused naming its cells (``undecided``), never read one way silently (issue 11).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from recount_desktop.importers.headers import is_unit_header
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.questions import SIDE_WORD
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Sheet
from recount_desktop.importers.values import clean_name, is_blank, is_total_label

# a unit's name: a code (``001``, ``1-A``, ``12A``, ``001 Adams``), a name ending in a number (``Ward
# 3``, ``Pct 12``, ``Precinct 4A``, ``Adams 2``) or with a unit word before one (``Ward 3 Pct 2``), a
# word only a unit's name holds (``North Precinct``, ``Adams Township``, ``City of Ord``), or a
# pseudo-unit (``Absentee``, ``Mail Ballots``). A number inside other words is no cue (``District 2
# Judge``; ``For Prop 3`` is a question's side); ``Ward`` and ``District`` alone are none either:
# ``Ward Smith`` may be a candidate
_UNIT_NAME = re.compile(
    r"^\d[\w.-]*(\s|$)|^\D+\s#?\d+[a-z]?$|\b(ward|pct|prec|precinct)\s*#?\d"
    r"|\b(precincts?|pct|prec|township|twp|vote cent(er|re)s?|polling (place|location)"
    r"|voting (center|location))\b"
    r"|^(town|city|village) of\b"
    r"|\b(absentee|early vot\w*|provisionals?|mail[- ]?in|vote by mail|by mail|countywide|county ?wide"
    r"|overseas|uocava|new residents?|former residents?|(mail|early) ballots?)\b",
    re.IGNORECASE,
)
# the party codes counties print (``DEM``, ``UAF``, Utah's ``UUP``...); any other short code in
# parentheses may be a precinct's (``Adams\n(ADA)``)
PARTY_CODES = "DEM|REP|LIB|LBT|GRN|GRE|CON|IND|NON|NPA|UAF|UNA|AIP|WFP|REF|IAP|UUP|UFP|UNI|WTP|PRO"
_PARTY_NAMES = (
    "democrat(ic)?|republican|libertarian|green|constitution|independent|unaffiliated|non-?partisan"
    "|reform|american constitution|working families"
)
# a party on a line of its own under a name: ``JON TESTER\nDemocrat``, ``ADA\n(DEM)``, ``Bo\n(R)``
PARTY_LINE = re.compile(
    rf"^\(\s*({PARTY_CODES}|{_PARTY_NAMES}|[DRLGI])\s*\)$|^({_PARTY_NAMES})( party)?$|^({PARTY_CODES})$",
    re.IGNORECASE,
)
_PARTY = rf"({_PARTY_NAMES}|{PARTY_CODES}|D|R|L|G|I)"
# ``Ada Lovelace (DEM)``, ``Ada Lovelace - Republican``, ``DEM Ada Lovelace``
_PARTY_IN_NAME = rf"\(\s*{_PARTY}\s*\)$|\s[-–]\s*{_PARTY}( party)?$|^(DEM|REP|LIB|LBT|GRN|CON|NPA)\s+\S"
# a question's answer: ``Yes``, ``NO``, ``For the Levy``, ``For Prop 3``, ``Issue 3 - Yes`` (a side
# as a word anywhere, never ``No. 5``): the sides as ``questions`` defines them
_QUESTION_CHOICE = SIDE_WORD
# ``Candidate 1``, ``Choice A``: a placeholder name, a choice's (its number is no precinct's)
_PLACEHOLDER_CHOICE = r"^(candidate|choice|option)\b"
# a write-in line, or a statistic (``values.statistic_of``) or turnout line: never a unit's name.
# Ballots of a kind (``Mail Ballots``, ``Absentee Ballots``) are a pseudo-unit's, not a statistic's
_NEVER_A_UNIT = (
    r"write[- ]?ins?\b|registered|eligible voters|\bvoted\b|turn\s*out|ballots cast"
    r"|(?<!mail )(?<!mail-in )(?<!absentee )(?<!provisional )(?<!early )\bballots\b"
    r"|(times|voters|cards) cast|^(over|under)\s*-?\s*votes?\b|^(over|under)votes?$|^blanks?( votes?)?$"
)
# one pass over a name for every sign that it is a choice's (names are weighed by the thousand)
_CHOICE_NAME = re.compile(
    "|".join(
        f"(?:{part})" for part in (_PARTY_IN_NAME, _QUESTION_CHOICE, _PLACEHOLDER_CHOICE, _NEVER_A_UNIT)
    ),
    re.IGNORECASE,
)
# the corner over the label column naming what it lists, not a contest's title: units ("Precinct",
# "Precinct Name", and every word of ``headers.UNIT_HEADERS``), or choices ("OFFICE/CANDIDATE")
UNIT_CAPTION = re.compile(r"\bprecincts?\b", re.IGNORECASE)
CAPTION = re.compile(r"office|candidate|\bname\b|contest|race", re.IGNORECASE)


@dataclass(frozen=True)
class TwoWays:
    """A one-contest table read as an abstract: the names along its header row (``across``) and
    down its label column (``down``), each with its row or column; its totals, when it has any."""

    sheet: Sheet
    reading: Reading
    label_column: int
    across: tuple[tuple[int, str], ...]
    down: tuple[tuple[int, str], ...]
    has_totals: bool

    @property
    def corner(self) -> str:
        return f"{column_letters(self.label_column)}{self.reading.header_rows[-1] + 1}"

    @property
    def row(self) -> int:
        return self.reading.header_rows[-1] + 1


def two_ways(sheet: Sheet, reading: Reading) -> TwoWays | None:
    """The abstract ``reading`` of ``sheet`` as a table that reads both ways: one header row, one
    label column, no office or party column, a title in the corner (no unit caption), and under the header
    only choice lines and total lines (no contest title, no name over vote-type rows: those shape an
    abstract only). None for any other table."""
    if len(reading.header_rows) != 1 or reading.office_column is not None or reading.party_column is not None:
        return None
    r = reading.header_rows[0]
    header = sheet.rows[r]
    down = _lines(sheet, reading)
    if down is None or not down[0]:
        return None
    lines, has_totals = down
    labels = {c for c, _r, _n in lines}
    if len(labels) != 1:
        return None  # names in two columns (a name and a party unheaded): not one axis of names
    label_column = labels.pop()
    corner = clean_name(header[label_column]) if label_column < len(header) else ""
    if not corner or UNIT_CAPTION.search(corner) or is_unit_header(corner) or CAPTION.search(corner):
        # ``Precinct`` in the corner: the abstract reader's own caption check refuses it; a blank
        # corner, or a caption, leaves the table with no contest title: no reading reads it
        return None
    across = tuple((c, _lines_of(header[c])) for c in reading.unit_columns if c < len(header))
    totals = has_totals or bool(reading.total_columns)
    return TwoWays(sheet, reading, label_column, across, tuple((r2, n) for _c, r2, n in lines), totals)


def _lines(sheet: Sheet, reading: Reading) -> tuple[list[tuple[int, int, str]], bool] | None:
    """The choice lines under the header (label column, row, name) and whether a total line is
    there; None when a row of text with no counts (a title, a choice's name over its vote types)
    or an unlabelled line above a choice line shapes the table as an abstract only."""
    lines: list[tuple[int, int, str]] = []
    totals = False
    for r in range(reading.header_rows[-1] + 1, len(sheet.rows)):
        row = sheet.rows[r]
        named = [c for c in reading.label_columns if c < len(row) and not is_blank(row[c])]
        counts = any(c < len(row) and not is_blank(row[c]) for c in reading.unit_columns)
        if not counts:
            if named:
                return None
            continue
        if len(named) > 1:
            return None
        if not named or is_total_label(clean_name(row[named[0]])):
            totals = True
            continue
        if totals:
            return None  # a choice line under a total line: more than one table
        lines.append((named[0], r, _lines_of(row[named[0]])))
    return lines, totals


def _lines_of(cell: object) -> str:
    """A name with its lines kept (``JON TESTER\nDemocrat``: the party on a line of its own), each
    line cleaned as ``clean_name`` cleans a name."""
    if not isinstance(cell, str) or ("\n" not in cell and "\r" not in cell):
        return clean_name(cell)
    lines = cell.replace("\r", "\n").split("\n")
    return "\n".join(line for line in map(clean_name, lines) if line)


def units_axis(table: TwoWays) -> tuple[str | None, str]:
    """``("columns", why)``: the header row names the units; ``("rows", why)``: the label column
    does; ``(None, why)``: the names do not tell (nothing, or cues on both sides)."""
    row, col = table.row, column_letters(table.label_column)
    across_units = _first(table.across, _is_unit_name, lambda c: f"{column_letters(c)}{row}")
    down_units = _first(table.down, _is_unit_name, lambda r: f"{col}{r + 1}")
    across_choices = _first(table.across, _is_choice_name, lambda c: f"{column_letters(c)}{row}")
    down_choices = _first(table.down, _is_choice_name, lambda r: f"{col}{r + 1}")
    for_columns = [f"{what} looks like a unit" for what in (across_units,) if what] + [
        f"{what} names a choice" for what in (down_choices,) if what
    ]
    for_rows = [f"{what} looks like a unit" for what in (down_units,) if what] + [
        f"{what} names a choice" for what in (across_choices,) if what
    ]
    if for_columns and not for_rows:
        return "columns", f"units along row {row}: {'; '.join(for_columns)}"
    if for_rows and not for_columns:
        return "rows", f"units down column {col}: {'; '.join(for_rows)}"
    if for_columns and for_rows:
        return None, f"the names point both ways ({'; '.join(for_columns + for_rows)})"
    return None, "no name shows which are the units"


def _first(
    names: tuple[tuple[int, str], ...], test: Callable[[str], bool], place: Callable[[int], str]
) -> str | None:
    for at, name in names:
        if test(name):
            return f"{_shown(name)!r} ({place(at)})"
    return None


def _shown(name: str) -> str:
    return " / ".join(part.strip() for part in name.replace("\r", "\n").split("\n") if part.strip())


def _is_unit_name(name: str) -> bool:
    return bool(_UNIT_NAME.search(name)) and not _is_choice_name(name)


def is_unit_name(name: str) -> bool:
    """A name only a unit carries (a number, as in Ward 3; Precinct, Township, Absentee)."""
    return _is_unit_name(name)


def _is_choice_name(name: str) -> bool:
    """A name only a choice (or a statistic, never a unit) carries: a party, a write-in line, a
    question's answer, a placeholder, a count of voters or ballots."""
    if "\n" in name:
        lines = name.split("\n")  # ``_lines_of`` kept the lines, cleaned
        if PARTY_LINE.match(lines[-1]):
            return True
        name = " ".join(lines)
    return _CHOICE_NAME.search(name) is not None


_PAGE_LINE = re.compile(r"^page:?\s*\d+(\s*of\s*\d+)?$", re.IGNORECASE)


def titled_statement(sheet: Sheet, reading: Reading) -> Reading | None:
    """The abstract ``reading`` of a one-table sheet whose label column is headed as units
    (``Precinct``) and whose contest is titled in a row above the header (``Mayor (Vote for 1)``):
    a statement of that one contest, units down the column and its choices along the header row.
    The caption alone is not enough (one untitled header row may hold two primaries' candidates);
    with the title the choices are that contest's. None for any other sheet."""
    if len(reading.header_rows) != 1 or len(reading.label_columns) != 1:
        return None
    if reading.office_column is not None or reading.party_column is not None:
        return None
    r, c = reading.header_rows[0], reading.label_columns[0]
    caption = clean_name(sheet.rows[r][c]) if c < len(sheet.rows[r]) else ""
    if not (UNIT_CAPTION.search(caption) or is_unit_header(caption)):
        return None
    down = _lines(sheet, reading)  # None: text rows under the header, several contests' titles
    title = _title_above(sheet, r)
    if down is None or not down[0] or title is None:
        return None
    cue = f"column {column_letters(c)} is headed {caption!r} under the contest's title {title!r}"
    return Reading(sheet.name, "rows", reading.header_rows, layout="sovc", unit_column=c, cue=cue)


def _title_above(sheet: Sheet, header_row: int) -> str | None:
    """The nearest row above the header holding one text cell (not a page line, not the election's
    name) and no count."""
    for r in range(header_row - 1, -1, -1):
        cells = [cell for cell in sheet.rows[r] if not is_blank(cell)]
        texts = [clean_name(cell) for cell in cells if isinstance(cell, str)]
        title = texts[0] if len(cells) == 1 and len(texts) == 1 else ""
        if title and not _PAGE_LINE.match(title) and not reads_as_election_line(title):
            return title
    return None


_YEAR = re.compile(r"\b(19|20)\d\d\b")
_ELECTION_WORDS = re.compile(
    r"\b(general|primary|primaries|elections?|runoff|run-off|special|municipal|consolidated|canvass|"
    r"official|unofficial|results)\b",
    re.IGNORECASE,
)
_RESULTS_LINE = re.compile(
    r"^((un)?official\s+)?(election\s+)?(summary\s+)?(results|canvass|statement of votes cast)"
    r"(\s+report)?$",
    re.IGNORECASE,
)


# words naming a contest or a ballot question, and words only an election's heading uses
_CONTEST_WORDS = re.compile(
    r"\b(bonds?|levy|levies|question|mill|recall|school|proposition|prop\.?|measure|amendment|"
    r"initiative|referendum|issue|tax|override|annexation|charter|ordinance|resolution)\b",
    re.IGNORECASE,
)
_HEADING_WORDS = re.compile(
    r"\b(general|primary|primaries|official|unofficial|results|canvass)\b", re.IGNORECASE
)


def reads_as_election_line(text: str) -> bool:
    """A line naming the election, not a contest (``2026 General Election - Official Results``,
    ``Official Results``): a year with an election word, or a results heading alone. Taken as the
    one contest's title it named the contest after the election (regression sweep, F2). A year and
    ``Election`` beside a contest's words and no heading's word (``2026 School Bond Election``) is
    the contest's own title (N2)."""
    if _RESULTS_LINE.match(text):
        return True
    if not (_YEAR.search(text) and _ELECTION_WORDS.search(text)):
        return False
    return not (_CONTEST_WORDS.search(text) and not _HEADING_WORDS.search(text))


def as_statement(table: TwoWays, cue: str = "", by_user: bool = False) -> Reading:
    """The same cells read with units as rows: a statement of votes cast whose unit column is the
    label column, under the same header row (its corner the contest's title)."""
    return Reading(
        table.sheet.name,
        "rows",
        table.reading.header_rows,
        layout="sovc",
        unit_column=table.label_column,
        cue=cue,
        by_user=by_user,
    )


_READS_BOTH_WAYS = "heads a one-contest table that reads both ways"


def is_undecided(message: str) -> bool:
    """The refusal ``undecided`` words: precincts could not be told from candidates (the wizard
    says so in its status line, rather than naming the reading that was refused)."""
    return _READS_BOTH_WAYS in message


def undecided(table: TwoWays, why: str, one_sheet: bool = True) -> str:
    """The refusal of a table that reads both ways, naming its corner and both axes, and how to
    choose (a workbook of several sheets is read as statements one sheet at a time: ``--sheet``)."""
    row, col = table.row, column_letters(table.label_column)
    corner = clean_name(table.sheet.rows[row - 1][table.label_column])
    across = _span(table.across, lambda c: f"{column_letters(c)}{row}")
    down = _span(table.down, lambda r: f"{col}{r + 1}")
    reconcile = (
        "its own totals check the same either way" if table.has_totals else "either way it reads clean"
    )
    sheets = "" if one_sheet else "; one sheet at a time, with --sheet NAME"
    return (
        f"{table.corner} ({corner!r}) {_READS_BOTH_WAYS}: units along row "
        f"{row} ({across}) with choices down column {col} ({down}), or units down column {col} "
        f"with choices along row {row}; {reconcile}, and {why} (a number, as in Ward 3, or a word "
        "such as Precinct, Township or Absentee marks a unit; a party or a write-in line marks a "
        "choice). Choose how to read it: in the import wizard, the layout or the unit column; or "
        "import --format abstract (units along row "
        f"{row}) or --format sovc (units down column {col}{sheets}), or a layout profile (--profile FILE)"
    )


def _span(names: tuple[tuple[int, str], ...], place: Callable[[int], str]) -> str:
    shown = ", ".join(repr(_shown(name)) for _at, name in names[:4]) + (", ..." if len(names) > 4 else "")
    return f"{place(names[0][0])}:{place(names[-1][0])}: {shown}"
