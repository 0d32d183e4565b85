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


@pytest.mark.parametrize(
    "order",
    ["as read", "reversed", "each choice's units descending", "a key held twice"],
)
def test_rows_in_any_order_digest_as_the_pure_path_does(order: str) -> None:
    """Rows sorted by one column when the other already rises within its groups (a statement's
    order), by both otherwise: the pure path's digest either way, a key held twice included."""
    keys = [(c, p) for p in range(1, 41) for c in range(1, 7)]
    if order == "reversed":
        keys.reverse()
    elif order == "each choice's units descending":
        keys = [(c, p) for c in range(1, 7) for p in range(40, 0, -1)]
    elif order == "a key held twice":
        keys = [*keys[:50], (3, 5), *keys[50:]]
    choice_ids = [c for c, _p in keys]
    precinct_ids = [p for _c, p in keys]
    votes = [(c * 13 + p * 7 + i) % 97 for i, (c, p) in enumerate(keys)]
    found = plain_tally_digest_arrow([], choice_ids, precinct_ids, votes)
    expected = plain_tally_digest([], choice_ids, precinct_ids, votes)
    assert found is not None
    assert (found.rows, found.value, found.groups) == (expected.rows, expected.value, expected.groups)
