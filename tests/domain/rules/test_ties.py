"""A tied finding says how the state's law breaks a tie that remains after the recount, and who acts."""

from __future__ import annotations

from datetime import date

import pytest

from recount_desktop.domain import Choice, Contest, Election, State
from recount_desktop.domain.rules import ReadingSettings, analyze_contest, load_rules
from recount_desktop.domain.rules.ties import tie_rule


def _findings(state: State, totals: dict[str, int]) -> list[str]:
    election = Election(state, "Test County", "General 2026", date(2026, 11, 3), date(2026, 11, 13))
    race = Contest("Mayor", tuple(Choice(n) for n in totals))
    analysis = analyze_contest(load_rules(state), election, race, totals, settings=ReadingSettings())
    return [f.explanation for f in analysis.findings]


def test_an_oklahoma_tie_is_decided_by_lot() -> None:
    texts = _findings(State.OK, {"Ann": 500, "Bo": 500})
    assert len(texts) == 2  # each tied candidate has a finding
    for text in texts:
        assert "decided by lot" in text and "8-105" in text and "county election board certifies" in text


def test_a_nebraska_tie_says_the_recount_statute_is_silent() -> None:
    texts = _findings(State.NE, {"Ann": 500, "Bo": 500})
    assert texts and all("32-1119 does not say how a tie" in text for text in texts)


def test_no_tie_no_tie_sentence() -> None:
    (text,) = _findings(State.OK, {"Ann": 501, "Bo": 500})
    assert "If the tie remains" not in text


@pytest.mark.parametrize("state", list(State))
def test_every_state_has_a_tie_sentence(state: State) -> None:
    assert tie_rule(state).text

