"""Who won: the winners of N seats, a tie across the seat boundary, a question approved or rejected."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from recount_desktop.domain.records import Approval, Contest, Election, ElectionType


class ChoiceOutcome(StrEnum):
    ELECTED = "elected"
    DEFEATED = "defeated"
    TIED = "tied"
    APPROVED = "approved"
    REJECTED = "rejected"
    WRITE_IN = "write_in"  # an aggregate write-in line: counted, never a winner (RULES.md X-1)


_YES_SIDES = ("yes", "for")


@dataclass(frozen=True)
class ContestOutcome:
    """The result of one contest from its totals.

    For candidates, ``tied`` holds the candidates level at the last seat when there are more of
    them than seats left: they are neither elected nor defeated until the tie is resolved.
    For questions, ``approved`` says whether the question passed and ``winners`` holds the side
    that prevailed; every line of a question carries the question's result (``approved`` or
    ``rejected``), as CONTRACT.md defines those words for questions: they describe the measure, so
    the "No" line of a rejected question is not "approved".
    """

    contest: str
    ranking: tuple[tuple[str, int], ...]
    choice_outcomes: tuple[tuple[str, ChoiceOutcome], ...]
    winners: tuple[str, ...]
    tied: tuple[str, ...]
    approved: bool | None = None

    def outcome_of(self, choice: str) -> ChoiceOutcome:
        return dict(self.choice_outcomes)[choice]

    @property
    def is_tie(self) -> bool:
        return bool(self.tied)

    @property
    def losers(self) -> tuple[str, ...]:
        if self.approved is not None:  # a question: the side that did not prevail
            return tuple(name for name, _ in self.choice_outcomes if name not in self.winners)
        return tuple(name for name, outcome in self.choice_outcomes if outcome is ChoiceOutcome.DEFEATED)


def contest_outcome(contest: Contest, totals: Mapping[str, int], *, by_party: bool = False) -> ContestOutcome:
    """Decide a contest from its total votes per choice.

    ``by_party``: a partisan primary, where each party's candidates contest that party's nomination for
    the same number of seats (RULES.md NE-2); candidates are never ranked across parties.
    """
    missing = set(contest.choice_names()) - set(totals)
    if missing:
        raise ValueError(f"no total for {sorted(missing)} in {contest.name!r}")
    if contest.is_question:
        return _question_outcome(contest, totals)
    if by_party:
        return _primary_outcome(contest, totals)
    return _candidate_outcome(contest, totals)


def party_groups(contest: Contest) -> dict[str, tuple[str, ...]]:
    """The candidates of each party (write-in lines and candidates without a party left out)."""
    groups: dict[str, list[str]] = {}
    for name in contest.choice_names():
        party = contest.party_of(name)
        if party is not None and not contest.is_write_in_line(name):
            groups.setdefault(party, []).append(name)
    return {party: tuple(names) for party, names in groups.items()}


def _primary_outcome(contest: Contest, totals: Mapping[str, int]) -> ContestOutcome:
    ranking = _ranking(contest, totals)
    winners: list[str] = []
    tied: list[str] = []
    for names in party_groups(contest).values():
        eligible = [(n, v) for n, v in ranking if n in names]
        party_winners, party_tied = _seat_winners(eligible, contest.seats)
        winners += party_winners
        tied += party_tied
    outcomes = tuple((name, _candidate_result(contest, name, winners, tied)) for name, _ in ranking)
    return ContestOutcome(contest.name, ranking, outcomes, tuple(winners), tuple(tied))


def _candidate_result(contest: Contest, name: str, winners: list[str], tied: list[str]) -> ChoiceOutcome:
    if contest.is_write_in_line(name):
        return ChoiceOutcome.WRITE_IN
    if name in winners:
        return ChoiceOutcome.ELECTED
    return ChoiceOutcome.TIED if name in tied else ChoiceOutcome.DEFEATED


def _ranking(contest: Contest, totals: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    # Stable sort: equal counts keep the ballot order, which only matters for display.
    order = {name: i for i, name in enumerate(contest.choice_names())}
    return tuple(sorted(((n, totals[n]) for n in order), key=lambda item: (-item[1], order[item[0]])))


def _seat_winners(eligible: list[tuple[str, int]], seats: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Winners and the candidates tied across the last seat, from a ranking of eligible candidates."""
    if len(eligible) <= seats:
        return tuple(name for name, _ in eligible), ()
    boundary = eligible[seats - 1][1]
    above = [name for name, votes in eligible if votes > boundary]
    level = [name for name, votes in eligible if votes == boundary]
    if len(level) > seats - len(above):
        return tuple(above), tuple(level)
    return tuple(above + level), ()


def _candidate_outcome(contest: Contest, totals: Mapping[str, int]) -> ContestOutcome:
    ranking = _ranking(contest, totals)
    # An aggregate write-in line totals votes for many people: it is never a person who can take a seat.
    eligible = [(name, votes) for name, votes in ranking if not contest.is_write_in_line(name)]
    winners, tied = _seat_winners(eligible, contest.seats)
    outcomes = tuple(
        (name, _candidate_result(contest, name, list(winners), list(tied))) for name, _ in ranking
    )
    return ContestOutcome(contest.name, ranking, outcomes, winners, tied)


def yes_and_no_sides(contest: Contest) -> tuple[str, str]:
    """The approving side (Yes / For) and the other side of a question, in that order."""
    names = contest.choice_names()
    if len(names) != 2:
        raise ValueError(f"question {contest.name!r} must have exactly two sides, not {len(names)}")
    first, second = names
    if " ".join(second.split()).lower() in _YES_SIDES:
        return second, first
    return first, second


def question_approved(approval: Approval, yes: int, no: int) -> bool:
    """Apply the approval rule; a tie never approves a majority question (Utah 20A-4-304)."""
    if approval.rule == "required":
        assert approval.required_votes is not None
        return yes >= approval.required_votes
    total = yes + no
    if total == 0:
        return False
    if approval.rule == "fraction":
        assert approval.fraction is not None
        return Fraction(yes, total) >= approval.fraction
    return yes > no


def _question_outcome(contest: Contest, totals: Mapping[str, int]) -> ContestOutcome:
    yes_side, no_side = yes_and_no_sides(contest)
    approved = question_approved(contest.approval, totals[yes_side], totals[no_side])
    result = ChoiceOutcome.APPROVED if approved else ChoiceOutcome.REJECTED
    outcomes = ((yes_side, result), (no_side, result))
    winner = yes_side if approved else no_side
    return ContestOutcome(
        contest.name, _ranking(contest, totals), outcomes, (winner,), (), approved=approved
    )


def election_outcome(election: Election, contest: Contest, totals: Mapping[str, int]) -> ContestOutcome:
    """The outcome as the election decides it: in a primary, where the candidates carry parties, each
    party's nomination separately (RULES.md NE-2); otherwise the contest as one."""
    kind = contest.election_type or election.election_type
    by_party = kind is ElectionType.PRIMARY and not contest.is_question and bool(party_groups(contest))
    return contest_outcome(contest, totals, by_party=by_party)
