"""Recount tally sheets: double entry, discrepancies, resolution by a third operator, voiding.

Public API (used by the GUI, ``sheets import`` and the report):

- ``TallySheetEntry``: one typing-in of one paper sheet: ``sheet_id`` (unique in the election),
  ``contest``, ``precinct`` and/or ``device``, ``method``, ``counted_by`` (the counting team), ``counts``
  per choice, ``over_votes``/``under_votes``/``blank_ballots``/``ballots`` where the paper has them,
  ``entry_number`` (1, 2 or None for "the next one") and ``entered_by`` (default: the file's operator).
- ``enter_sheet(store, entry) -> EntryResult``; ``enter_sheets(store, entries, details)`` enters many at
  once, all or none (a file import), raising ``SheetBatchError`` with every problem.
- ``SheetState``: ``entered_once``, ``verified``, ``discrepancy``, ``resolved``, ``voided``.
- ``resolve_discrepancy(store, sheet_id, counts, reason, ...)``: a third operator enters the right lines.
- ``void_sheet(store, sheet_id, reason)``: the sheet stops counting; nothing is deleted. A voided paper
  sheet is entered again under a new sheet ID (corrections are new entries, never edits).
- ``sheet_status(store, sheet_id) -> SheetStatus`` and ``list_sheets(store, contest=None)``.

Double entry is blind: until a second entry is submitted, nothing here returns the first entry's numbers
(``SheetStatus.counts`` is None for a sheet entered once; the audit log holds a keyed digest, not the
numbers). The same operator may not make both entries unless the election setting
``recount.allow_same_operator`` is ``yes`` (one-person offices); ``recount.single_entry`` = ``yes`` lets
one entry count on its own. Names are compared by their skeleton (``operator_names``), and each entry
keeps who was signed in to the program and the file it was imported from: a sheet whose two entries
share either is "not independent" (``SheetStatus.not_independent``), which reconciliation reports.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from recount_desktop.recount import scope as scope_mod
from recount_desktop.recount.operator_names import same_person as same_person  # noqa: PLC0414 (re-export)
from recount_desktop.recount.scope import RecountError, RecountMethod, RecountScope, RecountUnit, utc_now
from recount_desktop.recount.sheet_rows import (
    OTHER_LINES,
    SheetLines,
    StoredEntry,
    add_entry,
    contest_choices,
    election_key,
    insert_entry,
    lines_digest,
    read_entries,
    read_sheet,
    read_sheet_entries,
    setting_is_yes,
)
from recount_desktop.store import ElectionFile
from recount_desktop.store.dialect import blind_entry_enforced, retried

ALLOW_SAME_OPERATOR = "recount.allow_same_operator"
SINGLE_ENTRY = "recount.single_entry"
RESOLUTION_ENTRY = 3


class SheetState(StrEnum):
    ENTERED_ONCE = "entered_once"
    VERIFIED = "verified"
    DISCREPANCY = "discrepancy"
    RESOLVED = "resolved"
    VOIDED = "voided"


@dataclass(frozen=True)
class SheetProblem:
    """Why an entry is refused. ``line`` is the field at fault (``contest``, ``precinct``, a choice...)."""

    line: str
    message: str


class SheetError(RecountError):
    def __init__(self, sheet_id: str, problems: Sequence[SheetProblem]) -> None:
        self.sheet_id = sheet_id
        self.problems = tuple(problems)
        super().__init__(f"sheet {sheet_id}: " + "; ".join(p.message for p in self.problems))


class SheetBatchError(RecountError):
    """Several entries refused at once; ``errors`` pairs each entry's index with its problems."""

    def __init__(self, errors: Sequence[tuple[int, SheetError]]) -> None:
        self.errors = tuple(errors)
        super().__init__("; ".join(str(e) for _, e in self.errors))


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number of 0 or more, not {value!r}")
    return value


