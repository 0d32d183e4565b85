"""A whole contest through the rules: one finding per losing candidate (or the losing side), then what the
contest as a whole adds: a partisan primary split into one nomination contest per party (RULES.md NE-2),
a question whose measure type is unset evaluated both ways, Colorado's contest-wide order under
1-13.5-1306(1), and the notes the board reads with the findings.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from recount_desktop.domain.outcome import contest_outcome, party_groups
from recount_desktop.domain.records import (
    Contest,
    ContestStatistics,
    Election,
    ElectionResults,
    ElectionType,
    MeasureType,
)
from recount_desktop.domain.rules import state_details
from recount_desktop.domain.rules.assessment import Assessment
from recount_desktop.domain.rules.engine import evaluate, facts_under, make_finding
from recount_desktop.domain.rules.explain import STATUS_WORDS
from recount_desktop.domain.rules.facts import ContestFacts, build_facts, require_counts
from recount_desktop.domain.rules.findings import ContestAnalysis, Finding, RecountStatus
from recount_desktop.domain.rules.ruleset import RuleSet
from recount_desktop.domain.rules.settings import ReadingSettings
from recount_desktop.domain.rules.whole_contest import contest_wide, measure_type_unset


@dataclass(frozen=True)
class ContestInputs:
    """What the rules read besides the contest's own totals."""

    statistics: ContestStatistics | None = None
    election_total_votes: int | None = None
    ballots_by_county: Mapping[str, int] | None = None
    ballots_estimated: bool = False
    precinct_count: int | None = None
    election_date_known: bool = True
    recount_held: bool = False


def analyze_contest(
    rules: RuleSet,
    election: Election,
    contest: Contest,
    totals: Mapping[str, int],
    statistics: ContestStatistics | None = None,
    settings: ReadingSettings | None = None,
    waivers: Iterable[str] = (),
    *,
    election_total_votes: int | None = None,
    ballots_by_county: Mapping[str, int] | None = None,
    ballots_estimated: bool = False,
    precinct_count: int | None = None,
    election_date_known: bool = True,
    recount_held: bool = False,
) -> ContestAnalysis:
    """The outcome of one contest and a finding per losing candidate (a question: the losing side).

    ``recount_held``: the totals are the amended totals after a recount, so no request route is offered
    again; ``election_date_known`` False (a tally file without dates) leaves every deadline unknown.
    """
    inputs = ContestInputs(
        statistics,
        election_total_votes,
        ballots_by_county,
        ballots_estimated,
        precinct_count,
        election_date_known,
        recount_held,
    )
    counts = require_counts(totals)
    settings = settings or ReadingSettings()
    waived = frozenset(waivers)
    if _is_primary(election, contest) and party_groups(contest):
        return _primary(rules, election, contest, counts, inputs, settings, waived)
    analysis = _one_contest(rules, election, contest, counts, inputs, settings, waived, None)
    if _is_primary(election, contest) and analysis.findings:
        missing = (
            "This is a primary, but no party is recorded for any candidate: if they seek different parties' "
            "nominations, each party's nomination is a contest of its own and this finding does not apply "
            "as shown. Set each candidate's party."
        )
        findings = tuple(_with_note(f, missing, "party_missing") for f in analysis.findings)
        return replace(analysis, findings=findings, notes=(*analysis.notes, missing))
    return analysis


def _is_primary(election: Election, contest: Contest) -> bool:
    kind = contest.election_type or election.election_type
    return not contest.is_question and kind is ElectionType.PRIMARY


def _facts(
    rules: RuleSet,
    election: Election,
    contest: Contest,
    counts: Mapping[str, int],
    inputs: ContestInputs,
    settings: ReadingSettings,
    nomination: str | None,
) -> ContestFacts:
    facts = build_facts(
        election,
        contest,
        counts,
        inputs.statistics,
        inputs.election_total_votes,
        inputs.ballots_by_county,
        inputs.precinct_count,
        nomination=nomination,
        ballots_estimated=inputs.ballots_estimated,
        election_date_known=inputs.election_date_known,
        recount_held=inputs.recount_held,
    )
    return facts_under(facts, rules, settings)


