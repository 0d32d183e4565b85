"""What one loser's assessment cannot see alone: a recount the statute orders for the whole contest, a
contest the county's file holds only part of, totals that are already the recount's, and a measure type
the board has not set."""

from __future__ import annotations

from dataclasses import replace

from recount_desktop.domain.records import FiledWith, MeasureType, Scope, State
from recount_desktop.domain.rules.assessment import Assessment
from recount_desktop.domain.rules.engine import applies_to
from recount_desktop.domain.rules.facts import ContestFacts
from recount_desktop.domain.rules.findings import RecountStatus
from recount_desktop.domain.rules.ruleset import RuleSet

# Contests that reach beyond one county: the statutory test is on the combined totals (NE-5, MT (1)(b),
# UT (1)(d)(ii)(D)).
BEYOND_COUNTY = (Scope.MULTI_COUNTY, Scope.STATEWIDE, Scope.CONGRESSIONAL)
CO_AUTOMATIC, CO_REQUEST = "CO-1-13.5-1306-1", "CO-1-13.5-1306-2"


def measure_type_unset(rules: RuleSet, facts: ContestFacts) -> bool:
    """A question whose route depends on its measure type (Oklahoma 8-111(E)(2)(a)/(b)) with none set."""
    if not facts.contest.is_question or facts.contest.measure_type is not None:
        return False
    typed = replace(facts, contest=replace(facts.contest, measure_type=MeasureType.STATUTORY))
    return any(
        r.entry and r.applies.measure_type and applies_to(r.applies, typed, False) for r in rules.rules
    )


def contest_wide(rules: RuleSet, facts: ContestFacts, assessed: list[Assessment]) -> None:
    """Adjust each loser's assessment for what holds for the contest as a whole."""
    if rules.state is State.CO:
        _colorado_ordered(rules, assessed)
    if _part_of_contest(rules, facts):
        for assessment in assessed:
            _county_part_only(assessment)
    if facts.recount_held:
        for assessment in assessed:
            _recount_held(assessment)
    if rules.state is State.UT:
        for assessment in assessed:
            if facts.is_tied(assessment.choice) or assessment.margin == 0:
                _version_note(rules, assessment)


def _colorado_ordered(rules: RuleSet, assessed: list[Assessment]) -> None:
    """C.R.S. 1-13.5-1306(1) orders a recount "of the votes cast in any election" when any loser is within
    its limit; (2)(a) is open only "whenever a recount ... is not required pursuant to subsection (1)"."""
    within = [a for a in assessed if a.rule.id == CO_AUTOMATIC and a.status is RecountStatus.AUTOMATIC]
    if not within:
        return
    ordered = rules.rule(CO_AUTOMATIC)
    for a in assessed:
        if a.rule.id != CO_REQUEST:
            continue
        a.rule, a.status, a.citation = ordered, RecountStatus.AUTOMATIC, ordered.citation
        a.requested_by, a.cost = ordered.requested_by, ordered.cost
        a.signatures = a.signature_words = None
        a.deadline, a.deadline_text = within[0].deadline, within[0].deadline_text
        a.file_with = within[0].file_with
        a.notes.insert(
            0,
            f"The whole contest is recounted under C.R.S. 1-13.5-1306(1) because {within[0].choice} is "
            "within its limit, so these votes are recounted too. The paid request of 1-13.5-1306(2)(a) is "
            "not offered: it is open only when a recount is not required under subsection (1).",
        )


def _part_of_contest(rules: RuleSet, facts: ContestFacts) -> bool:
    counties = facts.ballots_by_county or {}
    beyond = facts.contest.scope in BEYOND_COUNTY or (
        rules.state is State.NE and facts.contest.filed_with is FiledWith.SOS
    )
    return beyond and len(counties) <= 1


def _county_part_only(a: Assessment) -> None:
    a.margin_words += "; county part only"
    a.flags.append("county_part_only")
    a.notes.insert(
        0,
        "This contest reaches beyond the county: the county's file holds only its part of the contest, and "
        "the statutory test is on the combined totals of every county. The margin shown is the county part "
        "only.",
    )


def _recount_held(a: Assessment) -> None:
    """Findings on the amended totals: the recount has been held, so no request route or deadline counted
    from the original canvass is open again."""
    if a.status in (RecountStatus.NONE, RecountStatus.NOT_APPLICABLE):
        return
    a.requested_by = "no one: the recount has already been held"
    a.file_with = a.deadline = a.deadline_text = a.cost = None
    a.signatures = a.signature_words = None
    a.flags.append("recount_held")
    a.notes.insert(
        0,
        "The recount has already been held: this finding shows where the margin stands on the amended "
        "totals and offers no second request, filing office or deadline.",
    )


def _version_note(rules: RuleSet, a: Assessment) -> None:
    a.flags.append("version")
    a.notes.append(f"The statute text in force may differ: {rules.version_note}")
