"""Apply a state's rule file to a contest: one finding per losing candidate, or for the losing side.

The rule file decides which paragraph applies and what the limit is; this module walks the chain
of rules (e.g. Nebraska 32-1119 -> 32-1121 outside the margin), then hands the result to the
state's details (``state_details``) and writes the explanation a board member reads aloud.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from fractions import Fraction

from recount_desktop.domain.records import Contest, ContestStatistics, Election, ElectionResults
from recount_desktop.domain.rules import state_details
from recount_desktop.domain.rules.assessment import Assessment
from recount_desktop.domain.rules.dates import deadline_time, deadline_words, pick_deadline
from recount_desktop.domain.rules.explain import STATUS_WORDS, explain
from recount_desktop.domain.rules.facts import ContestFacts, build_facts
from recount_desktop.domain.rules.findings import ContestAnalysis, Finding, RecountStatus
from recount_desktop.domain.rules.limits import LimitTest, apply_limit, measure_margin
from recount_desktop.domain.rules.ruleset import Applies, Margin, Rule, RuleSet
from recount_desktop.domain.rules.settings import ReadingSettings


def _applies(applies: Applies, facts: ContestFacts, tied: bool) -> bool:
    contest = facts.contest
    approval = "majority" if contest.approval.rule == "majority" else "supermajority"
    measure = contest.measure_type.value if contest.measure_type else "unset"
    return (
        contest.kind in applies.kind
        and (not applies.scope or contest.scope in applies.scope)
        and (not applies.election_type or facts.election_type in applies.election_type)
        and (not applies.voting_method or contest.voting_method in applies.voting_method)
        and (not applies.approval or not contest.is_question or approval in applies.approval)
        and (not applies.measure_type or measure in applies.measure_type)
        and (applies.tied is None or applies.tied == tied)
    )


def entry_rule(rule_set: RuleSet, facts: ContestFacts, loser: str) -> Rule | None:
    """The first rule in file order that covers this contest (and this loser, for tie rules)."""
    tied = facts.is_tied(loser)
    return next((r for r in rule_set.rules if r.entry and _applies(r.applies, facts, tied)), None)


def run_chain(
    rule_set: RuleSet, rule: Rule, facts: ContestFacts, loser: str, settings: ReadingSettings
) -> tuple[Rule, RecountStatus, list[LimitTest]]:
    """Follow ``otherwise`` from rule to rule until one's test is met (a rule with no test always is)."""
    tests: list[LimitTest] = []
    while True:
        if rule.threshold is None:
            return rule, RecountStatus(rule.status), tests
        test = apply_limit(rule, facts, loser, settings)
        tests.append(test)
        if test.within:
            return rule, RecountStatus(rule.status), tests
        if rule.otherwise == "none":
            return rule, RecountStatus.NONE, tests
        rule = rule_set.rule(rule.otherwise)


def votes_to_change(facts: ContestFacts, loser: str) -> int | None:
    """How many more votes for the loser (or losing side) would change the outcome."""
    if not facts.contest.is_question:
        if facts.is_tied(loser):
            return 1
        return facts.last_seat[1] - facts.totals[loser] + 1
    yes, yes_votes, _, no_votes = facts.sides()
    return votes_to_flip_question(facts.contest, yes_votes, no_votes, loser == yes)


def votes_to_flip_question(contest: Contest, yes: int, no: int, yes_is_losing: bool) -> int | None:
    """Fewest votes added to the losing side that reverse approval; None when no number can."""
    approval = contest.approval
    if approval.rule == "required":
        assert approval.required_votes is not None
        return approval.required_votes - yes if yes_is_losing else None
    if approval.rule == "fraction":
        share = approval.fraction
        assert share is not None
        if yes_is_losing:
            return max(1, math.ceil(share * no / (1 - share) - yes))
        return math.floor(Fraction(yes) / share - yes - no) + 1
    return no - yes + 1 if yes_is_losing else yes - no


def _filing_office(rule: Rule, facts: ContestFacts) -> str | None:
    for office in rule.file_with:
        if office.when.matches(
            facts.election_type.value, facts.contest.scope.value, facts.contest.filed_with.value
        ):
            return office.office
    return None


