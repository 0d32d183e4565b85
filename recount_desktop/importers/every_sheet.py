"""Every sheet of a workbook that holds counts is read, or the import is refused naming it.

A wide or long reading takes one sheet, and an abstract or statement reading passes over a sheet it
does not fit: a workbook whose contests are spread over two sheets of one election ('Sheet1' with
the federal races, 'Sheet2' with the local ones) lost the second sheet's contests with no word.
Here each sheet the chosen reading left unread is interpreted on its own (its own reading, its own
totals checked) and its contests joined to the others':

- a contest met on two sheets is joined only when its units there are disjoint (the sheets are
  portions of one table) with the same choices; a sheet repeating counts already read (a by-group
  breakdown of the same precincts, or a ward's sheet of some of them, equal) is a check, not
  added; a sheet holding the totals of another's units (a 'County' row equal to their sum) is a
  check too (total_sheets);
  anything else is an error naming both sheets, since no sum or choice between them is certain;
- a sheet that holds numbers but no table any case recognises is noted as skipped and warned of;
- a sheet whose own reading has errors refuses the import, naming the sheet and how to choose one
  (``import --sheet NAME``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from itertools import chain
from pathlib import Path

from recount_desktop.domain import ElectionResults
from recount_desktop.importers import interpret, total_sheets
from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.problems import ImportRejected, ProblemLog
from recount_desktop.importers.source import Book, Sheet, open_book

SHOWN_ERRORS = 3  # a refused sheet's own first errors, quoted in the error naming it
MIN_NUMBERS = 4  # fewer numbers than this on a sheet nobody read: a title page, not a table


@dataclass(frozen=True)
class OtherSheet:
    """A sheet read on its own: how, and what it added (for the summary)."""

    sheet: str
    described: str
    added: str


def read_other_sheets(
    path: Path,
    sheet_names: list[str],
    found: interpret.Interpretation,
    layout: str,
    new_builder: Callable[[], ResultsBuilder],
    ticker: Ticker,
) -> tuple[OtherSheet, ...]:
    """Read the sheets ``found``'s chosen reading left unread and join their results to it (its
    ``results`` replaced, its log, notes and differences extended); nothing when it read them all."""
    chosen = found.chosen
    if not chosen.ok or chosen.results is None or chosen.layout == "template":
        return ()
    unread = _unread_sheets(chosen.builder, sheet_names)
    first = [name for name in sheet_names if name not in unread]  # the chosen reading's sheets
    read: list[tuple[str, interpret.Attempt]] = []
    book = open_book(path, ProblemLog(path.name)) if unread else None
    for name in unread:
        assert book is not None
        # a cache of its own: reading the sheet releases the cells of every sheet its book loaded
        other = _read_alone(book.alone(name), name, chosen.builder, layout, new_builder, ticker)
        _drop_stale_warning(chosen.builder, name)  # what became of the sheet is said here
        if other is not None:
            _carry_over(chosen.builder, other.builder, name)
            read.append((name, other))
    if book is not None:
        book.release()
    others = []
    checked = _without_total_sheets(chosen.builder, chosen.results, first, read)
    if checked is not None:
        results, kept = checked
        for name, other in kept:
            joined = _joined(chosen.builder, results, other, name)
            if joined is not None:
                results = joined[0]
                others.append(OtherSheet(name, _describe(other), joined[1]))
        chosen.results = results
    if chosen.builder.log.errors:
        chosen.results = None
    return tuple(others)


def _unread_sheets(builder: ResultsBuilder, names: list[str]) -> list[str]:
    """The sheets no count was read from and no total, statistic or skipped place was noted on."""
    if len(names) < 2:
        return []
    notes = builder.notes
    read = {note.sheet for note in chain(notes.totals, notes.statistics, notes.skipped)}
    left = set(names) - read
    left -= builder.sheets_counted(left)
    return [name for name in names if name in left]


def _read_alone(
    book: Book,
    name: str,
    main: ResultsBuilder,
    layout: str,
    new_builder: Callable[[], ResultsBuilder],
    ticker: Ticker,
) -> interpret.Attempt | None:
    """The sheet's own reading when it reads clean; else its problem goes into ``main``'s log (an
    error when it has a reading with errors, a warning and a note when none fits it)."""
    numbers, page_index = _scan(book.sheet(name))  # before the reading releases the cells
    if numbers < MIN_NUMBERS:
        _warn_few_numbers(name, main, numbers)
        return None
    log = ProblemLog(main.log.file)
    try:
        attempt = interpret.interpret(book, log, new_builder, ticker, layout).chosen
    except ImportRejected:
        attempt = None
    if attempt is None or not attempt.counts:  # no case found a contest's counts in it
        found = "no table of precinct counts was recognised in it"
        if attempt is not None and attempt.reading is not None:
            found = f"read on its own ({attempt.reading.describe()}) it gives no vote count"
        if not page_index:
            main.log.warn(
                name,
                None,
                f"this sheet holds {numbers} numbers but {found}; it was not read (choose its "
                "reading in the import wizard if it holds votes)",
            )
        main.notes.note("skipped", name, "whole sheet", "no vote counts found")
        return None
    if attempt.ok:
        return attempt
    errors = attempt.builder.log.errors or log.errors
    first = "; ".join(problem.message for problem in errors[:SHOWN_ERRORS])
    main.log.error(
        name,
        None,
        f"this sheet holds counts that were not read: read on its own it gives {len(errors)} "
        f"error(s), the first: {first}. Import one sheet at a time with import --sheet NAME, or "
        "correct the sheet",
    )
    return None


def _warn_few_numbers(name: str, main: ResultsBuilder, numbers: int) -> None:
    """Too few numbers to read as a table, yet they may be a precinct's votes: never passed over unsaid
    (not even when they rise down one column like a contents page's: two or three votes do too)."""
    if numbers == 0:
        return
    main.log.warn(
        name,
        None,
        f"this sheet holds {numbers} number(s), too few to read as a table of counts; it was not read "
        "(if they are votes, choose its reading in the import wizard or add them to the other sheet)",
    )
    main.notes.note("skipped", name, "whole sheet", f"{numbers} number(s), not read")


# the long reader's warning that it read only its first sheet of precinct rows
_ONLY_FIRST_READ = "this sheet also holds precinct results; only sheet"


def _drop_stale_warning(main: ResultsBuilder, name: str) -> None:
    """The sheet was read (or checked) after all: the warning that it was not is no longer true."""
    warnings = main.log.warnings
    warnings[:] = [w for w in warnings if not (w.sheet == name and w.message.startswith(_ONLY_FIRST_READ))]


def _scan(sheet: Sheet) -> tuple[int, bool]:
    """How many counts the sheet holds (numbers, and text of digits), and whether they are a table
    of contents' page numbers (numbers all in one column, never falling), in one pass over its
    cells; a sheet of counts stored as text is never taken for a contents page."""
    numbers = interpret._counts_in(list(chain.from_iterable(sheet.rows)))
    column, last, typed = -1, float("-inf"), 0
    for row in sheet.rows:
        for c, cell in _numbers_in(row):
            if column not in (-1, c) or cell < last:
                return numbers, False  # a second column, or a number falling: looked no further
            column, last, typed = c, cell, typed + 1
    return numbers, typed == numbers


def _numbers_in(row: list[object]) -> list[tuple[int, float]]:
    types = list(map(type, row))
    if int not in types and float not in types:
        return []
    return [(c, row[c]) for c, kind in enumerate(types) if kind is int or kind is float]  # type: ignore[misc]


def _joined(
    main: ResultsBuilder, results: ElectionResults, other: interpret.Attempt, name: str
) -> tuple[ElectionResults, str] | None:
    """``results`` with the other sheet's joined, and what it added; None when it adds nothing
    (a repeat, warned of) or cannot be joined (an error in ``main``'s log)."""
    theirs = other.results
    assert theirs is not None
    if _repeats(results, theirs):
        main.log.warn(
            name,
            None,
            "this sheet repeats counts already read from another sheet (units read there, equal "
            "per unit): checked against them, not added",
        )
        main.notes.note("totals", name, "whole sheet", "repeats counts read elsewhere (checked)")
        return None
    clashes = _clashes(results, theirs)
    clashes = [clash for clash in clashes if clash[2]] or clashes  # a differing count says most
    if clashes:
        for contest, why, _differs in clashes:
            main.log.error(name, None, f"contest {contest!r} is also on another sheet, and {why}")
        return None
    _warn_no_common_units(main, results, theirs, name)
    added = f"{len(theirs.contests)} contest(s), {theirs.total_votes():,} votes"
    return _merged(results, theirs), added


_FIRST = ""  # the chosen reading's side, among the sheets read on their own


def _without_total_sheets(
    main: ResultsBuilder,
    results: ElectionResults,
    first: list[str],
    read: list[tuple[str, interpret.Attempt]],
) -> tuple[ElectionResults, list[tuple[str, interpret.Attempt]]] | None:
    """The results to join the sheets to and the sheets to join, every sheet holding the totals of
    others' units (checked against all of them at once) kept out; None when one cannot be told
    from a unit (an error in ``main``'s log)."""
    sides = {_FIRST: results} | {name: attempt.results for name, attempt in read if attempt.results}
    found = total_sheets.find_total_sides(sides)
    said = partial(_sheets_said, first)
    for contest, equal in found.ambiguous:
        main.log.error(
            _sheet_of(first, equal[0]),
            None,
            f"contest {contest!r}: sheets {said(equal)} each equal the sum of the others' units; "
            "which holds the totals cannot be told. Import one sheet with import --sheet NAME",
        )
    more_units: dict[tuple[str, str], list[total_sheets.OneUnitOff]] = {}
    for off in found.one_unit:
        if total_sheets.named_like_a_unit(off.unit, off.units) and off.total_of is None:
            more_units.setdefault((off.side, off.unit), []).append(off)
        else:
            main.log.error(_sheet_of(first, off.side), None, _cannot_tell(off, said))
    for (side, _unit), offs in more_units.items():
        main.log.warn(_sheet_of(first, side), None, _one_more_unit(offs, said))
    if main.log.errors:
        return None
    kept = [(name, attempt) for name, attempt in read if name not in found.totals]
    for side, contests in found.totals.items():
        if side == _FIRST:
            results = _first_holds_totals(main, results, first, contests)
        else:
            _their_totals(main, sides[side], side, contests, said)
    return results, kept


def _sheets_said(first: list[str], sides: Iterable[str]) -> str:
    names = chain.from_iterable(first if side == _FIRST else [side] for side in sides)
    return ", ".join(repr(name) for name in names)


def _sheet_of(first: list[str], side: str) -> str | None:
    return (first[0] if first else None) if side == _FIRST else side


def _cannot_tell(off: total_sheets.OneUnitOff, said: Callable[[Iterable[str]], str]) -> str:
    differs, rest = off.differs, said(off.rest)
    if off.total_of is not None:
        return (
            f"contest {off.contest!r} is also on another sheet: its one unit {off.unit!r} on this sheet "
            f"equals, choice by choice, the sum of the units on sheet(s) {said([off.total_of])} alone, "
            f"not of the units on sheet(s) {rest}: it may be that sheet's total or a unit of its own; "
            "not imported rather than counted twice. Import one sheet with import --sheet NAME"
        )
    return (
        f"contest {off.contest!r} is also on another sheet: its one unit {off.unit!r} on this sheet "
        f"may be the total of the units on sheet(s) {rest} or a unit of its own, and it does not "
        f"equal their sum ({differs.choice!r}: {differs.here} there, {differs.summed} summed); not "
        "imported rather than counted twice. Import one sheet with import --sheet NAME, or correct "
        "the total"
    )


def _one_more_unit(offs: list[total_sheets.OneUnitOff], said: Callable[[Iterable[str]], str]) -> str:
    """A sheet's one unit, named like the units of the other sheets and not their sum: a unit."""
    first = offs[0]
    differs = first.differs
    contests = ", ".join(repr(off.contest) for off in offs)
    rest = said(sorted({side for off in offs for side in off.rest}, key=lambda side: (side != _FIRST, side)))
    return (
        f"this sheet's one unit {first.unit!r} is not the sum of the units on sheet(s) {rest} for "
        f"{contests} ({first.contest!r}, {differs.choice!r}: {differs.here} here, {differs.summed} "
        "summed) and is named like them: joined as a unit of its own. Check that it is one (a total "
        "that does not add up would be counted as a unit)"
    )


def _first_holds_totals(
    main: ResultsBuilder, results: ElectionResults, first: list[str], contests: dict[str, tuple[str, ...]]
) -> ElectionResults:
    """The chosen reading's sheet holds the totals of the units read on other sheets: its units
    of those contests are taken out (checked against them, not counted)."""
    listed = ", ".join(repr(contest) for contest in sorted(contests))
    of = _sheets_said(first, sorted({side for rest in contests.values() for side in rest}))
    sheet = first[0] if first else None
    main.log.warn(
        sheet,
        None,
        f"this sheet holds the totals of the units on sheet(s) {of} for {listed}, equal choice by "
        "choice: checked against them, not counted as units",
    )
    main.notes.note("totals", sheet, "whole sheet", f"totals of sheet(s) {of} (checked)")
    return total_sheets.without_units(results, set(contests))


def _their_totals(
    main: ResultsBuilder,
    theirs: ElectionResults,
    name: str,
    contests: dict[str, tuple[str, ...]],
    said: Callable[[Iterable[str]], str],
) -> None:
    """The sheet holds the totals of what was read on other sheets: checked, not added; refused
    when it also holds contests it is not the total of (its unit would be counted as a precinct)."""
    totals = sorted(contests)
    sheets = said(
        sorted({side for rest in contests.values() for side in rest}, key=lambda s: (s != _FIRST, s))
    )
    rest = sorted(contest.name for contest in theirs.contests if contest.name not in contests)
    listed = ", ".join(repr(contest) for contest in totals)
    if rest:
        main.log.error(
            name,
            None,
            f"this sheet holds the totals of the units on sheet(s) {sheets} for {listed}, but also "
            f"{', '.join(repr(c) for c in rest)}, found on no other sheet: its units may be totals, "
            "not precincts. Import one sheet with import --sheet NAME",
        )
        return
    main.log.warn(
        name,
        None,
        f"this sheet holds the totals of the units on sheet(s) {sheets} for {listed}, equal choice "
        "by choice: checked against them, not added",
    )
    main.notes.note("totals", name, "whole sheet", "totals of the units read elsewhere (checked)")


def _carry_over(main: ResultsBuilder, other: ResultsBuilder, name: str) -> None:
    """The other sheet's warnings, notes and accepted differences, as the summary shows them."""
    main.log.warnings.extend(other.log.warnings)
    for kind in ("totals", "statistics", "skipped"):
        for note in getattr(other.notes, kind):
            main.notes.note(kind, note.sheet or name, note.cell, note.label)
    main.differences.extend(other.differences)


def _tally_votes(results: ElectionResults, contests: Iterable[str]) -> dict[tuple[str, str, str], int]:
    wanted = set(contests)
    return {(t.contest, t.precinct, t.choice): t.votes for t in results.tallies if t.contest in wanted}


def _repeats(results: ElectionResults, theirs: ElectionResults) -> bool:
    """Every count of ``theirs`` already read, equal, for the same unit and choice (all of the
    units, or some: a ward's sheet repeating its precincts' rows of the county's sheet)."""
    names = {contest.name for contest in theirs.contests}
    if not names <= {contest.name for contest in results.contests}:
        return False
    return _tally_votes(theirs, names).items() <= _tally_votes(results, names).items()


def _clashes(results: ElectionResults, theirs: ElectionResults) -> list[tuple[str, str, bool]]:
    """Contests on both sheets that cannot be joined, each with why and whether a count differs."""
    mine = {contest.name: contest for contest in results.contests}
    found = []
    for contest in theirs.contests:
        if contest.name not in mine:
            continue
        if contest != mine[contest.name]:
            found.append((contest.name, "its choices or attributes differ there", True))
            continue
        shared = _units_of(results, contest.name) & _units_of(theirs, contest.name)
        if shared:
            found.append(_shared_said(results, theirs, contest.name, shared))
    return found


def _shared_said(
    results: ElectionResults, theirs: ElectionResults, contest: str, shared: set[str]
) -> tuple[str, str, bool]:
    """Why units held by both sheets stop the join: a count that differs (the first named), or
    equal counts on a sheet that also holds counts not read elsewhere (joined, they would be
    counted twice)."""
    mine, other = _tally_votes(results, [contest]), _tally_votes(theirs, [contest])
    differs = sorted(key for key, votes in other.items() if key[1] in shared and mine.get(key) != votes)
    if differs:
        key = differs[0]
        why = (
            f"both sheets hold counts for its unit {key[1]!r} that differ: {key[2]!r} "
            f"{mine.get(key)} there, {other[key]} here"
        )
        return contest, why, True
    listed = ", ".join(repr(unit) for unit in sorted(shared)[:3])
    why = f"both sheets hold equal counts for its units {listed}, and this sheet more counts besides"
    return contest, why, False


def _units_of(results: ElectionResults, contest: str) -> set[str]:
    return {t.precinct for t in results.tallies if t.contest == contest}


def _warn_no_common_units(
    main: ResultsBuilder, results: ElectionResults, theirs: ElectionResults, name: str
) -> None:
    mine = {precinct.name for precinct in results.precincts}
    if mine and not mine & {precinct.name for precinct in theirs.precincts}:
        main.log.warn(
            name,
            None,
            "this sheet names none of the units of the other sheets read: check that it belongs "
            "to the same election (import one sheet with import --sheet NAME if not)",
        )


def _merged(results: ElectionResults, theirs: ElectionResults) -> ElectionResults:
    """Both results as one: contests and units once each, tallies and statistics of both."""
    known = {contest.name for contest in results.contests}
    units = {precinct.name for precinct in results.precincts}
    return ElectionResults(
        contests=(*results.contests, *(c for c in theirs.contests if c.name not in known)),
        precincts=(*results.precincts, *(p for p in theirs.precincts if p.name not in units)),
        tallies=(*results.tallies, *theirs.tallies),
        statistics=(*results.statistics, *theirs.statistics),
        devices=(*results.devices, *(d for d in theirs.devices if d not in results.devices)),
    )


def _describe(attempt: interpret.Attempt) -> str:
    if attempt.reading is not None:
        return attempt.reading.describe()
    return attempt.layout
