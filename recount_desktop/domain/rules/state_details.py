"""What each state adds beyond a margin test: Nebraska waivers and 32-1121 versions, Oklahoma deposits,
contest-level notes (Nebraska NE-7, Montana MT-4/MT-6), and Colorado's refund rule after a recount."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from datetime import datetime, timedelta
from fractions import Fraction
from typing import Any

from recount_desktop.domain.records import Contest, Election, State
from recount_desktop.domain.rules.assessment import Assessment
from recount_desktop.domain.rules.dates import (
    END_OF_DAY,
    deadline_flags,
    deadline_time,
    deadline_words,
    nth_weekday_after,
)
from recount_desktop.domain.rules.facts import ContestFacts, build_facts
from recount_desktop.domain.rules.findings import Finding, RecountStatus
from recount_desktop.domain.rules.limits import apply_limit
from recount_desktop.domain.rules.ruleset import DeadlineRule, RuleSet
from recount_desktop.domain.rules.settings import ReadingSettings


def apply(a: Assessment, rule_set: RuleSet, settings: ReadingSettings, waivers: Collection[str]) -> None:
    if rule_set.state is State.NE:
        _nebraska(a, settings, waivers)
    elif rule_set.state is State.OK:
        _oklahoma(a, rule_set, settings)
        _oklahoma_runoff(a)
    elif rule_set.state is State.MT:
        _montana(a)


# -- Nebraska -------------------------------------------------------------------------------------
def _nebraska(a: Assessment, settings: ReadingSettings, waivers: Collection[str]) -> None:
    if a.rule.id == "NE-32-1119" and a.status is RecountStatus.AUTOMATIC:
        if a.choice in waivers:  # 32-1119(1): "Any losing candidate may waive his or her right to a recount"
            _waived(a)
        elif a.deadline is None:
            a.deadline_text = (
                "The recount is made as soon as possible after the county canvassing board "
                "adjourns [Neb. Rev. Stat. 32-1119(4)]."
            )
    if a.rule.id == "NE-32-1121":
        _nebraska_requested(a, settings)


def _waived(a: Assessment) -> None:
    """A waived candidate has no automatic recount and, being within the 32-1119 margin, no 32-1121 route:
    the finding keeps none of the automatic route's waiver, filing or cost text."""
    a.status, a.waived = RecountStatus.NONE, True
    a.requested_by = "no one: the candidate has waived the recount"
    a.file_with = a.cost = a.deadline = a.deadline_text = a.deadline_rule = None
    a.notes = [n for n in a.notes if "waive" not in n]


def _nebraska_requested(a: Assessment, settings: ReadingSettings) -> None:
    """32-1121: the version in force decides the filing day and the cost (RULES.md NE-8)."""
    key = "reading.NE.version_32_1121"
    version = settings.value(key)
    extra: Mapping[str, Any] = a.rule.extra
    days = int(extra[f"{version}_days_after_canvass"])
    citation = str(extra[f"{version}_citation"])
    by_state_board = a.facts.contest.filed_with.value == "sos"
    board = "board of state canvassers" if by_state_board else "county canvassing board"
    rule = DeadlineRule(
        what=f"certified written request filed not later than the {_ordinal(days)} day after the {board} "
        "concludes",
        anchor="election" if by_state_board else "canvass",
        citation=f"{citation}; 32-1037 (the state board meets on the fourth Monday after the election; "
        "inferred to conclude that day)" if by_state_board else citation,
        source="src",
        days=days,
    )
    if by_state_board:
        # 32-1121 runs from "the county canvassing board or the board of state canvassers": candidates who
        # filed with the Secretary of State are decided by the state canvass (RULES.md NE-5), which meets
        # "on the fourth Monday after each statewide primary and general election" (32-1037).
        state_canvass = nth_weekday_after(a.facts.election.election_date, "monday", 4)
        known = a.facts.election_date_known
        a.deadline = datetime.combine(state_canvass + timedelta(days=days), END_OF_DAY) if known else None
    else:
        a.deadline = deadline_time(rule, a.facts)
    a.deadline_text = deadline_words(rule, a.deadline, State.NE)
    a.flags += deadline_flags(a.deadline, State.NE)
    a.deadline_rule = rule
    if version == "current":
        per = int(extra["current_cost_per_precinct"])
        count = a.facts.precinct_count
        precincts = f"{count} precinct{'' if count == 1 else 's'}"
        amount = f" {precincts} x ${per} = ${count * per:,}." if count is not None else ""
        a.cost = f"${per} per precinct voting in the contest, paid with the request ({citation}).{amount}"
    else:
        a.cost = (
            f"The cost estimated by the election commissioner or county clerk, paid by the candidate; "
            f"refunded if the recount makes the candidate the winner ({citation})."
        )
    a.citation = citation
    a.readings.append(key)
    a.inferred = True