def _one_contest(
    rules: RuleSet,
    election: Election,
    contest: Contest,
    counts: Mapping[str, int],
    inputs: ContestInputs,
    settings: ReadingSettings,
    waived: Collection[str],
    nomination: str | None,
) -> ContestAnalysis:
    facts = _facts(rules, election, contest, counts, inputs, settings, nomination)
    if facts.total == 0:
        return _no_votes(facts)
    needs: tuple[str, ...] = ()
    if measure_type_unset(rules, facts):
        findings, needs = _both_measure_types(rules, election, contest, counts, inputs, settings, waived)
    else:
        findings = _findings(rules, facts, settings, waived)
    notes = state_details.contest_notes(rules, facts, findings)
    notes += _invalid_write_in_notes(facts)
    doubt = _seats_doubt(facts)
    if doubt:
        findings = [_with_note(f, doubt, "needs_attribute") for f in findings]
        notes.insert(0, doubt)
        needs = (*needs, "seats")
    if not facts.losers():
        notes.insert(
            0, "Uncontested: every candidate on the ballot won a seat, so there is no margin to test."
        )
    return ContestAnalysis(
        contest.name,
        contest.kind,
        contest.seats,
        facts.total,
        facts.outcome,
        tuple(findings),
        tuple(notes),
        needs,
    )


def _invalid_write_in_notes(facts: ContestFacts) -> list[str]:
    return [
        f"{votes:,} vote{'' if votes == 1 else 's'} on the line {name!r} {'is' if votes == 1 else 'are'} "
        "not in the contest's total votes: the county's canvass declares them invalid write-ins, cast for "
        "no candidate (like an overvote)."
        for name, votes in facts.invalid_write_in_votes
        if votes
    ]


def _seats_doubt(facts: ContestFacts) -> str | None:
    """A ballot holds at most one vote per seat: more votes than ballots x seats means the file did not
    say how many are elected (county files rarely carry "vote for N"), and every margin would be
    measured to the wrong seat."""
    ballots = facts.statistics.ballots_cast if facts.statistics else None
    seats = facts.contest.seats
    if facts.contest.is_question or not ballots or facts.total <= ballots * seats:
        return None
    return (
        f"The contest has {facts.total:,} votes but {ballots:,} ballots were cast: with {seats} "
        f"seat{'' if seats == 1 else 's'} a ballot holds at most {seats} vote{'' if seats == 1 else 's'}, "
        "so more are elected than the file says. Set the number of seats before relying on these findings."
    )


def _no_votes(facts: ContestFacts) -> ContestAnalysis:
    """An all-zero contest has no winner and no margin: "no votes", never an automatic recount of a tie."""
    contest = facts.contest
    note = "No votes are recorded for this contest: there is no result and no margin to test."
    return ContestAnalysis(contest.name, contest.kind, contest.seats, 0, facts.outcome, (), (note,))


def _findings(
    rules: RuleSet, facts: ContestFacts, settings: ReadingSettings, waived: Collection[str]
) -> list[Finding]:
    assessed = _assess_all(rules, facts, settings, waived)
    others: dict[tuple[str, str], dict[str, RecountStatus]] = {}
    return [
        make_finding(a, settings, _alternatives(rules, facts, a, settings, waived, others)) for a in assessed
    ]


def _assess_all(
    rules: RuleSet, facts: ContestFacts, settings: ReadingSettings, waived: Collection[str]
) -> list[Assessment]:
    """Every loser's assessment, then what holds for the contest as a whole (e.g. Colorado's order)."""
    assessed: list[Assessment] = []
    for loser in facts.losers():
        assessment = evaluate(rules, facts, loser, settings, waived)
        if assessment is not None:
            assessed.append(assessment)
    contest_wide(rules, facts, assessed)
    return assessed


