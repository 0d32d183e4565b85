"""Where an abstract (precincts as columns) is on a sheet: every header row that could head one,
with its unit, total, skipped and label columns, best first by how its totals reconcile; and why a
given reading does not fit a sheet."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

from recount_desktop.importers.checks import MIN_UNITS_BY_ARITHMETIC, SumColumn, sum_column, whole_at
from recount_desktop.importers.headers import (
    LONG_FIELDS,
    is_total_like_header,
    match_header,
    normalise_header,
)
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, Sheet
from recount_desktop.importers.values import clean_name, is_blank, is_total_label, statistic_of

HEADER_SEARCH_ROWS = 30
DATA_ROWS_SEEN = 59  # the rows under a candidate header row whose numbers name its count columns
MIN_UNITS = 2
_PERCENT = re.compile(r"%|percent|share", re.IGNORECASE)
_PARTY_HEADER = ("party", "party code", "affiliation")
_OFFICE_HEADER = ("name of office", "office", "contest", "race")
_NUMBER = re.compile(r"^[\d,.]+$")
_SHARE_TEXT = re.compile(r"^\s*\d{1,3}(\.\d+)?\s*%\s*$")  # a vote share written as text: 50.0%


def candidates(book: Book) -> list[Reading]:
    """The abstract readings of the first sheets (units as columns), best first per sheet."""
    found = [reading for name in book.sheet_names[:3] for reading in find_readings(book.sheet(name))]
    return [reading for reading in found if not reading.field_units]


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
        # a reading with statistics over its unit columns last: the reader takes the first
        sheet.found["abstract"] = sorted(found, key=lambda reading: (reading.field_units, -reading.score))
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
    for c in subtotals_before_parts(sheet.rows[r + 1 :], units, totals):
        units.remove(c)  # Van Buren before VB1 and VB2: counted, it would count its parts twice
        skipped.append(c)
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
        field_units=any(_is_statistic_header(header[c]) for c in units),
    )
    return replace(reading, score=_score(sheet, reading))


# a long table's field words (``Votes``, ``Candidate``, ``Office``): a column's role, never a unit's name
_FIELD_WORDS = frozenset(word for field in ("contest", "choice", "votes") for word in LONG_FIELDS[field])


def _is_statistic_header(cell: object) -> bool:
    """``Registered Voters``, ``reg_voters``, ``total_ballots_cast`` over a column: a statistic of
    each row's unit, so the units are down the rows and this row heads no abstract (Camden's
    precincts were read as candidates under units named 'reg_voters' and 'trump_n', exit 0). So is
    a long table's field word (``Votes``): Albuquerque's tabulators were read as candidates under
    units named 'District' and 'Votes'."""
    text = normalise_header(cell)
    return text in _FIELD_WORDS or statistic_of(text) is not None


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
        # a ward's subtotal closes the units since the previous subtotal (W2 P1, W2 P2, Ward 2)
        since = [u for u in before if not found or u > found[-1]]
        for run in (before, since) if len(since) >= MIN_UNITS and since != before else (before,):
            verdict = _unit_sum(rows, header, run, c)
            if verdict is not None and verdict.taken:
                found.append(c)
                break
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


def subtotals_before_parts(
    rows: Sequence[Sequence[object]], units: Sequence[int], totals: Sequence[int]
) -> dict[int, list[int]]:
    """Unit columns equal in every row to the sum of the two or more unit columns right after them
    (Carter MO: ``Van Buren`` before ``VB1`` and ``VB2``): a subtotal printed before its parts,
    each with its parts. Taken when it holds votes in ``MIN_UNITS_BY_ARITHMETIC`` rows, or when a
    total column right of them all equals the units without it in every row (and not with it)."""
    found: dict[int, list[int]] = {}
    # the first rows rule most columns out cheaply (a subtotal holds in every row); a column that
    # passes there is checked over every row
    head = _whole_grid(rows[:DATA_ROWS_SEEN], [*units, *totals])
    if head is None or not any(_parts_summed(head, c, list(units[i + 1 :])) for i, c in enumerate(units)):
        return found
    grid = _whole_grid(rows, [*units, *totals])
    if grid is None:
        return found
    for i, c in enumerate(units):
        parts = _parts_summed(grid, c, [u for u in units[i + 1 :] if u not in found])
        if parts and _subtotal_taken(grid, c, [u for u in units if u not in found], totals):
            found[c] = parts
    return found


def skipped_subtotals(sheet: Sheet, reading: Reading) -> list[tuple[int, list[int]]]:
    """The reading's skipped columns that are subtotals of the unit columns right after them, each
    with its parts (for the warning naming them)."""
    if not reading.header_rows:
        return []
    rows = sheet.rows[reading.header_rows[-1] + 1 :]
    found = []
    for c in reading.skipped_columns:
        after = [u for u in reading.unit_columns if u > c]
        grid = _whole_grid(rows, [c, *after])
        parts = _parts_summed(grid, c, after) if grid else []
        if parts:
            found.append((c, parts))
    return found


Grid = list[dict[int, int | None]]  # per row with counts in the columns asked: column -> count (None: blank)


def _whole_grid(rows: Sequence[Sequence[object]], columns: Sequence[int]) -> Grid | None:
    """The rows holding whole counts in ``columns`` (None for a blank cell); a row holding text or a
    fraction there (a turnout row of percentages) is passed over. None when no row is left."""
    grid: Grid = []
    for row in rows:
        counts = {c: whole_at(row, c) for c in columns}
        if all(v is None for v in counts.values()):
            continue
        if any(v is None and not is_blank(row[c] if c < len(row) else None) for c, v in counts.items()):
            continue
        grid.append(counts)
    return grid or None


def _parts_summed(grid: Grid, column: int, after: list[int]) -> list[int]:
    """The two or more columns right after ``column`` whose counts sum to its own in every row that
    counts them (registered voters, given for the whole place only, leave its parts blank)."""
    rows = [row for row in grid if row[column] is not None]
    sums = [0] * len(rows)
    for k, part in enumerate(after):
        sums = [s + (row[part] or 0) for s, row in zip(sums, rows, strict=True)]
        if any(s > (row[column] or 0) for s, row in zip(sums, rows, strict=True)):
            return []  # counts are never negative: the run has passed the subtotal
        run = after[: k + 1]
        counted = [
            (s, row) for s, row in zip(sums, rows, strict=True) if any(row[p] is not None for p in run)
        ]
        voted = sum(1 for p in run if any(row[p] for row in rows))
        if k >= 1 and voted >= MIN_UNITS and all(s == row[column] for s, row in counted):
            return run
    return []


def _subtotal_taken(grid: Grid, column: int, units: list[int], totals: Sequence[int]) -> bool:
    """Enough rows with votes to tell, or the file's total column agrees only without it."""
    if sum(1 for row in grid if row[column]) >= MIN_UNITS_BY_ARITHMETIC:
        return True
    others = [u for u in units if u != column]
    for total in (t for t in totals if t > max(units)):
        rows = [row for row in grid if row[total] is not None]
        without = all(row[total] == sum(row[u] or 0 for u in others) for row in rows)
        if rows and without and any(row[column] for row in rows):
            return True
    return False


