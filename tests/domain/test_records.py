"""A whole set of results cannot hold a tally that points nowhere or counts a cell twice."""

from __future__ import annotations

import pytest

from recount_desktop.domain import Choice, Contest, ElectionResults, Precinct, Tally

MAYOR = Contest("Mayor", (Choice("A"), Choice("B")))
P1 = Precinct("P1")


@pytest.mark.parametrize(
    ("tallies", "message"),
    [
        ((Tally("P1", "Mayor", "A", 3), Tally("P1", "Mayor", "A", 3)), "two tallies for 'A' in 'P1'"),
        ((Tally("P1", "Mayor", "Z", 3),), "unknown contest or choice: 'Mayor' / 'Z'"),
        ((Tally("P1", "Sheriff", "A", 3),), "unknown contest or choice: 'Sheriff' / 'A'"),
        ((Tally("P9", "Mayor", "A", 3),), "unknown precinct 'P9'"),
    ],
)
def test_inconsistent_results_are_refused(tallies: tuple[Tally, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ElectionResults((MAYOR,), (P1,), tallies)


def test_the_same_choice_in_two_precincts_is_fine_and_totals_group_by_contest() -> None:
    results = ElectionResults(
        (MAYOR, Contest("Q", (Choice("Yes"), Choice("No")))),
        (P1, Precinct("P2")),
        (Tally("P1", "Mayor", "A", 3), Tally("P2", "Mayor", "A", 4), Tally("P2", "Q", "No", 1)),
    )
    assert results.totals("Mayor") == {"A": 7, "B": 0}
    assert [t.precinct for t in results.tallies_of("Mayor")] == ["P1", "P2"]
    assert results.totals("Q") == {"Yes": 0, "No": 1}