def _signatures(rule: Rule, facts: ContestFacts) -> tuple[int | None, str | None]:
    spec = rule.signatures
    if spec is None:
        return None, None
    if spec.when_total is None or spec.when_total.holds(facts.total):
        count = spec.count
    else:
        assert spec.else_fraction is not None
        count = math.ceil(spec.else_fraction * facts.total)
    counties = f", representing at least {spec.counties} counties" if spec.counties else ""
    return count, f"Petition signatures required: {count:,}{counties} [{spec.citation}]."


def assess(
    rule_set: RuleSet, facts: ContestFacts, loser: str, settings: ReadingSettings
) -> Assessment | None:
    first = entry_rule(rule_set, facts, loser)
    if first is None:
        return None
    rule, status, tests = run_chain(rule_set, first, facts, loser, settings)
    deadline_rule = pick_deadline(rule, facts)
    signatures, signature_words = _signatures(rule, facts)
    margin = tests[0].margin if tests else None
    if margin is None:
        probe = first if first.margin.measure != "none" else None
        margin_votes, compared, words = _plain_margin(facts, loser, probe, settings)
    else:
        margin_votes, compared, words = margin.votes, margin.compared_with, margin.words
    readings = [key for test in tests for key in test.readings]
    citation = rule.citation
    if tests and tests[-1].rule.id == rule.id and tests[-1].part.citation:
        citation = tests[-1].part.citation  # the paragraph that applied, e.g. NE 32-1119(1)(b)
    assessment = Assessment(
        facts=facts,
        choice=loser,
        rule=rule,
        status=status,
        tests=tests,
        margin=margin_votes,
        compared_with=compared,
        margin_words=words,
        citation=citation,
        requested_by=rule.requested_by,
        file_with=_filing_office(rule, facts),
        deadline=None,
        deadline_rule=deadline_rule,
        cost=rule.cost,
        signatures=signatures,
        signature_words=signature_words,
        votes_to_change=votes_to_change(facts, loser),
        readings=list(dict.fromkeys(readings)),
        notes=[n for t in tests for n in t.notes] + list(rule.notes),
        inferred=rule.inferred or bool(readings),
        secondary=rule.source == "secondary",
    )
    if status is RecountStatus.NONE and rule.status != RecountStatus.NONE.value:
        _no_route(assessment)
    elif deadline_rule is not None:
        assessment.deadline = deadline_time(deadline_rule, facts)
        assessment.deadline_text = deadline_words(deadline_rule, assessment.deadline)
        assessment.secondary = assessment.secondary or deadline_rule.source == "secondary"
    return assessment


def _no_route(assessment: Assessment) -> None:
    """The margin failed a rule whose ``otherwise`` is "none" (e.g. Utah outside .25%, an Oklahoma question
    outside 150 votes / 1%): the rule's filing office, deadline, cost and petition do not apply, so the
    finding must not offer them (a board would read a deadline as a route that is open)."""
    assessment.requested_by = "no one: the margin is outside the limit"
    assessment.file_with = None
    assessment.deadline_rule = None
    assessment.cost = None
    assessment.signatures = None
    assessment.signature_words = None


def _plain_margin(
    facts: ContestFacts, loser: str, rule: Rule | None, settings: ReadingSettings
) -> tuple[int, str, str]:
    """The margin to the last seat (or between the sides) for rules that set no limit (e.g. Oklahoma)."""
    spec = rule.margin if rule is not None else Margin("to_last_seat")
    margin = measure_margin(spec, facts, loser, settings)
    return margin.votes, margin.compared_with, margin.words


def _finding(assessment: Assessment, settings: ReadingSettings, alternatives: list[str]) -> Finding:
    test = assessment.deciding_test
    return Finding(
        choice=assessment.choice,
        margin=assessment.margin,
        recount=assessment.status,
        threshold=test.limit if test else None,
        boundary=test.boundary if test else None,
        citation=assessment.citation,
        requested_by=assessment.requested_by,
        file_with=assessment.file_with,
        deadline=assessment.deadline,
        cost=assessment.cost,
        signatures_required=assessment.signatures,
        explanation=explain(assessment, settings, alternatives),
        rule_id=assessment.rule.id,
        compared_with=assessment.compared_with,
        votes_inside_trigger=test.votes_inside if test else None,
        votes_to_change_outcome=assessment.votes_to_change,
        readings_used=tuple(assessment.readings),
        inferred=assessment.inferred,
        secondary=assessment.secondary,
        incomplete_data=assessment.facts.contest.incomplete_precinct_data,
        waived=assessment.waived,
    )