def _ordinal(n: int) -> str:
    return {3: "third", 10: "tenth"}.get(n, f"{n}th")


# -- Oklahoma -------------------------------------------------------------------------------------
def oklahoma_deposit(ballots: int, manual: bool, extra: Mapping[str, Any], round_up: bool = True) -> int:
    """Deposit for one county: 8-111(A)(4)(a) manual, or (A)(4)(b) electronic (secondary-sourced)."""
    if manual:  # "$600 for each 3,000 ballots or fraction thereof"
        return int(extra["manual_per_block"]) * math.ceil(Fraction(ballots, int(extra["manual_block"])))
    beyond = Fraction(max(0, ballots - int(extra["electronic_first_block"])), int(extra["electronic_block"]))
    blocks = math.ceil(beyond) if round_up else math.floor(beyond)
    return int(extra["electronic_first"]) + int(extra["electronic_per_block"]) * blocks


def additional_deposit_required(facts: ContestFacts, settings: ReadingSettings) -> tuple[bool, str]:
    """8-111(A)(6): a second, equal deposit when first place leads by 10% or more (bar primary exceptions)."""
    votes = [v for _, v in facts.candidate_ranking]
    v1, v2 = votes[0], votes[1] if len(votes) > 1 else 0
    total = facts.total
    base = {"total_votes": total, "first_place": v1, "top_two": v1 + v2}[
        settings.value("reading.OK.additional_deposit_base")
    ]
    if 10 * (v1 - v2) < base:  # "ten percent (10%) or greater" is inclusive
        return False, f"first place leads second by {v1 - v2:,} votes, less than 10% of {base:,}"
    if facts.election_type.value == "primary" and facts.contest.runoff_possible and len(votes) >= 3:
        close_second = 100 * (v2 - votes[2]) < total
        near_majority = abs(200 * v1 - 100 * total) <= 2 * total  # RULES.md OK-2
        if close_second or near_majority:
            return (
                False,
                "a primary where a runoff may be required, and second and third are within 1% "
                "or first place is within 1% of a majority (primary exception)",
            )
    return True, f"first place leads second by {v1 - v2:,} votes, 10% or more of {base:,}"


def _oklahoma(a: Assessment, rule_set: RuleSet, settings: ReadingSettings) -> None:
    if a.status not in (RecountStatus.AT_OWN_EXPENSE, RecountStatus.ON_REQUEST):
        return
    extra = rule_set.rule("OK-26-8-111-A").extra
    rounding = settings.value("reading.OK.electronic_block_rounding") == "up"
    counties = dict(a.facts.ballots_by_county or {})
    estimated = not counties or a.facts.ballots_estimated
    if not counties:
        counties = {a.facts.election.jurisdiction: math.ceil(Fraction(a.facts.total, a.facts.contest.seats))}
    electronic = sum(oklahoma_deposit(b, False, extra, rounding) for b in counties.values())
    manual = sum(oklahoma_deposit(b, True, extra) for b in counties.values())
    sos_fee = int(extra["state_board_fee"]) if a.facts.contest.filed_with.value == "sos" else 0
    lines = ", ".join(f"{county}: {b:,} ballots" for county, b in counties.items())
    text = (
        f"Deposit by cashier's or certified check per county ({lines}): "
        f"electronic recount (the default) ${electronic + sos_fee:,} [{extra['electronic_citation']}, "
        f"secondary]; manual recount ${manual + sos_fee:,} [{extra['manual_citation']}]."
    )
    if sos_fee:
        text += (
            f" Includes ${sos_fee} for filing with the State Election Board "
            f"[{extra['state_board_citation']}]."
        )
    if not a.facts.contest.is_question:
        needed, why = additional_deposit_required(a.facts, settings)
        if needed:
            text += (
                f" An additional equal deposit is required: {why} [{extra['additional_deposit_citation']}];"
                " no part of it is refunded (OAC 230:45-3-15)."
            )
        else:
            text += f" No additional deposit: {why} [{extra['additional_deposit_citation']}]."
        a.readings.append("reading.OK.additional_deposit_base")
    a.readings.append("reading.OK.electronic_block_rounding")
    if estimated:
        text += f" {_estimate_words(a.facts, counties)}"
        a.flags.append("estimated")
    a.cost = f"{a.cost} {text}" if a.cost else text
    a.secondary = a.inferred = True


