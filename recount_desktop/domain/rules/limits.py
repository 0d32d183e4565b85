"""Apply one rule's margin test to one loser, exactly (``int`` and ``Fraction``; never a float).

A limit is ``fraction * denominator`` or a fixed number of votes; comparing the whole-vote margin
with the exact Fraction is the same as the cross-multiplication RULES.md asks for (``400*m <= T``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from recount_desktop.domain.records import Approval
from recount_desktop.domain.rules.facts import ContestFacts, fraction_words
from recount_desktop.domain.rules.findings import grouped
from recount_desktop.domain.rules.ruleset import Boundary, Margin, Rule, Threshold, TotalCondition
from recount_desktop.domain.rules.settings import ReadingSettings


@dataclass(frozen=True)
class MeasuredMargin:
    votes: int
    compared_with: str
    words: str
    scale: int = 1  # 2 when the margin is measured as yes-minus-no against a limit on yes-minus-T/2
    readings: tuple[str, ...] = ()

    @property
    def exact(self) -> Fraction | None:
        """The statute's margin when it is not counted in whole votes (|yes - T/2| is |yes - no| / 2)."""
        return Fraction(self.votes, self.scale) if self.scale != 1 else None


@dataclass(frozen=True)
class LimitTest:
    rule: Rule
    part: Threshold
    margin: MeasuredMargin
    limit: Fraction
    boundary: str
    lowest: int  # the smallest margin that qualifies (1 under Utah's literal "one vote")
    within: bool
    words: str
    readings: tuple[str, ...]
    notes: tuple[str, ...] = ()
    base_missing: bool = False  # the reading's base is not in the file; the contest's votes were used

    @property
    def highest(self) -> int:
        """The largest whole margin inside the limit."""
        if self.boundary == "<":
            return math.ceil(self.limit) - 1
        return math.floor(self.limit)

    @property
    def votes_inside(self) -> int:
        """Signed: how many votes the margin is inside (>= 0) or outside (< 0) the limit, total held fixed;
        in the statute's own units (a margin counted as yes minus no is halved, as the limit shown is)."""
        if self.within:
            inside = self.highest - self.margin.votes
        elif self.margin.votes < self.lowest:
            inside = self.margin.votes - self.lowest
        else:
            inside = self.highest - self.margin.votes
        return inside // self.margin.scale


def required_for_approval(approval: Approval, total: int) -> int:
    """The number of yes votes "required for approval" with the total held fixed (RULES.md OK-6)."""
    if approval.rule == "required":
        assert approval.required_votes is not None
        return approval.required_votes
    if approval.rule == "fraction":
        assert approval.fraction is not None
        return math.ceil(approval.fraction * total)
    return total // 2 + 1


def measure_margin(
    spec: Margin, facts: ContestFacts, loser: str, settings: ReadingSettings
) -> MeasuredMargin:
    """The loser's distance to the last seat, between the sides, or to the number required for approval."""
    measure = spec.measure
    if facts.contest.is_question:
        yes, yes_votes, no, no_votes = facts.sides()
        key = spec.supermajority_reading if facts.contest.approval.rule != "majority" else None
        if measure == "to_required" or (key and settings.value(key) == "to_required"):
            measured = _margin_to_required(spec, facts, yes, yes_votes, no_votes, settings)
            return replace(measured, readings=measured.readings + ((key,) if key else ()))
        other = no if loser == yes else yes
        words = f"{yes} {yes_votes:,}, {no} {no_votes:,}"
        return MeasuredMargin(abs(yes_votes - no_votes), other, words, readings=(key,) if key else ())
    name, votes = facts.last_seat
    readings: tuple[str, ...] = ()
    key = spec.multi_seat_reading
    if key and facts.contest.seats > 1:
        readings = (key,)
        if settings.value(key) == "top_candidate":
            name, votes = facts.top
    if name == loser:  # tied for a single seat: measure to the candidate level with the loser
        name = next(n for n, v in facts.candidate_ranking if v == votes and n != loser)
    gap = votes - facts.totals[loser]
    return MeasuredMargin(gap, name, f"{loser} {facts.totals[loser]:,}, {name} {votes:,}", readings=readings)


