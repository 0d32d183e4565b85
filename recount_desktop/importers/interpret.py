"""One interpreter for every layout: the readings each case finds, the one whose totals reconcile.

Each case (``long``, ``sovc``, ``wide``, ``abstract``) offers candidate readings of the book; the
template is a fixed format of its own, tried first. The first case (in that order) with candidates is
found, and its best candidate read. A small book (under ``SMALL_BOOK_COUNTS`` count cells) then has
every later case's best candidate read too: the clean reading whose totals reconcile, with the most
counts, is kept, and a clean reading of another case with different results is an error naming both
(a misreading that reads clean is never picked silently). A large book whose first reading is clean
is read once, the later cases not even looked for. When the first reading has errors, every other
candidate of every case is read, and one that reads clean, whose totals reconcile, with at least as
many counts replaces it. The readings not kept are the alternatives the wizard lists
(``candidates(book)`` lists every case's).

A one-contest table with its title in the corner reads clean both ways, units along its header row
or down its first column, and no totals check can tell which (``axes``): its names decide, and a
one-sheet file whose names put the units down the column is read as a statement; names that do not
tell leave the abstract reader to refuse it, naming its cells.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import chain, compress, repeat
from typing import Any

from recount_desktop.domain import ElectionResults
from recount_desktop.importers import axes, grid, long, long_columnar, one_unit, sovc, wide
from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.file_title import untitled_statement_hint
from recount_desktop.importers.forced_layout import refuse_total_read_as_choice
from recount_desktop.importers.primary_parties import warn_mixed_primary
from recount_desktop.importers.problems import ImportRejected, ProblemLog
from recount_desktop.importers.reading import READ_LAYOUTS, Reading
from recount_desktop.importers.source import Book, open_book
from recount_desktop.importers.template import is_template, read_template
from recount_desktop.importers.unnamed_contest_hint import units_without_contest_hint

SMALL_BOOK_COUNTS = 20_000  # below this many count cells, every case's reading is read and compared
TEMPLATE_HINT = "see the tally template: `recount-desktop template tallies OUT.xlsx`"
NOTHING_FOUND = (
    "could not recognise the layout; looked for a 'Tallies' sheet (the template), "
    f"{long.LOOKED_FOR} (long), one sheet per contest with a 'Precinct' column under candidate "
    "names (statement of votes cast), one sheet with a contest-name row over a "
    "choice-name row (wide), and a row of unit names over columns of counts (abstract); "
    f"{TEMPLATE_HINT}"
)

_CANDIDATES: dict[str, Callable[[Book], list[Reading]]] = {
    "long": long.candidates,
    "sovc": sovc.candidates,
    "wide": wide.candidates,
    "abstract": grid.candidates,
}
READERS: dict[str, Callable[[Book, ResultsBuilder, Ticker, Reading | None], None]] = {
    "long": long.read_long_book,
    "sovc": sovc.read_sovc_book,
    "wide": wide.read_wide_book,
    "abstract": grid.read_abstract_book,
}


@dataclass
class Attempt:
    """One reading read into its own builder (and log)."""

    layout: str
    reading: Reading | None
    builder: ResultsBuilder
    results: ElectionResults | None = None
    fields: dict[str, Any] | None = None
    rejected: bool = False

    @property
    def ok(self) -> bool:
        return self.results is not None and not self.builder.log.errors

    @property
    def reconciled(self) -> int:
        """The file's own totals (rows, columns) found and checked, when all of them reconcile."""
        return 0 if self.builder.differences else self.builder.notes.counts["totals"]

    @property
    def counts(self) -> int:
        return 0 if self.rejected else len(self.builder.tallies)


@dataclass
class Interpretation:
    """The reading kept (its builder holds the results and problems) and the others considered."""

    chosen: Attempt
    alternatives: tuple[Reading, ...] = ()


def candidates(book: Book, layout: str = "auto") -> list[Reading]:
    """Every case's readings of ``book`` (only ``layout``'s when one is forced), cases in order."""
    cases = READ_LAYOUTS if layout == "auto" else (layout,)
    found = [reading for case in cases if case in _CANDIDATES for reading in _CANDIDATES[case](book)]
    if layout in ("auto", "sovc"):  # a one-contest table read with units as rows, for the user to pick
        found += [reading for reading in _as_statements(book) if reading not in found]
    return found


