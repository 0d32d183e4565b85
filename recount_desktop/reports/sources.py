"""Small adapters between the report and the parts it reads: rules engine, recount, audit log.

Each function wraps one call into another package and turns its answer into the report's own
plain values, so a change in one of those APIs breaks one function here, not the report.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.domain.rules import load_rules
from recount_desktop.domain.rules.substantial_change import substantial_change_sentence
from recount_desktop.recount.analysis import analyse_results, readings_from_settings
from recount_desktop.recount.reconcile import UnitDifference, reconcile_with_sheets
from recount_desktop.recount.scope import all_scopes
from recount_desktop.recount.sheets import SheetState, SheetStatus
from recount_desktop.reports.model import FindingLine, ReadingLine, SheetRecord, SourceFile
from recount_desktop.store import ElectionFile
from recount_desktop.store.audit import AuditEntry


# -- rules engine --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MarginFindings:
    by_contest: Mapping[str, tuple[FindingLine, ...]]
    problem: str | None = None  # why findings could not be made, printed in the notes


def threshold_text(value: object) -> str | None:
    """CONTRACT.md: the exact limit as a decimal string; a non-terminating fraction as ``n/d``."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        denominator = value.denominator
        for prime in (2, 5):
            while denominator % prime == 0:
                denominator //= prime
        if denominator != 1:
            return f"{value.numerator}/{value.denominator}"
        text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
        return text.rstrip("0").rstrip(".") if "." in text else text
    return str(value)


def _finding_line(finding: Any) -> FindingLine:
    status = getattr(finding, "recount", None) or getattr(finding, "status", "")
    return FindingLine(
        choice=str(finding.choice),
        margin=finding.margin,
        status=str(getattr(status, "value", status)),
        threshold=threshold_text(finding.threshold),
        citation=str(finding.citation or ""),
        explanation=str(getattr(finding, "explanation", "") or ""),
    )


def margin_findings(store: ElectionFile, election: Election, results: ElectionResults) -> MarginFindings:
    """Every contest's findings from the one stored-election analysis (``recount.analysis``), with the
    readings and waivers the board has set; its problems are printed with the report's warnings."""
    analysed = analyse_results(election, results, store.settings())
    problem = " ".join(analysed.problems) or None
    return MarginFindings({a.contest: tuple(_finding_line(f) for f in a.findings) for a in analysed.analyses},
                          problem)


def readings_in_force(state: str, settings: Mapping[str, str]) -> tuple[ReadingLine, ...]:
    """Each named reading of the state's rule file, in words, with the value in force for this election."""
    readings, _ = readings_from_settings(settings)
    return tuple(
        ReadingLine(reading.question, readings.value(reading.key), readings.sentence(reading.key),
                    reading.citation)
        for reading in load_rules(state).readings
    )


# -- recount -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReconciledContest:
    contest: str
    # reconcile's own per precinct/device and choice rows (precinct, device, choice, original, recount):
    # kept as they are, where a copy of each made 54,000 more objects on a 3,000-precinct report.
    units: tuple[UnitDifference, ...]
    amended: Mapping[str, int]
    winners_before: tuple[str, ...]
    winners_after: tuple[str, ...]
    outcome_changed: bool
    pending_sheets: int
    notes: tuple[str, ...] = field(default_factory=tuple)
    sheets: tuple[SheetStatus, ...] = ()  # every sheet of the contest, as reconcile read them


@dataclass(frozen=True)
class Reconciled:
    contests: Mapping[str, ReconciledContest]
    notes: tuple[str, ...] = ()  # election-wide remarks: single entry, same-operator sheets


def reconciliation(store: ElectionFile) -> Reconciled:
    """Per recounted contest: units with canvass and recount votes, amended totals, winners, sheets."""
    result, sheets = reconcile_with_sheets(store)
    found: dict[str, ReconciledContest] = {}
    for contest in result.contests:
        amended = {t.choice: t.amended for t in contest.totals}
        found[contest.contest] = ReconciledContest(
            contest.contest, contest.units, amended, tuple(contest.winners_before),
            tuple(contest.winners_after), bool(contest.outcome_changed), int(contest.pending_sheets),
            _reconcile_notes(contest), sheets.get(contest.contest, ()),
        )
    notes = []
    if getattr(result, "single_entry", False):
        notes.append("Single-entry mode: tally sheets counted after one entry, without an independent "
                     "second entry.")
    same = int(getattr(result, "same_operator_sheets", 0) or 0)
    if same:
        notes.append(f"{same} tally sheet(s) were entered twice by the same person (allowed by the "
                     "election's settings).")
    not_independent = tuple(getattr(result, "not_independent", ()) or ())
    if not_independent:
        listed = "; ".join(f"{sheet} ({reason})" for sheet, _, reason in not_independent[:20])
        more = f" and {len(not_independent) - 20} more" if len(not_independent) > 20 else ""
        notes.append(f"NOT INDEPENDENT: {len(not_independent)} tally sheet(s) whose two entries came from "
                     f"the same clerk, operator or import file: {listed}{more}.")
    return Reconciled(found, tuple(notes))


