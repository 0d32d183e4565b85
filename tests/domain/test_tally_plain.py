"""``Tally.plain``, the import's quick constructor for a plain count, makes the same record as
``Tally(...)`` and refuses what the constructor refuses."""

from __future__ import annotations

import dataclasses

import pytest

from recount_desktop.domain import Tally
from recount_desktop.domain.records import PLAIN_FIELDS


def test_a_plain_tally_equals_the_constructors_and_hashes_the_same() -> None:
    quick, full = Tally.plain("P1", "Mayor", "Ada", 120), Tally("P1", "Mayor", "Ada", 120)
    assert quick == full and hash(quick) == hash(full)
    assert (quick.vote_types, quick.suppressed) == ((), False)
    assert Tally.plain("P1", "Mayor", "Ada", 0) == Tally("P1", "Mayor", "Ada", 0)


def test_it_sets_every_field_of_the_record() -> None:
    # a field added to Tally must be set by Tally.plain too, or its records would lack it
    assert tuple(f.name for f in dataclasses.fields(Tally)) == PLAIN_FIELDS


def test_it_stays_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Tally.plain("P1", "Mayor", "Ada", 1).votes = 2  # type: ignore[misc]


@pytest.mark.parametrize("votes", [-1, 2.0, True, "3", None])
def test_what_is_not_a_whole_count_takes_the_constructor_and_is_refused(votes: object) -> None:
    with pytest.raises((ValueError, TypeError)):
        Tally("P1", "Mayor", "Ada", votes)  # type: ignore[arg-type]
    with pytest.raises((ValueError, TypeError)):
        Tally.plain("P1", "Mayor", "Ada", votes)  # type: ignore[arg-type]