def _margin_to_required(
    spec: Margin, facts: ContestFacts, yes: str, yes_votes: int, no_votes: int, settings: ReadingSettings
) -> MeasuredMargin:
    total = yes_votes + no_votes
    approval = facts.contest.approval
    no = next(name for name in facts.totals if name != yes)
    counts = f"{yes} {yes_votes:,}, {no} {no_votes:,}"
    key = spec.majority_reading
    if approval.rule == "majority" and key:
        if settings.value(key) == "half":
            # |yes - T/2| is |yes - no| / 2: measure the whole difference against twice the limit.
            words = f"{counts}; the number required for approval is half of the {total:,} votes, " + (
                f"{grouped(Fraction(total, 2))}"
            )
            return MeasuredMargin(
                abs(yes_votes - no_votes), "the number required for approval", words, 2, (key,)
            )
        required = total // 2 + 1
        return MeasuredMargin(
            abs(yes_votes - required),
            "the number required for approval",
            f"{counts}; {required:,} '{yes}' votes are required for a majority",
            readings=(key,),
        )
    required = required_for_approval(approval, total)
    return MeasuredMargin(
        abs(yes_votes - required),
        "the number required for approval",
        f"{counts}; {required:,} '{yes}' votes are required for approval ({_approval_words(approval)})",
    )


def _approval_words(approval: Approval) -> str:
    if approval.rule == "fraction":
        assert approval.fraction is not None
        return f"{approval.fraction.numerator}/{approval.fraction.denominator} of the votes for and against"
    return "the number set for this question"


def _total(
    part: Threshold, facts: ContestFacts, settings: ReadingSettings
) -> tuple[int, str, tuple[str, ...]]:
    """The T a statute means, and its words, under the reading in force."""
    what = "for and against" if facts.contest.is_question else "for all candidates"
    key = part.total_reading
    if key is None:
        return facts.total, f"{facts.total:,} votes cast {what}", ()
    value = settings.value(key)
    if value == "election" and facts.election_total_votes is not None:
        return (
            facts.election_total_votes,
            f"{facts.election_total_votes:,} votes cast in the whole election",
            (key,),
        )
    if value == "all_ballots" and facts.statistics and facts.statistics.ballots_cast is not None:
        ballots = facts.statistics.ballots_cast
        return ballots, f"{ballots:,} ballots cast", (key,)
    return facts.total, f"{facts.total:,} votes cast {what}", (key,)


def missing_base_note(part: Threshold, facts: ContestFacts, settings: ReadingSettings) -> str | None:
    """The reading in force names a base the file does not hold (ballots cast, the whole election's votes):
    the limit cannot be computed on it, and the finding must say which base it used instead."""
    key = part.total_reading
    if key is None:
        return None
    value = settings.value(key)
    ballots = facts.statistics.ballots_cast if facts.statistics else None
    no_election_total = value == "election" and facts.election_total_votes is None
    if (value == "all_ballots" and ballots is None) or no_election_total:
        wanted = "ballots cast" if value == "all_ballots" else "votes cast in the whole election"
        return (
            f"The reading in force counts the {wanted}, which the file does not give: the limit is computed "
            f"on the {facts.total:,} votes cast in the contest instead. Enter the {wanted} to apply the "
            "reading."
        )
    return None


