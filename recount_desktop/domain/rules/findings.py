"""What the engine concludes: one finding per losing candidate (or losing side), per contest."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from fractions import Fraction

from recount_desktop.domain.outcome import ContestOutcome
from recount_desktop.domain.records import ContestKind


class RecountStatus(StrEnum):
    """CONTRACT.md ``recount`` values, strongest first."""

    AUTOMATIC = "automatic"
    ON_REQUEST = "on_request"
    AT_OWN_EXPENSE = "at_own_expense"
    NONE = "none"
    NOT_APPLICABLE = "not_applicable"

    @property
    def strength(self) -> int:
        """Higher is a stronger claim to a recount; used to check that a closer race is never weaker."""
        return {"automatic": 3, "on_request": 2, "at_own_expense": 1, "none": 0, "not_applicable": 0}[self]

    @property
    def label(self) -> str:
        """The status as the window and the printed report name it, so the two always agree."""
        return _STATUS_NAMES[self][0]

    @property
    def phrase(self) -> str:
        """The status inside an explanation's sentence ("... is within an automatic recount")."""
        return _STATUS_NAMES[self][1]


# The one table of status names: (label in the window and the report, phrase inside a sentence).
_STATUS_NAMES = {
    RecountStatus.AUTOMATIC: ("Automatic recount", "an automatic recount"),
    RecountStatus.ON_REQUEST: ("Recount on request", "a recount that must be held if requested"),
    RecountStatus.AT_OWN_EXPENSE: (
        "At requester's expense", "a recount available at the requester's expense"
    ),
    RecountStatus.NONE: ("No recount route", "no recount route"),
    RecountStatus.NOT_APPLICABLE: ("Not applicable", "outside the recount statute"),
}


def decimal_text(value: Fraction) -> str:
    """An exact fraction as a decimal string; the limits here always terminate (1/100, 1/200, 1/400)."""
    sign = "-" if value < 0 else ""
    value = abs(value)
    whole, rest = divmod(value.numerator, value.denominator)
    digits = ""
    while rest and len(digits) < 12:
        rest *= 10
        digit, rest = divmod(rest, value.denominator)
        digits += str(digit)
    if rest:  # never happens for the statutes' limits; round the 12th place half-up rather than lie
        digits = str(int(digits) + (1 if rest * 2 >= value.denominator else 0)).zfill(12)
    return f"{sign}{whole}" + (f".{digits.rstrip('0')}" if digits.rstrip("0") else "")


def grouped(value: Fraction | int) -> str:
    """An exact number with thousands separators, for sentences: 10001/2 -> "5,000.5"."""
    whole, _, decimals = decimal_text(Fraction(value)).partition(".")
    sign, digits = ("-", whole[1:]) if whole.startswith("-") else ("", whole)
    return f"{sign}{int(digits):,}" + (f".{decimals}" if decimals else "")


def spoken_limit(limit: Fraction, boundary: str) -> str:
    """A limit read aloud: whole numbers as they are, others to 2 decimals, cut toward the comparison so the
    shown figure compares with a whole-vote margin exactly as the exact limit does (9.9975 -> "9.99" for
    "<=": 10 > 9.99 as 10 > 9.9975; a strict "<" rounds up instead)."""
    if limit.denominator == 1:
        return f"{limit.numerator:,}"
    cents = math.ceil(limit * 100) if boundary == "<" else math.floor(limit * 100)
    whole, part = divmod(cents, 100)
    return f"{whole:,}.{part:02d}"


@dataclass(frozen=True)
class Finding:
    """One losing candidate's (or the losing side's) position against the state's recount rules."""

    choice: str
    margin: int
    recount: RecountStatus
    threshold: Fraction | None
    boundary: str | None
    citation: str
    requested_by: str
    file_with: str | None
    deadline: datetime | None
    cost: str | None
    signatures_required: int | None
    explanation: str
    rule_id: str
    compared_with: str | None = None
    votes_inside_trigger: int | None = None
    votes_to_change_outcome: int | None = None
    readings_used: tuple[str, ...] = ()
    inferred: bool = False
    secondary: bool = False
    incomplete_data: bool = False
    waived: bool = False
    notes: tuple[str, ...] = ()  # the finding's notes, each a sentence a board member can read aloud
    flags: tuple[str, ...] = ()  # review flags (``FLAG_WORDS`` keys): points a person must check
    exact_margin: Fraction | None = None  # set when the statute's margin is not whole (|yes - T/2|, T odd)

    @property
    def threshold_text(self) -> str | None:
        return None if self.threshold is None else decimal_text(self.threshold)


# Contest attributes a finding may wait on, in the words the window, the command line and the report print.
NEEDS_WORDS = {
    "measure_type": "set the question's measure type (statutory or constitutional): it decides the finding",
    "party": "set each candidate's party: in a primary each party's nomination is a contest of its own",
    "seats": "set the number of seats: the contest has more votes than its ballots hold for the seats set",
}

# Review flags a finding can carry, with the words a board reads. JSON carries the keys.
FLAG_WORDS = {
    "inferred": "rests on a reading of the statute, not its plain words",
    "secondary": "rests in part on a secondary source, not statute text",
    "incomplete_data": "rests on incomplete precinct data",
    "review": "needs review by hand",
    "needs_attribute": "a contest attribute must be set before the finding is final",
    "party_missing": "a primary with no party recorded for some candidates",
    "weekend": "a deadline falls on a weekend",
    "holiday": "a deadline falls on a legal holiday",
    "date_unknown": "a deadline cannot be counted until a date is set",
    "county_part_only": "the county's file holds only part of the contest",
    "estimated": "a figure is estimated",
    "waived": "the candidate waived the recount",
    "recount_held": "the recount has already been held",
    "version": "the statute text in force may differ from the text encoded",
}


@dataclass(frozen=True)
class ContestAnalysis:
    contest: str
    kind: ContestKind
    seats: int
    total_votes: int
    outcome: ContestOutcome
    findings: tuple[Finding, ...]
    notes: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()  # contest attributes the board must set before a finding is final

    def finding_for(self, choice: str) -> Finding:
        for finding in self.findings:
            if finding.choice == choice:
                return finding
        raise KeyError(choice)
