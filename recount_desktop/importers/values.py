"""Cell values -> names and vote counts, refusing to guess: what cannot be read is reported.

Counties publish counts as numbers, whole floats (``240.0``), text (``"1,260"``) and sometimes
suppression marks (``***``, ``(< 25)``). A suppressed cell is kept as suppressed, never as zero.
"""

from __future__ import annotations

import html
import math
import re
from datetime import date, datetime
from functools import lru_cache

SUPPRESSED = "suppressed"  # sentinel returned by parse_count for a suppression mark

_SUPPRESSION = re.compile(
    r"^(\*+|-|\(\s*<\s*\d+\s*\)|<\s*\d+|suppressed|redacted\b.*|n/?a\s*\(suppressed\))$", re.IGNORECASE
)
_NUMBER_TEXT = re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.0+)?$|^[+-]?\d+(\.\d+)?$")


class CountError(ValueError):
    """A cell that is not a whole vote count; the message says what was found."""


_HTML_TAG = re.compile(r"</?(?:b|i|u|em|strong|br|p|span|font|div)\b[^>]*>", re.IGNORECASE)


def clean_name(value: object) -> str:
    """Trim spaces, non-breaking spaces and newlines; whole floats lose their ``.0`` (IDs)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime | date):
        return value.isoformat()
    text = str(value)
    if "<" in text:  # a canvass system's HTML pasted into a cell: "<b>Referendum No. 426</b><br/>"
        plain = _HTML_TAG.sub(" ", text)
        text = html.unescape(plain) if plain != text else text
    return " ".join(text.replace("\xa0", " ").split())


def is_blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.replace("\xa0", " ").strip())


# No unit casts a trillion votes; a larger number is a mistyped or corrupt cell (and past 2**63 it
# would not even fit the election file's integer column).
MAX_COUNT = 10**12 - 1


def too_large_count(count: int) -> str:
    """What the error says of a count past ``MAX_COUNT``, short even for a 300-digit one."""
    shown = f"{count:,}" if count < 10**15 else f"a {len(str(count))}-digit number"
    return f"{shown} is too large to be a vote count"


# The largest numbers a 32-bit field holds: an export writes them where it had no count (Anderson
# County KS 2023 gave 2147483647 write-in votes in four precincts). No unit casts them.
EXPORT_SENTINELS = frozenset((2**31 - 1, 2**32 - 1))
SMALLEST_IMPLAUSIBLE = min(EXPORT_SENTINELS)


def implausible_count(count: int) -> str | None:
    """Why ``count`` cannot be a unit's votes (too large, or an export's placeholder); else None."""
    if count > MAX_COUNT:
        return too_large_count(count)
    if count in EXPORT_SENTINELS:
        return (
            f"{count:,} is the largest number a {'signed ' if count < 2**32 - 1 else ''}32-bit field "
            "holds, a placeholder "
            "the export wrote where it had no count, not a vote count; correct the cell"
        )
    return None


def _checked_size(count: int) -> int:
    reason = implausible_count(count) if count >= SMALLEST_IMPLAUSIBLE else None
    if reason is not None:
        raise CountError(reason)
    return count


def parse_count(value: object) -> int | str | None:  # noqa: PLR0912 - one branch per kind of cell
    """A vote count as ``int``, ``SUPPRESSED``, or ``None`` for a blank cell; else ``CountError``."""
    if type(value) is int:
        if value < 0:
            raise CountError(f"negative vote count {value}")
        return _checked_size(value) if value >= SMALLEST_IMPLAUSIBLE else value
    if type(value) is float:
        if value.is_integer() and value >= 0:
            return _checked_size(int(value)) if value >= SMALLEST_IMPLAUSIBLE else int(value)
        return _whole(value, repr(value))
    if value is None:
        return None
    if isinstance(value, bool):
        raise CountError(f"{value} is not a vote count")
    if isinstance(value, int | float):
        return _whole(float(value), repr(value)) if isinstance(value, float) else parse_count(int(value))
    text = clean_name(value)
    if not text or text.lower() in ("n/a", "na"):
        return None  # N/A: no count here (the unit does not vote in the contest)
    if _SUPPRESSION.match(text):
        return SUPPRESSED
    if text.startswith("#"):
        raise CountError(f"the spreadsheet error value {text} is not a vote count")
    if _NUMBER_TEXT.match(text):
        number = text.replace(",", "")
        if "." in number:
            whole, _, fraction = number.partition(".")
            if fraction.strip("0"):
                raise CountError(f"fractional vote count {text!r}")
            number = whole
        count = int(number)
        if count < 0:
            raise CountError(f"negative vote count {text}")
        return _checked_size(count)
    raise CountError(f"{text!r} is not a number or a known suppression mark (such as *** or (< 25))")


def number_in_text(value: object) -> int | float | None:
    """The number a text cell holds where ``parse_count`` reads one ("123", " 1,234 ", "240.0",
    "12.5"): whole numbers as ``int``, others as ``float`` (a share, or a fractional count that
    ``parse_count`` refuses naming the cell); None for any other cell, and for a code with a
    leading zero ("007"), which is a name."""
    if not isinstance(value, str) or not value or not (value[0].isdigit() or value[0] in " +-\xa0"):
        return None
    text = clean_name(value)
    if not _NUMBER_TEXT.match(text) or (len(text) > 1 and text[0] == "0" and text[1].isdigit()):
        return None
    number = float(text.replace(",", ""))
    return int(number) if number.is_integer() else number


def _whole(number: float, shown: str) -> int:
    if math.isnan(number) or math.isinf(number):
        raise CountError(f"{shown} is not a vote count")
    if not number.is_integer():
        raise CountError(f"fractional vote count {number:g}")
    if number < 0:
        raise CountError(f"negative vote count {int(number)}")
    return _checked_size(int(number))


_TOTAL_LABEL = re.compile(
    r"^(county|election|electionwide|cumulative|grand|precinct|contest|overall)?\s*[-–]?\s*totals?\s*:?$"
    r"|^total\s+(votes|for\s+.*)$"
    r"|^.+\s[-–]\s*total:?$"  # Park - Total, Cumulative - Total, Electionwide - Total
    # Ward 1 Total, City of Alma Subtotal: a group's subtotal
    r"|^(ward|district|city|town|township|village|borough|precinct|county)\b.*\s(sub-?)?totals?:?$"
    r"|^(cumulative|electionwide)$"
    r"|^(zzz\s*[,/]?\s*)?county\s+totals?:?$",  # ZZZ / COUNTY TOTALS, ZZZ, COUNTY TOTALS
    re.IGNORECASE,
)


_COUNTY_TOTAL = re.compile(
    r"^(county|co|cnty)\.?$"  # COUNTY, CO
    r"|^[a-z][a-z .'-]*\s(co|cnty)\.?$"  # EL PASO CO
    r"|^[a-z][a-z .'-]*\scounty$",  # Cass County (one such unit beside precincts: the builder decides)
    re.IGNORECASE,
)
# voters counted apart, not a total: "Out of County", "Other County", "Multi County" are units
_COUNTY_PSEUDO = re.compile(r"^(out\s+of|outside|other|multi|cross|in)\b", re.IGNORECASE)


@lru_cache(maxsize=1 << 16)
def is_county_total_label(name: str) -> bool:
    """A unit named as a county (``COUNTY``, ``EL PASO CO``): the county's total in a file of precincts."""
    plain = " ".join(name.split())
    return bool(_COUNTY_TOTAL.match(plain)) and not _COUNTY_PSEUDO.match(plain)


