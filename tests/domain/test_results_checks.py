"""``ElectionResults`` checks a million tallies choice by choice, and still refuses the first bad
tally, in order, with the message it always gave."""

from __future__ import annotations

import pytest

from recount_desktop.domain import Choice, Contest, ElectionResults, Precinct, Tally

MAYOR = (Contest("Mayor", (Choice("A"), Choice("B"))), Contest("Clerk", (Choice("C"),)))
PRECINCTS = (Precinct("P1"), Precinct("P2"))
GOOD = (Tally("P1", "Mayor", "A", 3), Tally("P2", "Mayor", "A", 4), Tally("P1", "Clerk", "C", 1))


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ((Tally("P2", "Mayor", "A", 3),), "two tallies for 'A' in 'P2' (Mayor)"),
        ((Tally("P1", "Mayor", "Z", 3),), "unknown contest or choice: 'Mayor' / 'Z'"),
        ((Tally("P1", "Sheriff", "A", 3),), "unknown contest or choice: 'Sheriff' / 'A'"),
        ((Tally("P9", "Clerk", "C", 3),), "unknown precinct 'P9'"),
        # several faults: the first in order is the one named
        ((Tally("P9", "Mayor", "B", 1), Tally("P1", "Mayor", "A", 3)), "unknown precinct 'P9'"),
        ((Tally("P1", "Clerk", "C", 2), Tally("P1", "Mayor", "Z", 3)), "two tallies for 'C' in 'P1'"),
    ],
)
def test_a_bad_tally_among_good_ones_is_refused_naming_the_first(
    extra: tuple[Tally, ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        ElectionResults(MAYOR, PRECINCTS, GOOD + extra)


def test_good_tallies_in_any_order_are_accepted() -> None:
    for tallies in (GOOD, tuple(reversed(GOOD)), GOOD[1:] + GOOD[:1]):
        assert ElectionResults(MAYOR, PRECINCTS, tallies).totals("Mayor") == {"A": 7, "B": 0}
