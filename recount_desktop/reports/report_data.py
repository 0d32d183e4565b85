"""Build the canvassers' report data from an election file: every value the PDF will print.

Built first and tested exactly; ``render`` only lays it out. Nothing here depends on the clock or
the machine: the "date prepared" is the date of the last change recorded in the audit log, so the
same election file always gives the same report, byte for byte.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from recount_desktop.domain import BoardMember, Election, ElectionResults, ElectionType
from recount_desktop.domain.outcome import election_outcome
from recount_desktop.gc_pause import no_cyclic_gc
from recount_desktop.recount.analysis import settings_for_board
from recount_desktop.reports import sources
from recount_desktop.reports.certification import CertificationText, load_certification
from recount_desktop.reports.model import (
    Certification,
    ChoiceTotals,
    ContestSummary,
    FindingLine,
    MethodNotes,
    RecountSection,
    ReportData,
    Signatory,
    TitleBlock,
    UnitLine,
    UnitVotes,
)
from recount_desktop.store import ChainReport, ElectionFile
from recount_desktop.store.audit import AuditEntry

# Titles that mark the attesting election officer among the board members (MT 13-16-418: the
# election administrator attests; NE 32-1034: the election commissioner or county clerk signs and seals).
_ATTESTING_WORDS = ("clerk", "election commissioner", "election officer", "election administrator",
                    "designated election official", "secretary")


def build_report_data(store: ElectionFile) -> ReportData:
    """Everything the canvassers' report of this election file says."""
    with no_cyclic_gc():  # tens of thousands of long-lived rows: see gc_pause
        return _build_report_data(store)


def _build_report_data(store: ElectionFile) -> ReportData:
    election, results = store.election(), store.results()
    entries = store.audit_entries()
    chain = store.verify_audit()
    settings = store.settings()
    findings = sources.margin_findings(store, election, results)
    scopes = sources.recount_scopes(store)
    reconciliation = sources.reconciliation(store)
    reconciled = reconciliation.contests
    cert_text = load_certification(election.state)
    recounted = tuple(reconciled)
    title = _title_block(election, cert_text, bool(recounted), _prepared_on(entries, election))
    summary = tuple(
        _contest_summary(election, results, contest.name, findings.by_contest.get(contest.name, ()),
                         reconciled.get(contest.name))
        for contest in results.contests
    )
    sections = tuple(_recount_section(results, reconciled[n], scopes.get(n, ("", "")))
                     for n in recounted)
    warnings = (*_warnings(results, findings.problem, chain, summary), *reconciliation.notes,
                *(f"{name}: automatic recount required, not yet scoped." for name, lines in
                  findings.by_contest.items()
                  if name not in scopes and any(line.status == "automatic" for line in lines)))
    notes = MethodNotes(
        settings=tuple(settings_for_board(settings)),  # labels a board reads, not setting keys
        readings=sources.readings_in_force(election.state.value, settings),
        warnings=warnings,
        sources=sources.import_sources(entries),
    )
    return ReportData(
        title=title, summary=summary, recounts=sections, notes=notes,
        certification=_certification(election, cert_text, recounted),
        fingerprint=entries[-1].hash if entries else "", audit_entries=len(entries),
        election_file=store.path.name,
    )


def _prepared_on(entries: Sequence[AuditEntry], election: Election) -> date:
    """The date of the last recorded change: fixed by the data, not the clock."""
    if not entries:
        return election.canvass_date or election.election_date
    return date.fromisoformat(entries[-1].ts[:10])




def _title_block(election: Election, cert: CertificationText, recount: bool, prepared_on: date) -> TitleBlock:
    return TitleBlock(
        state=election.state.value, state_name=election.state_name, jurisdiction=election.jurisdiction,
        election_name=election.name, election_date=election.election_date,
        canvass_date=election.canvass_date, report_kind="recount" if recount else "canvass",
        title=cert.title(recount), statute=cert.statute(recount), prepared_on=prepared_on,
    )


def declared_text(election: Election, results: ElectionResults, contest_name: str,
                  totals: Mapping[str, int]) -> str:
    """What the board declares from these totals: "Elected: A, B", "Tied: ...", "Approved". In a
    partisan primary each party's nominees are decided separately, as the findings decide them."""
    contest = results.contest(contest_name)
    outcome = election_outcome(election, contest, totals)
    if contest.is_question:
        return "Approved" if outcome.approved else "Rejected"
    primary = (contest.election_type or election.election_type) is ElectionType.PRIMARY
    parts = []
    if outcome.winners:
        parts.append(("Nominated: " if primary else "Elected: ") + ", ".join(outcome.winners))
    if outcome.tied:
        parts.append("Tied for the last seat: " + ", ".join(outcome.tied))
    return "; ".join(parts) or "No one elected"


