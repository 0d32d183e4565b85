"""The paragraph a board member reads aloud: margin, limit, comparison, what follows, and why."""

from __future__ import annotations

from recount_desktop.domain.rules.assessment import Assessment
from recount_desktop.domain.rules.findings import RecountStatus, decimal_text
from recount_desktop.domain.rules.limits import LimitTest
from recount_desktop.domain.rules.settings import ReadingSettings


def _votes(count: int) -> str:
    return f"{count:,} vote" + ("" if count == 1 else "s")


def _margin_sentence(a: Assessment) -> str:
    if a.facts.contest.is_question:
        outcome = "approved" if a.facts.outcome.approved else "rejected"
        return f"The question was {outcome} ({a.margin_words}). Margin {_votes(a.margin)}."
    if a.facts.is_tied(a.choice):
        return (
            f"{a.choice} is tied with {a.compared_with} for the last seat ({a.margin_words}). Margin 0 votes."
        )
    return f"Margin {_votes(a.margin)}: {a.choice} trails {a.compared_with} ({a.margin_words})."


def _limit_sentence(test: LimitTest) -> str:
    limit = decimal_text(test.limit)
    if test.boundary == "==" or (test.lowest and test.boundary != "<"):
        compare = f"{test.margin.votes:,} {'=' if test.within else '!='} {limit}"
    else:
        sign = test.boundary if test.within else (">" if test.boundary == "<=" else ">=")
        compare = f"{test.margin.votes:,} {sign} {limit}"
    result = "within" if test.within else "not within"
    return (
        f"Limit under {test.part.citation or test.rule.citation}: {test.words} = {limit} votes. "
        f"{compare}, so the margin is {result} this limit."
    )


def _status_sentence(a: Assessment) -> str:
    who = a.requested_by
    if a.waived:
        return f"{a.choice} has waived the automatic recount, so none is held for this candidate."
    return {
        RecountStatus.AUTOMATIC: f"The recount is automatic ({a.citation}); {who}.",
        RecountStatus.ON_REQUEST: f"A recount must be held if requested ({a.citation}): by {who}.",
        RecountStatus.AT_OWN_EXPENSE: f"A recount is available at the requester's expense ({a.citation}): "
        f"requested by {who}.",
        RecountStatus.NONE: f"No recount route applies under the encoded statutes ({a.citation}): {who}.",
        RecountStatus.NOT_APPLICABLE: f"The recount statute does not apply to this contest ({a.citation}).",
    }[a.status]


def _trigger_sentence(a: Assessment) -> str | None:
    test = a.deciding_test
    if test is None:
        return None
    inside = test.votes_inside
    if inside >= 0:
        return (
            f"The margin is {_votes(inside)} inside that limit (0 means exactly at it), the total held fixed."
        )
    return f"The margin is {_votes(-inside)} outside that limit, the total held fixed."


def _change_sentence(a: Assessment) -> str | None:
    if a.votes_to_change is None:
        return (
            "No number of added 'no' votes changes this result (a fixed number of 'yes' votes is required)."
        )
    side = "the losing side" if a.facts.contest.is_question else a.choice
    more = a.votes_to_change
    return f"{more:,} more vote{'' if more == 1 else 's'} for {side} would change the outcome."


def explain(a: Assessment, settings: ReadingSettings, alternatives: list[str]) -> str:
    parts: list[str | None] = [_margin_sentence(a)]
    parts += [_limit_sentence(test) for test in a.tests]
    parts += [_status_sentence(a), a.deadline_text]
    if a.file_with and a.status not in (RecountStatus.NONE, RecountStatus.NOT_APPLICABLE):
        parts.append(f"File with: {a.file_with}.")
    if a.cost:
        parts.append(f"Cost: {a.cost}")
    parts += [a.signature_words, _trigger_sentence(a), _change_sentence(a)]
    parts += [f"Reading: {settings.sentence(key)}" for key in a.readings]
    parts += alternatives + a.notes
    if a.secondary:
        parts.append("Part of this finding rests on a secondary source, not statute text; confirm it.")
    if a.facts.contest.incomplete_precinct_data:
        parts.append(
            "Some precinct cells were suppressed in the source file: these totals are incomplete "
            "and the finding rests on incomplete data."
        )
    return " ".join(p for p in parts if p)
