"""Reads a change repeats, answered from what this connection read before, while the tables' digests
say the rows are the same.

Entering a tally sheet reads the contest, its choices, the precinct and the recount's scope before it
writes anything, and every one of those reads is a round trip made while holding the change lock.
Those rows rarely change, and the store knows exactly when they do: every change records each data
table's running digest (``data_digest``), and a change starts by learning the digests it builds on
(``pg_change``). So a read of one data table, made inside a change before the change writes anything,
is kept with the table's name; when a change starts, the tables whose digests moved since are
forgotten, and so are the tables a change of this connection wrote when it commits. After a change's
first write, and outside changes, every read goes to the server.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import suppress
from functools import lru_cache
from typing import Any

from recount_desktop.store.digest import BY_NAME, TableDigest

_MOST = 256  # reads kept
_NEVER_CHANGED = frozenset({"election_key"})  # written once, then refused any change by the server
# One table, no join, no sub-query: the only table whose rows the answer depends on is named.
_ONE_TABLE = re.compile(r"\s*SELECT\s.+?\sFROM\s+(\w+)(?:\s+WHERE\s.+?)?(?:\s+ORDER\s+BY\s.+?)?\s*",
                        re.IGNORECASE | re.DOTALL)


@lru_cache(maxsize=1024)
def read_table(sql: str) -> str | None:
    """The data table a plain one-table SELECT reads, or None."""
    match = _ONE_TABLE.fullmatch(sql)
    if match is None or sql.upper().count("SELECT") != 1 or " JOIN " in sql.upper():
        return None
    table = match.group(1).lower()
    return table if table in BY_NAME else None


@lru_cache(maxsize=1024)  # asked of every statement; the store sends the same few again and again
def may_write(sql: str) -> bool:
    """Anything but a SELECT may write (the store's SELECTs call no function that writes)."""
    return not sql.lstrip()[:6].upper().startswith("SELECT")


def digest_moved(before: TableDigest | None, after: TableDigest) -> bool:
    """Whether a table's digest moved; the same object (most tables, most changes) is not compared
    field by field."""
    return before is not after and before != after


class KeptRows:
    """Rows kept from an earlier read, read as a cursor is."""

    rowcount = -1

    def __init__(self, rows: list[tuple[Any, ...]]) -> None:
        self._rows = rows
        self._next = 0

    def fetchone(self) -> tuple[Any, ...] | None:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchmany(self, size: int = 1) -> list[tuple[Any, ...]]:
        batch = self._rows[self._next:self._next + size]
        self._next += len(batch)
        return batch

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self.fetchmany(len(self._rows))

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.fetchall())


class ReadCache:
    """One connection's kept reads (see the module's docstring)."""

    def __init__(self) -> None:
        # (statement, parameters) -> (the table read, its rows), oldest first
        self._kept: OrderedDict[tuple[str, tuple[Any, ...]], tuple[str, list[Any]]] = OrderedDict()
        self._digests: dict[str, TableDigest] = {}  # the digests the kept rows were read under
        self.active = False
        self._after_write = False  # inside a change, after its first write

    def open(self, digests: Mapping[str, TableDigest] | None) -> None:
        """A change starts, on these committed digests (None: not known, forget everything)."""
        if digests is None:
            self._kept.clear()
            self._digests = {}
            return
        moved = {name for name, value in digests.items() if digest_moved(self._digests.get(name), value)}
        self._forget(moved)
        self._digests = dict(digests)
        self.active = True

    def resume(self) -> dict[str, TableDigest]:
        """A change starts without learning the committed digests (``pg_change``, optimistic): reads
        are kept and looked for as after ``open``; returns the digests the kept rows were read under,
        which the change proves against the committed ones once it holds the lock."""
        self.active = True
        return self._digests

    def wrote(self) -> None:
        """The change wrote (or may have written): every later read goes to the server, but those
        of the election's key, which the server's guards keep from ever changing once written."""
        self.active = False
        self._after_write = True

    def close(self, digests: Mapping[str, TableDigest] | None) -> None:
        """The change ends: committed with these digests after it, or rolled back (None)."""
        self.active = self._after_write = False
        if digests is not None:
            self.open(digests)
            self.active = False

    def may_keep(self, sql: str) -> bool:
        """Whether this statement's rows are kept (and looked for) now."""
        if self.active:
            return read_table(sql) is not None
        return self._after_write and read_table(sql) in _NEVER_CHANGED

    def lookup(self, sql: str, params: Sequence[Any]) -> KeptRows | None:
        if not self.may_keep(sql):
            return None
        try:
            found = self._kept.get((sql, tuple(params)))
        except TypeError:  # a parameter that cannot be a key (never kept either)
            return None
        return KeptRows(found[1]) if found is not None else None

    def keep(self, sql: str, params: Sequence[Any], rows: list[tuple[Any, ...]]) -> None:
        table = read_table(sql)
        if table is None or not self.may_keep(sql):
            return
        with suppress(TypeError):
            hash(tuple(params))
            self._kept[(sql, tuple(params))] = (table, rows)
        while len(self._kept) > _MOST:
            self._kept.popitem(last=False)

    def _forget(self, tables: set[str]) -> None:
        if not tables:
            return
        for key in [key for key, (table, _) in self._kept.items() if table in tables]:
            del self._kept[key]
