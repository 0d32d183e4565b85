"""A long table's columns of counts that no field names: never dropped silently.

A column the reader cannot name (``walkin_votes`` beside ``mail_votes``) may be a vote type whose
votes would be lost; any such column is listed among the skipped columns of the import's summary,
and one that looks like votes is an error when the table has no votes column to check the named
vote types against (issue 11: "never drop a numeric column of a long table silently").
"""

from __future__ import annotations

import re
from dataclasses import replace
from operator import itemgetter
from typing import TypeVar, cast

from recount_desktop.importers.builder import ResultsBuilder
from recount_desktop.importers.checks import whole_or_text_at
from recount_desktop.importers.headers import Header
from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.source import Sheet
from recount_desktop.importers.values import clean_name, is_blank, statistic_of

T = TypeVar("T")

# the words of a header that says its column holds votes of some kind (``walkin_votes``, ``Mail
# Ballots``, ``Election Day``), matched as whole words: ``county`` holds ``count``, ``Sunday`` ``day``
_VOTES_WORD = re.compile(
    r"votes?|voted|ballots?|polls?|polling|mail(ed)?|early|absentee|provisionals?|counts?|day"
)
# an identifier's column (``county_id``, ``precinct_code``, ``FIPS``): its numbers are never votes
_ID_WORD = re.compile(r"ids?|codes?|fips|keys?|seq|sequence")
# "number" words: an identifier only as the last word after a word that is no vote word
# (``precinct_no``, ``District Number``); "No. of Provisional Votes" and ``provisional_votes_no``
# are counts of votes
_NUMBER_WORD = re.compile(r"number|num|nbr|no")
# numbers that place a row (a rank, a sort order, a ward or district number, a year): not votes,
# though a header holding one speaks of no votes either
_PLACE_WORD = re.compile(r"rank|order|sort|index|idx|position|pos|row|line|page|year|ward|district|zip")
_WORD_BREAK = re.compile(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])")


def _words(label: str) -> list[str]:
    """A header's words in order, split at spaces, punctuation, underscores and camelCase humps."""
    return [word.lower() for word in _WORD_BREAK.split(label) if word]


def speaks_of_votes(label: str) -> bool:
    """A header naming votes of some kind as a word, and no identifier (id, code, FIPS, or a last
    word "number" or "no" after a word that is not about votes)."""
    words = _words(label)
    return any(map(_VOTES_WORD.fullmatch, words)) and not (
        any(map(_ID_WORD.fullmatch, words)) or _ends_in_a_number_word(words)
    )


def is_identifier(label: str) -> bool:
    """A header naming numbers that place or name a row, not count votes (``precinct_id``,
    ``FIPS``, ``precinct_no``, ``countywide_rank``, ``Ward``, a bare ``No.`` or ``#``), unless its
    last word says it counts."""
    words = _words(label)
    if not words or all(map(_NUMBER_WORD.fullmatch, words)) or _ends_in_a_number_word(words):
        return True
    if _VOTES_WORD.fullmatch(words[-1]):
        return False  # "Mail Ballot Code Count": a count, whatever it counts
    return any(_ID_WORD.fullmatch(word) or _PLACE_WORD.fullmatch(word) for word in words)


def _ends_in_a_number_word(words: list[str]) -> bool:
    """``precinct_no``, ``ballot_style_number``: the number of something else, not a count."""
    return (
        len(words) >= 2 and bool(_NUMBER_WORD.fullmatch(words[-1])) and not _VOTES_WORD.fullmatch(words[-2])
    )


def count_columns(sheet: Sheet, header: Header) -> list[int]:
    """The unnamed columns whose every filled cell below the header is a whole count, one at least
    above zero."""
    rows = sheet.rows[header.row + 1 :]
    found = []
    for c in header.other_columns:
        values = _column(rows, c)
        verdict = _plain_counts(values)
        counts, nonzero = verdict if verdict is not None else _counts(values)
        if counts and nonzero:
            found.append(c)
    return found


def _column(rows: list[list[object]], c: int) -> list[object]:
    try:
        return list(map(itemgetter(c), rows))
    except IndexError:  # a short row: its missing cell is blank
        return [row[c] for row in rows if c < len(row)]


def _plain_counts(values: list[object]) -> tuple[bool, bool] | None:
    """(every cell a count, one above zero) for a column of whole numbers and digit texts, judged a
    column at a time (a long file has hundreds of thousands of rows); None for any other column."""
    kinds = set(map(type, values))
    if not kinds <= {int, str, type(None)}:
        return None
    digits = "".join(_only(values, kinds, str)) if str in kinds else ""
    if digits and not (digits.isascii() and digits.isdigit()):
        return None  # "1,234", a blank text, a name: cell by cell
    if digits.strip("0"):
        return True, True
    return True, int in kinds and max(_only(values, kinds, int), default=0) > 0


def _only(values: list[object], kinds: set[type], kind: type[T]) -> list[T]:
    """The cells of one kind (all of them, uncopied, when the column holds no other)."""
    return cast(list[T], values) if kinds == {kind} else [v for v in values if type(v) is kind]


def _counts(values: list[object]) -> tuple[bool, bool]:
    nonzero = False
    for value in values:
        if is_blank(value):
            continue
        number = whole_or_text_at((value,), 0)
        if number is None:
            return False, False
        nonzero = nonzero or number > 0
    return True, nonzero