@dataclass(frozen=True)
class TallySheetEntry:
    sheet_id: str
    contest: str
    counts: Mapping[str, int] | tuple[tuple[str, int], ...]
    precinct: str | None = None
    device: str | None = None
    method: RecountMethod | str = RecountMethod.MANUAL
    counted_by: tuple[str, ...] | str = ()
    over_votes: int | None = None
    under_votes: int | None = None
    blank_ballots: int | None = None
    ballots: int | None = None
    entry_number: int | None = None
    entered_by: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "sheet_id", " ".join(str(self.sheet_id).split()))
        if not self.sheet_id:
            raise ValueError("a tally sheet needs a sheet ID")
        pairs = tuple(dict(self.counts).items())
        object.__setattr__(self, "counts", tuple((c, _count(v, f"votes for {c!r}")) for c, v in pairs))
        object.__setattr__(self, "method", RecountMethod(self.method))
        team = self.counted_by.split(";") if isinstance(self.counted_by, str) else self.counted_by
        object.__setattr__(self, "counted_by", tuple(n.strip() for n in team if n.strip()))
        for attr, label in OTHER_LINES:
            if getattr(self, attr) is not None:
                _count(getattr(self, attr), label.lower())
        if self.entry_number not in (None, 1, 2):
            raise ValueError(f"entry must be 1 or 2, not {self.entry_number!r}")
        RecountUnit(self.precinct, self.device)  # refuses a sheet with neither

    def lines(self) -> SheetLines:
        unit = RecountUnit(self.precinct, self.device)
        return SheetLines(unit.precinct, unit.device, RecountMethod(self.method),
                          tuple(self.counts),  # type: ignore[arg-type]
                          self.over_votes, self.under_votes, self.blank_ballots, self.ballots)


@dataclass(frozen=True)
class DifferingLine:
    line: str
    first: object
    second: object


@dataclass(frozen=True)
class EntryResult:
    """What the operator sees after submitting: never the other entry's numbers unless they differ."""

    sheet_id: str
    entry_number: int
    state: SheetState
    warnings: tuple[str, ...] = ()
    differing: tuple[DifferingLine, ...] = ()
    same_operator: bool = False


@dataclass(frozen=True)
class SheetStatus:
    sheet_id: str
    contest: str
    state: SheetState
    unit: RecountUnit
    method: RecountMethod
    entries: tuple[tuple[int, str, str], ...]  # (entry number, entered by, entered at)
    differing: tuple[DifferingLine, ...] = ()
    counts: SheetLines | None = None  # the counted lines; None until verified, resolved or single entry
    void_reason: str | None = None
    resolution_reason: str | None = None
    warnings: tuple[str, ...] = field(default_factory=tuple)
    counted_by: str = ""  # the counting team named on the paper sheet (no numbers: safe while blind)
    not_independent: str = ""  # why the two entries are not independent ("" when they are)


class EntryOrigin(Protocol):
    """Who made an entry: the name on the sheet, the program's operator, the import file."""

    @property
    def entered_by(self) -> str: ...
    @property
    def operator(self) -> str: ...
    @property
    def source(self) -> str: ...


def independence_problem(first: EntryOrigin, second: EntryOrigin) -> str:
    """Why two entries of one sheet are not independent, or "" when they are: the same clerk (by name
    skeleton), the same operator signed in to the program, or the same import file."""
    if same_person(first.entered_by, second.entered_by):
        return f"both entries entered by {first.entered_by}"
    if first.operator and second.operator and same_person(first.operator, second.operator):
        return f"both entries typed or imported by operator {first.operator}"
    if first.source and first.source == second.source:
        return "both entries came from the same import file"
    return ""


def arithmetic_warning(lines: SheetLines, seats: int) -> str | None:
    """A sheet whose votes don't fit its ballots x votes allowed: a warning naming the difference.

    With over and under votes on the paper every vote position is accounted for, so the sum must equal
    ballots x seats (an overvoted ballot counts as its N positions, a blank ballot as N under votes when
    listed separately). Without them the votes can only not exceed ballots x seats.
    """
    if lines.ballots is None:
        return None
    positions = lines.ballots * seats
    votes = sum(v for _, v in lines.counts)
    if lines.over_votes is not None and lines.under_votes is not None:
        accounted = votes + lines.over_votes + lines.under_votes + (lines.blank_ballots or 0) * seats
        if accounted != positions:
            return (f"the sheet accounts for {accounted} vote positions (votes, over, under, blank) but its "
                    f"{lines.ballots} ballots x {seats} allowed = {positions}: "
                    f"difference {accounted - positions:+d}")
        return None
    if votes > positions:
        return (f"the sheet has {votes} votes but its {lines.ballots} ballots x {seats} allowed = "
                f"{positions}: {votes - positions} too many")
    return None


def differing_lines(first: SheetLines, second: SheetLines) -> tuple[DifferingLine, ...]:
    a, b = first.labelled(), second.labelled()
    labels = dict.fromkeys([*a, *b])
    return tuple(DifferingLine(k, a.get(k), b.get(k)) for k in labels if a.get(k) != b.get(k))


