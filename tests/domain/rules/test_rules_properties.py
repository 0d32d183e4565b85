"""Properties that must hold for every count: monotone in the margin, proportional, exact."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recount_desktop.domain.outcome import question_approved
from recount_desktop.domain.records import Approval
from recount_desktop.domain.rules import analyze_contest, load_rules, votes_to_flip_question
from tests.domain.rules.rules_helpers import analyze, contest, election

STATES = ["NE", "CO", "OK", "MT", "UT"]


def _strength(state: str, totals: dict[str, int], loser: str, **attrs: object) -> int:
    analysis = analyze(state, totals, **attrs)
    if analysis.kind.value == "question":  # a tie rejects: the losing side may be either
        (finding,) = analysis.findings
        return finding.recount.strength
    return analysis.finding_for(loser).recount.strength


@settings(max_examples=60, deadline=None)
@given(
    state=st.sampled_from(STATES),
    total=st.integers(2, 40000),
    data=st.data(),
    question=st.booleans(),
    scope=st.sampled_from(["county", "legislative", "statewide"]),
)
def test_a_smaller_margin_never_gives_a_weaker_status(
    state: str, total: int, data: st.DataObject, question: bool, scope: str
) -> None:
    first, second = ("Yes", "No") if question else ("A", "B")
    low = (total + 1) // 2
    a1 = data.draw(st.integers(low, total))
    a2 = data.draw(st.integers(low, total))
    near, far = sorted((a1, a2))  # near: the smaller margin 2a - total
    strengths = [_strength(state, {first: a, second: total - a}, second, scope=scope) for a in (near, far)]
    assert strengths[0] >= strengths[1]


@settings(max_examples=60, deadline=None)
@given(state=st.sampled_from(["NE", "CO", "UT", "MT", "OK"]), a=st.integers(501, 5000), data=st.data())
def test_status_unchanged_when_every_count_is_multiplied_by_400(
    state: str, a: int, data: st.DataObject
) -> None:
    """Proportional regimes only: NE above 500, CO, UT above 400, MT (1)(b), OK state questions."""
    b = data.draw(st.integers(a // 2 + 1, a))
    if state == "OK":
        totals, attrs = {"Yes": a, "No": b}, {"scope": "statewide"}
    else:
        totals, attrs = {"A": a, "B": b}, {"scope": "legislative"}
    scaled = {name: votes * 400 for name, votes in totals.items()}
    before = analyze(state, totals, **attrs).findings[-1]
    after = analyze(state, scaled, **attrs).findings[-1]
    assert before.choice == after.choice
    assert before.recount is after.recount
    if before.threshold is not None:
        assert after.threshold == before.threshold * 400


@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("bad", [10.0, 2.5, True])
def test_floats_never_reach_the_engine(state: str, bad: object) -> None:
    totals = {"A": 100, "B": bad}
    with pytest.raises(TypeError):
        analyze_contest(load_rules(state), election(state), contest({"A": 1, "B": 1}), totals)  # type: ignore[dict-item]


def test_float_election_total_is_refused() -> None:
    with pytest.raises(TypeError):
        analyze_contest(
            load_rules("NE"),
            election("NE"),
            contest({"A": 1, "B": 1}),
            {"A": 1, "B": 1},
            election_total_votes=600.0,
        )  # type: ignore[arg-type]


@settings(max_examples=200, deadline=None)
@given(
    yes=st.integers(0, 3000),
    no=st.integers(0, 3000),
    rule=st.sampled_from(["majority", "3/5", "2/3", "required:1500"]),
)
def test_votes_to_change_a_question_is_the_fewest_that_flip_it(yes: int, no: int, rule: str) -> None:
    approval = Approval.parse(rule)
    race = contest({"Yes": yes, "No": no}, approval=rule)
    approved = question_approved(approval, yes, no)
    needed = votes_to_flip_question(race, yes, no, yes_is_losing=not approved)
    flipped = (
        (lambda k: question_approved(approval, yes, no + k))
        if approved
        else (lambda k: question_approved(approval, yes + k, no))
    )
    if needed is None:
        assert approved and all(flipped(k) for k in (1, 10, 10000))
        return
    assert needed >= 1
    assert flipped(needed) != approved
    assert flipped(needed - 1) == approved or needed == 1


@settings(max_examples=100, deadline=None)
@given(votes=st.lists(st.integers(0, 2000), min_size=2, max_size=6), seats=st.integers(1, 3))
def test_votes_to_change_a_race_puts_the_loser_past_the_last_seat(votes: list[int], seats: int) -> None:
    totals = {f"C{i}": v for i, v in enumerate(votes)}
    analysis = analyze("UT", totals, seats=seats)
    boundary = sorted(votes, reverse=True)[min(seats, len(votes)) - 1]
    for finding in analysis.findings:
        assert finding.votes_to_change_outcome == boundary - totals[finding.choice] + 1
        assert Fraction(finding.margin) >= 0
