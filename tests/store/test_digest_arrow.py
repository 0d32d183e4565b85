"""The tally table's digest computed with pyarrow from an import's columns (issue 11, speed) is the
one the pure-Python path computes, and the one ``audit verify`` reads back from a table holding
those rows: the same value, row count and groups text, byte for byte."""

from __future__ import annotations

import sqlite3
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recount_desktop.store import digest
from recount_desktop.store.digest import BY_NAME, TableDigest, plain_tally_digest
from recount_desktop.store.digest_arrow import plain_tally_digest_arrow
from recount_desktop.store.schema import MIGRATIONS

pytest.importorskip("pyarrow")  # the columnar extra (digest_arrow imports it only when called)

Row = tuple[int, int, int, int]
_IDS = st.integers(1, 10**6)
_VOTES = st.integers(0, 10**12 - 1)


def _both(objects: list[Row], plain: list[Row]) -> tuple[TableDigest, TableDigest]:
    columns = ([r[0] for r in plain], [r[1] for r in plain], [r[2] for r in plain])
    found = plain_tally_digest_arrow(objects, *columns)
    assert found is not None  # pyarrow is installed (the module is skipped otherwise)
    return found, plain_tally_digest(objects, *columns)


def _same(found: TableDigest, expected: TableDigest) -> None:
    assert (found.rows, found.value, found.groups) == (expected.rows, expected.value, expected.groups)


def _read_back(rows: list[Row]) -> TableDigest:
    """The digest ``audit verify`` reads from an SQLite tally table (the election file's own
    definition of it) holding ``rows``."""
    conn = sqlite3.connect(":memory:")
    ddl = next(s for step in MIGRATIONS for s in step if s.lstrip().startswith("CREATE TABLE tally ("))
    conn.execute(ddl)
    conn.executemany("INSERT INTO tally VALUES (?, ?, ?, ?)", rows)
    return digest.grouped_table_digest(conn, BY_NAME["tally"])


@st.composite
def _keyed_rows(draw: st.DrawFn) -> tuple[list[Row], list[Row]]:
    """Tally objects (suppressed or not) and plain counts with distinct (choice, precinct) keys, as
    the table's key demands: choices and precincts in any order, few or many ids, a choice without
    every precinct, zero rows of either kind."""
    choices = draw(st.lists(_IDS, min_size=1, max_size=8, unique=True))
    precincts = draw(st.lists(_IDS, min_size=1, max_size=8, unique=True))
    keys = draw(
        st.lists(st.tuples(st.sampled_from(choices), st.sampled_from(precincts)), unique=True, max_size=40)
    )
    order = draw(st.sampled_from(["as drawn", "by precinct", "by choice"]))  # the last two: an import's
    if order != "as drawn":
        keys.sort(key=(lambda k: (k[1], k[0])) if order == "by precinct" else None)
    split = draw(st.integers(0, len(keys)))
    objects = [(c, p, draw(_VOTES), draw(st.integers(0, 1))) for c, p in keys[:split]]
    plain = [(c, p, draw(_VOTES), 0) for c, p in keys[split:]]
    return objects, plain


@settings(max_examples=300, deadline=None)
@given(rows=_keyed_rows())
def test_arrow_digest_is_the_pure_one_and_the_one_read_back(rows: tuple[list[Row], list[Row]]) -> None:
    objects, plain = rows
    found, expected = _both(objects, plain)
    _same(found, expected)
    _same(found, _read_back(objects + plain))
    assert found.rows == len(objects) + len(plain)


_ANY_ROW = st.tuples(st.integers(1, 5), st.integers(1, 5), _VOTES, st.integers(0, 1))


@settings(max_examples=200, deadline=None)
@given(objects=st.lists(_ANY_ROW, max_size=6), plain=st.lists(_ANY_ROW, max_size=30))
def test_keys_held_twice_digest_as_the_pure_path_does(objects: list[Row], plain: list[Row]) -> None:
    """A key held twice (the table's key forbids it; ``audit verify`` reads a tampered table by the
    definition): the rows keep the order they came in, as in the pure path's stable sort."""
    _same(*_both(objects, [(c, p, v, 0) for c, p, v, _flag in plain]))


def test_a_statement_s_sheets_in_turn_and_nothing_at_all() -> None:
    """Contest by contest, every precinct with each choice in turn; a second block of choices lower
    than the first; and an empty table."""
    plain = [(c, p, 10 * c + p, 0) for block in ([5, 6, 7], [1, 2]) for p in (9, 3, 400000) for c in block]
    found, expected = _both([(8, 3, 0, 1)], plain)
    _same(found, expected)
    _same(found, _read_back([(8, 3, 0, 1), *plain]))
    _same(*_both([], []))
    assert plain_tally_digest_arrow([], [], [], []) == digest.rows_table_digest(BY_NAME["tally"], ())


def test_without_pyarrow_the_caller_is_told_to_fall_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # ``import pyarrow`` raises ImportError
    assert plain_tally_digest_arrow([], [1], [2], [3]) is None


def test_a_value_beyond_64_bits_is_left_to_the_pure_path() -> None:
    assert plain_tally_digest_arrow([], [1, 2], [3, 4], [5, 2**63]) is None
    assert plain_tally_digest_arrow([(1, 3, 2**64, 0)], [], [], []) is None


def test_work_pyarrow_refuses_is_left_to_the_pure_path(monkeypatch: pytest.MonkeyPatch) -> None:
    import pyarrow as pa

    from recount_desktop.store import digest_arrow

    def refuse(*_args: object) -> None:
        raise pa.ArrowCapacityError("array cannot contain more than 2147483646 bytes")

    monkeypatch.setattr(digest_arrow, "_digest", refuse)
    assert plain_tally_digest_arrow([], [1], [2], [3]) is None
