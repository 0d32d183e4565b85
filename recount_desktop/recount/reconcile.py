"""Reconciliation: the recount against the original count, amended totals, and whether the result changed.

Public API:

- ``reconcile(store) -> Reconciliation``: one ``ContestReconciliation`` per contest with a recount scope or
  sheets: ``units`` (per recounted precinct or device and choice: original, recount, difference),
  ``totals`` (original and amended per choice), ``winners_before``/``winners_after`` (from
  ``domain.outcome.contest_outcome``), ``outcome_changed``, ``margin_before``/``margin_after``,
  ``pending_sheets``, ``units_without_sheet``, ``substantial_changes`` (Nebraska, RULES.md NE-6) and
  ``findings_after`` (the rules engine on the amended totals, when that engine is installed).
- ``reconcile_with_sheets(store)``: the same, with the status of every sheet of each reconciled contest,
  read once (the report prints both).
- ``reconciliation_to_json(reconciliation)``: exactly CONTRACT.md ``reconcile --json``.

How amended totals are made: a sheet counts once verified or resolved (or entered once in single-entry
mode). Sheets of one precinct (batches, devices) are summed. A precinct with a sheet still pending keeps
its original count until every one of its sheets counts, so a half-entered precinct never shows as a loss.
Recounted precincts replace their original counts; the others keep theirs. A device sheet naming no
precinct (a central-count tabulator) cannot be matched to original precinct counts, so when a contest has
such units its amended totals are the recount totals alone: that is only right when the whole contest
was retabulated, and ``whole_contest_retabulated`` tells the report to say so.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple, Protocol

from recount_desktop.domain import Contest, Election
from recount_desktop.domain.outcome import ContestOutcome, election_outcome, yes_and_no_sides
from recount_desktop.domain.rules.findings import decimal_text
from recount_desktop.gc_pause import no_cyclic_gc
from recount_desktop.recount.after_recount import after_recount
from recount_desktop.recount.scope import (
    RecountMethod,
    RecountScope,
    RecountUnit,
    device_precincts,
    read_all_scopes,
)
from recount_desktop.recount.sheet_rows import SheetLines, read_live_sheets, setting, setting_is_yes
from recount_desktop.recount.sheets import (
    ALLOW_SAME_OPERATOR,
    SINGLE_ENTRY,
    SheetState,
    SheetStatus,
    independence_problem,
    read_statuses,
    same_person,
)
from recount_desktop.store import ElectionFile
from recount_desktop.store.mapping import read_contests

SUBSTANTIAL_VOTES = "recount.substantial_change_votes"
SUBSTANTIAL_PERCENT = "recount.substantial_change_percent"


class UnitDifference(NamedTuple):
    """One recounted unit's votes for one choice, before and after.

    A named tuple rather than a frozen dataclass, though as immutable: a 3,000-precinct reconciliation
    makes 90,000 of them, and a frozen dataclass's constructor cost it about an eighth of its time.
    """

    precinct: str | None
    device: str | None
    choice: str
    original: int | None  # None: a device with no precinct has no original count of its own
    recount: int
    method: RecountMethod

    @property
    def difference(self) -> int | None:
        return None if self.original is None else self.recount - self.original


@dataclass(frozen=True)
class ChoiceTotal:
    choice: str
    original: int
    amended: int

    @property
    def difference(self) -> int:
        return self.amended - self.original


@dataclass(frozen=True)
class SubstantialChange:
    """A precinct whose machine recount moved a choice by more than the board's threshold (NE-6).

    32-1119(6): "If substantial changes are found, the ballots shall then be counted ... in any precinct
    which might reflect a substantial change." The statute does not define the term: this is a flag for
    the board's decision, never an automatic step.
    """

    precinct: str | None
    device: str | None
    choice: str
    original: int
    recount: int
    threshold: str


@dataclass(frozen=True)
class ContestReconciliation:
    contest: str
    units: tuple[UnitDifference, ...]
    totals: tuple[ChoiceTotal, ...]
    outcome_before: ContestOutcome
    outcome_after: ContestOutcome
    margin_before: int | None
    margin_after: int | None
    pending_sheets: int
    units_without_sheet: tuple[RecountUnit, ...]
    whole_contest_retabulated: bool
    substantial_changes: tuple[SubstantialChange, ...] = ()
    findings_after: tuple[Any, ...] = ()  # domain.rules findings on the amended totals
    after_recount: tuple[str, ...] = ()  # refund, who pays, declaration, certificate (per state)
    rules_note: str = ""

    @property
    def winners_before(self) -> tuple[str, ...]:
        return self.outcome_before.winners

    @property
    def winners_after(self) -> tuple[str, ...]:
        return self.outcome_after.winners

    @property
    def outcome_changed(self) -> bool:
        before, after = self.outcome_before, self.outcome_after
        return (set(before.winners), set(before.tied), before.approved) != (
            set(after.winners), set(after.tied), after.approved)

    @property
    def amended_totals(self) -> dict[str, int]:
        return {t.choice: t.amended for t in self.totals}


@dataclass(frozen=True)
class Reconciliation:
    contests: tuple[ContestReconciliation, ...]
    single_entry: bool  # the report must say the sheets were entered once only
    same_operator_allowed: bool
    same_operator_sheets: int  # sheets whose two entries were made by the same person
    # (sheet ID, contest, why) for each sheet whose two entries are not independent
    not_independent: tuple[tuple[str, str, str], ...] = ()

    def contest(self, name: str) -> ContestReconciliation:
        for item in self.contests:
            if item.contest == name:
                return item
        raise KeyError(name)


# -- reading ---------------------------------------------------------------------------------------
def _original_votes(conn: sqlite3.Connection, contest: str,
                    precinct_names: dict[int, str]) -> dict[str, dict[str, int]]:
    """Precinct -> choice -> canvass votes. Precincts are named from ``precinct_names`` (read once for
    the election) rather than joined here: that join cost a 3,000-precinct contest a lookup per tally."""
    votes: dict[str, dict[str, int]] = defaultdict(dict)
    for precinct_id, choice, count in conn.execute(
        "SELECT tally.precinct_id, choice.name, tally.votes FROM tally"
        " JOIN choice ON choice.id = tally.choice_id JOIN contest ON contest.id = choice.contest_id"
        " WHERE contest.name = ?", (contest,),
    ):
        votes[precinct_names[precinct_id]][choice] = count
    return votes


class _Unit(Protocol):
    """A sheet or unit as the arithmetic places it (``SheetLines``, ``LiveSheet`` or ``RecountUnit``)."""

    @property
    def precinct(self) -> str | None: ...
    @property
    def device(self) -> str | None: ...


class _CountedSheet(_Unit, Protocol):
    """The lines of a counting sheet that the arithmetic reads (``SheetLines`` or ``LiveSheet``)."""

    @property
    def method(self) -> RecountMethod: ...
    @property
    def counts(self) -> tuple[tuple[str, int], ...]: ...


@dataclass(frozen=True)
class _Sheets:
    counted: Sequence[_CountedSheet]
    # Typed but not yet counting (entered once, discrepancy): only their unit is used.
    pending: Sequence[_Unit]


def _contest_sheets(conn: sqlite3.Connection, contest: str, single_entry: bool) -> _Sheets:
    counted, pending = [], []
    for sheet in read_live_sheets(conn, contest):
        # A sheet's final entry counts; a sheet entered once counts only in single-entry mode.
        if sheet.has_final_entry or (sheet.state == "entered_once" and single_entry):
            counted.append(sheet)
        else:
            pending.append(sheet)
    return _Sheets(counted, pending)


def _sheets_from_statuses(statuses: Sequence[SheetStatus]) -> _Sheets:
    """The same split as ``_contest_sheets``, from sheets ``read_statuses`` has already read: a status's
    ``counts`` are the lines that count (verified, resolved, or entered once in single-entry mode)."""
    counted: list[SheetLines] = []
    pending: list[RecountUnit] = []
    for status in statuses:
        if status.state is SheetState.VOIDED:
            continue
        if status.counts is not None:
            counted.append(status.counts)
        else:
            pending.append(status.unit)
    return _Sheets(counted, pending)


def _units_without_sheet(scope: RecountScope | None, precincts: list[str], sheets: _Sheets,
                         devices: dict[str, str]) -> tuple[RecountUnit, ...]:
    """The scope's units with no live sheet, as ``recount_progress`` counts them, from the sheets already
    read (a device sheet counts for its precinct when the scope names the precinct alone).

    ``precincts``: the contest's precincts in stored order, as ``scope.contest_precincts`` lists them: the
    units a scope of "all" names.
    """
    if scope is None:
        return ()
    expected = ([(p, None) for p in precincts] if scope.all_units
                else [(u.precinct, u.device) for u in scope.units])
    wanted = set(expected)
    covered = set()
    for lines in (*sheets.counted, *sheets.pending):
        placed = lines.precinct or (devices.get(lines.device) if lines.device else None)
        key = (placed, lines.device)
        covered.add(key if key in wanted else (placed, None))
    return tuple(RecountUnit(p, d) for p, d in expected if (p, d) not in covered)


# -- arithmetic ------------------------------------------------------------------------------------
def _unit_key(lines: _Unit, device_precincts: dict[str, str]) -> tuple[str | None, str | None]:
    """Sheets are summed per precinct; a device with no known precinct is a unit of its own."""
    precinct = lines.precinct or (device_precincts.get(lines.device) if lines.device else None)
    return (precinct, None) if precinct else (None, lines.device)


def _unit_rows(contest: Contest, sheets: _Sheets, original: dict[str, dict[str, int]],
               device_precincts: dict[str, str],
               without_sheet: tuple[RecountUnit, ...] = ()) -> list[UnitDifference]:
    grouped: dict[tuple[str | None, str | None], list[_CountedSheet]] = defaultdict(list)
    for lines in sheets.counted:
        grouped[_unit_key(lines, device_precincts)].append(lines)
    waiting = {_unit_key(lines, device_precincts) for lines in sheets.pending}
    # A precinct whose scope names several devices is complete only when each has a sheet: one device
    # counted alone would replace the whole precinct's original count with part of it.
    waiting |= {(u.precinct, None) if u.precinct else (None, u.device) for u in without_sheet}
    choices = contest.choice_names()
    rows = []
    for key, group in grouped.items():
        if key in waiting:
            continue
        precinct = key[0]
        device, method, summed = _added_up(group)
        canvass = original.get(precinct, {}) if precinct else {}
        for choice in choices:
            before = canvass.get(choice, 0) if precinct else None
            rows.append(UnitDifference(precinct, device, choice, before, summed.get(choice, 0), method))
    return rows


def _added_up(group: list[_CountedSheet]) -> tuple[str | None, RecountMethod, dict[str, int]]:
    """One unit's sheets summed: the device they all name (None when they differ), the method (machine
    when any sheet is a machine count) and the votes per choice."""
    if len(group) == 1:  # the usual unit, one sheet: nothing to add
        sheet = group[0]
        return sheet.device, sheet.method, dict(sheet.counts)
    devices = {lines.device for lines in group}
    methods = {lines.method for lines in group}
    summed: dict[str, int] = defaultdict(int)
    for lines in group:
        for choice, votes in lines.counts:
            summed[choice] += votes
    method = RecountMethod.MACHINE if RecountMethod.MACHINE in methods else RecountMethod.MANUAL
    return (devices.pop() if len(devices) == 1 else None), method, summed


def _amended(contest: Contest, units: list[UnitDifference],
             original_totals: dict[str, int]) -> tuple[dict[str, int], bool]:
    if any(u.original is None for u in units):
        whole = dict.fromkeys(contest.choice_names(), 0)
        for unit in units:
            whole[unit.choice] += unit.recount
        return whole, True
    amended = dict(original_totals)
    for unit in units:
        amended[unit.choice] += unit.recount - (unit.original or 0)
    return amended, False


def seat_margin(contest: Contest, outcome: ContestOutcome) -> int | None:
    """Votes between the last winner and the first loser; a question: between the two sides."""
    if contest.is_question:
        yes, no = yes_and_no_sides(contest)
        votes = dict(outcome.ranking)
        return abs(votes[yes] - votes[no])
    ranking = [r for r in outcome.ranking if not contest.is_write_in_line(r[0])]  # never a seat
    if len(ranking) <= contest.seats:
        return None
    return ranking[contest.seats - 1][1] - ranking[contest.seats][1]


def _percent_setting(conn: sqlite3.Connection) -> Fraction | None:
    text = setting(conn, SUBSTANTIAL_PERCENT, "").strip().rstrip("%")
    try:
        return Fraction(text) if text else None
    except ValueError:
        return None


def substantial_changes(conn: sqlite3.Connection, units: list[UnitDifference]) -> list[SubstantialChange]:
    """NE-6: machine-recounted precincts where a choice moved by more than the threshold (default: any)."""
    votes_text = setting(conn, SUBSTANTIAL_VOTES, "").strip()
    percent = _percent_setting(conn)
    votes = int(votes_text) if votes_text.isdigit() else (None if percent is not None else 0)
    label = " or ".join(
        part for part in (f"{votes} votes" if votes is not None else "",
                          f"{decimal_text(percent)}% of the original" if percent is not None else "") if part)
    flagged = []
    for unit in units:
        if unit.method is not RecountMethod.MACHINE or unit.original is None:
            continue
        moved = abs(unit.recount - unit.original)
        over_votes = votes is not None and moved > votes
        over_percent = percent is not None and moved * 100 > percent * unit.original
        if over_votes or over_percent:
            flagged.append(SubstantialChange(unit.precinct, unit.device, unit.choice, unit.original,
                                             unit.recount, label))
    return flagged


@dataclass(frozen=True)
class _ElectionContext:
    """What every contest's reconciliation shares, read once."""

    election: Election
    settings: dict[str, str]
    single_entry: bool
    device_precincts: dict[str, str]
    election_votes: int  # every tally of the election, for the NE "total votes cast" reading
    pseudo_precincts: frozenset[str]  # absentee, early ...: not precincts voting (NE 32-1121 cost)
    precinct_names: dict[int, str]  # precinct ID -> name
    precinct_positions: dict[str, int]  # name -> stored order, to list a contest's precincts
    scopes: dict[str, RecountScope]


