"""A long table's columns of counts that no field names: never dropped silently.

A column the reader cannot name (``walkin_votes`` beside ``mail_votes``) may be a vote type whose
votes would be lost; any such column is listed among the skipped columns of the import's summary,
and one that looks like votes is an error when the table has no votes column to check the named
vote types against (issue 11: "never drop a numeric column of a long table silently").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from recount_desktop.importers.builder import ResultsBuilder
from recount_desktop.importers.checks import whole_or_text_at
from recount_desktop.importers.headers import Header
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.source import Sheet
from recount_desktop.importers.values import clean_name, is_blank, statistic_of

# a header that says its column holds votes of some kind
_VOTES_WORD = re.compile(r"vote|ballot|poll|mail|early|absentee|provisional|count|day", re.IGNORECASE)


def count_columns(sheet: Sheet, header: Header) -> list[int]:
    """The unnamed columns whose every filled cell below the header is a whole count, one at least
    above zero."""
    found = []
    for c in header.other_columns:
        nonzero, counts = False, True
        for row in sheet.rows[header.row + 1 :]:
            if c >= len(row) or is_blank(row[c]):
                continue
            value = whole_or_text_at(row, c)
            if value is None:
                counts = False
                break
            nonzero = nonzero or value > 0
        if counts and nonzero:
            found.append(c)
    return found


def check_unnamed_counts(sheet: Sheet, header: Header, builder: ResultsBuilder) -> None:
    """Each unnamed column of counts noted as skipped; an error when it may be votes the reader
    would lose (no votes column, and its header speaks of votes)."""
    named_votes = "votes" in header.columns
    for c in count_columns(sheet, header):
        label = clean_name(sheet.rows[header.row][c])
        cell = sheet.cell(header.row, c)
        place = f"column {column_letters(c)}"
        if (
            not named_votes
            and header.vote_type_columns
            and not statistic_of(label)
            and _VOTES_WORD.search(label)
        ):
            builder.log.error(
                sheet.name,
                cell if sheet.name is not None else f"{cell}, {place}",
                f"{place} {label!r} holds counts but is not a vote type this reader knows, and the "
                "table has no votes column to check the vote types against: its votes would be "
                "left out. Rename the column to a known vote type (Election Day, Early, Mail, "
                "Provisional) or add a votes column",
            )
        else:
            builder.notes.note("skipped", sheet.name, place, f"{label} (counts, not read)")


def explaining_column(row: Sequence[object], header: Header, difference: int) -> int | None:
    """The unnamed column whose count in ``row`` is the difference between a row's votes and the
    sum of its named vote types: a vote type the reader could not name."""
    if difference <= 0:
        return None
    return next((c for c in header.other_columns if whole_or_text_at(row, c) == difference), None)