def interpret(
    book: Book,
    log: ProblemLog,
    new_builder: Callable[[], ResultsBuilder],
    ticker: Ticker,
    layout: str = "auto",
    reading: Reading | None = None,
) -> Interpretation:
    """Read ``book``: the template, else the given ``reading`` (a profile's), else the candidates
    of ``layout`` (every case when ``auto``). Nothing readable raises ``ImportRejected`` naming
    what was sought. A forced layout reading a total as a choice is refused (``forced_layout``); a
    primary's contest holding several parties' candidates is warned of (``primary_parties``)."""
    found = _interpret(book, log, new_builder, ticker, layout, reading)
    if layout not in ("auto", "template") and reading is None and found.chosen.layout == layout:
        refuse_total_read_as_choice(found.chosen, layout)
    if found.chosen.results is not None:  # a primary's parties in one contest: warned of
        warn_mixed_primary(found.chosen.builder.log, found.chosen.results.contests)
    return found


def _interpret(
    book: Book,
    log: ProblemLog,
    new_builder: Callable[[], ResultsBuilder],
    ticker: Ticker,
    layout: str,
    reading: Reading | None,
) -> Interpretation:
    if reading is not None:
        given = replace(reading, by_user=True)
        return Interpretation(_attempt(book, new_builder, ticker, reading.layout, given, last=True))
    fast = long_columnar.read_fast(book, new_builder, ticker, layout, SMALL_BOOK_COUNTS)
    if fast is not None:  # a large template or long table of plain counts, read by columns
        return Interpretation(Attempt(*fast))
    if layout == "template" or (layout == "auto" and is_template(book)):
        return Interpretation(_attempt(book, new_builder, ticker, "template", None, last=True))
    cases = [case for case in READ_LAYOUTS if layout in ("auto", case)]
    found, later = _first_case(book, cases)
    found = _as_asked(book, found, layout) or _one_unit(book, layout)
    if not found:
        if layout != "auto":  # the forced case's own reader says what it looked for
            return Interpretation(_attempt(book, new_builder, ticker, layout, None, last=True))
        # Montrose: one CSV per contest, no title row; Camden: statistics across, no contest named
        hint = untitled_statement_hint(book) or units_without_contest_hint(book)
        raise log.reject(None if book.is_csv else book.sheet_names[0], None, NOTHING_FOUND + hint)
    small = bool(later) and is_small(book)
    first = _read(book, found[0], found, new_builder, ticker, last=len(found) == 1 and not small)
    if first.ok and small:  # every case's best reading, so no clean misreading is kept silently
        return _best_of_cases(book, first, found, later, new_builder, ticker)
    if first.ok:  # a large book: read once, the other cases not even looked for
        return Interpretation(first, tuple(found[1:]))
    if len(found) == 1 and not small:  # its cells were dropped to build the results: open it again
        book = _reopened(book, log)
    found += [reading for case in later for reading in _CANDIDATES[case](book)]
    tried = [first]
    chosen = first
    for other in found[1:]:
        tried.append(_read(book, other, found, new_builder, ticker, last=False))
        if _replaces(tried[-1], chosen, first):
            chosen = tried[-1]
    book.release()
    _check_agreement(chosen, tried)
    return Interpretation(chosen, tuple(r for r in found if r is not chosen.reading))


def _as_asked(book: Book, found: list[Reading], layout: str) -> list[Reading]:
    """The first case's readings as the user asked: a forced layout's are the user's choice; a
    one-contest table forced to read as a statement is offered so; one that reads both ways is
    settled by its names in automatic detection."""
    if layout == "abstract":  # the user forced it (the wizard's layout list, --format): their choice
        return [replace(each, by_user=True) for each in found]
    if layout == "sovc" and not found:  # a one-contest table the user says has its units as rows
        return _as_statements(book, by_user=True)
    if layout == "auto" and found and found[0].layout == "abstract":
        return _settled(book, found)
    return found


def _one_unit(book: Book, layout: str) -> list[Reading]:
    """When no case found a reading: an abstract of one unit (``one_unit``), the user's when forced."""
    if layout not in ("auto", "abstract"):
        return []
    reading = one_unit.one_unit_reading(book)
    if reading is None:
        return []
    return [replace(reading, by_user=layout == "abstract")]


