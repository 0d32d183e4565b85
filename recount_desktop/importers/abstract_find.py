"""Where an abstract (precincts as columns) is on a sheet: every header row that could head one,
with its unit, total, skipped and label columns, best first by how its totals reconcile; and why a
given reading does not fit a sheet."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

from recount_desktop.importers.checks import SumColumn, sum_column, whole_at
from recount_desktop.importers.headers import (
    LONG_FIELDS,
    is_total_like_header,
    match_header,
    normalise_header,
)
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.values import clean_name, is_blank, is_total_label

HEADER_SEARCH_ROWS = 30
DATA_ROWS_SEEN = 59  # the rows under a candidate header row whose numbers name its count columns
MIN_UNITS = 2
_PERCENT = re.compile(r"%|percent|share", re.IGNORECASE)
_PARTY_HEADER = ("party", "party code", "affiliation")
_OFFICE_HEADER = ("name of office", "office", "contest", "race")
_NUMBER = re.compile(r"^[\d,.]+$")


def candidates(book: Book) -> list[Reading]:
    """The abstract readings of the first sheets (units as columns), best first per sheet."""
    return [reading for name in book.sheet_names[:3] for reading in find_readings(book.sheet(name))]


def find_readings(sheet: Sheet) -> list[Reading]:
    """Every header row that could head an abstract, best first; counts stored as text (a CSV)
    are numbers here (``Sheet.counted``). Found once per sheet."""
    sheet = sheet.counted()
    if "abstract" not in sheet.found:
        found = []
        windows = _numeric_windows(sheet.rows, HEADER_SEARCH_ROWS, DATA_ROWS_SEEN)
        for r, (row, numeric) in enumerate(zip(sheet.rows, windows, strict=False)):
            reading = _reading_at(sheet, r, row, numeric)
            if reading is not None:
                found.append(reading)
        sheet.found["abstract"] = sorted(found, key=lambda reading: -reading.score)
    return list(sheet.found["abstract"])


def _reading_at(sheet: Sheet, r: int, header: Sequence[object], numeric: dict[int, str]) -> Reading | None:
    """A header row: unit names over columns that hold whole numbers in the rows below
    (``numeric``: the kinds of the columns holding numbers in the rows right below ``r``)."""
    if _heads_a_long_table(header):
        return None
    # a header names its columns in text: a row of numbers is a data row, never a header
    named = [c for c in numeric if c < len(header) and _is_text(header[c])]
    totals = [
        c for c in named if is_total_label(clean_name(header[c])) or normalise_header(header[c]) == "totals"
    ]
    skipped = [c for c in named if _PERCENT.search(clean_name(header[c])) or numeric[c] == "fraction"]
    skipped += [c for c in numeric if c not in named and numeric[c] == "fraction"]
    units = [c for c in named if c not in totals and c not in skipped and not _is_label_header(header[c])]
    for c in _sum_columns(sheet.rows[r + 1 :], header, units):
        units.remove(c)  # a Sub-Total or unlabelled total column: the sum of the units before it
        totals.append(c)
    totals += _unnamed_sums(sheet.rows[r + 1 :], header, numeric, named, units)
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


def _heads_a_long_table(header: Sequence[object]) -> bool:
    """A row naming a precinct, a contest, a choice and a votes column (``county, precinct, office,
    candidate, votes``) heads a long table: its numeric columns are never an abstract's units."""
    columns = match_header(header, LONG_FIELDS).columns
    unit = "precinct" in columns or "district" in columns
    return unit and "contest" in columns and "choice" in columns and "votes" in columns


def _sum_columns(rows: Sequence[Sequence[object]], header: Sequence[object], units: list[int]) -> list[int]:
    """Unit columns whose every count is the sum of the unit columns left of them: totals by the
    statement reader's header rule (``checks.sum_column``). Under a blank or total header
    (``Sub-Total``) in two rows with votes; under a unit's name (``Clay``) only when every row can
    be checked and enough rows have votes (``unit_sums`` says which, for the warning)."""
    found: list[int] = []
    for i, c in enumerate(units[MIN_UNITS:], start=MIN_UNITS):
        before = [u for u in units[:i] if u not in found]
        verdict = _unit_sum(rows, header, before, c)
        if verdict is not None and verdict.taken:
            found.append(c)
    return found


def _unit_sum(
    rows: Sequence[Sequence[object]], header: Sequence[object], before: list[int], column: int
) -> SumColumn | None:
    """How ``column`` compares with the sum of the ``before`` columns, by ``checks.sum_column``."""
    heads = {c: clean_name(header[c]) if c < len(header) else "" for c in (*before, column)}
    return sum_column(rows, heads, at=whole_at)


def _unnamed_sums(
    rows: Sequence[Sequence[object]],
    header: Sequence[object],
    numeric: dict[int, str],
    named: list[int],
    units: list[int],
) -> list[int]:
    """Columns of whole numbers under a blank header (or a number) that are the sum of the units left
    of them: totals (checked, never counted), not counts under no unit name. The header rule of
    ``_sum_columns``: a blank header is a total's by its label; a number in it is no label."""
    found = []
    for c in sorted(numeric):
        before = [u for u in units if u < c]
        if c in named or numeric[c] != "whole" or len(before) < MIN_UNITS:
            continue
        verdict = _unit_sum(rows, header, before, c)
        if verdict is not None and verdict.taken:
            found.append(c)
    return found