# -- checks against the election -------------------------------------------------------------------
def _election_problems(conn: sqlite3.Connection, entry: TallySheetEntry) -> tuple[list[SheetProblem], int]:
    found = contest_choices(conn, entry.contest)
    if found is None:
        return [SheetProblem("contest", f"no contest named {entry.contest!r} in the election")], 1
    choices, seats = found
    problems = []
    given = dict(entry.counts)
    for name in given:
        if name not in choices:
            problems.append(SheetProblem(name, f"{name!r} is not a choice in {entry.contest!r}"))
    for name in choices:
        if name not in given:
            problems.append(SheetProblem(name, f"no count for {name!r} (every choice needs one)"))
    if entry.precinct and scope_mod.unknown_precincts(conn, [entry.precinct]):
        problems.append(SheetProblem("precinct", f"no precinct named {entry.precinct!r} in the election"))
    return problems, seats


def _scope_problem(conn: sqlite3.Connection, entry: TallySheetEntry,
                   ) -> tuple[SheetProblem | None, RecountUnit | None]:
    """CONTRACT.md: a sheet for a contest with no scope sets it; a sheet-made scope grows; a chosen one
    holds (a petition's list of precincts is kept to). Returns the problem, or the unit the entry added
    to the scope (for its audit entry)."""
    unit = scope_mod.placed_unit(conn, RecountUnit(entry.precinct, entry.device))
    current = scope_mod.read_scope(conn, entry.contest)
    if current is None:
        current = RecountScope(entry.contest, False, (), RecountMethod(entry.method),
                               requested_at=utc_now(), set_by_sheets=True)
    if current.covers(unit):
        return None, None
    if not current.set_by_sheets:
        outside = f"{unit.label} is not in the recount scope of {entry.contest!r}"
        return SheetProblem("precinct", outside), None
    scope_mod.write_scope(conn, RecountScope(
        current.contest, False, (*current.units, unit), current.method, current.requested_by,
        current.requested_at, set_by_sheets=True))
    return None, unit


def _sheet_row(conn: sqlite3.Connection, sheet_id: str) -> tuple[str, SheetState] | None:
    row = conn.execute("SELECT contest, state FROM recount_sheet WHERE sheet_id = ?", (sheet_id,)).fetchone()
    return (row[0], SheetState(row[1])) if row else None


def _next_number_problem(conn: sqlite3.Connection, entry: TallySheetEntry, entered_by: str, operator: str,
                         ) -> tuple[int, StoredEntry | None, list[SheetProblem]]:
    """Which entry this is, the other entry (if any), and why it may not be made."""
    found = read_sheet(conn, entry.sheet_id)  # the sheet with its entries: one exchange on a server
    if found is None:
        return entry.entry_number or 1, None, []
    contest, state, entries = found[0], SheetState(found[1]), found[2]
    if contest != entry.contest:
        message = f"sheet {entry.sheet_id} is for {contest!r}, not {entry.contest!r}"
        return 0, None, [SheetProblem("contest", message)]
    if state is SheetState.VOIDED:
        return 0, None, [SheetProblem("sheet_id", f"sheet {entry.sheet_id} was voided; enter the paper sheet "
                                      "again under a new sheet ID")]
    if state is not SheetState.ENTERED_ONCE:
        message = (f"sheet {entry.sheet_id} is already {state.value.replace('_', ' ')};"
                   " to correct it, void it and enter the paper sheet again under a new sheet ID")
        return 0, None, [SheetProblem("sheet_id", message)]
    (other,) = entries
    number = entry.entry_number or (2 if other.number == 1 else 1)
    if number == other.number:
        return 0, None, [SheetProblem("entry", f"sheet {entry.sheet_id} already has entry {number}")]
    if same_person(other.entered_by, entered_by) and not setting_is_yes(conn, ALLOW_SAME_OPERATOR):
        message = (f"{other.entered_by} made entry {other.number} of sheet {entry.sheet_id};"
                   " the other entry must be made by someone else")
        return 0, None, [SheetProblem("entered_by", message)]
    if other.operator == operator and blind_entry_enforced(conn) \
            and not setting_is_yes(conn, ALLOW_SAME_OPERATOR):
        # the server refuses it too (pg_schema.BLIND_ENTRY_BODY): said here in the clerk's words
        message = (f"you ({operator}) made entry {other.number} of sheet {entry.sheet_id}; the other entry "
                   "must be made by someone else, signed in to the program as themselves")
        return 0, None, [SheetProblem("entered_by", message)]
    return number, other, []