def _alternatives(
    rules: RuleSet,
    facts: ContestFacts,
    assessment: Assessment,
    settings: ReadingSettings,
    waived: Collection[str],
    others: dict[tuple[str, str], dict[str, RecountStatus]],
) -> list[str]:
    """RULES.md NE-1: the result under each other value of a reading the finding rests on, when it differs.
    The whole contest is re-assessed under that value (once per value), so a contest-wide rule counts."""
    sentences = []
    for key in assessment.readings:
        for value, sentence in ReadingSettings.definition(key).values:
            if value == settings.value(key):
                continue
            if (key, value) not in others:
                changed = settings.with_value(key, value)
                facts_then = facts_under(facts, rules, changed)
                others[key, value] = {
                    a.choice: a.status for a in _assess_all(rules, facts_then, changed, waived)
                }
            status = others[key, value].get(assessment.choice)
            if status is not None and status is not assessment.status:
                sentences.append(
                    f"Under the other reading ({sentence.rstrip('.')}), the finding would be "
                    f"{STATUS_WORDS[status]} instead."
                )
    return sentences


def _both_measure_types(
    rules: RuleSet,
    election: Election,
    contest: Contest,
    counts: Mapping[str, int],
    inputs: ContestInputs,
    settings: ReadingSettings,
    waived: Collection[str],
) -> tuple[list[Finding], tuple[str, ...]]:
    """Oklahoma 8-111(E)(2): (a) statutory and (b) constitutional questions have different limits. With the
    measure type unset, never assume one: evaluate both and, if they differ, say the type decides."""
    results = {}
    for kind in MeasureType:
        typed = replace(contest, measure_type=kind)
        facts = _facts(rules, election, typed, counts, inputs, settings, None)
        results[kind] = _findings(rules, facts, settings, waived)
    statutory, constitutional = results[MeasureType.STATUTORY], results[MeasureType.CONSTITUTIONAL]
    merged = []
    for one, other in zip(statutory, constitutional, strict=True):
        if one.recount is other.recount:
            note = (
                "The measure type (statutory or constitutional) is not set for this question; both give "
                "the same result here."
            )
            merged.append(replace(one, explanation=f"{one.explanation} {note}", notes=(*one.notes, note)))
            continue
        stronger = one if one.recount.strength >= other.recount.strength else other
        note = (
            "The measure type is not set, and it decides this finding: as a statutory question "
            f"(8-111(E)(2)(a)) the result is {one.recount.value.replace('_', ' ')}; as a constitutional "
            "question (8-111(E)(2)(b)) "
            f"it is {other.recount.value.replace('_', ' ')}. The board must set the measure type; until then "
            "the finding shows the stronger route."
        )
        merged.append(
            replace(
                stronger,
                explanation=f"{note} {stronger.explanation}",
                notes=(note, *stronger.notes),
                flags=tuple(dict.fromkeys((*stronger.flags, "needs_attribute"))),
            )
        )
    differs = any("needs_attribute" in f.flags for f in merged)
    return merged, (("measure_type",) if differs else ())


def _primary(
    rules: RuleSet,
    election: Election,
    contest: Contest,
    counts: Mapping[str, int],
    inputs: ContestInputs,
    settings: ReadingSettings,
    waived: Collection[str],
) -> ContestAnalysis:
    """RULES.md NE-2: in a partisan primary each party's candidates contest that party's nomination. Rank,
    elect and measure within each party, never across parties."""
    groups = party_groups(contest)
    grouped = {name for names in groups.values() for name in names}
    unassigned = [n for n in contest.choice_names() if n not in grouped and not contest.is_write_in_line(n)]
    findings: list[Finding] = []
    notes: list[str] = []
    needs: list[str] = []
    for party, names in groups.items():
        part = _party_contest(contest, names)
        analysis = _one_contest(
            rules, election, part, {n: counts[n] for n in names}, inputs, settings, waived, party
        )
        findings += analysis.findings
        notes += [f"{party} nomination: {note}" for note in analysis.notes]
        needs += analysis.needs
    if unassigned:
        missing = _party_missing_note(unassigned)
        findings = [_with_note(f, missing, "party_missing") for f in findings]
        notes.append(missing)
        needs.append("party")
    write_ins = [n for n in contest.choice_names() if contest.is_write_in_line(n)]
    if write_ins:
        notes.append("The write-in line cannot be given to a party, so it is in no party's total.")
    return ContestAnalysis(
        contest.name,
        contest.kind,
        contest.seats,
        sum(counts.values()),
        contest_outcome(contest, counts, by_party=True),
        tuple(findings),
        tuple(notes),
        tuple(dict.fromkeys(needs)),
    )


