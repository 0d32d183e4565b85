"""The numbers of one contest that every rule reads: ranking, totals, the last seat, the sides."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from recount_desktop.domain.outcome import ChoiceOutcome, ContestOutcome, contest_outcome, yes_and_no_sides
from recount_desktop.domain.records import (
    Contest,
    ContestStatistics,
    Election,
    ElectionType,
    is_declared_invalid_write_in,
)


def require_counts(totals: Mapping[str, object]) -> dict[str, int]:
    """Only whole numbers reach the engine: a float (or a bool) is a caller's bug, not a vote count."""
    checked: dict[str, int] = {}
    for name, votes in totals.items():
        if isinstance(votes, bool) or not isinstance(votes, int):
            raise TypeError(f"votes for {name!r} must be an int, not {type(votes).__name__} {votes!r}")
        if votes < 0:
            raise ValueError(f"votes for {name!r} must not be negative, not {votes}")
        checked[name] = votes
    return checked


def election_type_of(election: Election, contest: Contest) -> ElectionType:
    """The contest's own type where the Contests sheet sets one, else the election's (CONTRACT.md)."""
    if contest.election_type is not None:
        return contest.election_type
    return election.election_type


@dataclass(frozen=True)
class ContestFacts:
    election: Election
    contest: Contest
    totals: Mapping[str, int]
    outcome: ContestOutcome
    election_type: ElectionType
    statistics: ContestStatistics | None
    election_total_votes: int | None
    ballots_by_county: Mapping[str, int] | None
    precinct_count: int | None
    write_ins_in_total: bool = True
    nomination: str | None = None  # the party whose nomination this is, in a partisan primary (NE-2)
    ballots_estimated: bool = False  # ballots per county worked out from votes: the file has no ballots cast
    election_date_known: bool = True  # False for a tally file with no Election Date: no deadline is counted
    recount_held: bool = False  # the totals are the amended totals after a recount

    @property
    def total(self) -> int:
        """Votes for all candidates, or for and against: undervotes and overvotes excluded; aggregate
        write-in lines counted unless the reading in force leaves them out (RULES.md X-1); a line the
        county declares invalid is never counted."""
        return sum(v for n, v in self.totals.items() if self.counts_in_total(n))

    def counts_in_total(self, name: str) -> bool:
        if not self.contest.is_write_in_line(name):
            return True
        return self.write_ins_in_total and not is_declared_invalid_write_in(name)

    @property
    def invalid_write_in_votes(self) -> tuple[tuple[str, int], ...]:
        """Lines the county declares invalid write-ins, with their votes (left out of the total)."""
        return tuple(
            (n, v) for n, v in self.totals.items()
            if self.contest.is_write_in_line(n) and is_declared_invalid_write_in(n)
        )

    @property
    def ranking(self) -> tuple[tuple[str, int], ...]:
        """Every line of the contest, write-in lines included, most votes first (for display)."""
        return self.outcome.ranking

    @property
    def candidate_ranking(self) -> tuple[tuple[str, int], ...]:
        """The ranking without aggregate write-in lines: never a winner, never the top vote-getter (X-1)."""
        if self.contest.is_question:
            return self.ranking
        return tuple((n, v) for n, v in self.ranking if not self.contest.is_write_in_line(n))

    @property
    def write_in_votes(self) -> int:
        return sum(v for n, v in self.totals.items() if self.contest.is_write_in_line(n))

    @property
    def top(self) -> tuple[str, int]:
        return self.candidate_ranking[0]

    @property
    def last_seat(self) -> tuple[str, int]:
        """Who holds the last seat (or is level with it in a tie): every loser is measured to them."""
        if self.contest.is_question:
            winner = self.outcome.winners[0]
            return winner, self.totals[winner]
        ranking = self.candidate_ranking
        return ranking[min(self.contest.seats, len(ranking)) - 1]

    def sides(self) -> tuple[str, int, str, int]:
        yes, no = yes_and_no_sides(self.contest)
        return yes, self.totals[yes], no, self.totals[no]

    def losers(self) -> tuple[str, ...]:
        """Everyone who did not win: the defeated, and those tied for the last seat (RULES.md NE-4)."""
        if self.contest.is_question:
            return self.outcome.losers
        return tuple(
            name
            for name, result in self.outcome.choice_outcomes
            if result not in (ChoiceOutcome.ELECTED, ChoiceOutcome.WRITE_IN)
        )

    def is_tied(self, choice: str) -> bool:
        return choice in self.outcome.tied


def build_facts(
    election: Election,
    contest: Contest,
    totals: Mapping[str, object],
    statistics: ContestStatistics | None,
    election_total_votes: int | None,
    ballots_by_county: Mapping[str, int] | None,
    precinct_count: int | None,
    *,
    write_ins_in_total: bool = True,
    nomination: str | None = None,
    ballots_estimated: bool = False,
    election_date_known: bool = True,
    recount_held: bool = False,
) -> ContestFacts:
    counts = require_counts(totals)
    for value in (election_total_votes, precinct_count, *(ballots_by_county or {}).values()):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError(f"counts given to the rules engine must be int, not {value!r}")
    return ContestFacts(
        election,
        contest,
        counts,
        contest_outcome(contest, counts),
        election_type_of(election, contest),
        statistics,
        election_total_votes,
        ballots_by_county,
        precinct_count,
        write_ins_in_total,
        nomination,
        ballots_estimated,
        election_date_known,
        recount_held,
    )


def fraction_words(value: Fraction) -> str:
    """1/100 -> "1%", 1/400 -> "1/4 of 1%": the statutes' own way of writing the limits."""
    percent = value * 100
    if percent.denominator == 1:
        return f"{percent.numerator}%"
    if percent.numerator == 1:
        return f"1/{percent.denominator} of 1%"
    return f"{percent.numerator}/{percent.denominator}%"