def unit_sums(sheet: Sheet, reading: Reading) -> list[tuple[int, SumColumn]]:
    """The columns named like units (``Clay``) whose counts equal the sum of the unit columns left of
    them: read as totals over enough rows, else kept as units. Each with its verdict, for a warning
    naming it (a blank or total header says what it is and needs none)."""
    if not reading.header_rows:
        return []
    r = reading.header_rows[-1]
    header, rows = sheet.rows[r], sheet.rows[r + 1 :]
    found = []
    for c in sorted((*reading.unit_columns, *reading.total_columns)):
        before = [u for u in reading.unit_columns if u < c]
        if len(before) < MIN_UNITS or (c < len(header) and is_total_like_header(header[c])):
            continue
        verdict = _unit_sum(rows, header, before, c) if c < len(header) else None
        if verdict is not None and verdict.taken == (c in reading.total_columns):
            found.append((c, verdict))
    return found


def unread_columns(sheet: Sheet, reading: Reading, least: int = MIN_UNITS) -> list[tuple[int, list[int]]]:
    """Columns right of the first unit column holding whole numbers (in ``least`` rows or more) that
    the reading neither reads as a unit nor checks as a total nor skips as shares: counts under no
    unit name, which would be left out of the results. Each with the rows of its whole numbers."""
    if not reading.header_rows or not reading.unit_columns:
        return []
    start = reading.header_rows[-1] + 1
    skip = set(reading.skip_rows)
    known = {
        *reading.unit_columns,
        *reading.total_columns,
        *reading.skipped_columns,
        *reading.label_columns,
        *(c for c in (reading.party_column, reading.office_column) if c is not None),
    }
    first = min(reading.unit_columns)
    whole: dict[int, list[int]] = {}
    fractions: dict[int, int] = {}
    for r in range(start, len(sheet.rows)):
        if r in skip:
            continue
        for c, cell in enumerate(sheet.rows[r]):
            if c <= first or c in known or type(cell) not in (int, float):
                continue
            if type(cell) is float and not cell.is_integer():
                fractions[c] = fractions.get(c, 0) + 1
            else:
                whole.setdefault(c, []).append(r)
    return [(c, rows) for c, rows in sorted(whole.items()) if len(rows) >= least and fractions.get(c, 0) < 2]


def grouped_units(sheet: Sheet, reading: Reading) -> list[tuple[int, str]]:
    """Names in the row right above the header that each span several unit columns (``Mayor``
    over ``Ada``, ``Bo``): the header's names are then choices under contests (a wide sheet), not
    units. The (column, name) of each group; empty when the row above is not such a row."""
    if not reading.header_rows or not reading.unit_columns or reading.header_rows[-1] == 0:
        return []
    above = sheet.rows[reading.header_rows[-1] - 1]
    units = sorted(reading.unit_columns)
    names = [(c, clean_name(above[c])) for c in units if c < len(above) and _is_text(above[c])]
    blanks = [c for c in units if c >= len(above) or is_blank(above[c])]
    if len(names) < MIN_UNITS or not blanks or names[0][0] != units[0] or _titled(sheet, reading):
        return []
    return names


def _titled(sheet: Sheet, reading: Reading) -> bool:
    """The first row under the header is a contest title (text, no counts): an abstract whose row
    above names districts over its precincts, not a wide sheet."""
    for row in sheet.rows[reading.header_rows[-1] + 1 :]:
        if all(is_blank(cell) for cell in row):
            continue
        return not any(whole_at(row, c) is not None for c in reading.unit_columns)
    return False


def _is_text(cell: object) -> bool:
    return isinstance(cell, str) and not is_blank(cell) and not _NUMBER.match(cell.strip())


def _is_label_header(cell: object) -> bool:
    return normalise_header(cell) in _PARTY_HEADER


def _numeric_windows(rows: Sequence[Sequence[object]], headers: int, seen: int) -> Iterator[dict[int, str]]:
    """For each of the first ``headers`` rows r: the columns holding numbers in at least two of the
    ``seen`` rows after r, ``"whole"`` counts or ``"fraction"`` shares. The window slides down one
    row at a time (a wide sheet has hundreds of columns)."""
    kinds = [_number_kinds(row) for row in rows[1 : headers + seen]]
    whole: Counter[int] = Counter()
    fraction: Counter[int] = Counter()
    for r in range(min(headers, len(rows))):
        if r == 0:
            for w, f in kinds[:seen]:
                whole.update(w)
                fraction.update(f)
        else:
            whole.subtract(kinds[r - 1][0])
            fraction.subtract(kinds[r - 1][1])
            if r - 1 + seen < len(kinds):
                whole.update(kinds[r - 1 + seen][0])
                fraction.update(kinds[r - 1 + seen][1])
        found = {c: "whole" for c, n in whole.items() if n >= 2}
        found.update({c: "fraction" for c, n in fraction.items() if n >= 2})
        yield found


def _number_kinds(row: Sequence[object]) -> tuple[list[int], list[int]]:
    """The columns of a row's whole numbers and of its fractions."""
    whole, fraction = [], []
    for c, cell in enumerate(row):
        if type(cell) is float and not cell.is_integer():
            fraction.append(c)
        elif type(cell) in (int, float):
            whole.append(c)
    return whole, fraction


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