def _one_table(book: Book) -> tuple[axes.TwoWays, str | None, str] | None:
    """A one-sheet file whose abstract reading is a one-contest table that reads both ways, with
    what its names say (``axes.units_axis``); None for any other file."""
    if len(book.sheet_names) != 1:
        return None  # a statement reading of one sheet would leave the others unread
    sheet = book.sheet(book.sheet_names[0]).counted()
    found = grid.find_readings(sheet)
    table = axes.two_ways(sheet, found[0]) if found else None
    if table is None:
        return None
    axis, why = axes.units_axis(table)
    return table, axis, why


def _settled(book: Book, found: list[Reading]) -> list[Reading]:
    """The abstract readings found, when the file is a table that reads both ways: read first as
    a statement (units as rows) when its names say so, the cue kept to show with the reading; an
    abstract when they say that. When they do not tell, the abstract reader refuses it, naming
    its cells."""
    one = _one_table(book)
    if one is None:
        titled = _titled_statement(book, found[0])
        return [titled, *found] if titled is not None else found
    table, axis, why = one
    if axis == "rows":
        return [axes.as_statement(table, why), *found]
    if axis == "columns":
        return [replace(found[0], cue=why), *found[1:]]
    return found


def _titled_statement(book: Book, first: Reading) -> Reading | None:
    """A one-sheet file whose abstract reading has ``Precinct`` over its names and the contest's
    title above its header: read first as that contest's statement (``axes.titled_statement``)."""
    if len(book.sheet_names) != 1 or first.sheet is None:
        return None
    return axes.titled_statement(book.sheet(first.sheet).counted(), first)


def _as_statements(book: Book, by_user: bool = False) -> list[Reading]:
    """A one-sheet file's table that reads both ways, read with units as rows (the user's choice
    when ``by_user``)."""
    one = _one_table(book)
    return [axes.as_statement(one[0], by_user=by_user)] if one is not None else []


def is_small(book: Book, limit: int = SMALL_BOOK_COUNTS) -> bool:
    """Fewer than ``limit`` count cells (whole numbers, or digits in a CSV) in the book: small
    enough to read every case's reading. Stops counting at the limit, so a statewide file costs
    only its first few thousand rows."""
    seen = 0
    for name in book.sheet_names:
        rows = book.sheet(name).rows
        for start in range(0, len(rows), _ROWS_AT_ONCE):
            seen += _counts_in(list(chain.from_iterable(rows[start : start + _ROWS_AT_ONCE])))
            if seen >= limit:
                return False
    return True


_ROWS_AT_ONCE = 64  # rows counted at once: their cells' types gathered and counted in C


def _counts_in(cells: list[object]) -> int:
    """How many ``cells`` are counts: numbers counted by type, and text of digits (a CSV file)."""
    types = list(map(type, cells))
    texts = compress(cells, map(issubclass, types, repeat(str)))
    return types.count(int) + types.count(float) + sum(map(_is_text_count, texts))


def _is_text_count(text: object) -> bool:
    return isinstance(text, str) and text.strip().replace(",", "").isdigit()


def _best_of_cases(
    book: Book,
    first: Attempt,
    found: list[Reading],
    later: list[str],
    new_builder: Callable[[], ResultsBuilder],
    ticker: Ticker,
) -> Interpretation:
    """The first case read clean: read every later case's best reading too, keep the clean one
    whose totals reconcile with the most counts; clean readings of other cases that disagree with
    it are an error listing both (the user picks one), never a silent pick."""
    alternatives = list(found[1:])
    tried = [first]
    for case in later:
        offered = _CANDIDATES[case](book)
        if offered:
            tried.append(_read(book, offered[0], offered, new_builder, ticker, last=False))
            alternatives += offered
    book.release()
    clean = [attempt for attempt in tried if attempt.ok]
    chosen = max(clean, key=lambda a: (a.reconciled > 0, a.counts, a.reconciled))
    _check_agreement(chosen, tried)
    every = [*found[:1], *alternatives]
    return Interpretation(chosen, tuple(r for r in every if r is not chosen.reading))


def _check_agreement(chosen: Attempt, tried: list[Attempt]) -> None:
    """Another case's clean reading with other results: an error on the chosen reading naming both."""
    if not chosen.ok:
        return
    mine = _outcome(chosen)
    for other in tried:
        if other.layout == chosen.layout or not other.ok or not other.counts or _outcome(other) == mine:
            continue
        chosen.builder.log.error(
            None,
            None,
            "two readings of this file read clean but give different results: "
            f"{_described(chosen)}, and {_described(other)}; choose one (the import wizard's "
            "reading list, or import --format / --profile)",
        )