def _original_totals(contest: Contest, original: dict[str, dict[str, int]]) -> dict[str, int]:
    totals = dict.fromkeys(contest.choice_names(), 0)
    for counts in original.values():
        for choice, votes in counts.items():
            totals[choice] += votes
    return totals


def _reconcile_contest(conn: sqlite3.Connection, contest: Contest, context: _ElectionContext,
                       statuses: Sequence[SheetStatus] | None = None) -> ContestReconciliation:
    original = _original_votes(conn, contest.name, context.precinct_names)
    original_totals = _original_totals(contest, original)
    sheets = (_contest_sheets(conn, contest.name, context.single_entry) if statuses is None
              else _sheets_from_statuses(statuses))
    scope = context.scopes.get(contest.name)
    # The precincts with a tally in the contest are the keys of ``original``: no second query for them.
    precincts = sorted(original, key=context.precinct_positions.__getitem__)
    without_sheet = _units_without_sheet(scope, precincts, sheets, context.device_precincts)
    units = _unit_rows(contest, sheets, original, context.device_precincts, without_sheet)
    amended, whole = _amended(contest, units, original_totals)
    # A primary's nominations are decided per party (NE-2), as the findings decide them.
    before = election_outcome(context.election, contest, original_totals)
    after = election_outcome(context.election, contest, amended)
    voting = [p for p, votes in original.items() if any(votes.values()) and p not in context.pseudo_precincts]
    rules = after_recount(
        context.election, contest, original_totals, amended, scope.requested_by if scope else "",
        settings=context.settings, precinct_count=len(voting),
        election_total_votes=context.election_votes - sum(original_totals.values()) + sum(amended.values()),
    )
    election = context.election
    return ContestReconciliation(
        contest=contest.name, units=tuple(units),
        totals=tuple(ChoiceTotal(c, original_totals[c], amended[c]) for c in contest.choice_names()),
        outcome_before=before, outcome_after=after,
        margin_before=seat_margin(contest, before), margin_after=seat_margin(contest, after),
        pending_sheets=len(sheets.pending),
        units_without_sheet=without_sheet,
        whole_contest_retabulated=whole,
        substantial_changes=tuple(substantial_changes(conn, units)) if election.state == "NE" else (),
        findings_after=rules.findings, after_recount=rules.statements, rules_note=rules.note,
    )


