"""No float decides anything: figures too large for a float's 53-bit mantissa still come out exact."""

from __future__ import annotations

from datetime import date

from recount_desktop.domain import Choice, Contest, Election, ElectionResults, Precinct, Tally
from recount_desktop.domain.rules.contests import ballots_by_county


def test_ballots_by_county_divides_exactly_not_in_floating_point() -> None:
    """OK-5 ballots from votes / seats, rounded up: 10**17 + 1 votes over 2 seats is 5 * 10**16 + 1 ballots
    (in floating point (10**17 + 1) / 2 is 5e16 and the odd vote is lost)."""
    contest = Contest("Board (Vote For 2)", (Choice("A"), Choice("B"), Choice("C")), seats=2)
    tallies = (Tally("P1", contest.name, "A", 10**17 + 1), Tally("P1", contest.name, "B", 0),
               Tally("P1", contest.name, "C", 0))
    results = ElectionResults((contest,), (Precinct("P1", "Tulsa"),), tallies)
    election = Election("OK", "Tulsa County", "General", date(2026, 11, 3))
    assert ballots_by_county(election, results, contest) == {"Tulsa": 5 * 10**16 + 1}
