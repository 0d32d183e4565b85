"""More votes than the ballots can hold for the seats set: the file did not say how many are elected."""

from __future__ import annotations

from datetime import date

from recount_desktop.domain import Choice, Contest, ContestStatistics, Election, State
from recount_desktop.domain.rules import ReadingSettings, analyze_contest, load_rules


def test_more_votes_than_ballots_hold_for_the_seats_asks_for_the_seats() -> None:
    """Cache County's water board: 303 votes on 235 ballots is a vote-for-2 contest the file calls
    vote-for-1; every finding says the seats must be set, and the contest needs them."""
    election = Election(State.UT, "Cache County", "General 2024", date(2024, 11, 5), date(2024, 11, 19))
    race = Contest("Water Board", (Choice("Ann"), Choice("Bo")))
    stats = ContestStatistics("Water Board", None, ballots_cast=235)
    analysis = analyze_contest(load_rules(State.UT), election, race, {"Ann": 160, "Bo": 143}, stats,
                               settings=ReadingSettings())
    assert analysis.needs == ("seats",)
    assert all("Set the number of seats" in f.explanation for f in analysis.findings)
    two_seats = Contest("Water Board", (Choice("Ann"), Choice("Bo"), Choice("Cy")), seats=2)
    fine = analyze_contest(load_rules(State.UT), election, two_seats, {"Ann": 160, "Bo": 143, "Cy": 90},
                           stats, settings=ReadingSettings())
    assert fine.needs == ()
