"""A long table with a column telling a split precinct's portions apart (``split``: A / B beside
``Pct 2``, or ``Precinct Portion``, ``Ballot Style``): rows of one precinct, contest and choice in
different portions are the portions' counts, summed per choice with one warning naming them.
Without the column, two such rows with equal counts were counted once ("a page printed twice"),
votes lost with only a warning (fourth review, W6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from recount_desktop.importers.headers import VOTE_TYPE_COLUMNS, Header, normalise_header
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.values import clean_name, is_blank, is_total_label

if TYPE_CHECKING:
    from recount_desktop.importers.builder import ResultsBuilder, Where
    from recount_desktop.importers.source import Sheet

PORTION_HEADERS = frozenset(
    (
        "split",
        "precinct split",
        "split precinct",
        "portion",
        "precinct portion",
        "ballot style",
        "style",
        "part",
    )
)
# a column naming the tabulator (scanner) that counted each row's ballots: a precinct's rows repeat
# once per tabulator (Albuquerque's city runoff file)
TABULATOR_HEADERS = frozenset(
    (
        *("tabulator", "tabulator id", "tabulator name", "tabulator number", "tabulator #"),
        *("machine", "machine id", "machine name", "machine number", "machine #"),
        *("device", "device id", "device name", "device number", "device #", "scanner", "scanner id"),
    )
)
Key = tuple[tuple[str | None, str], str, str, str | None, str | None]  # unit, contest, choice, type, party


def portion_column(header: Header, row: list[object]) -> int | None:
    """The column naming each row's portion, when the table has one beside its unit column."""
    unit = header.columns.get("precinct")
    found = [
        c
        for c in header.other_columns
        if c != unit and c < len(row) and normalise_header(row[c]) in PORTION_HEADERS
    ]
    return found[0] if found else None


def tabulator_column(header: Header, row: list[object]) -> int | None:
    """The column naming each row's tabulator (``Tabulator``, ``Machine``, ``Device``), when the
    table has one beside its unit column."""
    unit = header.columns.get("precinct")
    found = [
        c
        for c in header.other_columns
        if c != unit and c < len(row) and normalise_header(row[c]) in TABULATOR_HEADERS
    ]
    return found[0] if found else None


def split_vote_types(sheet: Sheet, header: Header, builder: ResultsBuilder) -> Header:
    """A split column whose every value is a vote-type word (``Early``, ``Election Day``, ``Mail``,
    perhaps ``Total``), two types or more, names each row's vote type, not a precinct's portion:
    the header with that column as the vote-type column, and a warning naming it. Read as
    portions, the types were summed and lost (last session's note, #11 left out)."""
    if "vote_type" in header.columns or "votes" not in header.columns or header.vote_type_columns:
        return header
    row = sheet.rows[header.row]
    column = portion_column(header, row)
    if column is None:
        return header
    values = {
        clean_name(cells[column])
        for cells in sheet.rows[header.row + 1 :]
        if column < len(cells) and not is_blank(cells[column])
    }
    types = {value for value in values if normalise_header(value) in VOTE_TYPE_COLUMNS}
    if len(types) < 2 or any(value not in types and not is_total_label(value) for value in values):
        return header
    label = clean_name(row[column])
    builder.log.warn(
        sheet.name,
        sheet.cell(header.row, column),
        f"column {column_letters(column)} {label!r} holds vote types ({', '.join(sorted(types))}), "
        "not portions of split precincts: read as each row's vote type",
    )
    columns = {**header.columns, "vote_type": column}
    others = [c for c in header.other_columns if c != column]
    return Header(header.row, columns, header.vote_type_columns, others)


class Portions:
    """Counts of a long table gathered per unit, contest and choice across portions, then added."""

    def __init__(
        self,
        builder: ResultsBuilder,
        column: int,
        label: str,
        tabulators: tuple[Sheet, int] | None = None,
    ) -> None:
        self.builder = builder
        self.column = column
        self.label = label
        self.tabulators = tabulators  # sheet, header row: the column names tabulators, not portions
        self.found: dict[Key, tuple[int, Where, dict[str, Where]]] = {}

    def add(self, where: Where, key: Key, value: int | str, portion: str) -> None:
        """One row's count of one portion; a portion met twice, or a count not whole, goes to the
        builder as it is (its duplicate rule names both cells)."""
        seen = self.found.get(key)
        unit, contest, choice, vote_type, party = key
        if seen is None and type(value) is int:
            self.found[key] = (value, where, {portion: where})
            return
        if seen is None or portion in seen[2] or type(value) is not int:
            self.builder.add(where, unit, contest, choice, value, vote_type, party)
            return
        seen[2][portion] = where
        self.found[key] = (seen[0] + value, seen[1], seen[2])

    def finish(self) -> None:
        """Add the summed counts, and warn of the units whose portions were summed."""
        split: dict[str, list[str]] = {}
        for (unit, contest, choice, vote_type, party), (votes, where, portions) in self.found.items():
            self.builder.add(where, unit, contest, choice, votes, vote_type, party)
            if len(portions) > 1:
                split.setdefault(unit[1], sorted(portions))
        if not split:
            return
        shown = "; ".join(f"{unit}: {', '.join(parts)}" for unit, parts in list(split.items())[:5])
        more = f"; and {len(split) - 5} more" if len(split) > 5 else ""
        if self.tabulators is not None:
            self._tabulators(f"{len(split)} precinct(s) ({shown}{more})")
            return
        self.builder.log.warn(
            None,
            None,
            f"{len(split)} precinct(s) have portions named in column {column_letters(self.column)} "
            f"{self.label!r} ({shown}{more}): each precinct's portions are summed per choice",
        )

    def _tabulators(self, shown: str) -> None:
        """A precinct's rows repeat once per tabulator: summed per precinct only when the file's own
        total rows check every summed choice (the builder compares them); otherwise one error naming
        the column. Refused before with an "appears twice" error per row, none naming the column."""
        totals = {
            (contest, choice) for (unit, contest, choice, _t, _p) in self.found if is_total_label(unit[1])
        }
        summed = {
            (contest, choice)
            for (unit, contest, choice, _t, _p), (_v, _w, tabulators) in self.found.items()
            if len(tabulators) > 1
        }
        unchecked = sorted(summed - totals)
        assert self.tabulators is not None
        sheet, header_row = self.tabulators
        where = sheet.cell(header_row, self.column)
        letter = column_letters(self.column)
        if not unchecked:
            self.builder.log.warn(
                sheet.name,
                where,
                f"the rows of {shown} repeat once per tabulator named in column {letter} {self.label!r}: "
                "each precinct's tabulators are summed per choice, and the file's total rows check the sums",
            )
            return
        contest, choice = unchecked[0]
        self.builder.log.error(
            sheet.name,
            where,
            f"the rows of {shown} repeat once per tabulator named in column {letter} {self.label!r}, "
            f"so a precinct's count is the sum of its tabulators' rows; but the file has no total row "
            f"for {len(unchecked)} of the choices ({contest!r}, {choice!r} first) to confirm that sum, "
            "so nothing is summed or imported. Add the county's total rows (precinct 'Total', per "
            "contest and choice) to the file, or ask the county for its results by precinct",
        )