def _evaluate(
    rule_set: RuleSet, facts: ContestFacts, loser: str, settings: ReadingSettings, waivers: Collection[str]
) -> Assessment | None:
    assessment = assess(rule_set, facts, loser, settings)
    if assessment is not None:
        state_details.apply(assessment, rule_set, settings, waivers)
    return assessment


def _other_readings(
    rule_set: RuleSet,
    facts: ContestFacts,
    loser: str,
    settings: ReadingSettings,
    waivers: Collection[str],
    assessment: Assessment,
) -> list[str]:
    """RULES.md NE-1: show the result under the other reading whenever it differs."""
    sentences = []
    for key in assessment.readings:
        for value, sentence in ReadingSettings.definition(key).values:
            if value == settings.value(key):
                continue
            other = _evaluate(rule_set, facts, loser, settings.with_value(key, value), waivers)
            if other is not None and other.status is not assessment.status:
                sentences.append(
                    f"Under the other reading ({sentence.rstrip('.')}), the finding would be "
                    f"{STATUS_WORDS[other.status]} instead."
                )
    return sentences


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
    precinct_count: int | None = None,
) -> ContestAnalysis:
    """The outcome of one contest and a finding per losing candidate (a question: the losing side)."""
    settings = settings or ReadingSettings()
    waived = frozenset(waivers)
    facts = build_facts(
        election, contest, totals, statistics, election_total_votes, ballots_by_county, precinct_count
    )
    findings, notes = [], []
    for loser in facts.losers():
        assessment = _evaluate(rules, facts, loser, settings, waived)
        if assessment is None:
            notes.append(f"No rule in {rules.statute} covers {contest.name!r} ({contest.kind}).")
            continue
        alternatives = _other_readings(rules, facts, loser, settings, waived, assessment)
        findings.append(_finding(assessment, settings, alternatives))
    if not facts.losers():
        notes.append("Uncontested: every candidate on the ballot won a seat, so there is no margin to test.")
    if facts.total == 0:
        notes.append("No votes are recorded for this contest.")
    notes += state_details.contest_notes(rules, facts, findings)
    return ContestAnalysis(
        contest.name, contest.kind, contest.seats, facts.total, facts.outcome, tuple(findings), tuple(notes)
    )


def analyze_election(
    rules: RuleSet,
    election: Election,
    results: ElectionResults,
    settings: ReadingSettings | None = None,
    waivers: Mapping[str, Iterable[str]] | None = None,
) -> tuple[ContestAnalysis, ...]:
    """Every contest of the election, in the results' order. ``waivers``: contest name -> candidates."""
    waivers = waivers or {}
    election_total = sum(t.votes for t in results.tallies)
    return tuple(
        analyze_contest(
            rules,
            election,
            contest,
            results.totals(contest.name),
            _contest_statistics(results, contest.name),
            settings,
            waivers.get(contest.name, ()),
            election_total_votes=election_total,
            ballots_by_county=ballots_by_county(election, results, contest),
            precinct_count=_precincts_voting(results, contest.name),
        )
        for contest in results.contests
    )


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
    county_of = {p.name: p.county or election.jurisdiction for p in results.precincts}
    stats = {s.precinct: s for s in results.statistics_of(contest.name) if s.precinct}
    votes: dict[str, int] = {}
    for tally in results.tallies_of(contest.name):
        votes[tally.precinct] = votes.get(tally.precinct, 0) + tally.votes
    counties: dict[str, int] = {}
    for precinct, count in votes.items():
        stat = stats.get(precinct)
        if stat is not None and stat.ballots_cast is not None:
            ballots = stat.ballots_cast
        else:
            extra = (stat.over_votes or 0) + (stat.under_votes or 0) if stat else 0
            ballots = math.ceil(Fraction(count + extra, contest.seats))  # exact: no float decides a deposit
        county = county_of.get(precinct, election.jurisdiction)
        counties[county] = counties.get(county, 0) + ballots
    return counties
