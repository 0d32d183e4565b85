"""Everything the canvassers' report says, as plain frozen values (no reportlab, no store).

The PDF renderer only lays these out; tests assert them field by field. Vote counts are ``int``;
a threshold is the exact decimal string the rules engine gives (CONTRACT.md ``threshold``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class TitleBlock:
    state: str
    state_name: str
    jurisdiction: str
    election_name: str
    election_date: date
    canvass_date: date | None
    report_kind: str  # "recount" or "canvass"
    title: str  # e.g. "Board of Canvassers' Report of the Recount"
    statute: str  # the statute the report is made under
    prepared_on: date  # the date of the last change to the election file: reproducible


@dataclass(frozen=True)
class FindingLine:
    """One margin finding (one per losing candidate, or the losing side of a question)."""

    choice: str
    margin: int | None
    status: str  # automatic, on_request, at_own_expense, none, not_applicable
    threshold: str | None
    citation: str
    explanation: str = ""


@dataclass(frozen=True)
class ChoiceTotals:
    choice: str
    original: int
    amended: int | None = None  # None when the contest was not recounted

    @property
    def difference(self) -> int | None:
        return None if self.amended is None else self.amended - self.original


@dataclass(frozen=True)
class ContestSummary:
    contest: str
    kind: str
    seats: int
    total_votes: int
    findings: tuple[FindingLine, ...]
    totals: tuple[ChoiceTotals, ...]
    declared: str  # "Elected: A" / "Approved" on the original count
    recounted: bool = False
    declared_after: str | None = None  # the same after the recount
    outcome_changed: bool | None = None
    pending_sheets: int = 0


@dataclass(frozen=True)
class UnitVotes:
    """One choice in one precinct or device: the canvass vote and the recount vote."""

    choice: str
    original: int | None  # None: a device that names no precinct has no canvass count
    recount: int | None

    @property
    def difference(self) -> int | None:
        if self.recount is None or self.original is None:
            return None
        return self.recount - self.original


@dataclass(frozen=True)
class UnitLine:
    """A row of the per-precinct table (Mont. Code Ann. 13-16-418(i), (ii), (iv))."""

    precinct: str | None
    device: str | None
    votes: tuple[UnitVotes, ...]
    over_votes: tuple[int | None, int | None] = (None, None)  # (canvass, recount)
    under_votes: tuple[int | None, int | None] = (None, None)

    @property
    def label(self) -> str:
        return " / ".join(part for part in (self.precinct, self.device) if part)


@dataclass(frozen=True)
class SheetRecord:
    sheet_id: str
    unit: str
    method: str
    counted_by: str
    entered_by: str
    verified_by: str
    state: str
    discrepancies: str = ""
    resolution: str = ""
    void_reason: str = ""


@dataclass(frozen=True)
class RecountSection:
    contest: str
    choices: tuple[str, ...]
    method: str
    requested_by: str
    units: tuple[UnitLine, ...]
    sheets: tuple[SheetRecord, ...]
    notes: tuple[str, ...] = ()  # e.g. NE "substantial change" flags


@dataclass(frozen=True)
class ReadingLine:
    key: str
    value: str
    sentence: str
    citation: str


@dataclass(frozen=True)
class SourceFile:
    name: str
    sha256: str
    imported_at: str
    imported_by: str
    warnings: tuple[str, ...] = ()
    warning_count: int = 0


@dataclass(frozen=True)
class MethodNotes:
    settings: tuple[tuple[str, str], ...]
    readings: tuple[ReadingLine, ...]
    warnings: tuple[str, ...]
    sources: tuple[SourceFile, ...]


@dataclass(frozen=True)
class Signatory:
    name: str  # "" prints a blank line for the name
    title: str


@dataclass(frozen=True)
class Certification:
    title: str
    statute: str
    wording: str
    board: tuple[Signatory, ...]
    attesting: Signatory
    minimum_signatures: int = 1


@dataclass(frozen=True)
class ReportData:
    title: TitleBlock
    summary: tuple[ContestSummary, ...]
    recounts: tuple[RecountSection, ...]
    notes: MethodNotes
    certification: Certification
    fingerprint: str  # the audit log's head hash
    audit_entries: int
    election_file: str  # the file's name, printed next to the fingerprint

    @property
    def short_fingerprint(self) -> str:
        return self.fingerprint[:16]
