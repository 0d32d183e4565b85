"""Who wins: N seats, ties at the seat boundary, questions by their approval rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

from recount_desktop.domain import Approval, Choice, Contest, ContestKind, contest_outcome
from recount_desktop.domain.outcome import ChoiceOutcome
from recount_desktop.domain.records import Tally, default_kind, seats_from_name


def _race(seats: int, *names: str) -> Contest:
    return Contest("Board", tuple(Choice(n) for n in names), seats=seats)


def test_single_seat_winner_and_losers() -> None:
    outcome = contest_outcome(_race(1, "A", "B", "C"), {"A": 10, "B": 12, "C": 3})
    assert outcome.winners == ("B",)
    assert outcome.outcome_of("A") is ChoiceOutcome.DEFEATED
    assert outcome.losers == ("A", "C")


def test_three_seats_elects_top_three() -> None:
    outcome = contest_outcome(_race(3, "A", "B", "C", "D"), {"A": 50, "B": 40, "C": 30, "D": 22})
    assert set(outcome.winners) == {"A", "B", "C"}
    assert outcome.outcome_of("D") is ChoiceOutcome.DEFEATED


def test_tie_across_the_seat_boundary_is_reported_as_a_tie() -> None:
    outcome = contest_outcome(_race(2, "A", "B", "C"), {"A": 50, "B": 30, "C": 30})
    assert outcome.winners == ("A",)
    assert outcome.tied == ("B", "C")
    assert outcome.outcome_of("C") is ChoiceOutcome.TIED


def test_tie_inside_the_seats_elects_both() -> None:
    outcome = contest_outcome(_race(2, "A", "B", "C"), {"A": 30, "B": 30, "C": 10})
    assert outcome.winners == ("A", "B") and not outcome.is_tie


def test_an_aggregate_write_in_line_never_takes_a_seat() -> None:
    race = _race(2, "A", "Write-in", "B", "C")
    outcome = contest_outcome(race, {"A": 90, "Write-in": 60, "B": 50, "C": 49})
    assert outcome.winners == ("A", "B")
    assert outcome.outcome_of("Write-in") is ChoiceOutcome.WRITE_IN
    named = _race(1, "A", "Write-in: Jane Doe")
    assert contest_outcome(named, {"A": 5, "Write-in: Jane Doe": 6}).winners == ("Write-in: Jane Doe",)


def test_uncontested_race_elects_everyone() -> None:
    assert contest_outcome(_race(3, "A", "B"), {"A": 0, "B": 5}).winners == ("B", "A")


def _question(approval: str) -> Contest:
    return Contest("Levy", (Choice("Yes"), Choice("No")), kind=ContestKind.QUESTION,
                   approval=Approval.parse(approval))


@pytest.mark.parametrize(
    ("approval", "yes", "no", "approved"),
    [
        ("majority", 51, 50, True),
        ("majority", 50, 50, False),  # a tie rejects (Utah 20A-4-304)
        ("3/5", 60, 40, True),
        ("3/5", 59, 41, False),
        ("60%", 60, 40, True),
        ("required:500", 500, 900, True),
        ("required:500", 499, 0, False),
    ],
)
def test_question_approval_rules(approval: str, yes: int, no: int, approved: bool) -> None:
    outcome = contest_outcome(_question(approval), {"Yes": yes, "No": no})
    assert outcome.approved is approved
    result = ChoiceOutcome.APPROVED if approved else ChoiceOutcome.REJECTED
    # both lines carry the question's result: the No line of a rejected question is not "approved"
    assert outcome.outcome_of("Yes") is result
    assert outcome.outcome_of("No") is result
    assert outcome.losers == (("No",) if approved else ("Yes",))


def test_defaults_from_names() -> None:
    assert default_kind(["YES ", "no"]) is ContestKind.QUESTION
    assert default_kind(["For", "Against"]) is ContestKind.QUESTION
    assert default_kind(["Yes", "No", "Maybe"]) is ContestKind.CANDIDATE
    assert seats_from_name("Springfield Platteview Board (Vote For 3)") == 3
    assert seats_from_name("Mayor") == 1


def test_approval_parsing_is_exact_and_strict() -> None:
    assert Approval.parse("2/3").fraction == Fraction(2, 3)
    assert Approval.parse("required:1,250").required_votes == 1250
    for bad in ("most", "3/0", "7/5", "required:x"):
        with pytest.raises(ValueError):
            Approval.parse(bad)


def test_vote_counts_must_be_whole_numbers() -> None:
    with pytest.raises(TypeError):
        Tally("P1", "Mayor", "A", 240.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Tally("P1", "Mayor", "A", -1)
    with pytest.raises(ValueError, match="do not add up"):
        Tally("P1", "Mayor", "A", 10, (("Early", 4), ("Election Day", 5)))