def reconcile(store: ElectionFile) -> Reconciliation:
    """Reconcile every contest that has a recount scope or tally sheets (one read snapshot)."""
    return _reconcile(store, with_sheets=False)[0]


def reconcile_with_sheets(store: ElectionFile) -> tuple[Reconciliation, dict[str, tuple[SheetStatus, ...]]]:
    """``reconcile`` and, per reconciled contest, the status of every sheet it was made from.

    For the report, which prints both: the sheets are read once (``read_statuses``) in the same read
    snapshot, where reading them for the sheet list and again for the arithmetic cost a 27,000-sheet
    report a second of its data building.
    """
    return _reconcile(store, with_sheets=True)


def _reconcile(store: ElectionFile, *, with_sheets: bool,
               ) -> tuple[Reconciliation, dict[str, tuple[SheetStatus, ...]]]:
    election, settings = store.election(), store.settings()
    sheets: dict[str, tuple[SheetStatus, ...]] = {}
    # A 3,000-precinct election makes some 200,000 rows, sheets and dictionaries that all live until
    # the end: see gc_pause for why collecting cycles meanwhile only costs time.
    with no_cyclic_gc(), store.read() as conn:
        scopes = {s.contest: s for s in read_all_scopes(conn)}
        wanted = set(scopes) | {row[0] for row in conn.execute("SELECT DISTINCT contest FROM recount_sheet")}
        names, positions = _precinct_names_and_positions(conn)
        context = _ElectionContext(
            election, settings, setting_is_yes(conn, SINGLE_ENTRY), device_precincts(conn),
            int(conn.execute("SELECT COALESCE(SUM(votes), 0) FROM tally").fetchone()[0]),
            frozenset(row[0] for row in conn.execute("SELECT name FROM precinct WHERE pseudo = 1")),
            precinct_names=names, precinct_positions=positions, scopes=scopes,
        )
        found = []
        for contest in read_contests(conn):
            if contest.name not in wanted:
                continue
            statuses = None
            if with_sheets:
                statuses = sheets[contest.name] = read_statuses(conn, "s.contest = ?", (contest.name,))
            found.append(_reconcile_contest(conn, contest, context, statuses))
        same_operator = _same_operator_sheets(conn)
        allowed = setting_is_yes(conn, ALLOW_SAME_OPERATOR)
        not_independent = _not_independent_sheets(conn)
        return Reconciliation(tuple(found), context.single_entry, allowed, same_operator,
                              not_independent), sheets