def unit_sums(sheet: Sheet, reading: Reading) -> list[tuple[int, SumColumn]]:
    """The columns named like units (``Clay``) whose counts equal the sum of the unit columns left of
    them: read as totals over enough rows, else kept as units. Each with its verdict, for a warning
    naming it (a blank or total header says what it is and needs none)."""
    if not reading.header_rows:
        return []
    r = reading.header_rows[-1]
    header, rows = sheet.rows[r], sheet.rows[r + 1 :]
    found = []
    last_total = -1
    for c in sorted((*reading.unit_columns, *reading.total_columns)):
        before = [u for u in reading.unit_columns if u < c]
        since = [u for u in before if u > last_total]
        if c in reading.total_columns:
            last_total = c
        if len(before) < MIN_UNITS or (c < len(header) and is_total_like_header(header[c])):
            continue
        for run in (before, since) if len(since) >= MIN_UNITS and since != before else (before,):
            verdict = _unit_sum(rows, header, run, c) if c < len(header) else None
            if verdict is not None and verdict.taken == (c in reading.total_columns):
                found.append((c, verdict))
                break
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
        if (type(cell) is float and not cell.is_integer()) or (type(cell) is str and _SHARE_TEXT.match(cell)):
            fraction.append(c)  # a share, as a fraction or as text ('50.0%')
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