def _contest_summary(election: Election, results: ElectionResults, name: str,
                     findings: tuple[FindingLine, ...],
                     reconciled: sources.ReconciledContest | None) -> ContestSummary:
    contest = results.contest(name)
    original = results.totals(name)
    amended = dict(reconciled.amended) if reconciled else None
    totals = tuple(ChoiceTotals(c, original[c], amended.get(c, original[c]) if amended else None)
                   for c in original)
    return ContestSummary(
        contest=name, kind=contest.kind.value, seats=contest.seats, total_votes=sum(original.values()),
        findings=findings, totals=totals, declared=declared_text(election, results, name, original),
        recounted=reconciled is not None,
        declared_after=declared_text(election, results, name, {t.choice: t.amended or 0 for t in totals})
        if amended is not None else None,
        outcome_changed=reconciled.outcome_changed if reconciled else None,
        pending_sheets=reconciled.pending_sheets if reconciled else 0,
    )


def _recount_section(results: ElectionResults, reconciled: sources.ReconciledContest,
                     scope: tuple[str, str]) -> RecountSection:
    contest = results.contest(reconciled.contest)
    sheets = sources.contest_sheets(reconciled.sheets)
    canvass_stats = {s.precinct: s for s in results.statistics if s.contest == contest.name and s.precinct}
    grouped: dict[tuple[str | None, str | None], list[UnitVotes]] = {}
    for unit in reconciled.units:
        grouped.setdefault((unit.precinct, unit.device), []).append(
            UnitVotes(unit.choice, unit.original, unit.recount))
    lines = []
    for (precinct, device), votes in grouped.items():
        stats = canvass_stats.get(precinct) if precinct and device is None else None
        recount_over, recount_under = sheets.over_under.get((precinct, device), (None, None))
        lines.append(UnitLine(
            precinct, device, tuple(votes),
            over_votes=(stats.over_votes if stats else None, recount_over),
            under_votes=(stats.under_votes if stats else None, recount_under),
        ))
    return RecountSection(
        contest=contest.name, choices=contest.choice_names(), method=scope[0], requested_by=scope[1],
        units=tuple(lines), sheets=sheets.records, notes=reconciled.notes,
    )


def _warnings(results: ElectionResults, findings_problem: str | None, chain: ChainReport,
              summary: Sequence[ContestSummary]) -> tuple[str, ...]:
    warnings = [findings_problem] if findings_problem else []
    if not chain.ok:
        warnings.append(f"The audit log is broken at entry {chain.broken_at}: {chain.problem}.")
    suppressed_cells: dict[str, int] = {}
    for tally in results.tallies:  # one pass: a pass per contest is slow on a statewide file
        if tally.suppressed:
            suppressed_cells[tally.contest] = suppressed_cells.get(tally.contest, 0) + 1
    for contest in results.contests:
        suppressed = suppressed_cells.get(contest.name, 0)
        if suppressed:
            warnings.append(f"{contest.name}: {suppressed} suppressed cell(s) in the source file are "
                            "counted as unknown, not as zero; the totals are incomplete.")
        elif contest.incomplete_precinct_data:
            warnings.append(f"{contest.name}: the precinct data are incomplete.")
    for item in summary:
        if item.pending_sheets:
            warnings.append(f"{item.contest}: {item.pending_sheets} tally sheet(s) not yet verified are "
                            "left out of the amended totals.")
    return tuple(warnings)


def _certification(election: Election, cert: CertificationText, recounted: Sequence[str]) -> Certification:
    attesting = next((m for m in election.board_members if _is_attesting(m)), None)
    board = tuple(Signatory(m.name, m.title or cert.board_title)
                  for m in election.board_members if m is not attesting)
    contests = _join_names(recounted) if recounted else "all contests"
    wording = cert.wording(
        bool(recounted), jurisdiction=election.jurisdiction, election_name=election.name,
        election_date=long_date(election.election_date), state_name=election.state_name, contests=contests,
    )
    return Certification(
        title=f"Certification ({cert.statute(bool(recounted))})", statute=cert.statute(bool(recounted)),
        wording=wording, board=board,
        attesting=(Signatory(attesting.name, attesting.title) if attesting
                   else Signatory("", cert.attest_title)),
        minimum_signatures=cert.minimum_signatures,
    )


def _is_attesting(member: BoardMember) -> bool:
    title = member.title.lower()
    return any(word in title for word in _ATTESTING_WORDS)


def _join_names(names: Sequence[str]) -> str:
    quoted = [f"“{n}”" for n in names]
    if len(quoted) <= 2:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + " and " + quoted[-1]


def long_date(value: date) -> str:
    """``November 3, 2026``, spelled out so the printed page cannot be misread across locales."""
    return f"{value:%B} {value.day}, {value.year}"
