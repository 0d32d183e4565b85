"""Which lines are aggregate write-ins (never a candidate) and which are write-in candidates, spelled as
the real county files in tests/data/real_counties spell them."""

from __future__ import annotations

import pytest

from recount_desktop.domain import Choice, Contest
from recount_desktop.domain.outcome import contest_outcome
from recount_desktop.domain.records import is_aggregate_write_in

AGGREGATES = [
    "Write-in", "WRITE-IN", "Write-Ins", "Unresolved Write-In", "Write-in: Not Assigned",
    "Scattered Write-Ins", "Write-In Scattered", "Write In Provision", "Write-In Provision (2)",
    "President Write-Ins", "Congress Write-Ins", "County Comm. Write-Ins", "ESU #1 Write-Ins",
    "SSC Council Write Ins Total", "Write-In -", "Write-ins:", "Write-ins (Total)", "Write-In Votes Cast",
    "Write-in Candidate",
]
CANDIDATES = [
    "Bruce Lohmiller Qualified Write In", "Tom Hoefling / Andy Prior Qualified Write In",
    "Kevin Propst-Write-In Affidavit", "Write In - Willoughby - Unaffiliated", "Write-in: STEVE M. JOHNSON",
    "Write-In Keith Claypool", "Ruth Becker",
]


@pytest.mark.parametrize("name", AGGREGATES)
def test_aggregate_write_in_lines(name: str) -> None:
    assert is_aggregate_write_in(name)


@pytest.mark.parametrize("name", CANDIDATES)
def test_write_in_candidates_stay_candidates(name: str) -> None:
    assert not is_aggregate_write_in(name)


def test_a_qualified_write_in_candidate_can_win() -> None:
    """Park and Adams counties list qualified write-in candidates as "<Name> Qualified Write In"; such a
    candidate is elected like any other, and no aggregate line is ever elected."""
    race = Contest("Mayor", (Choice("Ann Lee"), Choice("Joe Ray Qualified Write In"), Choice("Write-ins")))
    outcome = contest_outcome(race, {"Ann Lee": 40, "Joe Ray Qualified Write In": 55, "Write-ins": 90})
    assert outcome.winners == ("Joe Ray Qualified Write In",)


def test_the_mark_does_not_depend_on_the_import() -> None:
    """An election file stores choices by name and party; the name alone gives the same answer."""
    stored = Contest("President", (Choice("A"), Choice("President Write-Ins")))
    assert stored.is_write_in_line("President Write-Ins")
    assert contest_outcome(stored, {"A": 10, "President Write-Ins": 20}).winners == ("A",)
