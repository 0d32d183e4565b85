"""Find a table's header row and map its columns to what the importer needs, by synonyms.

Headers are compared case-insensitively with spaces, underscores, newlines and a trailing colon
ignored (CONTRACT.md: "matched case-insensitively with surrounding spaces ignored").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from recount_desktop.importers.source import Sheet
from recount_desktop.importers.values import clean_name, is_total_label

HEADER_SEARCH_ROWS = 30


# a lower-case letter followed by an upper-case one: the seam of a CamelCase header word
_CAMEL_SEAM = re.compile(r"(?<=[a-z])(?=[A-Z])")


def normalise_header(value: object) -> str:
    """A header cell as compared: lower case, spaces, underscores, newlines and a trailing colon
    ignored; CamelCase words split (``CandidateName`` is ``candidate name``, as an exporter's
    database field names read) and a leading ``#`` before a word dropped (``#Precinct``). Texts
    are remembered (a statement asks of the same labels on every sheet)."""
    if type(value) is str:
        return _normalised_text(value)
    return _normalised(value)


@lru_cache(maxsize=1 << 16)
def _normalised_text(value: str) -> str:
    return _normalised(value)


def _normalised(value: object) -> str:
    text = clean_name(value)
    if not (text.islower() or text.isupper() or text.istitle()):  # no seam in these: not searched
        text = _CAMEL_SEAM.sub(" ", text)
    text = " ".join(text.lower().replace("_", " ").split()).rstrip(":").strip()
    return text[1:].lstrip() if text[:1] == "#" and text[1:2].isalpha() else text


def _unit_headers() -> tuple[str, ...]:
    """The words counties put over the unit column, normalised: the unit (``Precinct``, ``Pct.``,
    ``Ward``, ``Ballot Style``, ``Vote Center``...) alone or followed by what identifies it
    (``Name``, ``Code``, ``#``...). Precinct words first: in a long table with a ``Precinct Name``
    and a ``Split`` or ``Ward`` column, the precinct is the unit."""
    precincts = (
        *("precinct", "precincts", "pct", "pct.", "pcts", "prec", "prec."),
        *("ward - precinct", "ward-precinct", "ward precinct", "ward/precinct", "precinct portion"),
        *("precinct split", "precinct/split", "split precinct", "voting precinct", "election precinct"),
    )
    others = (
        *("voting district", "election district", "ward", "ballot style", "style", "split"),
        *("polling place", "polling location", "vote center", "vote centers", "reporting unit", "unit"),
        "district",
    )
    whats = ("", " name", " id", " code", " number", " num", " no", " no.", " #", " nbr")
    return tuple(unit + what for group in (precincts, others) for what in whats for unit in group)


# The header over the unit column, in every layout that has one (long, statement of votes cast,
# wide); an abstract's label column headed so holds units, not choices.
UNIT_HEADERS: tuple[str, ...] = _unit_headers()
_UNIT_HEADER_SET = frozenset(UNIT_HEADERS)


def is_unit_header(cell: object) -> bool:
    """A header cell naming the unit column (``Precinct``, ``Pct.``, ``Voting District``, ``Style``)."""
    return isinstance(cell, str) and normalise_header(cell) in _UNIT_HEADER_SET


_UNIT_RANK = {word: i for i, word in enumerate(UNIT_HEADERS)}


def unit_header_rank(cell: object) -> int | None:
    """Where a unit header's word stands in ``UNIT_HEADERS`` (precinct words first), or None: of
    ``Ward | Precinct`` the precinct is the unit."""
    return _UNIT_RANK.get(normalise_header(cell)) if isinstance(cell, str) else None


# Long layout: one row per precinct x contest x choice. "District" names the unit only alone (an
# OpenElections file's district column is the contest's district): see ``find_long_header``.
LONG_FIELDS: Mapping[str, Sequence[str]] = {
    "precinct": tuple(word for word in UNIT_HEADERS if word != "district"),
    "contest": ("contest", "contest name", "contest title", "office", "office name", "race", "race name"),
    "district": ("district", "dist"),
    "choice": (
        "choice",
        "choice name",
        "candidate",
        "candidate name",
        "name",
        "option",
        "ballot name",
        "selection",
    ),
    "votes": ("votes", "total votes", "total", "vote total", "count"),
    "county": ("county", "county name"),
    "party": ("party", "party name", "party code"),
    "vote_type": ("vote type", "group", "counting group", "ballot type", "voting method"),
}

# The template's Tallies sheet: exact names only (CONTRACT.md).
TEMPLATE_FIELDS: Mapping[str, Sequence[str]] = {
    "precinct": ("precinct",),
    "contest": ("contest",),
    "choice": ("choice",),
    "votes": ("votes",),
    "county": ("county",),
    "vote_type": ("vote type",),
    "party": ("party",),
}
REQUIRED = ("precinct", "contest", "choice", "votes")

# A column of the unit's votes over all the choices of its contest: the file's own total, checked
# against the choices and never read as one (Montrose's "Total Votes Cast" beside its candidates).
# Ballots cast, undervotes and overvotes are statistics (``values.statistic_of``), not these.
ROW_TOTAL_HEADERS: frozenset[str] = frozenset(
    (
        *("total", "totals", "total votes", "total vote", "vote total", "votes total", "total cast"),
        *("votes cast", "total votes cast", "total votes counted", "contest total", "contest totals"),
    )
)


def is_row_total_header(cell: object) -> bool:
    """A header naming a column of row totals (``Total``, ``Total Votes Cast``, ``Votes Cast``)."""
    return isinstance(cell, str) and normalise_header(cell) in ROW_TOTAL_HEADERS


# Whole headers that name a column of sums, not a choice (``Ballot Count``, ``All Candidates``): such
# a column is a total by its label when its counts are the sum of the choices before it, in however
# few rows. Whole headers only: one total-like word makes no total ("Kim Sum", "Count Basie", "All
# Saints", "Al Total" and "Overall Hope" are candidates; review 4, finding A).
TOTAL_COLUMN_LABELS: frozenset[str] = frozenset(
    (
        *("sum", "sums", "grand total", "grand totals", "total all", "totals all", "all"),
        *("ballot count", "vote count", "votes count", "count", "total count", "cast"),
        *("all candidates", "all choices", "all votes", "all precincts", "all units", "combined"),
        *("combined total", "overall", "overall total", "sub-total", "subtotal", "sub total"),
        *("total ballots counted", "total for all", "sum of votes", "sum total", "votes"),
        *("county", "co", "co.", "cnty", "cnty."),  # the county's column beside its precincts
    )
)
# Of those, the headers a choice could bear: every one-word label (a candidate named "Votes",
# "Overall", "Sum" or "County"). Read as a total by the label, but never silently: the user is told
# which column was read so (third review, finding 1: such a candidate was dropped with no warning).
TOTAL_LABELS_WARNED: frozenset[str] = frozenset(label for label in TOTAL_COLUMN_LABELS if " " not in label)


def is_total_like_header(cell: object) -> bool:
    """A blank header, or one that as a whole names a quantity rather than a choice (``Total``,
    ``Ballot Count``, ``All Candidates``, ``Precinct Total``): a column of row sums under it is the
    file's total by its label. Any other header could be a candidate's name (``Carl Jones``,
    ``Kim Sum``): such a column is a total only by ``checks.sum_column``'s arithmetic rule."""
    text = "" if cell is None else normalise_header(cell)
    return not text or text in ROW_TOTAL_HEADERS or text in TOTAL_COLUMN_LABELS or is_total_label(text)


# Vote-type columns beside (or instead of) a votes column, as in OpenElections' OK files.
VOTE_TYPE_COLUMNS: Mapping[str, str] = {
    **dict.fromkeys(("early", "early votes", "early voting", "early vote"), "Early"),
    **dict.fromkeys(
        (
            *("election day", "election day votes", "elec day votes", "elec day", "eday", "in person"),
            # OpenElections' Colorado files: poll_votes beside mail_votes and early_votes
            *("polls", "poll", "poll votes", "polls votes", "poll vote", "polling", "polling votes"),
            *("in person votes", "in-person", "in-person votes", "election day vote"),
        ),
        "Election Day",
    ),
    **dict.fromkeys(
        (
            "mail",
            "mail votes",
            "by mail",
            "mail ballots",
            "absentee",
            "absentee votes",
            "absentee by mail",
            "mail-in",
        ),
        "Mail",
    ),
    **dict.fromkeys(("provisional", "provisionals", "provisional votes"), "Provisional"),
}


@dataclass
class Header:
    row: int
    columns: dict[str, int]
    vote_type_columns: dict[int, str] = field(default_factory=dict)
    other_columns: list[int] = field(default_factory=list)


def match_header(
    cells: Sequence[object], fields: Mapping[str, Sequence[str]], vote_types: bool = True
) -> Header:
    """Map one row of header cells to fields; earlier synonyms win over later ones."""
    names = [normalise_header(c) for c in cells]
    first: dict[str, int] = {}
    for i, name in enumerate(names):
        first.setdefault(name, i)
    columns: dict[str, int] = {}
    for field_name, synonyms in fields.items():
        for synonym in synonyms:  # hundreds of unit words: looked up, not searched along the row
            if synonym in first:
                columns[field_name] = first[synonym]
                break
    taken = set(columns.values())
    vote_type_columns = {
        i: VOTE_TYPE_COLUMNS[n]
        for i, n in enumerate(names)
        if vote_types and n in VOTE_TYPE_COLUMNS and i not in taken
    }
    others = [i for i, n in enumerate(names) if n and i not in taken and i not in vote_type_columns]
    return Header(0, columns, vote_type_columns, others)


def is_long_header_row(cells: Sequence[object]) -> bool:
    """A row naming a long table's precinct, contest and choice columns (``precinct, office,
    candidate``): a long table's header, whatever else its columns hold."""
    columns = match_header(cells, LONG_FIELDS, vote_types=False).columns
    return all(f in columns for f in ("precinct", "contest", "choice"))


def find_long_header(
    sheet: Sheet, fields: Mapping[str, Sequence[str]], need_precinct: bool = True
) -> Header | None:
    """The first of the top rows that names a contest, a choice and votes (and a precinct if needed)."""
    for r, cells in enumerate(sheet.rows[:HEADER_SEARCH_ROWS]):
        header = match_header(cells, fields)
        columns = header.columns
        if "precinct" not in columns and "district" in columns and fields is LONG_FIELDS:
            columns["precinct"] = columns.pop("district")  # "district" names the precinct only alone
        has_votes = "votes" in columns or header.vote_type_columns
        if (
            "contest" in columns
            and "choice" in columns
            and has_votes
            and ("precinct" in columns or not need_precinct)
        ):
            header.row = r
            return header
    return None
