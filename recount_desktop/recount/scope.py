"""What is being recounted: the recount scope of each contest, and how far the sheets have got.

Public API (used by the GUI and the report):

- ``RecountMethod``: ``manual`` (a hand count) or ``machine`` (a retabulation on the devices).
- ``RecountUnit(precinct, device)``: one precinct, one device, or a device within a precinct.
- ``RecountScope``: per contest, ``all_units`` or a chosen tuple of ``units`` (e.g. the precincts named in
  an Oklahoma petition, 26 O.S. 8-111 A.1), the ``method``, ``requested_by`` and ``requested_at``.
- ``set_scope(store, contest, units="all" | [...], method=..., requested_by=..., requested_at=None)``.
- ``get_scope(store, contest) -> RecountScope | None`` and ``all_scopes(store)``.
- ``expected_units(store, scope)``: the units the scope names ("all" = every precinct with a tally in the
  contest, pseudo-precincts included, since their ballots are part of the contest too).
- ``recount_progress(store, contest) -> ScopeProgress``: sheets per state and per unit, units still
  without a sheet. Progress never shows any entry's numbers (double entry is blind).

CONTRACT.md: sheets for a contest with no recount scope yet set its scope to the units they name; such a
scope (``set_by_sheets``) grows with each new unit. A scope set on purpose does not grow: a sheet for a
unit outside it is refused, so a petition's list of precincts is kept to.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from recount_desktop.store import ElectionFile


class RecountMethod(StrEnum):
    MANUAL = "manual"
    MACHINE = "machine"


class RecountError(Exception):
    """A recount change that is refused; the message says why, nothing is stored."""


@dataclass(frozen=True, order=True)
class RecountUnit:
    """A precinct, a device, or a device within a precinct; empty names are stored as None."""

    precinct: str | None = None
    device: str | None = None

    def __post_init__(self) -> None:
        for attr in ("precinct", "device"):
            value = getattr(self, attr)
            if value is None:
                continue
            cleaned = " ".join(str(value).split())
            if cleaned != value or not cleaned:  # names read back from the file are clean already
                object.__setattr__(self, attr, cleaned or None)
        if self.precinct is None and self.device is None:
            raise ValueError("a recount unit names a precinct, a device or both")

    @property
    def label(self) -> str:
        if self.precinct and self.device:
            return f"{self.precinct} / {self.device}"
        return self.precinct or self.device or ""


@dataclass(frozen=True)
class RecountScope:
    contest: str
    all_units: bool
    units: tuple[RecountUnit, ...]
    method: RecountMethod
    requested_by: str = ""
    requested_at: str = ""
    set_by_sheets: bool = False

    def covers(self, unit: RecountUnit) -> bool:
        """A sheet's unit is inside the scope (a device sheet is inside its precinct's scope)."""
        if self.all_units:
            return True
        return any(
            unit == chosen or (chosen.device is None and chosen.precinct == unit.precinct)
            for chosen in self.units
        )


@dataclass(frozen=True)
class UnitProgress:
    unit: RecountUnit
    sheets: dict[str, int] = field(default_factory=dict)  # state -> number of sheets


@dataclass(frozen=True)
class ScopeProgress:
    """How far a contest's recount has got.

    ``sheets_expected`` counts one sheet per unit still without one, plus every live sheet (batches add more).
    """

    contest: str
    units_expected: int
    units_without_sheet: tuple[RecountUnit, ...]
    sheets_expected: int
    entered_once: int
    verified: int
    discrepancy: int
    resolved: int
    voided: int
    per_unit: tuple[UnitProgress, ...]

    @property
    def complete(self) -> bool:
        return not self.units_without_sheet and self.entered_once == 0 and self.discrepancy == 0


def utc_now() -> str:
    """The time stamps of scopes and sheet entries: UTC to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _normalise_units(units: str | Iterable[RecountUnit | str]) -> tuple[bool, tuple[RecountUnit, ...]]:
    if isinstance(units, str):
        if units.strip().lower() != "all":
            raise RecountError(f"recount units must be 'all' or a list of precincts/devices, not {units!r}")
        return True, ()
    chosen = tuple(dict.fromkeys(u if isinstance(u, RecountUnit) else RecountUnit(u) for u in units))
    if not chosen:
        raise RecountError("choose at least one precinct or device to recount, or 'all'")
    return False, chosen


