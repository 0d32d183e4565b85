"""What each state's statute says follows a recount, applied to the amended totals.

``after_recount(election, contest, original, amended, requested_by, settings)`` returns the rules engine's
findings on the amended totals, under the election's readings and NE waivers, and plain sentences for
the board: Colorado's refund (C.R.S. 1-13.5-1306(2)(d)), Oklahoma's who-pays (OAC 230:45-3-15), Utah's
declaration (20A-4-401(1)(e)(iv)-(v), (2)(d)(iv)) and Montana's certificate (13-16-418). If the state's
rule file cannot be read, reconciliation still works and says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from recount_desktop.domain import Contest, Election, State, rules
from recount_desktop.domain.outcome import election_outcome
from recount_desktop.domain.rules import (
    ReadingSettings,
    RuleFileError,
    RuleSet,
    analyze_contest,
    colorado_refund_due,
    waivers_from_settings,
)
from recount_desktop.domain.rules.findings import Finding
from recount_desktop.recount.analysis import readings_from_settings


@dataclass(frozen=True)
class AfterRecount:
    findings: tuple[Finding, ...] = ()  # on the amended totals: the recount already held
    statements: tuple[str, ...] = ()
    note: str = ""  # the problems met (a refused stored reading), or why the rules were not applied


def _requester_choice(contest: Contest, requested_by: str) -> str | None:
    """The requester as a choice of the contest, when the scope names one (e.g. "Bo" or "Bo (candidate)")."""
    wanted = " ".join(requested_by.split()).casefold()
    for name in contest.choice_names():
        folded = name.casefold()
        if wanted == folded or wanted.startswith(folded + " ") or wanted.startswith(folded + ","):
            return name
    return None


def after_recount(election: Election, contest: Contest, original: Mapping[str, int],
                  amended: Mapping[str, int], requested_by: str = "", *,
                  settings: Mapping[str, str] | None = None, election_total_votes: int | None = None,
                  precinct_count: int | None = None) -> AfterRecount:
    """The engine on the amended totals with the election's own readings and waivers (``settings``: the
    election file's settings, read as ``recount.analysis`` reads them for every other view).

    The findings say the recount has been held: no second request route, and no deadline counted from
    the original canvass. ``election_total_votes`` serves the NE "total votes cast" reading (32-1119(1));
    ``precinct_count`` the per-precinct cost of NE 32-1121.
    """
    settings = settings or {}
    readings, problems = readings_from_settings(settings)
    try:
        rule_set = rules.load_rules(election.state)
        analysis = analyze_contest(rule_set, election, contest, amended, settings=readings,
                                   waivers=waivers_from_settings(settings).get(contest.name, ()),
                                   election_total_votes=election_total_votes, precinct_count=precinct_count,
                                   recount_held=True)
    except (RuleFileError, ValueError) as error:
        return AfterRecount(note=f"The recount rules were not applied to the amended totals ({error}).")
    requester = _requester_choice(contest, requested_by)
    statements = _statements(rule_set, election, contest, original=original, amended=amended,
                             requester=requester, readings=readings)
    return AfterRecount(analysis.findings, tuple(statements), " ".join(problems))


def _statements(rule_set: RuleSet, election: Election, contest: Contest, *,
                original: Mapping[str, int], amended: Mapping[str, int], requester: str | None,
                readings: ReadingSettings) -> list[str]:
    before = election_outcome(election, contest, original)  # a primary: per party (NE-2)
    after = election_outcome(election, contest, amended)
    changed = (set(before.winners), before.approved) != (set(after.winners), after.approved)
    if election.state is State.CO:
        refund = colorado_refund_due(rule_set, election, contest, original, amended, requester, readings)
        return [_colorado_refund(refund, changed)]
    if election.state is State.OK:
        return [_oklahoma_who_pays(before.winners, after.winners, requester)]
    if election.state is State.UT:
        return [_utah_declaration(contest, after)]
    if election.state is State.MT:
        return [("Mont. Code Ann. 13-16-418: the result changed; a new certificate of election or nomination "
                 "must be issued and the first certificate is void.") if changed else
                ("Mont. Code Ann. 13-16-418: the result is unchanged; no further action.")]
    return []


def _colorado_refund(refund: bool, changed: bool) -> str:
    """C.R.S. 1-13.5-1306(2)(d) refunds the payment; (2)(f) returns unused funds only "if ... the recount does
    not change the result of the election", so when it does, (f) says nothing of them."""
    if refund:
        return ("C.R.S. 1-13.5-1306(2)(d): the requester's payment must be refunded (the result was reversed "
                "in the requester's favour, or the amended count falls within the automatic-recount margin).")
    if changed:
        return ("C.R.S. 1-13.5-1306(2)(d): no refund is due: the result was not reversed in the requester's "
                "favour and the amended count is outside the automatic-recount margin. The recount changed "
                "the result, so (2)(f), which returns unused funds only if the recount does not change the "
                "result, does not apply; the statute does not say what becomes of leftover funds in this "
                "case.")
    return ("C.R.S. 1-13.5-1306(2)(d): no refund is due: the result was not reversed in the requester's "
            "favour and the amended count is outside the automatic-recount margin. The recount did not "
            "change the result, so any unused portion of the deposit is returned under (2)(f).")


def _oklahoma_who_pays(before: tuple[str, ...], after: tuple[str, ...], requester: str | None) -> str:
    if requester is None:
        return ("OAC 230:45-3-15: who pays depends on whether the petitioner succeeded; name the petitioning "
                "candidate in the recount scope's 'requested by' to have it worked out.")
    if requester not in before and requester in after:
        return (f"OAC 230:45-3-15: the petitioner {requester} succeeded, so the county (or the "
                "municipality or school district) bears the entire expense.")
    if requester in before:
        return (f"OAC 230:45-3-15: {requester} won before the recount and the recount did not change that: "
                "the winner who asked for it pays.") if requester in after else (
            f"OAC 230:45-3-15: {requester} asked for the recount and lost the seat; the expenses are "
            "deducted from the deposit.")
    return (f"OAC 230:45-3-15: the petitioner {requester} was not successful: the expenses are deducted from "
            "the deposit and the remainder returned; no part of an additional deposit is refunded.")


def _utah_declaration(contest: Contest, after: Any) -> str:
    if contest.is_question:
        verdict = "passed" if after.approved else "failed"
        return f"Utah Code 20A-4-401(2)(d)(iv): on the recount the proposition is declared to have {verdict}."
    if after.tied:
        return (f"Utah Code 20A-4-401(1)(e): the recount leaves a tie between {', '.join(after.tied)}; "
                "it must be resolved as the law provides.")
    clause = "(iv)" if contest.seats == 1 else "(v)"
    return (f"Utah Code 20A-4-401(1)(e){clause}: declared elected on the recount: "
            f"{', '.join(after.winners)}.")
