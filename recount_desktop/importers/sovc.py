"""The ``sovc`` layout: a "Statement of Votes Cast" with one sheet per contest (Clarity, ES&S,
Dominion exports such as Sarpy, Yellowstone and Adams).

Above a header row holding ``Precinct``: title rows with the contest name. Candidates are either
the header cells themselves (``NAME\\nParty``) or names merged over vote-type sub-columns
(``Early Voting, Election Day, Provisionals, Total Votes``).
"""

from __future__ import annotations

from functools import lru_cache

from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.headers import VOTE_TYPE_COLUMNS, normalise_header
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.values import clean_name, is_blank, is_total_label, statistic_of

HEADER_ROWS = 15
_SKIP_COLUMNS = {"total", "total votes", "percent", "%", "% turnout", "turnout"}
_SUB_TYPES = {
    **VOTE_TYPE_COLUMNS,
    "provisionals": "Provisional",
    "early voting": "Early",
    "absentee": "Absentee",
    "mail in": "Mail",
}


def _precinct_header(sheet: Sheet) -> tuple[int, int] | None:
    for r, row in enumerate(sheet.rows[:HEADER_ROWS]):
        for c, cell in enumerate(row):
            if normalise_header(cell) in ("precinct", "precinct name"):
                return r, c
    return None


def looks_like_sovc(book: Book) -> bool:
    """Two or more sheets with a Precinct column below title rows."""
    found = 0
    for name in book.sheet_names[:10]:
        header = _precinct_header(book.sheet(name))
        if header is not None and header[0] > 0:
            found += 1
    return found >= 2


def read_sovc_book(book: Book, builder: ResultsBuilder, ticker: Ticker) -> None:
    read = 0
    for index, name in enumerate(book.sheet_names):
        ticker.tick(index, len(book.sheet_names))
        sheet = book.sheet(name)
        header = _precinct_header(sheet)
        if header is not None and _read_contest_sheet(sheet, header, builder):
            read += 1
    if not read:
        raise builder.log.reject(
            None,
            None,
            "no contest sheets found: looked for sheets with a 'Precinct' "
            "column under the contest name and candidate names",
        )


def _contest_name(sheet: Sheet, header_row: int, precinct_col: int) -> str:
    row = sheet.rows[header_row]
    for c in range(precinct_col):
        if not is_blank(row[c]):
            return clean_name(row[c])  # Yellowstone: the contest heads the precinct column
    for r in range(header_row):
        for cell in sheet.rows[r]:
            if not is_blank(cell):
                return clean_name(cell)
    return sheet.name or "Contest"


def _columns(
    sheet: Sheet, header_row: int, precinct_col: int
) -> dict[int, tuple[str, str | None, str | None]]:
    """Column -> (choice or statistic, vote type, party) for every column holding counts."""
    header = sheet.rows[header_row]
    above = sheet.rows[header_row - 1] if header_row > 0 else []
    group = ""
    columns: dict[int, tuple[str, str | None, str | None]] = {}
    for c in range(precinct_col + 1, len(header)):
        if c < len(above) and not is_blank(above[c]):
            group = str(above[c])
        raw = header[c]
        text = normalise_header(raw)
        if not text or text in ("precinct", "precinct name"):
            continue
        if text in _SUB_TYPES and group:
            name, party = _name_and_party(group)
            columns[c] = (name, _SUB_TYPES[text], party)
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
    return columns


def _name_and_party(text: str) -> tuple[str, str | None]:
    """``NAME\\nParty`` or ``NAME\\n(DEM)``: the party on its own line."""
    lines = [clean_name(line) for line in text.replace("\r", "\n").split("\n") if clean_name(line)]
    if len(lines) >= 2:
        return " ".join(lines[:-1]), lines[-1].strip("()") or None
    return (lines[0] if lines else ""), None


@lru_cache(maxsize=1 << 16)  # every contest sheet repeats the same precinct names
def _is_running_total(precinct: str) -> bool:
    return normalise_header(precinct) == "cumulative - total"


def _read_contest_sheet(sheet: Sheet, header: tuple[int, int], builder: ResultsBuilder) -> bool:
    header_row, precinct_col = header
    contest = _contest_name(sheet, header_row, precinct_col)
    columns = _columns(sheet, header_row, precinct_col)
    if not any(statistic_of(choice) is None for choice, _, _ in columns.values()):
        return False  # a registered-voters or turnout sheet: no contest here
    names = builder.names
    # (column, choice, vote type, party, plain): "plain" columns take whole counts the short way
    cells = [
        (c, choice, vote_type, party, vote_type is None and builder.plain_choice(choice))
        for c, (choice, vote_type, party) in columns.items()
    ]
    rows = sheet.rows
    for r in range(header_row + 1, len(rows)):
        row = rows[r]
        if precinct_col >= len(row) or is_blank(row[precinct_col]):
            continue
        precinct = names[row[precinct_col]]
        if _is_running_total(precinct):
            continue  # Dominion repeats the electionwide total as a running one
        total_row = is_total_label(precinct)
        key = (None, "Total" if total_row else precinct)
        width = len(row)
        for c, choice, vote_type, party, plain in cells:
            if c >= width:
                continue
            raw = row[c]
            if plain and not total_row:
                if type(raw) is int and raw >= 0:
                    builder.add_plain((sheet, r, c), key, contest, choice, raw, party)
                    continue
                if type(raw) is float and raw.is_integer() and raw >= 0:
                    builder.add_plain((sheet, r, c), key, contest, choice, int(raw), party)
                    continue
            where = (sheet, r, c)
            value = builder.count(where, raw, lambda: f"{choice} in {precinct}, {contest}")  # noqa: B023
            if value is not None:
                builder.add(where, key, contest, choice, value, vote_type, party)
    return True