def _denominator(
    part: Threshold,
    facts: ContestFacts,
    margin: MeasuredMargin,
    settings: ReadingSettings,
    total: tuple[int, str, tuple[str, ...]],
) -> tuple[int, str, tuple[str, ...]]:
    if part.of == "total":
        return total
    if part.of == "top_candidate":
        name, votes = facts.top
        return votes, f"{votes:,} votes received by the top vote-getter, {name}", ()
    # larger_count (Colorado): the higher of the two counts being compared.
    if facts.contest.is_question:
        name, votes = max(((n, v) for n, v in facts.totals.items()), key=lambda item: item[1])
        return votes, f"{votes:,} votes for {name}, the highest count", ()
    key = part.multi_seat_reading
    readings = (key,) if key and facts.contest.seats > 1 else ()
    if readings and settings.value(key or "") == "top_candidate":
        name, votes = facts.top
        return votes, f"{votes:,} votes of the top vote-getter, {name}", readings
    votes = facts.totals[margin.compared_with]
    return votes, f"{votes:,} votes for {margin.compared_with}, the highest count compared", readings


def _choose_part(rule: Rule, total: int) -> Threshold:
    assert rule.threshold is not None
    main, alternative = rule.threshold, rule.alternative
    if (
        alternative is not None
        and alternative.combine is None
        and alternative.when_total is not None
        and alternative.when_total.holds(total)
    ):
        return alternative
    if main.when_total is not None and not main.when_total.holds(total):
        raise ValueError(f"rule {rule.id}: no threshold covers a total of {total:,} votes")
    return main


def apply_limit(rule: Rule, facts: ContestFacts, loser: str, settings: ReadingSettings) -> LimitTest:
    """Measure the loser's margin and compare it with the rule's limit."""
    assert rule.threshold is not None
    margin = measure_margin(rule.margin, facts, loser, settings)
    total = _total(rule.threshold, facts, settings)
    part = _choose_part(rule, total[0])
    readings = margin.readings + total[2]
    missing = missing_base_note(rule.threshold, facts, settings)
    notes: list[str] = [missing] if missing else []
    boundary, lowest = part.boundary, 0
    if part.fraction is not None:
        denominator = _denominator(part, facts, margin, settings, total)
        readings += denominator[2]
        limit = part.fraction * denominator[0] * margin.scale
        words = f"{fraction_words(part.fraction)} of {denominator[1]}"
    else:
        assert part.votes is not None
        limit, words = Fraction(part.votes), f"{part.votes:,} vote{'s' if part.votes != 1 else ''}"
    alternative = rule.alternative
    if alternative is not None and alternative.combine == "greater" and alternative.votes is not None:
        floor = Fraction(alternative.votes)
        words += f", or {alternative.votes:,} votes, whichever is greater"
        limit = max(limit, floor)
    if part.tie_reading:
        readings += (part.tie_reading,)
        if boundary == "==":
            if settings.value(part.tie_reading) == "allow":
                boundary = Boundary.AT_MOST
                if margin.votes == 0:
                    notes.append(
                        "A tie is read as qualifying for the one-vote recount (inferred: a tie is closer "
                        "than one vote)."
                    )
            else:
                lowest = int(limit)
    if part.when_total is not None:
        words += _which_limit_words(part.when_total, total[1], words)
    within = _compare(margin.votes, limit, boundary, lowest)
    if rule.condition_reading:
        key, needed = rule.condition_reading
        readings += (key,)
        if settings.value(key) != needed:
            within = False
            notes.append(f"Not available under the reading in force: {settings.sentence(key)}")
    return LimitTest(
        rule, part, margin, limit, boundary, lowest, within, words, readings, tuple(notes),
        missing is not None,
    )


def _which_limit_words(condition: TotalCondition, total_words: str, words: str) -> str:
    """Why this paragraph's limit applies ("more than 400 votes"), naming the total only if not yet named."""
    if total_words in words:
        return f" ({condition.words()} votes, so this limit applies)"
    return f" ({total_words}: {condition.words()}, so this limit applies)"


def _compare(margin: int, limit: Fraction, boundary: str, lowest: int) -> bool:
    if boundary == "<=":
        return lowest <= margin <= limit
    if boundary == "<":
        return lowest <= margin < limit
    return margin == limit