def _party_contest(contest: Contest, names: tuple[str, ...]) -> Contest:
    return replace(contest, choices=tuple(c for c in contest.choices if c.name in names))


def _party_missing_note(names: list[str]) -> str:
    return (
        f"This is a primary, but no party is recorded for {', '.join(names)}: a party's nomination is a "
        "contest of its own, so these candidates are not measured against anyone until their party is set."
    )


def _with_note(finding: Finding, note: str, flag: str) -> Finding:
    return replace(
        finding,
        explanation=f"{finding.explanation} {note}",
        notes=(*finding.notes, note),
        flags=tuple(dict.fromkeys((*finding.flags, flag))),
    )


def analyze_election(
    rules: RuleSet,
    election: Election,
    results: ElectionResults,
    settings: ReadingSettings | None = None,
    waivers: Mapping[str, Iterable[str]] | None = None,
    *,
    election_date_known: bool = True,
) -> tuple[ContestAnalysis, ...]:
    """Every contest of the election, in the results' order. ``waivers``: contest name -> candidates."""
    waivers = waivers or {}
    election_total = sum(t.votes for t in results.tallies)
    analyses = []
    for contest in results.contests:
        ballots, estimated = ballots_by_county_estimated(election, results, contest)
        analyses.append(
            analyze_contest(
                rules,
                election,
                contest,
                results.totals(contest.name),
                _contest_statistics(results, contest.name),
                settings,
                waivers.get(contest.name, ()),
                election_total_votes=election_total,
                ballots_by_county=ballots,
                ballots_estimated=estimated,
                precinct_count=_precincts_voting(results, contest.name),
                election_date_known=election_date_known,
            )
        )
    return tuple(analyses)


def _contest_statistics(results: ElectionResults, contest: str) -> ContestStatistics | None:
    """The contest-wide statistics row, else the precinct rows summed (None where any is missing)."""
    rows = list(results.statistics_of(contest))
    whole = [s for s in rows if s.precinct is None]
    if whole:
        return whole[0]
    if not rows:
        return None
    summed: dict[str, int | None] = {}
    for attr in ("registered_voters", "ballots_cast", "over_votes", "under_votes"):
        values = [getattr(s, attr) for s in rows]
        summed[attr] = None if any(v is None for v in values) else sum(values)
    return ContestStatistics(contest, None, **summed)


def _precincts_voting(results: ElectionResults, contest: str) -> int:
    """Precincts (not counting groups such as absentee or early) with any votes in the contest."""
    pseudo = {p.name for p in results.precincts if p.pseudo}
    voting = {t.precinct for t in results.tallies_of(contest) if t.votes > 0}
    return len(voting - pseudo)


def ballots_by_county(election: Election, results: ElectionResults, contest: Contest) -> dict[str, int]:
    """Ballots to be recounted per county (RULES.md OK-5): ballots cast where known, else votes / seats."""
    return ballots_by_county_estimated(election, results, contest)[0]


def ballots_by_county_estimated(
    election: Election, results: ElectionResults, contest: Contest
) -> tuple[dict[str, int], bool]:
    """Ballots per county, and whether any precinct's figure was estimated from its votes (no ballots cast
    in the file): an Oklahoma deposit on an estimate must say so (8-111(A)(4))."""
    county_of = {p.name: p.county or election.jurisdiction for p in results.precincts}
    stats = {s.precinct: s for s in results.statistics_of(contest.name) if s.precinct}
    votes: dict[str, int] = {}
    for tally in results.tallies_of(contest.name):
        votes[tally.precinct] = votes.get(tally.precinct, 0) + tally.votes
    counties: dict[str, int] = {}
    estimated = False
    for precinct, count in votes.items():
        stat = stats.get(precinct)
        if stat is not None and stat.ballots_cast is not None:
            ballots = stat.ballots_cast
        else:
            estimated = True
            extra = (stat.over_votes or 0) + (stat.under_votes or 0) if stat else 0
            ballots = math.ceil(Fraction(count + extra, contest.seats))  # exact: no float decides a deposit
        county = county_of.get(precinct, election.jurisdiction)
        counties[county] = counties.get(county, 0) + ballots
    return counties, estimated