@dataclass(frozen=True)
class _Origin:
    """Who made the entry being stored (``EntryOrigin``)."""

    entered_by: str
    operator: str
    source: str


def _enter(conn: sqlite3.Connection, entry: TallySheetEntry, operator: str,
           source: str = "") -> tuple[EntryResult, dict[str, Any]]:
    entered_by = entry.entered_by.strip() or operator
    problems, seats = _election_problems(conn, entry)
    if problems:
        raise SheetError(entry.sheet_id, problems)
    number, other, problems = _next_number_problem(conn, entry, entered_by, operator)
    scope_problem, scope_added = (None, None) if problems else _scope_problem(conn, entry)
    if problems or scope_problem:
        raise SheetError(entry.sheet_id, problems or [scope_problem])  # type: ignore[list-item]
    lines = entry.lines()
    key = election_key(conn)  # read before the writes: on a server they then go in one exchange
    if other is None:
        conn.execute("INSERT INTO recount_sheet (sheet_id, contest, state) VALUES (?, ?, ?)",
                     (entry.sheet_id, entry.contest, SheetState.ENTERED_ONCE.value))
    # Without reading the new id back (one exchange on a server); the sheet's final entry, below, is
    # the entry with the lower id, as when the id was read back.
    add_entry(conn, entry.sheet_id, number, lines, counted_by=entry.counted_by, entered_by=entered_by,
              operator=operator, source=source)
    state = SheetState.ENTERED_ONCE
    differing: tuple[DifferingLine, ...] = ()
    if other is not None:
        first, second = (other.lines, lines) if number == 2 else (lines, other.lines)
        differing = differing_lines(first, second)
        state = SheetState.DISCREPANCY if differing else SheetState.VERIFIED
        final = "NULL" if differing else "(SELECT min(id) FROM recount_entry WHERE sheet_id = ?)"
        conn.execute(f"UPDATE recount_sheet SET state = ?, final_entry = {final} WHERE sheet_id = ?",
                     (state.value, *(() if differing else (entry.sheet_id,)), entry.sheet_id))
    warning = arithmetic_warning(lines, seats)
    same = other is not None and same_person(other.entered_by, entered_by)
    result = EntryResult(entry.sheet_id, number, state, (warning,) if warning else (), differing, same)
    details = _entry_details(entry, number, entered_by, lines, result, key)
    if other is not None:
        problem = independence_problem(other, _Origin(entered_by, operator, source))
        if problem:
            details["not_independent"] = problem
    if scope_added is not None:
        details["scope_unit_added"] = [scope_added.precinct, scope_added.device]
    return result, details


def _entry_details(entry: TallySheetEntry, number: int, entered_by: str, lines: SheetLines,
                   result: EntryResult, key: str) -> dict[str, Any]:
    details: dict[str, Any] = {
        "sheet_id": entry.sheet_id, "contest": entry.contest, "entry": number, "entered_by": entered_by,
        "precinct": lines.precinct, "device": lines.device, "lines_hmac": lines_digest(lines, key),
        "state": result.state.value,
    }
    if result.state is SheetState.VERIFIED:
        details["counted"] = lines.as_json()
    if result.differing:
        details["differing"] = [[d.line, d.first, d.second] for d in result.differing]
    if result.same_operator:
        details["same_operator_allowed"] = True
    if result.warnings:
        details["warnings"] = list(result.warnings)
    return details


def enter_sheet(store: ElectionFile, entry: TallySheetEntry) -> EntryResult:
    """Store one entry of one paper sheet with its audit entry (``sheet.enter``), or refuse it whole."""

    def attempt() -> EntryResult:  # on a server it may run again: another clerk got there first
        details: dict[str, Any] = {"sheet_id": entry.sheet_id}
        # The details are completed inside the transaction: the log records the state the entry produced.
        with store.transaction("sheet.enter", details) as tx:
            result, full = _enter(tx, entry, store.operator)
            details.update(full)
        return result

    return retried(store, attempt)


def enter_sheets(store: ElectionFile, entries: Sequence[TallySheetEntry],
                 details: Mapping[str, Any]) -> list[EntryResult]:
    """Enter many sheets in one transaction (``sheets.import``): every problem reported, all or none."""
    summary: dict[str, Any] = {**details, "entries": len(entries)}
    results: list[EntryResult] = []
    errors: list[tuple[int, SheetError]] = []
    # The file the entries came from: two entries of one sheet from one file are not independent.
    source = str(details.get("sha256") or details.get("file") or "import")
    with store.transaction("sheets.import", summary) as tx:
        logged = []
        for index, entry in enumerate(entries):
            try:
                result, entry_details = _enter(tx, entry, store.operator, source)
            except SheetError as error:
                errors.append((index, error))
                continue
            results.append(result)
            logged.append(entry_details)
        if errors:
            raise SheetBatchError(errors)
        summary["sheets"] = logged
    return results


