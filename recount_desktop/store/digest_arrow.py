"""The tally table's digest (definition 2) from an import's columns, with pyarrow doing the per-row
work (issue 11, speed).

``digest.plain_tally_digest`` spends most of its time in Python on each of 720,000 counts: formatting
its row text, gathering or sorting the rows by precinct, joining each group's texts. Here those steps
run in pyarrow's C++ kernels (ints to text, the texts joined element-wise, one stable sort per axis,
each group's texts joined with ``],[``), and Python hashes one joined text per group (a few thousand)
and writes the groups' JSON through ``digest._Groups.text``, so the bytes are the same by
construction: the JSON rules live in ``digest.py`` only.

pyarrow is optional (the ``columnar`` extra; the offline bundle leaves it out): it is imported when
called, and ``plain_tally_digest_arrow`` returns None without it, so the caller falls back to the
pure-Python path.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Sequence
from typing import Any

from recount_desktop.store.digest import BY_NAME, TableDigest, _closed, _Groups, rows_table_digest


class _JoinedGroups(_Groups):
    """``_Groups`` fed each group's rows already joined with ``],[``, once per group."""

    def add_joined(self, axis: int, value: int, joined: Any, rows: int) -> None:
        hasher = hashlib.sha256(b"[[")
        hasher.update(joined)
        self._groups[axis][value] = (hasher, [rows])


def plain_tally_digest_arrow(
    rows: Sequence[Sequence[int]],
    choice_ids: Sequence[int],
    precinct_ids: Sequence[int],
    votes: Sequence[int],
) -> TableDigest | None:
    """``digest.plain_tally_digest`` (same arguments, the same value, rows and groups text) with the
    per-row work in pyarrow; None when pyarrow is not installed, or a value does not fit in 64 bits
    (no count does; the pure path digests any integer), or pyarrow refuses the work (a table past
    its 2 GB of text in one string array): the caller takes the pure path then."""
    try:
        import pyarrow as pa
        import pyarrow.compute as pc
    except ImportError:
        return None
    try:
        return _digest(pa, pc, rows, (choice_ids, precinct_ids, votes))
    except (OverflowError, pa.ArrowException):
        return None


def _digest(pa: Any, pc: Any, rows: Sequence[Sequence[int]], plain: tuple[Sequence[int], ...]) -> TableDigest:
    """The digest of ``rows`` and the ``plain`` columns (choice ids, precinct ids, votes)."""
    choice_ids = plain[0]
    spec = BY_NAME["tally"]
    count = len(rows) + len(choice_ids)
    if count == 0:
        return rows_table_digest(spec, ())
    columns = [_int64_column(pa, [row[i] for row in rows], column) for i, column in enumerate(plain)]
    # The plain counts are never suppressed: one "0" for them all, unless tally objects come first.
    suppressed = _suppressed(pa, [row[3] for row in rows], len(choice_ids)) if rows else _text(pa, "0")
    choices, precincts = columns[0], columns[1]
    texts = pc.binary_join_element_wise(*(_decimal(pa, pc, c) for c in columns), suppressed, _text(pa, ","))
    groups = _JoinedGroups(spec)
    # Precinct groups hold their rows by choice; choice groups by precinct (the order both take in
    # ``group_order``); a stable sort keeps a key held twice in the order it came, as there.
    _add_axis(groups, 0, precincts, choices, texts)
    _add_axis(groups, 1, choices, precincts, texts)
    return _closed(groups, count)


def _decimal(pa: Any, pc: Any, column: Any) -> Any:
    """``column``'s ints as text, the very strings ``pc.cast(column, pa.string())`` writes. Ids and
    counts are a few thousand small numbers repeated (a precinct's id once per choice): when every
    value is in [0, length), each number is written once and the column's texts are taken from
    those, a quarter of the cast's processor time on a statewide import."""
    if len(column) == 0:
        return pc.cast(column, pa.string())
    low, high = (value.as_py() for value in pc.min_max(column).values())
    if low < 0 or high >= len(column):
        return pc.cast(column, pa.string())  # a table of every value up to ``high`` would be larger
    written = pc.cast(_from_ints(pa, array("q", range(high + 1))), pa.string())
    return pc.take(written, column)