def _estimate_words(facts: ContestFacts, counties: Mapping[str, int]) -> str:
    """8-111(A)(4) counts "ballots ... to be recounted": without ballots cast in the file, the deposit
    rests on an estimate, and the board must know which figure was used."""
    seats = facts.contest.seats
    per_seat = f" divided by the {seats} seats (each ballot may carry {seats} votes)" if seats > 1 else ""
    used = sum(counties.values())
    return (
        f"The file does not give the ballots cast, so the deposit is an estimate: {used:,} ballots, worked "
        f"out from the votes{per_seat}. The deposit is set on the ballots to be recounted: use the ballots "
        "cast when they are known."
    )


def _oklahoma_runoff(a: Assessment) -> None:
    """26 O.S. 8-111(A)(6) primary proviso: where a runoff primary may be required, the distance that decides
    the runoff (second against third) matters as much as the distance to winning outright."""
    facts = a.facts
    ranking = facts.candidate_ranking
    if facts.election_type.value != "primary" or not facts.contest.runoff_possible or len(ranking) < 3:
        return
    (first, v1), (second, v2), (third, v3) = ranking[:3]
    majority = facts.total // 2 + 1
    if v1 >= majority:
        outright = (
            f"{first} has a majority ({v1:,} of {facts.total:,}; {majority:,} needed), so no runoff is needed"
        )
    else:
        outright = (
            f"{first} is {majority - v1:,} votes short of a majority ({v1:,} of {facts.total:,}; "
            f"{majority:,} needed), so a runoff primary may be required"
        )
    a.notes.append(
        f"Runoff primary: {outright}. The runoff place is decided between second and third: {second} "
        f"{v2:,}, {third} {v3:,}, a distance of {v2 - v3:,} votes."
    )


# -- Montana --------------------------------------------------------------------------------------
def _montana(a: Assessment) -> None:
    if a.facts.contest.is_question and a.rule.id == "MT-13-16-301":
        # 13-16-301: for a ballot issue it is "an elector who was eligible to vote on the issue" who applies.
        a.requested_by = (
            "no one by petition; an elector who was eligible to vote on the question may apply to the "
            "district court, which orders a recount on probable cause"
        )
        a.cost = (
            "The applicant deposits the estimated expense, returned if the result on the question is "
            "reversed (13-16-307)."
        )
    a.notes.append(
        "Whatever the margin, the county canvassing board may itself petition for a recount if during the "
        "canvass it finds an error in a precinct affecting the accuracy of the vote totals (Mont. Code Ann. "
        "13-16-201(1)(f); 13-15-403(4))."
    )


# -- contest-level notes --------------------------------------------------------------------------
def contest_notes(rule_set: RuleSet, facts: ContestFacts, findings: list[Finding]) -> list[str]:
    notes: list[str] = []
    if rule_set.state is State.NE:
        qualifying = [
            f
            for f in findings
            if f.rule_id == "NE-32-1119" and (f.waived or f.recount is RecountStatus.AUTOMATIC)
        ]
        if qualifying and all(f.waived for f in qualifying):
            notes.append(
                "Every candidate within the automatic margin has waived: no automatic recount is held."
            )
        elif qualifying:
            notes.append(
                "An automatic recount of this contest is held: at least one qualifying candidate has "
                "not waived (a reading of 32-1119(1): each candidate's waiver is his or her own)."
            )
    if facts.outcome.is_tie:
        notes.append(
            f"Tie for the last seat between {', '.join(facts.outcome.tied)}: the tie must be "
            "certified and resolved as the law provides after any recount."
        )
    if facts.contest.incomplete_precinct_data:
        notes.append("Suppressed precinct cells: the totals and every finding rest on incomplete data.")
    return notes


# -- Colorado -------------------------------------------------------------------------------------
def colorado_refund_due(
    rule_set: RuleSet,
    election: Election,
    contest: Contest,
    original: Mapping[str, int],
    amended: Mapping[str, int],
    requester: str | None,
    settings: ReadingSettings | None = None,
) -> bool:
    """C.R.S. 1-13.5-1306(2)(d): refund if the result is reversed in the requester's favour, or if the amended
    count falls within the automatic limit of subsection (1) (RULES.md CO-5)."""
    settings = settings or ReadingSettings()
    before = build_facts(election, contest, original, None, None, None, None)
    after = build_facts(election, contest, amended, None, None, None, None)
    if (
        requester is not None
        and requester not in before.outcome.winners
        and requester in after.outcome.winners
    ):
        return True
    automatic = rule_set.rule("CO-1-13.5-1306-1")
    return any(apply_limit(automatic, after, loser, settings).within for loser in after.losers())
