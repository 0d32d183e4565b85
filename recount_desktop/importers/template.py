"""The tally template of CONTRACT.md: read it (Tallies, Contests, Election sheets) and write a blank one.

The template is the layout a county can always fall back to, so its reader is strict: exact
column names, enumerated values checked, every problem named by sheet and cell.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, datetime
from pathlib import Path
from typing import Any

from recount_desktop.domain import Approval, BoardMember, State
from recount_desktop.domain.records import (
    ContestKind,
    ElectionType,
    FiledWith,
    MeasureType,
    Scope,
    VotingMethod,
)
from recount_desktop.importers.builder import CsvNames, ResultsBuilder, Ticker
from recount_desktop.importers.headers import REQUIRED, TEMPLATE_FIELDS, match_header, normalise_header
from recount_desktop.importers.long import read_long_rows
from recount_desktop.importers.long_unnamed import note_unheaded_counts
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.values import clean_name, is_blank

CONTEST_COLUMNS: Mapping[str, tuple[str, Callable[[str], Any]]] = {
    "kind": ("Kind", ContestKind),
    "seats": ("Seats", lambda text: _seats(text)),  # noqa: PLW0108 - defined below
    "scope": ("Scope", Scope),
    "election_type": ("Election Type", ElectionType),
    "voting_method": ("Voting Method", VotingMethod),
    "approval": ("Approval", Approval.parse),
    "measure_type": ("Measure Type", MeasureType),
    "filed_with": ("Filed With", FiledWith),
    "runoff_possible": ("Runoff Possible", lambda text: _yes_no(text)),  # noqa: PLW0108
}
ELECTION_FIELDS = (
    "State",
    "Jurisdiction",
    "Election Name",
    "Election Date",
    "Canvass Date",
    "Election Type",
    "Board Member",
)
TEMPLATE_COLUMNS = ("Precinct", "Contest", "Choice", "Votes", "County", "Vote Type", "Party")


def _seats(text: str) -> int:
    number = text.replace(",", "")
    if number.endswith(".0"):
        number = number[:-2]
    if not number.isdigit() or int(number) < 1:
        raise ValueError(f"seats must be a whole number of at least 1, not {text!r}")
    return int(number)


def _yes_no(text: str) -> bool:
    lowered = text.lower()
    if lowered not in ("yes", "no", "true", "false", "y", "n"):
        raise ValueError(f"must be yes or no, not {text!r}")
    return lowered in ("yes", "true", "y")


def is_template(book: Book) -> bool:
    """A workbook with a Tallies sheet, or a CSV whose header has exactly the template's names."""
    if not book.is_csv:
        return book.find_sheet("Tallies") is not None
    first = next((row for row in book.sheet("").rows if any(not is_blank(c) for c in row)), [])
    names = {normalise_header(c) for c in first}
    return set(REQUIRED) <= names