def _suppressed(pa: Any, flags: list[int], plain: int) -> Any:
    """The objects' flags then a 0 for each plain count, as text."""
    zeros = _from_ints(pa, array("q", bytes(8 * plain)))
    return _int64_column(pa, flags, zeros).cast(pa.string())


def _int64_column(pa: Any, head: list[int], column: Any) -> Any:
    """An int64 array of ``head`` then ``column``, made through ``array.array``: ``pa.array`` on a
    Python list imports pandas (when installed) to look for its types, 0.3 s of processor time."""
    tail = column if isinstance(column, pa.Array) else _from_ints(pa, column)
    return pa.concat_arrays([_from_ints(pa, head), tail]) if head else tail


def _from_ints(pa: Any, values: Sequence[int]) -> Any:
    packed = values if isinstance(values, array) and values.typecode == "q" else array("q", values)
    return pa.Array.from_buffers(pa.int64(), len(packed), [None, pa.py_buffer(packed)])


def _text(pa: Any, text: str) -> Any:
    """A pyarrow string scalar taken from an array made from buffers: ``pa.scalar`` and a plain
    ``str`` argument import pandas too (see ``_int64_column``)."""
    data = text.encode()
    offsets = pa.py_buffer(array("i", [0, len(data)]))
    return pa.Array.from_buffers(pa.string(), 1, [None, offsets, pa.py_buffer(data)])[0]


def _add_axis(groups: _JoinedGroups, axis: int, first: Any, then: Any, texts: Any) -> None:
    """Each value of ``first``'s rows, ordered by ``then``, joined and hashed as one group."""
    import pyarrow as pa
    import pyarrow.compute as pc

    if not _in_order(pc, first, then):
        order = _order(pa, pc, first, then)
        first, texts = pc.take(first, order), pc.take(texts, order)
    runs = pc.run_end_encode(first)
    ends = runs.run_ends.cast(pa.int32())
    offsets = pa.concat_arrays([_from_ints(pa, [0]).cast(pa.int32()), ends])
    listed = pa.ListArray.from_arrays(offsets, texts)
    joined = pc.binary_join(listed, _text(pa, "],["))
    _, offsets_buffer, data_buffer = joined.buffers()
    # The joined texts end to end in one buffer, and where each starts (int32, a string array's
    # offsets): each group is hashed from a view of it, without a Python string per group.
    text_offsets = memoryview(offsets_buffer).cast("i")[joined.offset :]
    data = memoryview(data_buffer)
    row_offsets = offsets.to_pylist()
    for i, value in enumerate(runs.values.to_pylist()):
        text = data[text_offsets[i] : text_offsets[i + 1]]
        groups.add_joined(axis, value, text, row_offsets[i + 1] - row_offsets[i])


def _order(pa: Any, pc: Any, first: Any, then: Any) -> Any:
    """The indexes that sort the rows by (first, then), stably. A statement's rows come sheet by
    sheet, each unit's choices in order and each choice's units in order, so a stable sort by
    ``first`` alone already leaves ``then`` rising within each group: checked, it is taken (a
    single column's sort, under half the two columns'), else the rows are sorted by both."""
    order = pc.sort_indices(first)  # stable: the rows of one value keep the order they came in
    if _in_order(pc, pc.take(first, order), pc.take(then, order)):
        return order
    return pc.sort_indices(
        pa.table({"first": first, "then": then}),
        sort_keys=[("first", "ascending"), ("then", "ascending")],
    )


def _in_order(pc: Any, first: Any, then: Any) -> bool:
    """Whether the rows already rise by (first, then), as a long table read precinct by precinct
    does on the first axis: then neither the sort nor the gather of their texts is needed."""
    if len(first) < 2:
        return True
    a, b, c, d = first[:-1], first[1:], then[:-1], then[1:]
    rising = pc.or_(pc.less(a, b), pc.and_(pc.equal(a, b), pc.less_equal(c, d)))
    return bool(pc.all(rising).as_py())
