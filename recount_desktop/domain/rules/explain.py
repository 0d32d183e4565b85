"""The paragraph a board member reads aloud: margin, limit, comparison, what follows, who may ask, by when,
at what cost, and which readings it rests on. Numbers carry thousands separators; a limit is shown to 2
decimals (cut toward the comparison, ``spoken_limit``) while the decision itself is exact."""

from __future__ import annotations

from fractions import Fraction

from recount_desktop.domain.rules.assessment import Assessment
from recount_desktop.domain.rules.findings import RecountStatus, grouped, spoken_limit
from recount_desktop.domain.rules.limits import LimitTest
from recount_desktop.domain.rules.settings import ReadingSettings
from recount_desktop.domain.rules.ties import tie_rule

STATUS_WORDS = {status: status.phrase for status in RecountStatus}


def _votes(count: int) -> str:
    return f"{count:,} vote" + ("" if count == 1 else "s")


def _margin_sentence(a: Assessment) -> str:
    if a.facts.contest.is_question:
        outcome = "approved" if a.facts.outcome.approved else "rejected"
        margin = f"{grouped(a.exact_margin)} votes" if a.exact_margin is not None else _votes(a.margin)
        return f"The question was {outcome} ({a.margin_words}). Margin {margin}."
    party = f"In the {a.facts.nomination} nomination contest: " if a.facts.nomination else ""
    if a.facts.is_tied(a.choice):
        seat = "the last seat" if a.facts.contest.seats > 1 else "the seat"
        tied = f"{a.choice} is tied with {a.compared_with} for {seat} ({a.margin_words})"
        return f"{party}{tied}. Margin 0 votes."
    return f"{party}Margin {_votes(a.margin)}: {a.choice} trails {a.compared_with} ({a.margin_words})."


def _limit_sentence(test: LimitTest) -> str:
    scale = test.margin.scale  # a margin counted as yes minus no is shown as the statute's distance
    limit = spoken_limit(test.limit / scale, test.boundary)
    margin = grouped(Fraction(test.margin.votes, scale))
    if test.boundary == "==" or (test.lowest and test.boundary != "<"):
        compare = f"{margin} {'=' if test.within else 'is not'} {limit}"
    else:
        sign = test.boundary if test.within else (">" if test.boundary == "<=" else ">=")
        compare = f"{margin} {sign} {limit}"
    result = "within" if test.within else "not within"
    return (
        f"Limit under {test.part.citation or test.rule.citation}: {test.words} = "
        f"{limit} vote{'' if limit == '1' else 's'}. {compare}, so the margin is {result} this limit."
    )


def _status_sentence(a: Assessment) -> str:
    who = a.requested_by
    if a.waived:
        return f"{a.choice} has waived the automatic recount, so none is held for this candidate."
    if "recount_held" in a.flags:
        return (
            f"On the amended totals the margin is within the reach of {STATUS_WORDS[a.status]} under "
            f"{a.citation}; that recount is the one already held."
        )
    if a.status is RecountStatus.NONE:
        if a.rule.status != RecountStatus.NONE.value:
            return f"No recount is available under {a.citation}: the margin is outside its limit."
        return f"There is no recount route by request ({a.citation}): {who}."
    return {
        RecountStatus.AUTOMATIC: f"The recount is automatic ({a.citation}): {who}.",
        RecountStatus.ON_REQUEST: f"A recount must be held if requested ({a.citation}). Who may ask: {who}.",
        RecountStatus.AT_OWN_EXPENSE: f"A recount is available at the requester's expense ({a.citation}). "
        f"Who may ask: {who}.",
        RecountStatus.NOT_APPLICABLE: f"The recount statute does not apply to this contest ({a.citation}).",
    }[a.status]


def _trigger_sentence(a: Assessment) -> str | None:
    test = a.deciding_test
    if test is None:
        return None
    inside = test.votes_inside
    if inside > 0:
        return f"The margin is {_votes(inside)} inside the limit, with the total held fixed."
    if inside == 0:
        return "The margin is exactly at the limit: one vote more and it would be outside."
    return f"The margin is {_votes(-inside)} outside the limit, with the total held fixed."


def _change_sentence(a: Assessment) -> str | None:
    if a.change_text:
        return a.change_text
    if a.votes_to_change is None:
        return (
            "No number of added 'no' votes changes this result (a fixed number of 'yes' votes is required)."
        )
    more = a.votes_to_change
    votes = f"{more:,} more vote{'' if more == 1 else 's'}"
    if a.facts.contest.is_question:
        return f"{votes} for the '{a.choice}' side would change the outcome."
    return f"{votes} for {a.choice} would change the outcome."


def _is_tie(a: Assessment) -> bool:
    if a.facts.contest.is_question:
        counts = list(a.facts.totals.values())
        return len(counts) == 2 and counts[0] == counts[1] and counts[0] > 0
    return a.facts.is_tied(a.choice)


def _tie_sentence(a: Assessment) -> str | None:
    """What the state's law says follows a tie that the recount does not break, and who acts."""
    if not _is_tie(a):
        return None
    tie = tie_rule(a.facts.election.state)
    confirm = " Confirm it: that statute is not among the texts shipped with the program."
    if not tie.secondary:
        confirm = ""
    return f"If the tie remains: {tie.text}{confirm}"


def explain(a: Assessment, settings: ReadingSettings, alternatives: list[str]) -> str:
    parts: list[str | None] = [_margin_sentence(a)]
    parts += [_limit_sentence(test) for test in a.tests]
    parts += [_status_sentence(a), a.deadline_text]
    if a.file_with and a.status not in (RecountStatus.NONE, RecountStatus.NOT_APPLICABLE):
        parts.append(f"File with: {a.file_with}.")
    if a.cost:
        parts.append(f"Cost: {a.cost}")
    parts += [a.signature_words, _trigger_sentence(a), _change_sentence(a), _tie_sentence(a)]
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