def _reconcile_notes(contest: Any) -> tuple[str, ...]:
    """NE 32-1119(6) "substantial change" flags and other remarks on one contest's reconciliation."""
    notes = []
    missing = tuple(getattr(contest, "units_without_sheet", ()) or ())
    if missing:
        names = ", ".join(getattr(u, "label", str(u)) for u in missing[:10])
        more = f" and {len(missing) - 10} more" if len(missing) > 10 else ""
        notes.append(f"{len(missing)} unit(s) in the recount scope have no tally sheet yet: {names}{more}.")
    if getattr(contest, "whole_contest_retabulated", False):
        notes.append("Device sheets name no precinct, so the amended totals are the recount totals alone: "
                     "right only if the whole contest was retabulated.")
    for flag in getattr(contest, "substantial_changes", ()) or ():
        unit = " / ".join(p for p in (flag.precinct, flag.device) if p)
        notes.append(
            substantial_change_sentence(unit, flag.choice, flag.original, flag.recount, flag.threshold))
    return tuple(notes)


def recount_scopes(store: ElectionFile) -> dict[str, tuple[str, str]]:
    """Contest -> (method, requested by) for every contest with a recount scope."""
    return {s.contest: (str(s.method), s.requested_by) for s in all_scopes(store)}


_STATE_WORDS = {state: str(state.value).replace("_", " ") for state in SheetState}


@dataclass(frozen=True)
class ContestSheets:
    records: tuple[SheetRecord, ...]
    # (precinct, device) -> over and under votes summed over the unit's counted sheets
    over_under: Mapping[tuple[str | None, str | None], tuple[int | None, int | None]]


def _add(total: int | None, value: int | None) -> int | None:
    return total if value is None else (total or 0) + value


def contest_sheets(statuses: Iterable[SheetStatus]) -> ContestSheets:
    """The tally sheets of one contest: who counted, entered, verified; discrepancies; voids.

    From the statuses reconcile has already read (``ReconciledContest.sheets``): reading the sheets
    again here made the data of a 3,000-precinct report slower than laying out its pages.
    """
    records = []
    over_under: dict[tuple[str | None, str | None], tuple[int | None, int | None]] = {}
    for status in statuses:
        by_number = {number: who for number, who, _ in status.entries}
        unit = status.unit
        records.append(SheetRecord(
            sheet_id=status.sheet_id,
            unit=unit.label,
            method=str(status.method),
            counted_by=status.counted_by,
            entered_by=by_number.get(1, ""),
            verified_by=by_number.get(2, ""),
            state=_STATE_WORDS[status.state],
            discrepancies="; ".join(f"{d.line}: {d.first} / {d.second}" for d in status.differing),
            resolution=(f"{by_number[3]}: {status.resolution_reason}" if 3 in by_number else ""),
            void_reason=status.void_reason or "",
        ))
        counts = status.counts
        if counts is not None and status.state is not SheetState.VOIDED:
            key = (unit.precinct, unit.device)
            over, under = over_under.get(key, (None, None))
            over_under[key] = (_add(over, counts.over_votes), _add(under, counts.under_votes))
    return ContestSheets(tuple(records), over_under)


# -- audit log: import provenance ----------------------------------------------------------------------
def import_sources(entries: Iterable[AuditEntry]) -> tuple[SourceFile, ...]:
    """The files imported into the election, from the audit log's ``results.replace`` entries."""
    sources = []
    for entry in entries:
        if entry.action != "results.replace":
            continue
        details = entry.details
        warnings = tuple(str(w) for w in details.get("warnings", ()) or ())
        sources.append(SourceFile(
            name=str(details.get("file", "") or "(not from a file)"),
            sha256=str(details.get("sha256", "") or ""),
            imported_at=str(details.get("imported_at", "") or entry.ts),
            imported_by=entry.operator,
            warnings=warnings,
            warning_count=int(details.get("warning_count", len(warnings)) or 0),
        ))
    return tuple(sources)