def _outcome(attempt: Attempt) -> dict[str, dict[str, int]]:
    results = attempt.results
    assert results is not None
    return {contest.name: results.totals(contest.name) for contest in results.contests}


def _described(attempt: Attempt) -> str:
    """``wide on 'Results': ... (2 contests: 'Mayor', 'Clerk'; 347 votes)``."""
    outcome = _outcome(attempt)
    names = ", ".join(repr(name) for name in list(outcome)[:3]) + (", ..." if len(outcome) > 3 else "")
    votes = sum(sum(totals.values()) for totals in outcome.values())
    what = attempt.reading.describe() if attempt.reading is not None else attempt.layout
    return f"{what} ({len(outcome)} contest{'s' if len(outcome) != 1 else ''}: {names}; {votes:,} votes)"


def _first_case(book: Book, cases: list[str]) -> tuple[list[Reading], list[str]]:
    """The candidates of the first case that has any, and the cases after it (looked at only when
    that case's reading has errors: a long file is not searched for statements of votes cast)."""
    for i, case in enumerate(cases):
        found = _CANDIDATES[case](book)
        if found:
            return found, cases[i + 1 :]
    return [], []


def _read(
    book: Book,
    candidate: Reading,
    found: list[Reading],
    new_builder: Callable[[], ResultsBuilder],
    ticker: Ticker,
    last: bool,
) -> Attempt:
    """Read one candidate; a case's best candidate is what its reader finds by itself (so it is
    read exactly as before the interpreter), any other is given to the reader, as is the user's."""
    best = next(r for r in found if r.layout == candidate.layout)
    # a reading settled by its names (``axes``) is given too: the reader would not find it by itself
    given = None if best is candidate and not (candidate.by_user or candidate.cue) else candidate
    tried = _attempt(book, new_builder, ticker, candidate.layout, given, last)
    tried.reading = candidate
    return tried


def _reopened(book: Book, log: ProblemLog) -> Book:
    fresh = open_book(book.path, log)
    if not book.is_csv and len(book.sheet_names) < len(fresh.sheet_names):
        return fresh.only(book.sheet_names[0])  # the one sheet the user chose
    return fresh


def _replaces(tried: Attempt, chosen: Attempt, first: Attempt) -> bool:
    """A reading replaces the first (which has errors) only when it reads clean, its totals
    reconcile (it found at least one of the file's own totals), and it reads at least as many
    counts; a file with no totals keeps its first reading and its errors."""
    if not tried.ok or tried.reconciled == 0 or tried.counts < first.counts:
        return False
    return chosen is first or (tried.reconciled, tried.counts) > (chosen.reconciled, chosen.counts)


def _attempt(
    book: Book,
    new_builder: Callable[[], ResultsBuilder],
    ticker: Ticker,
    layout: str,
    reading: Reading | None,
    last: bool,
) -> Attempt:
    """Read ``book`` one way; ``last``: no other reading follows, so the cells are dropped before
    the results are built (a statewide file's cells are hundreds of megabytes)."""
    builder = new_builder()
    attempt = Attempt(layout, reading, builder)
    try:
        if layout == "template":
            options, attempt.fields = read_template(book, builder, ticker)
        else:
            READERS[layout](book, builder, ticker, reading)
            options = {}
            _again_with_later_units(book, attempt, new_builder, ticker)
        if last:
            book.release()
        attempt.results = attempt.builder.finish(options)
    except ImportRejected:
        attempt.rejected = True
    except ValueError as error:  # a record the domain refuses (should have been caught as a cell error)
        attempt.builder.log.error(None, None, f"the results cannot be built: {error}")
    return attempt


def _again_with_later_units(
    book: Book, attempt: Attempt, new_builder: Callable[[], ResultsBuilder], ticker: Ticker
) -> None:
    """A row read as a total by its sums (Ward 1 equal to Adams and Baker above it) that a contest
    read later has as a unit is a unit: its sums were chance, and a real subtotal would close its
    units in every contest. The file is read again knowing those names (at most twice more, each
    read finding the names the one before it did not), and the row is warned of where it adds up;
    a file whose own totals then disagree is refused by them."""
    for _ in range(2):
        later = attempt.builder.totals_named_as_later_units()
        if not later:
            break
        known = attempt.builder.units_read_later | later
        attempt.builder = new_builder()
        attempt.builder.units_read_later = known
        READERS[attempt.layout](book, attempt.builder, ticker, attempt.reading)