def read_template(
    book: Book, builder: ResultsBuilder, ticker: Ticker
) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Tallies into the builder; returns the Contests sheet's options and the Election sheet's fields."""
    log = builder.log
    name = "" if book.is_csv else book.find_sheet("Tallies")
    if name is None:
        raise log.reject(
            None, None, f"the workbook has no 'Tallies' sheet (it has: {', '.join(book.sheet_names)})"
        )
    sheet = book.sheet(name)
    header_row = next((r for r, row in enumerate(sheet.rows) if any(not is_blank(c) for c in row)), None)
    if header_row is None:
        raise log.reject(sheet.name, None, "the Tallies table is empty: no header row")
    header = match_header(sheet.rows[header_row], TEMPLATE_FIELDS, vote_types=False)
    header.row = header_row
    missing = [f.title() for f in REQUIRED if f not in header.columns]
    if missing:
        raise log.reject(
            sheet.name,
            sheet.cell(header_row, 0),
            f"missing required column(s) {', '.join(missing)} "
            f"in the header row; the Tallies columns are {', '.join(TEMPLATE_COLUMNS)}",
        )
    for col in header.other_columns:
        log.warn(
            sheet.name,
            sheet.cell(header_row, col),
            f"column {clean_name(sheet.rows[header_row][col])!r} is not a template column; ignored",
        )
    note_unheaded_counts(sheet, header, builder)  # a count past the last column: said, not lost
    if not any(any(not is_blank(c) for c in row) for row in sheet.rows[header_row + 1 :]):
        raise log.reject(
            sheet.name, sheet.cell(header_row + 1, 0), "the Tallies table has a header but no rows"
        )
    if book.is_csv:
        builder.names = CsvNames()  # a name our export protected with an apostrophe, as it was
    read_long_rows(sheet, header, builder, ticker)
    options = {} if book.is_csv else read_contests_sheet(book, builder)
    fields = {} if book.is_csv else read_election_sheet(book, builder)
    return options, fields


def read_contests_sheet(book: Book, builder: ResultsBuilder) -> dict[str, dict[str, Any]]:
    """Contest attributes by contest name; cells left blank take the defaults."""
    name = book.find_sheet("Contests")
    if name is None:
        return {}
    sheet, log = book.sheet(name), builder.log
    rows = sheet.rows
    if not rows:
        return {}
    headers = [normalise_header(c) for c in rows[0]]
    if "contest" not in headers:
        log.error(sheet.name, "A1", "the Contests sheet has no 'Contest' column")
        return {}
    wanted = {label.lower(): attr for attr, (label, _) in CONTEST_COLUMNS.items()}
    for col, text in enumerate(headers):
        if text and text != "contest" and text not in wanted:
            log.warn(sheet.name, sheet.cell(0, col), f"column {text!r} is not a Contests column; ignored")
    contest_col = headers.index("contest")
    options: dict[str, dict[str, Any]] = {}
    for r in range(1, len(rows)):
        row = rows[r]
        contest = clean_name(row[contest_col]) if contest_col < len(row) else ""
        if not contest:
            if any(not is_blank(c) for c in row):
                log.error(
                    sheet.name, sheet.cell(r, contest_col), "the row gives attributes but no contest name"
                )
            continue
        if contest in options:
            log.error(sheet.name, sheet.cell(r, contest_col), f"contest {contest!r} is listed twice")
            continue
        options[contest] = _contest_options(sheet, r, headers, wanted, builder)
    return options


def _contest_options(
    sheet: Sheet, r: int, headers: list[str], wanted: Mapping[str, str], builder: ResultsBuilder
) -> dict[str, Any]:
    found: dict[str, Any] = {}
    row = sheet.rows[r]
    for col, text in enumerate(headers):
        attr = wanted.get(text)
        if attr is None or col >= len(row) or is_blank(row[col]):
            continue
        raw = clean_name(row[col])
        label, parse = CONTEST_COLUMNS[attr]
        given = raw if attr in ("seats", "approval", "runoff_possible") else raw.lower().replace(" ", "_")
        try:
            found[attr] = parse(given)
        except ValueError as error:
            choices = ", ".join(m.value for m in parse) if isinstance(parse, type) else ""  # type: ignore[attr-defined]
            hint = f"; use one of {choices}" if choices else f" ({error})"
            builder.log.error(sheet.name, sheet.cell(r, col), f"{label} cannot be {raw!r}{hint}")
    return found


def read_election_sheet(book: Book, builder: ResultsBuilder) -> dict[str, Any]:
    """The Election sheet's Field/Value rows as Election constructor arguments."""
    name = book.find_sheet("Election")
    if name is None:
        return {}
    sheet, log = book.sheet(name), builder.log
    fields: dict[str, Any] = {}
    members: list[BoardMember] = []
    start = 1 if sheet.rows and normalise_header(sheet.rows[0][0] if sheet.rows[0] else "") == "field" else 0
    for r in range(start, len(sheet.rows)):
        row = sheet.rows[r]
        label = normalise_header(row[0]) if row else ""
        value = row[1] if len(row) > 1 else None
        if not label:
            continue
        if is_blank(value):
            if label != "board member":
                log.warn(sheet.name, sheet.cell(r, 1), f"no value for {clean_name(row[0])!r}")
            continue
        if label not in _ELECTION_KEYS:
            log.error(
                sheet.name,
                sheet.cell(r, 0),
                f"unknown field {clean_name(row[0])!r}; the fields are {', '.join(ELECTION_FIELDS)}",
            )
            continue
        try:
            _election_field(label, value, fields, members)
        except ValueError as error:
            log.error(sheet.name, sheet.cell(r, 1), str(error))
    if members:
        fields["board_members"] = tuple(members)
    return fields


_ELECTION_KEYS = {
    "state": "state",
    "jurisdiction": "jurisdiction",
    "election name": "name",
    "election date": "election_date",
    "canvass date": "canvass_date",
    "election type": "election_type",
    "board member": "",
}


def _election_field(label: str, value: object, fields: dict[str, Any], members: list[BoardMember]) -> None:
    if label == "board member":
        members.append(BoardMember.parse(clean_name(value)))
        return
    key = _ELECTION_KEYS[label]
    if key == "state":
        text = clean_name(value).upper()
        if text not in State.__members__:
            raise ValueError(f"state must be one of {', '.join(State.__members__)}, not {text!r}")
        fields[key] = State(text)
    elif key.endswith("_date"):
        fields[key] = _as_date(value)
    elif key == "election_type":
        text = clean_name(value).lower().replace(" ", "_")
        choices = [t.value for t in ElectionType]
        if text not in choices:
            raise ValueError(f"election type must be one of {', '.join(choices)}, not {clean_name(value)!r}")
        fields[key] = ElectionType(text)
    else:
        fields[key] = clean_name(value)


def _as_date(value: object) -> date:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = clean_name(value)
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a date in the form YYYY-MM-DD") from None


def write_tally_template(path: str | Path) -> Path:
    """A blank template with one filled-in example row and drop-down lists for the enumerated columns."""
    from recount_desktop.importers.template_writer import write_template  # openpyxl only when writing

    return write_template(Path(path))
