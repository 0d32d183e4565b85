"""Naming the rows of a whole table (tally, vote types, statistics) that differ from the audit log.

A whole table's digest (definition 2, ``store.digest``) commits to its group digests along two axes:
tally by precinct and by choice, vote types by precinct and by choice with vote type, statistics by
contest and by precinct. Comparing the groups the head entry recorded with the groups computed from
the rows now gives, on each axis, the groups that differ; a row that was changed, added or removed lies
in one differing group of each axis, so it is where two of them cross. With one differing group on
either axis the crossings are exactly the rows that differ; with several on both, some crossings may
be rows that did not change, and the list says "one or more of".
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from recount_desktop.store.digest import TableSpec

MAX_NAMED = 20
# A wide edit of a sparse table (district contests) crosses many groups that share no row: each
# crossing is a query, so they are bounded too, and the list then says how far the edit goes.
MAX_LOOKED = 400

Groups = dict[tuple[Any, ...], tuple[int, str]]  # group key -> (rows, group digest)


def differing_rows(conn: sqlite3.Connection, spec: TableSpec, recorded: str, now: str) -> tuple[str, ...]:
    """The rows of ``spec``'s table that differ between the recorded groups and the groups now."""
    before, after = _axes(recorded, spec), _axes(now, spec)
    changed = [_changed_groups(b, a) for b, a in zip(before, after, strict=True)]
    first, second = changed
    if not first or not second:
        return ()
    named, complete = _crossings(conn, spec, first, second)
    shown = list(named)
    if not complete:  # a wide edit: the rows listed, then how far it goes (each row listed costs a query)
        shown.append(f"and more: in all, rows differ in {len(first)} {spec.axes[0].name} groups and "
                     f"{len(second)} {spec.axes[1].name} groups")
    if len(first) > 1 and len(second) > 1 and shown:
        shown[0] = "one or more of these rows: " + shown[0]
    return tuple(shown)


def _crossings(conn: sqlite3.Connection, spec: TableSpec, first: dict[tuple[Any, ...], int],
               second: dict[tuple[Any, ...], int]) -> tuple[list[str], bool]:
    """The rows where the differing groups cross, named, at most ``MAX_NAMED``; and whether every
    crossing was looked at."""
    named: list[str] = []
    looked = 0
    for a_key, a_change in sorted(first.items(), key=_order):
        for b_key, b_change in sorted(second.items(), key=_order):
            if len(named) == MAX_NAMED or looked == MAX_LOOKED:
                return named, False
            looked += 1
            key = _row_key(spec, a_key, b_key)
            label = _label(_exists(conn, spec, key), a_change, b_change)
            if label:
                named.append(f"{_describe(conn, key)}: {label}")
    return named, True


def _axes(text: str, spec: TableSpec) -> list[Groups]:
    body = json.loads(text)
    return [{tuple(key): (int(rows), str(value)) for key, rows, value in body.get(axis.name, [])}
            for axis in spec.axes]


def _changed_groups(before: Groups, after: Groups) -> dict[tuple[Any, ...], int]:
    """The groups whose digest differs, with the change in their row count."""
    keys = set(before) | set(after)
    return {key: after.get(key, (0, ""))[0] - before.get(key, (0, ""))[0]
            for key in keys if before.get(key) != after.get(key)}


def _order(item: tuple[tuple[Any, ...], int]) -> str:
    return json.dumps(item[0])


def _row_key(spec: TableSpec, a_key: tuple[Any, ...], b_key: tuple[Any, ...]) -> dict[str, Any]:
    """The row's key columns, by name, from the two groups it lies in."""
    key: dict[str, Any] = {}
    for axis, values in zip(spec.axes, (a_key, b_key), strict=True):
        key.update({spec.columns[index]: value for index, value in zip(axis.columns, values, strict=True)})
    return {column: key[column] for column in spec.columns if column in key}


def _label(exists: bool, a_change: int, b_change: int) -> str:
    if exists:
        return "added" if a_change > 0 or b_change > 0 else "changed"
    return "removed" if a_change < 0 or b_change < 0 else ""


def _exists(conn: sqlite3.Connection, spec: TableSpec, key: dict[str, Any]) -> bool:
    # A statistics row for the whole contest has no precinct (NULL); its groups name it with null.
    terms = [f"{column} = ?" if column == "vote_type" else f"COALESCE({column}, 0) = ?" for column in key]
    values = [value if column == "vote_type" or value is not None else 0 for column, value in key.items()]
    query = f"SELECT 1 FROM {spec.name} WHERE {' AND '.join(terms)} LIMIT 1"
    return conn.execute(query, values).fetchone() is not None


def _describe(conn: sqlite3.Connection, key: dict[str, Any]) -> str:
    """A row's key in the board's words: the choice (and its contest) or contest, the precinct, the
    vote type. Names come from the tables now; an id that names nothing is given as the id."""
    parts = []
    if "choice_id" in key:
        found = conn.execute("SELECT choice.name, contest.name FROM choice JOIN contest ON contest.id ="
                             " choice.contest_id WHERE choice.id = ?", (key["choice_id"],)).fetchone()
        parts.append(f"choice {found[0]!r} ({found[1]})" if found else f"choice id {key['choice_id']}")
    if "contest_id" in key:
        found = conn.execute("SELECT name FROM contest WHERE id = ?", (key["contest_id"],)).fetchone()
        parts.append(f"contest {found[0]!r}" if found else f"contest id {key['contest_id']}")
    if "precinct_id" in key:
        parts.append(_precinct(conn, key["precinct_id"]))
    if "vote_type" in key:
        parts.append(f"vote type {key['vote_type']!r}")
    return ", ".join(parts)


def _precinct(conn: sqlite3.Connection, precinct_id: int | None) -> str:
    if precinct_id is None:
        return "all precincts (the contest's totals)"
    found = conn.execute("SELECT name FROM precinct WHERE id = ?", (precinct_id,)).fetchone()
    return f"precinct {found[0]!r}" if found else f"precinct id {precinct_id}"