def _precinct_names_and_positions(conn: sqlite3.Connection) -> tuple[dict[int, str], dict[str, int]]:
    rows = conn.execute("SELECT id, name, position FROM precinct").fetchall()
    return {id_: name for id_, name, _ in rows}, {name: position for _, name, position in rows}


def _same_operator_sheets(conn: sqlite3.Connection) -> int:
    """Sheets whose two entries were made by one person, by the same test that allowed them
    (``same_person``: case-folded, spaces folded; SQLite's lower() folds ASCII letters only)."""
    pairs = conn.execute(  # each distinct pair of names once, with its number of sheets
        "SELECT a.entered_by, b.entered_by, COUNT(*) FROM recount_entry a JOIN recount_entry b"
        " ON a.sheet_id = b.sheet_id AND a.entry_number = 1 AND b.entry_number = 2 GROUP BY 1, 2"
    )
    return sum(sheets for first, second, sheets in pairs if same_person(first, second))


def _not_independent_sheets(conn: sqlite3.Connection) -> tuple[tuple[str, str, str], ...]:
    """Live sheets whose first and second entries share a clerk, an operator or an import file."""
    pairs: dict[str, list[_Origin]] = {}
    contests: dict[str, str] = {}
    for sheet_id, contest, entered_by, operator, source in conn.execute(
        "SELECT e.sheet_id, s.contest, e.entered_by, e.operator, e.source FROM recount_entry e"
        " JOIN recount_sheet s ON s.sheet_id = e.sheet_id"
        " WHERE s.state != 'voided' AND e.entry_number IN (1, 2) ORDER BY s.rowid, e.entry_number"
    ):
        pairs.setdefault(sheet_id, []).append(_Origin(entered_by, operator, source))
        contests[sheet_id] = contest
    found = []
    for sheet_id, entries in pairs.items():
        problem = independence_problem(*entries) if len(entries) == 2 else ""
        if problem:
            found.append((sheet_id, contests[sheet_id], problem))
    return tuple(found)


class _Origin(NamedTuple):
    entered_by: str
    operator: str
    source: str


def reconciliation_to_json(reconciliation: Reconciliation) -> dict[str, Any]:
    """CONTRACT.md ``reconcile --json``, key for key."""
    return {"contests": [
        {
            "contest": item.contest,
            "units": [
                {"precinct": u.precinct, "device": u.device, "choice": u.choice, "original": u.original,
                 "recount": u.recount, "difference": u.difference}
                for u in item.units
            ],
            "totals": [
                {"choice": t.choice, "original": t.original, "amended": t.amended} for t in item.totals
            ],
            "winners_before": list(item.winners_before),
            "winners_after": list(item.winners_after),
            "outcome_changed": item.outcome_changed,
            "pending_sheets": item.pending_sheets,
            "not_independent_sheets": [
                {"sheet_id": sheet_id, "reason": reason}
                for sheet_id, contest, reason in reconciliation.not_independent if contest == item.contest
            ],
        }
        for item in reconciliation.contests
    ]}
