"""Apply a state's rule file to a contest: one finding per losing candidate, or for the losing side.

The rule file decides which paragraph applies and what the limit is; this module walks the chain
of rules (e.g. Nebraska 32-1119 -> 32-1121 outside the margin), then hands the result to the
state's details (``state_details``) and writes the explanation a board member reads aloud.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import replace
from fractions import Fraction

from recount_desktop.domain.records import Contest
from recount_desktop.domain.rules import state_details
from recount_desktop.domain.rules.assessment import Assessment
from recount_desktop.domain.rules.dates import deadline_flags, deadline_time, deadline_words, pick_deadline
from recount_desktop.domain.rules.explain import explain
from recount_desktop.domain.rules.facts import ContestFacts
from recount_desktop.domain.rules.findings import Finding, RecountStatus
from recount_desktop.domain.rules.limits import LimitTest, apply_limit, measure_margin
from recount_desktop.domain.rules.ruleset import Applies, Margin, MarginMeasure, Rule, RuleSet
from recount_desktop.domain.rules.settings import ReadingSettings


def applies_to(applies: Applies, facts: ContestFacts, tied: bool) -> bool:
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
    return next((r for r in rule_set.rules if r.entry and applies_to(r.applies, facts, tied)), None)


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
        margin_votes = math.ceil(Fraction(margin.votes, margin.scale))  # |yes - T/2| may be a half vote
        compared, words = margin.compared_with, margin.words
    readings = [key for test in tests for key in test.readings]
    write_ins = write_in_reading(rule_set)
    if write_ins and tests and any(facts.contest.is_write_in_line(n) for n in facts.totals):
        readings.append(write_ins)  # the line's votes are in (or out of) the total the limit reads
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
    if any(test.base_missing for test in tests):
        assessment.flags.append("review")
    if facts.contest.is_question and facts.contest.approval.rule != "majority":
        _supermajority(assessment)
    if status is RecountStatus.NONE and rule.status != RecountStatus.NONE.value:
        _no_route(assessment)
    elif deadline_rule is not None:
        assessment.deadline = deadline_time(deadline_rule, facts)
        assessment.deadline_text = deadline_words(deadline_rule, assessment.deadline, facts.election.state)
        assessment.flags += deadline_flags(assessment.deadline, facts.election.state)
        assessment.secondary = assessment.secondary or deadline_rule.source == "secondary"
    if margin is not None and margin.exact is not None:
        assessment.exact_margin = margin.exact
    return assessment


REQUIRED = "the number required for approval"


def _supermajority(a: Assessment) -> None:
    """A question that needs more than a majority (RULES.md MT-4): where the statute says only "a margin",
    the reading in force decides the distance, and the finding is flagged for review; the votes that would
    change the outcome are counted on the same footing as the margin."""
    if any(test.rule.margin.supermajority_reading for test in a.tests):
        a.flags.append("review")
        a.notes.append(
            "This question needs more than a simple majority, and the statute speaks only of 'a margin': "
            "which distance that is rests on the reading this finding names. Review it by hand."
        )
    if a.compared_with != REQUIRED:
        return
    yes, _, no, _ = a.facts.sides()
    moving = a.margin if a.choice == yes else a.margin + 1
    source, target = (no, yes) if a.choice == yes else (yes, no)
    more = a.votes_to_change
    added = f" ({more:,} more '{a.choice}' votes if no vote changed side)" if more else ""
    a.change_text = (
        f"With the total held fixed, {moving:,} vote{'' if moving == 1 else 's'} changing from '{source}' to "
        f"'{target}' would change the outcome{added}."
    )


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
    spec = rule.margin if rule is not None else Margin(MarginMeasure.TO_LAST_SEAT)
    margin = measure_margin(spec, facts, loser, settings)
    return margin.votes, margin.compared_with, margin.words


def _flags(assessment: Assessment) -> tuple[str, ...]:
    flags = list(assessment.flags)
    if assessment.inferred:
        flags.append("inferred")
    if assessment.secondary:
        flags.append("secondary")
    if assessment.facts.contest.incomplete_precinct_data:
        flags.append("incomplete_data")
    if assessment.waived:
        flags.append("waived")
    return tuple(dict.fromkeys(flags))


def make_finding(assessment: Assessment, settings: ReadingSettings, alternatives: list[str]) -> Finding:
    test = assessment.deciding_test
    scale = test.margin.scale if test else 1
    return Finding(
        choice=assessment.choice,
        margin=assessment.margin,
        recount=assessment.status,
        threshold=test.limit / scale if test else None,
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
        notes=tuple(dict.fromkeys(assessment.notes)),
        flags=_flags(assessment),
        exact_margin=assessment.exact_margin,
    )


def evaluate(
    rule_set: RuleSet, facts: ContestFacts, loser: str, settings: ReadingSettings, waivers: Collection[str]
) -> Assessment | None:
    """One loser's assessment with the state's own details applied (waivers, deposits, notes)."""
    assessment = assess(rule_set, facts, loser, settings)
    if assessment is not None:
        state_details.apply(assessment, rule_set, settings, waivers)
    return assessment


def facts_under(facts: ContestFacts, rule_set: RuleSet, settings: ReadingSettings) -> ContestFacts:
    """The facts with the write-in reading in force applied to the contest total (RULES.md X-1)."""
    key = write_in_reading(rule_set)
    include = key is None or settings.value(key) == "include"
    return facts if facts.write_ins_in_total == include else replace(facts, write_ins_in_total=include)


def write_in_reading(rule_set: RuleSet) -> str | None:
    key = f"reading.{rule_set.state.value}.aggregate_write_ins"
    return key if any(r.key == key for r in rule_set.readings) else None