def contest_exists(conn: sqlite3.Connection, contest: str) -> bool:
    return conn.execute("SELECT 1 FROM contest WHERE name = ?", (contest,)).fetchone() is not None


def unknown_precincts(conn: sqlite3.Connection, names: Iterable[str]) -> list[str]:
    """The names that are no precinct of the election (one indexed look-up each, not a table scan:
    this runs for every sheet entered)."""
    return sorted(
        name for name in set(names)
        if conn.execute("SELECT 1 FROM precinct WHERE name = ?", (name,)).fetchone() is None
    )


def device_precincts(conn: sqlite3.Connection) -> dict[str, str]:
    """Device name -> the precinct it stood in, for every device whose precinct is known."""
    return dict(conn.execute(
        "SELECT device.name, precinct.name FROM device JOIN precinct ON precinct.id = device.precinct_id"
    ).fetchall())


def placed_unit(conn: sqlite3.Connection, unit: RecountUnit) -> RecountUnit:
    """A device named alone is placed in its precinct when the election knows where the device stood."""
    if unit.precinct or not unit.device:
        return unit
    row = conn.execute(
        "SELECT precinct.name FROM device JOIN precinct ON precinct.id = device.precinct_id"
        " WHERE device.name = ?", (unit.device,),
    ).fetchone()
    return RecountUnit(row[0], unit.device) if row else unit


def set_scope(
    store: ElectionFile,
    contest: str,
    units: str | Iterable[RecountUnit | str] = "all",
    *,
    method: RecountMethod | str = RecountMethod.MANUAL,
    requested_by: str = "",
    requested_at: str | None = None,
) -> RecountScope:
    """Set (or replace) what is recounted in ``contest``; audit-logged as ``recount.scope``."""
    all_units, chosen = _normalise_units(units)
    try:
        method = RecountMethod(method)
    except ValueError as error:
        raise RecountError(f"recount method must be 'manual' or 'machine', not {method!r}") from error
    with store.read() as conn:
        exists = contest_exists(conn, contest)
        unknown = unknown_precincts(conn, [u.precinct for u in chosen if u.precinct])
    if not exists:
        raise RecountError(f"no contest named {contest!r} in {store.path}")
    if unknown:
        raise RecountError(f"no precinct named {', '.join(map(repr, unknown))} in {store.path}")
    scope = RecountScope(contest, all_units, chosen, method, requested_by.strip(),
                         requested_at or utc_now(), set_by_sheets=False)
    details = _scope_details(scope)
    with store.transaction("recount.scope", details) as tx:
        previous = read_scope(tx, contest)
        details["replaced"] = _scope_details(previous) if previous else None
        write_scope(tx, scope)
    return scope


def write_scope(conn: sqlite3.Connection, scope: RecountScope) -> None:
    """Replace the contest's scope rows; runs inside the caller's transaction."""
    conn.execute("DELETE FROM recount_scope WHERE contest = ?", (scope.contest,))
    conn.execute(
        "INSERT INTO recount_scope (contest, all_units, method, requested_by, requested_at, set_by_sheets)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (scope.contest, int(scope.all_units), str(scope.method), scope.requested_by, scope.requested_at,
         int(scope.set_by_sheets)),
    )
    conn.executemany(
        "INSERT INTO recount_scope_unit (contest, position, precinct, device) VALUES (?, ?, ?, ?)",
        [(scope.contest, i, u.precinct or "", u.device or "") for i, u in enumerate(scope.units)],
    )


def _scope_details(scope: RecountScope) -> dict[str, Any]:
    return {
        "contest": scope.contest,
        "units": "all" if scope.all_units else [[u.precinct, u.device] for u in scope.units],
        "method": str(scope.method),
        "requested_by": scope.requested_by,
        "requested_at": scope.requested_at,
        "set_by_sheets": scope.set_by_sheets,
    }


def read_scope(conn: sqlite3.Connection, contest: str) -> RecountScope | None:
    row = conn.execute(
        "SELECT all_units, method, requested_by, requested_at, set_by_sheets FROM recount_scope"
        " WHERE contest = ?", (contest,),
    ).fetchone()
    if row is None:
        return None
    units = tuple(
        RecountUnit(p or None, d or None)
        for p, d in conn.execute(
            "SELECT precinct, device FROM recount_scope_unit WHERE contest = ? ORDER BY position", (contest,)
        )
    )
    return RecountScope(contest, bool(row[0]), units, RecountMethod(row[1]), row[2], row[3], bool(row[4]))