def _stored_entries(conn: sqlite3.Connection, sheet_id: str) -> tuple[str, SheetState, list[StoredEntry]]:
    row = _sheet_row(conn, sheet_id)
    if row is None:
        raise RecountError(f"no tally sheet {sheet_id!r} in the election")
    return row[0], row[1], read_entries(conn, sheet_id)


def _resolved_lines(first: SheetLines, second: SheetLines, counts: Mapping[str, int],
                    other_lines: Mapping[str, Any]) -> tuple[SheetLines, list[str]]:
    """The correct lines: the resolver's where given, the entries' where they agree; missing ones named."""
    missing = []
    unknown = set(counts) - set(first.count_map()) - set(second.count_map())
    if unknown:
        raise RecountError(f"{', '.join(sorted(map(repr, unknown)))} is not a choice on this sheet")
    a, b = first.count_map(), second.count_map()
    resolved_counts = []
    for choice in a:
        if choice in counts:
            resolved_counts.append((choice, _count(counts[choice], f"votes for {choice!r}")))
        elif a[choice] == b.get(choice):
            resolved_counts.append((choice, a[choice]))
        else:
            missing.append(choice)
    values: dict[str, Any] = {}
    for attr in ("precinct", "device", "method", *(a for a, _ in OTHER_LINES)):
        if attr in other_lines:
            values[attr] = other_lines[attr]
        elif getattr(first, attr) == getattr(second, attr):
            values[attr] = getattr(first, attr)
        else:
            missing.append(attr.replace("_", " "))
    if missing:
        return first, missing
    lines = SheetLines(values["precinct"], values["device"], RecountMethod(values["method"]),
                       tuple(resolved_counts), values["over_votes"], values["under_votes"],
                       values["blank_ballots"], values["ballots"])
    return lines, []


def resolve_discrepancy(store: ElectionFile, sheet_id: str, counts: Mapping[str, int], reason: str,
                        resolved_by: str | None = None, **other_lines: Any) -> SheetStatus:
    """A third operator settles a sheet in discrepancy by entering the right lines with a reason.

    ``counts`` gives the choices (those both entries agree on may be left out); ``other_lines`` may give
    ``over_votes``, ``under_votes``, ``blank_ballots``, ``ballots``, ``precinct``, ``device``, ``method``.
    The resolution is a new entry (number 3): the two differing entries stay as they were typed.
    """
    resolver = (resolved_by or store.operator).strip()
    if not reason.strip():
        raise RecountError(f"sheet {sheet_id}: say why the count is right (a reason is required)")
    details: dict[str, Any] = {"sheet_id": sheet_id, "resolved_by": resolver, "reason": reason.strip()}
    with store.transaction("sheet.resolve", details) as tx:
        contest, state, entries = _stored_entries(tx, sheet_id)
        if state is not SheetState.DISCREPANCY:
            raise RecountError(f"sheet {sheet_id} is {state.value.replace('_', ' ')}, not in discrepancy")
        first, second = entries[0], entries[1]
        if any(same_person(e.entered_by, resolver) for e in entries) and not setting_is_yes(
                tx, ALLOW_SAME_OPERATOR):
            raise RecountError(f"sheet {sheet_id}: {resolver} made one of the entries; a third operator "
                               "must resolve the discrepancy")
        lines, missing = _resolved_lines(first.lines, second.lines, counts, other_lines)
        if missing:
            raise RecountError(f"sheet {sheet_id}: the entries differ on {', '.join(missing)}; "
                               "give the correct value for each")
        entry_id = insert_entry(tx, sheet_id, RESOLUTION_ENTRY, lines, counted_by=(), entered_by=resolver,
                                reason=reason.strip(), operator=store.operator)
        tx.execute("UPDATE recount_sheet SET state = ?, final_entry = ? WHERE sheet_id = ?",
                   (SheetState.RESOLVED.value, entry_id, sheet_id))
        details.update({"contest": contest, "counted": lines.as_json(),
                        "lines_hmac": lines_digest(lines, election_key(tx))})
    return sheet_status(store, sheet_id)


