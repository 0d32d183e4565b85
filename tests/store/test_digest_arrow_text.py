"""The pyarrow tally digest writes each id and count as text by a table of the numbers it holds
when they are few and small (ids and counts repeated over a statewide import): the very strings a
cast writes, and the digest the pure-Python path computes, on either side of the bound."""

from __future__ import annotations

import pytest

from recount_desktop.store.digest import plain_tally_digest
from recount_desktop.store.digest_arrow import _decimal, _from_ints, plain_tally_digest_arrow

pa = pytest.importorskip("pyarrow")  # the columnar extra
pc = pytest.importorskip("pyarrow.compute")


@pytest.mark.parametrize(
    "values",
    [
        [],
        [0],
        [0, 0, 0],
        [3, 1, 2, 0],  # the largest value one below the length: written by the table
        [4, 1, 2, 0],  # the largest value at the length: cast
        [7, -1, 2, 3, 1, 1, 1, 1],  # a negative value: cast
        [9, 10, 99, 100, 101, 999, 1000] + [1] * 1000,
        [2**63 - 1, 0],
        [-(2**63), 5],
    ],
)
def test_ints_are_written_as_the_cast_writes_them(values: list[int]) -> None:
    column = _from_ints(pa, values)
    written = _decimal(pa, pc, column)
    assert written.type == pa.string()
    assert written.to_pylist() == [str(value) for value in values]
    assert written.equals(pc.cast(column, pa.string()))


def test_a_statement_s_small_ids_and_counts_digest_as_the_pure_path_does() -> None:
    """Ids and counts far below the number of counts, as on a statewide statement: every column is
    written by its table, and the digest is the pure path's, byte for byte."""
    precincts, choices = 300, 12
    choice_ids = [c + 1 for _p in range(precincts) for c in range(choices)]
    precinct_ids = [p + 1 for p in range(precincts) for _c in range(choices)]
    votes = [(p * 7 + c * 3) % 500 for p in range(precincts) for c in range(choices)]
    objects = [(1, 1, 10, 1), (2, 1, 0, 0)]
    for rows in ([], objects):
        found = plain_tally_digest_arrow(rows, choice_ids, precinct_ids, votes)
        expected = plain_tally_digest(rows, choice_ids, precinct_ids, votes)
        assert found is not None
        assert (found.rows, found.value, found.groups) == (expected.rows, expected.value, expected.groups)