@lru_cache(maxsize=1 << 16)  # names repeat a million times in a statewide file
def is_total_label(name: str) -> bool:
    """``Total:``, ``TOTALS``, ``COUNTY TOTALS``, ``Election Total``, ``Electionwide - Total``..."""
    return bool(_TOTAL_LABEL.match(name.strip()))


_STATISTICS = {
    "over_votes": re.compile(r"^over\s*-?\s*votes?(\s+count)?$|^overvotes?$", re.IGNORECASE),
    "under_votes": re.compile(
        r"^under\s*-?\s*votes?(\s+count)?$|^undervotes?$|^blank(\s+votes?)?$|^blanks$", re.IGNORECASE
    ),
    "registered_voters": re.compile(
        r"^(registered(\s+voters)?|eligible\s+voters|reg\.?\s+voters)$", re.IGNORECASE
    ),
    "ballots_cast": re.compile(
        r"^((total\s+)?ballots(\s+cast)?(\s+total)?|times\s+cast|voters\s+cast|total\s+ballots\s+cast"
        r"|cards\s+cast)$",
        re.IGNORECASE,
    ),
}


@lru_cache(maxsize=1 << 16)
def statistic_of(name: str) -> str | None:
    """Which contest statistic a row or column label names, if any (never a choice)."""
    for attribute, pattern in _STATISTICS.items():
        if pattern.match(name.strip()):
            return attribute
    return None