def void_sheet(store: ElectionFile, sheet_id: str, reason: str, voided_by: str | None = None) -> SheetStatus:
    """Take a sheet out of the count with a reason. Its entries stay in the file for ever."""
    who = (voided_by or store.operator).strip()
    if not reason.strip():
        raise RecountError(f"sheet {sheet_id}: say why it is voided (a reason is required)")
    details = {"sheet_id": sheet_id, "voided_by": who, "reason": reason.strip()}
    with store.transaction("sheet.void", details) as tx:
        row = _sheet_row(tx, sheet_id)
        if row is None:
            raise RecountError(f"no tally sheet {sheet_id!r} in the election")
        if row[1] is SheetState.VOIDED:
            raise RecountError(f"sheet {sheet_id} is already voided")
        tx.execute("UPDATE recount_sheet SET state = 'voided', void_reason = ?, voided_by = ?"
                   " WHERE sheet_id = ?", (reason.strip(), who, sheet_id))
        details["contest"] = row[0]
        details["state_before"] = row[1].value
    return sheet_status(store, sheet_id)


def sheet_status(store: ElectionFile, sheet_id: str) -> SheetStatus:
    """A sheet's state; its numbers only once they count (never a lone first entry's)."""
    with store.read() as conn:
        found = read_statuses(conn, "s.sheet_id = ?", (sheet_id,))
    if not found:
        raise RecountError(f"no tally sheet {sheet_id!r} in the election")
    return found[0]


def list_sheets(store: ElectionFile, contest: str | None = None) -> tuple[SheetStatus, ...]:
    """Every sheet (of one contest, or all), in the order first entered."""
    with store.read() as conn:
        return read_statuses(conn, "s.contest = ?" if contest else "TRUE", (contest,) if contest else ())


def read_statuses(conn: sqlite3.Connection, where: str, params: Sequence[Any]) -> tuple[SheetStatus, ...]:
    """The status of every sheet that ``where`` picks (on ``recount_sheet s``), in the order first entered.

    Three queries in all (sheets, entries, counts), whatever the number of sheets.
    """
    sheets = conn.execute(
        f"SELECT s.sheet_id, s.contest, s.state, s.void_reason FROM recount_sheet s WHERE {where}"
        " ORDER BY s.rowid", params,
    ).fetchall()
    entries = read_sheet_entries(conn, where, params)
    single_entry = setting_is_yes(conn, SINGLE_ENTRY)
    seats: dict[str, int | None] = {}
    statuses = []
    for sheet_id, contest, state, void_reason in sheets:
        if contest not in seats:
            found = contest_choices(conn, contest)
            seats[contest] = found[1] if found else None
        statuses.append(_status(sheet_id, contest, SheetState(state), entries.get(sheet_id, []),
                                void_reason=void_reason, single_entry=single_entry, seats=seats[contest]))
    return tuple(statuses)


def _status(sheet_id: str, contest: str, state: SheetState, entries: list[StoredEntry], *,
            void_reason: str | None, single_entry: bool, seats: int | None) -> SheetStatus:
    typed = [e for e in entries if e.number != RESOLUTION_ENTRY]
    resolution = next((e for e in entries if e.number == RESOLUTION_ENTRY), None)
    differing = differing_lines(typed[0].lines, typed[1].lines) if len(typed) == 2 else ()
    counted = _counted_lines(state, entries, resolution, single_entry)
    # A voided sheet can take no further entry, so showing what was typed reveals nothing to anyone.
    shown = counted or (typed[0].lines if state is SheetState.VOIDED else None)
    unit_source = counted or typed[0].lines
    warning = arithmetic_warning(counted, seats) if counted and seats is not None else None
    return SheetStatus(
        sheet_id, contest, state, unit_source.unit, unit_source.method,
        tuple((e.number, e.entered_by, e.entered_at) for e in entries),
        differing, shown, void_reason, resolution.reason if resolution else None,
        (warning,) if warning else (),
        counted_by=next((e.counted_by for e in entries if e.counted_by), ""),
        not_independent=independence_problem(typed[0], typed[1]) if len(typed) == 2 else "",
    )


def _counted_lines(state: SheetState, entries: list[StoredEntry], resolution: StoredEntry | None,
                   single_entry: bool) -> SheetLines | None:
    if state is SheetState.RESOLVED and resolution:
        return resolution.lines
    if state is SheetState.VERIFIED:
        return entries[0].lines
    if state is SheetState.ENTERED_ONCE and single_entry:
        return entries[0].lines
    return None
