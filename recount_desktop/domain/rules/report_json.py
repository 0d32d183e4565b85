"""``analyze --json`` exactly as CONTRACT.md lays it out."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from recount_desktop.domain.records import State
from recount_desktop.domain.rules.findings import ContestAnalysis, Finding


def _margin(finding: Finding) -> int | float:
    """Whole votes; the statute's margin |yes - T/2| on an odd total is a half vote, written as such."""
    exact = finding.exact_margin
    if exact is None or exact.denominator == 1:
        return finding.margin if exact is None else int(exact)
    return float(exact)  # a half: exact in binary, so no figure is rounded


def finding_to_json(finding: Finding) -> dict[str, Any]:
    return {
        "choice": finding.choice,
        "margin": _margin(finding),
        "recount": finding.recount.value,
        "threshold": finding.threshold_text,
        "citation": finding.citation,
        "requested_by": finding.requested_by,
        "file_with": finding.file_with,
        "deadline": finding.deadline.strftime("%Y-%m-%dT%H:%M") if finding.deadline else None,
        "cost": finding.cost,
        "signatures_required": finding.signatures_required,
        "explanation": finding.explanation,
        "notes": list(finding.notes),
        "flags": list(finding.flags),
    }


def contest_to_json(analysis: ContestAnalysis) -> dict[str, Any]:
    outcomes = dict(analysis.outcome.choice_outcomes)
    return {
        "contest": analysis.contest,
        "kind": analysis.kind.value,
        "seats": analysis.seats,
        "total_votes": analysis.total_votes,
        "choices": [
            {"choice": name, "votes": votes, "outcome": outcomes[name].value}
            for name, votes in analysis.outcome.ranking
        ],
        "findings": [finding_to_json(f) for f in analysis.findings],
        "notes": list(analysis.notes),
        "needs": list(analysis.needs),
    }


def analysis_to_json(state: State | str, analyses: Iterable[ContestAnalysis]) -> dict[str, Any]:
    return {"state": State(state).value, "contests": [contest_to_json(a) for a in analyses]}
