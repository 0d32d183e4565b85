"""A finding under construction: the rule chain's result before state details and the explanation."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction

from recount_desktop.domain.rules.facts import ContestFacts
from recount_desktop.domain.rules.findings import RecountStatus
from recount_desktop.domain.rules.limits import LimitTest
from recount_desktop.domain.rules.ruleset import DeadlineRule, Rule


@dataclass
class Assessment:
    facts: ContestFacts
    choice: str
    rule: Rule  # the rule that decided the status
    status: RecountStatus
    tests: list[LimitTest]
    margin: int
    compared_with: str | None
    margin_words: str
    citation: str
    requested_by: str
    file_with: str | None
    deadline: datetime | None
    deadline_rule: DeadlineRule | None
    cost: str | None
    signatures: int | None
    signature_words: str | None = None
    votes_to_change: int | None = None
    readings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    inferred: bool = False
    secondary: bool = False
    waived: bool = False
    deadline_text: str | None = None
    flags: list[str] = field(default_factory=list)
    change_text: str | None = None  # replaces the "N more votes would change the outcome" sentence
    exact_margin: Fraction | None = None  # the statute's margin when it is not whole (see limits)

    @property
    def deciding_test(self) -> LimitTest | None:
        """The limit shown with the finding: the deciding rule's own; else, every limit having failed, the
        one the margin came nearest to meeting. (Montana: below 2,000 votes the 10-vote floor of
        13-16-201(1)(a) is looser than the 13-16-211 bond band, so the floor is the nearest trigger.)"""
        for test in reversed(self.tests):
            if test.rule.id == self.rule.id:
                return test
        if not self.tests:
            return None
        return max(self.tests, key=lambda test: test.votes_inside)
