"""A statement's plain counts are written from numpy-made id columns (``array("q")``): the same
rows and the same tally digest as from lists, with no list of 720,000 ids built and packed again
for the digest (issue 11, speed)."""

from __future__ import annotations

from array import array

import pytest

from recount_desktop.domain.records import PlainCounts
from recount_desktop.store.digest import plain_tally_digest
from recount_desktop.store.digest_arrow import plain_tally_digest_arrow
from recount_desktop.store.mapping import _plain_columns

np = pytest.importorskip("numpy")
pytest.importorskip("pyarrow")

CELLS = (("Mayor", "Ada"), ("Mayor", "Bo"), ("Clerk", "Cy"), ("Clerk", "Di"))
NAMES = ("P1", "P2", "P3")
GRIDS = [([0, 1], [0, 1, 2], [1, 2, 3, 4, 5, 6]), ([3, 2], [2, 0], [7, 8, 9, 10]), ([2, 3], [], [])]


def test_grid_ids_come_as_packed_arrays_of_the_rows_counts() -> None:
    choice_ids = {cell: 100 + i for i, cell in enumerate(CELLS)}
    precinct_ids = {name: 7 * i + 1 for i, name in enumerate(NAMES)}
    plain = PlainCounts.of_grids(CELLS, NAMES, GRIDS)
    choices, precincts, votes = _plain_columns(plain, choice_ids, precinct_ids)
    assert isinstance(choices, array) and choices.typecode == "q"
    assert isinstance(precincts, array) and precincts.typecode == "q"
    assert list(choices) == [100, 101] * 3 + [103, 102] * 2
    assert list(precincts) == [1, 1, 8, 8, 15, 15, 15, 15, 1, 1]
    assert list(votes) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    by_lists = plain_tally_digest([], list(choices), list(precincts), list(votes))
    assert plain_tally_digest_arrow([], choices, precincts, votes) == by_lists
    assert plain_tally_digest([], choices, precincts, votes) == by_lists