def get_scope(store: ElectionFile, contest: str) -> RecountScope | None:
    with store.read() as conn:
        return read_scope(conn, contest)


def read_all_scopes(conn: sqlite3.Connection) -> tuple[RecountScope, ...]:
    """Every contest's scope, in ballot order of the contests (unknown contests last)."""
    names = [
        row[0] for row in conn.execute(
            "SELECT recount_scope.contest FROM recount_scope LEFT JOIN contest"
            " ON contest.name = recount_scope.contest ORDER BY COALESCE(contest.position, 1000000000), 1"
        )
    ]
    return tuple(s for s in (read_scope(conn, n) for n in names) if s is not None)


def all_scopes(store: ElectionFile) -> tuple[RecountScope, ...]:
    """Every contest's scope, in ballot order of the contests (unknown contests last)."""
    with store.read() as conn:
        return read_all_scopes(conn)


def contest_precincts(conn: sqlite3.Connection, contest: str) -> list[str]:
    """Precincts with a tally in the contest, in stored order."""
    return [
        row[0] for row in conn.execute(
            "SELECT DISTINCT precinct.name, precinct.position FROM tally"
            " JOIN choice ON choice.id = tally.choice_id JOIN contest ON contest.id = choice.contest_id"
            " JOIN precinct ON precinct.id = tally.precinct_id WHERE contest.name = ?"
            " ORDER BY precinct.position", (contest,),
        )
    ]


def read_expected_units(conn: sqlite3.Connection, scope: RecountScope) -> tuple[RecountUnit, ...]:
    if scope.all_units:
        return tuple(RecountUnit(p) for p in contest_precincts(conn, scope.contest))
    return scope.units


def expected_units(store: ElectionFile, scope: RecountScope) -> tuple[RecountUnit, ...]:
    with store.read() as conn:
        return read_expected_units(conn, scope)


def _unit_of_sheet(expected: frozenset[RecountUnit], unit: RecountUnit) -> RecountUnit:
    """Count a device sheet towards its precinct when the scope names the precinct alone."""
    if unit in expected:
        return unit
    precinct_only = RecountUnit(unit.precinct) if unit.precinct else None
    return precinct_only if precinct_only in expected else unit


def recount_progress(store: ElectionFile, contest: str) -> ScopeProgress:
    """Sheets expected, entered once, verified, in discrepancy, resolved, voided; per unit too."""
    with store.read() as conn:
        return read_progress(conn, contest)


def read_progress(conn: sqlite3.Connection, contest: str) -> ScopeProgress:
    """``recount_progress`` on an open connection: one query for the sheets, dictionaries for the units
    (a 3,000-precinct contest must not compare every sheet with every unit)."""
    scope = read_scope(conn, contest)
    expected = read_expected_units(conn, scope) if scope else ()
    wanted = frozenset(expected)
    per_unit: dict[RecountUnit, dict[str, int]] = {u: {} for u in expected}
    devices = device_precincts(conn)
    states: dict[str, int] = {}
    for state, precinct, device in conn.execute(
        # The unit of the counted entry once there is one, else of the lowest-numbered entry.
        "SELECT s.state, e.precinct, e.device FROM recount_sheet s JOIN recount_entry e ON e.id ="
        " COALESCE(s.final_entry, (SELECT x.id FROM recount_entry x WHERE x.sheet_id = s.sheet_id"
        " ORDER BY x.entry_number LIMIT 1)) WHERE s.contest = ? ORDER BY s.rowid", (contest,),
    ):
        placed = precinct or (devices.get(device) if device else None)
        unit = _unit_of_sheet(wanted, RecountUnit(placed or None, device or None))
        counts = per_unit.setdefault(unit, {})
        counts[state] = counts.get(state, 0) + 1
        states[state] = states.get(state, 0) + 1
    without = tuple(u for u in expected if not any(n for s, n in per_unit[u].items() if s != "voided"))
    live_sheets = sum(n for s, n in states.items() if s != "voided")
    return ScopeProgress(
        contest=contest,
        units_expected=len(expected),
        units_without_sheet=without,
        sheets_expected=live_sheets + len(without),
        entered_once=states.get("entered_once", 0),
        verified=states.get("verified", 0),
        discrepancy=states.get("discrepancy", 0),
        resolved=states.get("resolved", 0),
        voided=states.get("voided", 0),
        per_unit=tuple(UnitProgress(u, c) for u, c in per_unit.items()),
    )