def check_unnamed_counts(sheet: Sheet, header: Header, builder: ResultsBuilder) -> None:
    """Each unnamed column of counts noted as skipped; an error when it may be votes the reader
    would lose (vote types and no votes column, and its header names no identifier)."""
    for c in count_columns(sheet, header):
        label = clean_name(sheet.rows[header.row][c])
        cell = sheet.cell(header.row, c)
        place = f"column {column_letters(c)}"
        if may_be_lost_votes(header, label):
            builder.log.error(
                sheet.name,
                cell if sheet.name is not None else f"{cell}, {place}",
                f"{place} {label!r} holds counts but is not a vote type this reader knows, and the "
                "table has no votes column to check the vote types against: its votes would be "
                "left out. Rename the column to a known vote type (Election Day, Early, Mail, "
                "Provisional) or add a votes column",
            )
        else:
            note_skipped(builder, sheet.name, c, label)
    note_unheaded_counts(sheet, header, builder)


def may_be_lost_votes(header: Header, label: str) -> bool:
    """A column of counts, not an identifier's, in a table with vote types and no votes column to
    check them against: its votes would be lost unnoticed. Any header, not only one speaking of
    votes: ``UOCAVA``, ``Curbside`` and ``Military`` are vote types too (third review, finding 6)."""
    return (
        "votes" not in header.columns
        and bool(header.vote_type_columns)
        and not statistic_of(label)
        and not is_identifier(label)
    )


def note_skipped(builder: ResultsBuilder, sheet: str | None, column: int, label: str) -> None:
    builder.notes.note("skipped", sheet, f"column {column_letters(column)}", f"{label} (counts, not read)")


def note_unheaded_counts(sheet: Sheet, header: Header, builder: ResultsBuilder) -> None:
    """Each column of counts with no header (a count typed past the table's last column) listed
    among the skipped columns of the summary, naming its first count: never left out silently."""
    for c in unheaded_columns(sheet, header):
        first = next(
            r for r, row in enumerate(sheet.rows) if r > header.row and c < len(row) and not is_blank(row[c])
        )
        builder.notes.note(
            "skipped",
            sheet.name,
            f"column {column_letters(c)}",
            f"(no header; counts from {sheet.cell(first, c)}, not read)",
        )


def unheaded_columns(sheet: Sheet, header: Header) -> list[int]:
    """The columns with a blank header cell whose every filled cell below is a whole count, one at
    least above zero (``count_columns`` of the columns no header names)."""
    head = sheet.rows[header.row]
    taken = {*header.columns.values(), *header.vote_type_columns, *header.other_columns}
    width = max(map(len, sheet.rows[header.row + 1 :]), default=0)
    blank = [c for c in range(width) if c not in taken and (c >= len(head) or is_blank(head[c]))]
    return count_columns(sheet, replace(header, other_columns=blank))


def explaining_columns(sheet: Sheet, r: int, header: Header, difference: int) -> tuple[list[int], bool]:
    """The unnamed columns that may hold the ``difference`` between row ``r``'s votes and the sum of
    its named vote types, and whether they hold it exactly: the one column whose count is the
    difference, else every column headed like votes with a count in the row (vote types the reader
    could not name)."""
    if difference <= 0:
        return [], False
    row = sheet.rows[r]
    single = next((c for c in header.other_columns if whole_or_text_at(row, c) == difference), None)
    if single is not None:
        return [single], True
    voting = [
        c
        for c in header.other_columns
        if (whole_or_text_at(row, c) or 0) > 0 and speaks_of_votes(clean_name(sheet.rows[header.row][c]))
    ]
    return voting, sum(whole_or_text_at(row, c) or 0 for c in voting) == difference


def types_closing_the_gap(sheet: Sheet, header: Header, builder: ResultsBuilder) -> Header:
    """A long table with vote-type columns and a votes (``Total``) column, and one more column of
    counts under a name no vote-type word matches (``Drop Box``): when that column holds, in every
    row, exactly what the named types leave out of the total, it is a vote type of that name (with
    a warning); the file was refused asking for the column to be renamed (fourth review, R5)."""
    votes_col = header.columns.get("votes")
    if votes_col is None or not header.vote_type_columns:
        return header
    rows = sheet.rows[header.row + 1 :]
    found = {}
    for c in count_columns(sheet, header):
        checked = 0
        for row in rows:
            votes = whole_or_text_at(row, votes_col)
            parts = [whole_or_text_at(row, t) for t in (*header.vote_type_columns, c)]
            if votes is None or None in parts:
                continue
            if sum(p for p in parts if p is not None) != votes:
                break
            checked += 1
        else:
            if checked >= MIN_ROWS_CLOSING:
                found[c] = clean_name(sheet.rows[header.row][c])
    if len(found) != 1:  # two columns each closing the gap cannot both be types
        return header
    [(c, label)] = found.items()
    builder.log.warn(
        sheet.name,
        sheet.cell(header.row, c),
        f"column {column_letters(c)} {label!r} holds, in every row, the votes the named vote types "
        f"leave out of the total: read as the vote type {label!r}",
    )
    others = [o for o in header.other_columns if o != c]
    return replace(header, vote_type_columns={**header.vote_type_columns, c: label}, other_columns=others)


MIN_ROWS_CLOSING = 2  # rows in which a column closes the gap, to be taken as a vote type
