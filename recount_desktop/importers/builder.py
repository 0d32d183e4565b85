"""Collect counts cell by cell, then make one validated ``ElectionResults`` (or nothing).

Every layout reader feeds the same builder, so duplicates, statistics, suppressed cells and the
check against the file's own total rows behave the same whatever the county's export looks like.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping, Sequence
from functools import partial
from itertools import chain, repeat
from pathlib import Path
from typing import Any

from recount_desktop.domain import Choice, Contest, ContestStatistics, ElectionResults, Precinct, Tally
from recount_desktop.domain.records import (
    ContestKind,
    Grid,
    PlainCounts,
    Tallies,
    default_kind,
    is_aggregate_write_in,
    looks_like_pseudo_precinct,
    seats_from_name,
)
from recount_desktop.importers.checks import (
    MIN_UNITS_FOR_SUM,
    BlankCell,
    ReadingNotes,
    TotalDifference,
    cell_list,
    cell_range,
    find_total_units,
    withheld_units,
)
from recount_desktop.importers.county_contests import county_contest_names
from recount_desktop.importers.group_subtotals import group_subtotal_units, subtotals_warning
from recount_desktop.importers.orphan_totals import check_orphan_total
from recount_desktop.importers.problems import ImportCancelled, ProblemLog
from recount_desktop.importers.questions import warn_lone_sides
from recount_desktop.importers.repeats import (
    RepeatedUnit,
    Repeats,
    Verdict,
    groups_message,
    repeat_warning,
    total_message,
)
from recount_desktop.importers.source import Sheet
from recount_desktop.importers.values import (
    MAX_COUNT,
    SMALLEST_IMPLAUSIBLE,
    SUPPRESSED,
    CountError,
    clean_name,
    implausible_count,
    is_county_total_label,
    is_total_label,
    parse_count,
    statistic_of,
    too_large_count,
)
from recount_desktop.importers.vote_type_sections import (
    Sections,
    sections_confirmed,
    sections_summed,
    sections_unconfirmed,
    vote_type_sections,
)

Where = tuple[Sheet, int, int]
PrecinctKey = tuple[str | None, str]  # (county, precinct as written)


_YES = re.compile(r"^(yes|for)\b|\b(yes|for)$", re.IGNORECASE)
_NO = re.compile(r"^(no|against)\b|\b(no|against)$", re.IGNORECASE)


def _kind(choices: Mapping[str, object]) -> ContestKind:
    """CONTRACT.md's default, also seeing ``FOR THE PROPOSITION - YES`` / ``AGAINST ... - NO`` as sides."""
    kind = default_kind(choices)
    names = list(choices)
    if kind is ContestKind.CANDIDATE and len(names) == 2:
        first_yes, second_no = bool(_YES.search(names[0])), bool(_NO.search(names[1]))
        first_no, second_yes = bool(_NO.search(names[0])), bool(_YES.search(names[1]))
        if (first_yes and second_no and not first_no) or (first_no and second_yes and not first_yes):
            return ContestKind.QUESTION
    return kind


def is_write_in_line(name: str) -> bool:
    """A line that totals unnamed write-ins, as the domain recognises it by name, so that a file read
    now and the same results read back from an election file mark the same lines."""
    return is_aggregate_write_in(name)


def county_code(county: str) -> str:
    """The county a unit's county cell names: Montana's ``BW 83-11`` and ``BW BROADWATER MT`` are both
    ``BW``; a plain name (``El Paso``) is itself."""
    first, _, rest = county.partition(" ")
    return first if rest and first.isupper() and len(first) <= 3 else county


def _same_but_for_case(names: Iterable[str]) -> list[list[str]]:
    """Groups of distinct names that are one name but for capitals and spacing."""
    groups: dict[str, list[str]] = defaultdict(list)
    for name in dict.fromkeys(names):
        groups[" ".join(name.split()).casefold()].append(name)
    return [group for group in groups.values() if len(group) > 1]


def _closed_run(units: list[tuple[Where, int, str | None]]) -> int:
    """The sum of the run of units just above a county total that share the last one's county
    code (Montana's Treasure County: units ``TE 43-03``.., total ``TR TREASURE MT``)."""
    run = 0
    ordered = sorted(units, key=lambda u: u[0][1])
    last_code = ordered[-1][2] if ordered else None
    for _where, votes, code in reversed(ordered):
        if code != last_code:
            break
        run += votes
    return run


NOTHING_READ = (
    "no vote counts were found in the file: nothing to import. If it does hold precinct counts, no layout "
    "found a contest for them: choose the layout, header rows and unit column in the import wizard, or "
    "import with --format or --profile"
)


class TallyEntry:
    """One (contest, unit, choice) count being built: its votes, vote types, suppression and first cell."""

    __slots__ = ("suppressed", "types", "votes", "where")

    def __init__(
        self, votes: int | None, types: dict[str, int] | None, suppressed: bool, where: Where
    ) -> None:
        self.votes = votes
        self.types = types
        self.suppressed = suppressed
        self.where = where


TallyKey = tuple[str, PrecinctKey, str]


class PlainBlock:
    """Plain counts of a block read at once (a long table by columns, a statement's contest sheet),
    kept as columns: one count per position, each a whole number >= 0 of a plain choice, each key
    once. The builder makes their ``TallyEntry`` objects only when some step needs entries
    (``ResultsBuilder._tallies``); otherwise ``finish`` makes the tallies straight from the columns.

    A contest sheet's block (``of_grid``) keeps its units, choices, unit rows and count columns only:
    its per-count columns (``contests``, ``units``, ``choices``, ``rows``, ``cols``: five lists as
    long as its votes) are made when first asked for, which a statement's import never does."""

    __slots__ = ("_columns", "_grid_cells", "contest_names", "grid", "sheet", "votes")

    def __init__(
        self,
        sheet: Sheet,
        contests: list[str],
        units: list[PrecinctKey],
        choices: list[str],
        votes: list[int],
        rows: list[int],
        cols: list[int],
    ) -> None:
        self.sheet = sheet
        self.contest_names = frozenset(contests)  # to tell whether a block may hold a key at once
        self.votes = votes
        # each count's contest, unit, choice, and with sheet its cell (row, col), as its entry's ``where``
        self._columns: tuple[list[str], list[PrecinctKey], list[str], list[int], list[int]] | None = (
            contests, units, choices, rows, cols
        )
        # a contest sheet's block: its units and its choices, the counts row by row (``of_grid``)
        self.grid: tuple[list[PrecinctKey], list[str]] | None = None
        self._grid_cells: tuple[str, list[int], list[int]] | None = None  # contest, unit rows, count columns

    @classmethod
    def of_grid(
        cls,
        sheet: Sheet,
        contest: str,
        units: list[PrecinctKey],
        choices: list[str],
        votes: list[int],
        rows: list[int],
        cols: list[int],
    ) -> PlainBlock:
        """A contest sheet's block: ``votes`` row by row (unit ``units[i]`` in sheet row ``rows[i]``),
        choice by choice (``choices[j]`` in column ``cols[j]``)."""
        if len(units) != len(rows) or len(choices) != len(cols) or len(votes) != len(units) * len(cols):
            raise ValueError("a block's votes need a unit and a choice each")
        block = cls.__new__(cls)
        block.sheet = sheet
        block.contest_names = frozenset((contest,)) if votes else frozenset()
        block.votes = votes
        block._columns = None
        block.grid = (units, choices)
        block._grid_cells = (contest, rows, cols)
        return block

    def _expanded(self) -> tuple[list[str], list[PrecinctKey], list[str], list[int], list[int]]:
        """The per-count columns, made from the grid the first time they are asked for."""
        if self._columns is None:
            assert self.grid is not None and self._grid_cells is not None
            units, choices = self.grid
            contest, rows, cols = self._grid_cells
            width, height = len(choices), len(units)
            self._columns = (
                [contest] * (width * height),
                list(chain.from_iterable(map(repeat, units, repeat(width)))),
                choices * height,
                list(chain.from_iterable(map(repeat, rows, repeat(width)))),
                cols * height,
            )
        return self._columns

    @property
    def contests(self) -> list[str]:
        return self._expanded()[0]

    @property
    def units(self) -> list[PrecinctKey]:
        return self._expanded()[1]

    @property
    def choices(self) -> list[str]:
        return self._expanded()[2]

    @property
    def rows(self) -> list[int]:
        return self._expanded()[3]

    @property
    def cols(self) -> list[int]:
        return self._expanded()[4]

    def __len__(self) -> int:
        return len(self.votes)

    def keys(self) -> Iterator[TallyKey]:
        return zip(self.contests, self.units, self.choices, strict=True)

    def entries(self) -> Iterator[tuple[TallyKey, TallyEntry]]:
        """(key, entry) in block order, as ``add_plain`` would have stored them."""
        wheres = zip(repeat(self.sheet), self.rows, self.cols, strict=False)
        made = map(TallyEntry, self.votes, repeat(None), repeat(False), wheres)
        return zip(self.keys(), made, strict=False)


def _grid(
    cell_of: Mapping[tuple[str, str], int], unit_of: Mapping[PrecinctKey, int], block: PlainBlock
) -> Grid:
    """A contest sheet's block as the results' grid: its choices' cell codes, its units' codes, its
    votes row by row."""
    assert block.grid is not None
    (contest,) = block.contest_names
    grid_units, grid_choices = block.grid
    row = [cell_of[(contest, choice)] for choice in grid_choices]
    return row, list(map(unit_of.__getitem__, grid_units)), block.votes


class TallyView(Mapping[TallyKey, "TallyEntry"]):
    """The builder's counts as a read-only mapping; its length costs nothing, reading it makes
    the entries of blocks kept as columns."""

    def __init__(self, builder: ResultsBuilder) -> None:
        self._builder = builder

    def __len__(self) -> int:
        return self._builder.count_tallies()

    def __iter__(self) -> Iterator[TallyKey]:
        return iter(self._builder._tallies)

    def __getitem__(self, key: TallyKey) -> TallyEntry:
        return self._builder._tallies[key]

    def items(self) -> ItemsView[TallyKey, TallyEntry]:  # the dict's own view: no lookup per key
        return self._builder._tallies.items()


class Names(dict[object, str]):
    """Cleaned names, cached: a statewide file repeats the same few thousand names a million times."""

    def __missing__(self, raw: object) -> str:
        name = self[raw] = clean_name(raw) if raw is not None else ""
        return name


# the leading apostrophe our CSV export (reports/export.py) writes before a name that a spreadsheet
# would otherwise run as a formula; nothing else that begins with an apostrophe is touched
_CSV_PROTECTED = ("'=", "'+", "'-", "'@")


def unprotect_csv_text(text: str) -> str:
    """``'=HYPERLINK(...)`` -> ``=HYPERLINK(...)``: undo exactly the export's text protection."""
    return text[1:] if text.startswith(_CSV_PROTECTED) else text


class CsvNames(Names):
    """``Names`` for a CSV file of ours: a protected name comes back as it was written."""

    def __missing__(self, raw: object) -> str:
        name = self[raw] = unprotect_csv_text(clean_name(raw)) if raw is not None else ""
        return name


class Ticker:
    """Reports progress and honours Cancel every few thousand rows, cheaply."""

    def __init__(self, progress: Callable[[int, int], Any] | None, cancel: Callable[[], bool] | None) -> None:
        self.progress = progress
        self.cancel = cancel

    def tick(self, done: int, total: int) -> None:
        if self.cancel is not None and self.cancel():
            raise ImportCancelled("import cancelled; nothing was stored")
        if self.progress is not None:
            self.progress(done, total)


def _subtotals_of(figures: list[tuple[int, Where, str | None]], overall: int) -> bool:
    """Two or more of the file's total rows without a county (``Ward 1 Total``, ``Ward 2 Total`` in
    a long table) that are not the grand total but add up to all units with it: subtotals of groups,
    checked together (each against its own units cannot be told in a long table)."""
    plain = [total for total, _w, code in figures if code is None]
    groups = [total for total in plain if total != overall]
    return len(groups) >= 2 and sum(groups) == overall and len(plain) - len(groups) <= 1


class ResultsBuilder:
    """Accumulates tallies, statistics and total-row figures for one file."""

    def __init__(self, log: ProblemLog, source: Path | None = None, accept_differences: bool = False) -> None:
        self.log = log
        self.source = source  # the file, for the rare look at raw cells (Excel error values)
        # a file total that the units do not add up to is an error unless the user accepted it
        self.accept_differences = accept_differences
        self.differences: list[TotalDifference] = []
        self.notes = ReadingNotes()
        self.blanks: list[BlankCell] = []
        self.find_total_units = False  # long files: units whose counts are the sum of the others
        self._total_units: set[PrecinctKey] = set()
        # counts in reading order: entries first, then blocks kept as columns (a write to the
        # entries makes the blocks' entries first, through ``_tallies``, so the order holds)
        self._entries: dict[TallyKey, TallyEntry] = {}
        self._blocks: list[PlainBlock] = []
        self._choices: dict[str, dict[str, str | None]] = {}
        self._precincts: dict[PrecinctKey, PrecinctKey] = {}
        self._stats: dict[tuple[str, PrecinctKey | None], dict[str, int]] = {}
        # (contest, choice, vote type) -> [(total, its cell, county code of a county's own total)]
        self._file_totals: dict[tuple[str, str, str | None], list[tuple[int, Where, str | None]]] = {}
        # a unit's own total over its choices (a long table's 'Total' choice row): checked in finish
        self._unit_totals: list[tuple[Where, str, PrecinctKey, str, int, str | None]] = []
        self._suppressed: dict[str, list[Where]] = {}
        self.seats: dict[str, int] = {}  # from a "(Vote For N)" found outside the contest name
        self.names = Names()
        self._plain_choices: dict[str, bool] = {}
        self.repeats = Repeats()  # units met again in a statement's contest: portions or a copy
        # statement rows read as totals by their sums alone, under a label: (contest, cell, label)
        self._totals_by_sums: list[tuple[str, Where, str]] = []
        # units of a contest read later, named like a row an earlier contest read as a total by its
        # sums (Ward 1 adding up there by chance): a second read takes them as units from the start
        self.units_read_later: frozenset[str] = frozenset()
        # a long table's rows whose vote type is 'Total' (after the unit's Polling, Mail... rows):
        # (cell, unit, contest, choice, count), checked against the types in ``finish``, never added
        self._type_totals: list[tuple[Where, PrecinctKey, str, str, int]] = []
        # units that a total column of the file counted, the total checking out (``abstract_lines``)
        self.units_in_totals: set[str] = set()

    def is_unit_name(self, name: str) -> bool:
        """Whether a unit of this name (with no county) was read in any contest so far."""
        return (None, name) in self._precincts

    def is_unit_anywhere(self, name: str) -> bool:
        """A unit of this name read so far, or in a contest read later (``units_read_later``)."""
        return (None, name) in self._precincts or name in self.units_read_later

    def totals_named_as_later_units(self) -> frozenset[str]:
        """The labels of rows read as totals by their sums that a contest read after names as a unit
        (before ``finish``, which refuses them): the file is read again with them as units."""
        return frozenset(
            label for _contest, _where, label in self._totals_by_sums if self.is_unit_name(label)
        )

    def total_by_sums(self, contest: str, where: Where, label: str) -> None:
        """A labelled row read as a total because its counts are sums: refused in ``finish`` if a
        contest read after it has a unit of that name."""
        self._totals_by_sums.append((contest, where, label))

    def add_type_total(
        self, where: Where, precinct: PrecinctKey, contest: str, choice: str, total: int
    ) -> None:
        """A unit's choice's count on a row whose vote type is a total (``Total`` after ``Polling``,
        ``Vote By Mail``): the sum of its vote types, checked in ``finish``, never added in."""
        self._type_totals.append((where, precinct, contest, choice, total))

    def _check_type_totals(self) -> None:
        """Each ``add_type_total`` against the sum of the unit's vote types for that choice; a unit
        with only its Total row has that as its count."""
        for where, precinct, contest, choice, total in self._type_totals:
            sheet, row, col = where
            entry = self._tallies.get((contest, precinct, choice))
            if entry is None:
                self.add(where, precinct, contest, choice, total, None)
                continue
            self.notes.note("totals", sheet.name, sheet.cell(row, col), f"{choice} in {precinct[1]} (Total)")
            found = entry.votes if type(entry.votes) is int else 0
            rows = f"{precinct[1]!r}'s vote-type rows from {sheet.cell(entry.where[1], entry.where[2])}"
            self.check_total(where, contest, choice, None, total, found, rows)

    def statement_contest(self, contest: str) -> None:
        """The contest is read from a statement's unit rows: a unit met again there is a precinct
        portion or a repeated copy, decided by the contest's totals when the file is read."""
        self.repeats.contests.add(contest)

    @property
    def _tallies(self) -> dict[TallyKey, TallyEntry]:
        """Every count as an entry: blocks kept as columns get their entries here, in order."""
        if self._blocks:
            for block in self._blocks:
                self._entries.update(block.entries())
            self._blocks = []
        return self._entries

    @_tallies.setter
    def _tallies(self, entries: dict[TallyKey, TallyEntry]) -> None:
        if self._blocks:
            raise ValueError("the blocks' entries are made before the counts are replaced")
        self._entries = entries

    def count_tallies(self) -> int:
        return len(self._entries) + sum(map(len, self._blocks))

    def sheets_counted(self, wanted: set[str]) -> set[str]:
        """Which of ``wanted`` sheets a count was read from: no block's entries made, and the entries
        walked only until every one is found (a statewide statement's million counts)."""
        found = {name for block in self._blocks if (name := block.sheet.name) in wanted}
        for entry in self._entries.values():
            if found == wanted:
                break
            if (name := entry.where[0].name) is not None and name in wanted:
                found.add(name)
        return found

    # -- reading cells -------------------------------------------------------------------
    def declare(self, contest: str, choices: Mapping[str, str | None]) -> None:
        """Contests and choices in the file's own order (a wide sheet's columns), before any count."""
        known = self._choices.setdefault(contest, {})
        for choice, party in choices.items():
            known.setdefault(choice, party)

    def count(self, where: Where, raw: object, what: str | Callable[[], str]) -> int | str | None:
        """Parse one vote cell; an unreadable one becomes an error naming the cell.

        ``what`` may be a function making the description, so good cells never pay for the text.
        """
        if type(raw) is int and raw >= 0:
            return raw
        if type(raw) is float and raw.is_integer() and raw >= 0:
            return int(raw)
        try:
            return parse_count(raw)
        except CountError as error:
            sheet, row, col = where
            shown = what if isinstance(what, str) else what()
            self.log.error(sheet.name, sheet.cell(row, col), f"{error} ({shown})")
            return None

    def add(
        self,
        where: Where,
        precinct: PrecinctKey,
        contest: str,
        choice: str,
        value: int | str,
        vote_type: str | None = None,
        party: str | None = None,
    ) -> None:
        """One count for a choice (or a statistic, or a total row) in a precinct."""
        if statistic_of(choice) is not None or is_total_label(precinct[1]) or is_total_label(choice):
            self._add_other(where, precinct, contest, choice, value, vote_type, party)
            return
        choices = self._choices.get(contest)
        if choices is None:
            choices = self._choices[contest] = {}
        if party:
            known_party = choices.get(choice, party)
            if known_party and known_party != party:
                choice = self._same_name_other_party(where, contest, choice, party)
            if choice not in choices or not choices[choice]:
                choices[choice] = party
        elif choice not in choices:
            choices[choice] = None
        precinct = self._precincts.setdefault(precinct, precinct)  # one key object per precinct
        key = (contest, precinct, choice)
        entry = self._tallies.get(key)
        if entry is None:
            if vote_type is None and type(value) is int:  # the common case, kept short
                self._tallies[key] = TallyEntry(value, None, False, where)
                return
            entry = self._tallies[key] = TallyEntry(None, None, False, where)
        if value == SUPPRESSED:
            entry.suppressed = True
            self._suppressed.setdefault(contest, []).append(where)
            value = 0
        self._merge(entry, key, where, value, vote_type)  # type: ignore[arg-type]

    def plain_choice(self, choice: str) -> bool:
        """A choice name that is neither a statistic nor named like a total."""
        plain = self._plain_choices.get(choice)
        if plain is None:
            plain = self._plain_choices[choice] = statistic_of(choice) is None and not is_total_label(choice)
        return plain

    def add_whole(
        self,
        where: Where,
        precinct: PrecinctKey,
        contest: str,
        choice: str,
        votes: int,
        vote_type: str | None = None,
        party: str | None = None,
    ) -> None:
        """``add`` for a whole count >= 0 read from a cell: the short way when it is a plain tally."""
        plain = self._plain_choices.get(choice)  # plain_choice's cache, read inline: once per row
        if plain is None:
            plain = self.plain_choice(choice)
        if vote_type is None and plain and not is_total_label(precinct[1]):
            self.add_plain(where, precinct, contest, choice, votes, party)
        else:
            self.add(where, precinct, contest, choice, votes, vote_type, party)

    def add_plain(
        self,
        where: Where,
        precinct: PrecinctKey,
        contest: str,
        choice: str,
        votes: int,
        party: str | None = None,
    ) -> None:
        """``add`` for the common cell, cheaply: a whole count >= 0 with no vote type, for a choice
        that passed ``plain_choice``, in a precinct row that is not a total row.

        Only the first count of a choice already known (with this party) is stored here; a new
        choice, a party to record and every duplicate go through ``add``, so they are handled in
        one place.
        """
        precinct = self._precincts.setdefault(precinct, precinct)
        key = (contest, precinct, choice)
        choices = self._choices.get(contest)
        if (
            key in self._tallies
            or choices is None
            or choice not in choices
            or (party and choices[choice] != party)
        ):
            self.add(where, precinct, contest, choice, votes, None, party)
            return
        self._tallies[key] = TallyEntry(votes, None, False, where)

    def add_plain_row(
        self,
        sheet: Sheet,
        r: int,
        precinct: PrecinctKey,
        contest: str,
        cells: Sequence[tuple[int, str, str | None]],
        votes: Sequence[int],
    ) -> None:
        """``add_plain`` for a whole row of a statement of votes cast: ``cells`` are (column, choice,
        party) of plain choices, ``votes`` their whole counts. The precinct and the contest's
        choices are looked up once per row, not once per cell."""
        precinct = self._precincts.setdefault(precinct, precinct)
        tallies = self._tallies
        choices = self._choices.get(contest)
        for (c, choice, party), count in zip(cells, votes, strict=True):
            key = (contest, precinct, choice)
            if (
                key in tallies
                or choices is None
                or choice not in choices
                or (party and choices[choice] != party)
            ):
                self.add((sheet, r, c), precinct, contest, choice, count, None, party)
                choices = self._choices.get(contest)
            else:
                tallies[key] = TallyEntry(count, None, False, (sheet, r, c))

    def add_plain_block(
        self,
        sheet: Sheet,
        contest: str,
        cells: Sequence[tuple[int, str, str | None]],
        rows: Sequence[int],
        precincts: Sequence[PrecinctKey],
        counts: Sequence[Sequence[int]],
    ) -> bool:
        """``add_plain_row`` for a whole contest sheet at once: ``rows`` and ``precincts`` of its
        units, ``counts`` their whole counts column by column, one per cell of ``cells`` (column,
        plain choice, party), each as long as ``precincts``.

        Stores nothing and returns False when a count would need ``add``'s care: a choice listed
        twice, or known with another party; a unit listed twice, or already counted in the contest.
        """
        choices = self._choices.get(contest)
        names = [choice for _c, choice, _p in cells]
        if not precincts:  # only total rows: the per-row reader decides (it leaves the sheet out)
            return False
        if len(counts) != len(cells) or any(len(column) != len(precincts) for column in counts):
            raise ValueError("a block needs a count of each choice for each unit")
        if len(set(names)) != len(names) or len(set(precincts)) != len(precincts):
            return False
        if choices is not None:
            if any(party and choices.get(choice) not in (None, party) for _c, choice, party in cells):
                return False
            if self._counted_before(contest, precincts, names):
                return False
        else:
            choices = self._choices[contest] = {}
        for _c, choice, party in cells:  # as ``add`` records a choice and its party
            if choice not in choices or (party and not choices[choice]):
                choices[choice] = party or None
        known = self._precincts
        units = list(map(known.setdefault, precincts, precincts))
        width = len(cells)
        votes = [0] * (width * len(units))  # row by row, choice by choice, as before
        for j, column in enumerate(counts):
            votes[j::width] = column  # interleaved in C
        cols = [c for c, _choice, _p in cells]
        self._blocks.append(PlainBlock.of_grid(sheet, contest, units, names, votes, list(rows), cols))
        return True

    def _counted_before(self, contest: str, precincts: Sequence[PrecinctKey], names: list[str]) -> bool:
        """Whether any (contest, unit, choice) of a block is already counted, entries or blocks,
        without making the blocks' entries."""
        keys = {(contest, precinct, choice) for precinct in precincts for choice in names}
        if not self._entries.keys().isdisjoint(keys):
            return True
        return any(
            contest in block.contest_names and not keys.isdisjoint(block.keys()) for block in self._blocks
        )

    def add_portion(
        self, where: Where, precinct: PrecinctKey, contest: str, choice: str, votes: int, party: str | None
    ) -> None:
        """A unit met again in another block of the same contest (a precinct portion with another
        ballot style): its counts are summed, with a warning naming both places."""
        key = (contest, self._precincts.get(precinct, precinct), choice)
        entry = self._tallies.get(key)
        if entry is None or entry.votes is None or entry.types is not None or entry.suppressed:
            self.add(where, precinct, contest, choice, votes, None, party)
            return
        first_sheet, first_row, first_col = entry.where
        sheet, row, col = where
        self.log.warn(
            sheet.name,
            sheet.cell(row, col),
            f"{precinct[1]!r} appears in two blocks of {contest!r} ({first_sheet.cell(first_row, first_col)} "
            f"and here): read as two portions of one precinct, {choice!r} {entry.votes} + {votes}",
        )
        entry.votes += votes

    def blank(self, where: Where, precinct: PrecinctKey, contest: str, choice: str) -> None:
        """A cell where a count belongs but none is given (blank, or a formula never calculated).

        Decided once the whole file is read (``checks.resolve_blank_cells``): ignored in a total row,
        withheld when the unit's whole contest is blank, else an error naming the cell.
        """
        self.blanks.append(BlankCell(where, precinct, contest, choice))

    def add_plain_table(
        self,
        choices: Mapping[str, Mapping[str, str | None]],
        precincts: Sequence[PrecinctKey],
        entries: dict[TallyKey, TallyEntry] | PlainBlock,
    ) -> None:
        """A whole long table of plain counts read by columns (``long_columnar``), into an empty
        builder: ``entries`` (or a block of them as columns) in row order, each key once, each a whole
        count >= 0 of a choice that passed ``plain_choice`` in a unit not named as a total (its key's
        unit one of ``precincts``); ``choices`` (with their parties) and ``precincts`` in the order
        the rows first name them: as ``add_plain`` row by row leaves them."""
        if self._entries or self._blocks or self._choices or self._precincts:
            raise ValueError("add_plain_table fills an empty builder")
        self._choices = {contest: dict(names) for contest, names in choices.items()}
        self._precincts = {key: key for key in precincts}
        if isinstance(entries, PlainBlock):
            self._blocks = [entries]
        else:
            self._entries = entries

    def _add_other(
        self,
        where: Where,
        precinct: PrecinctKey,
        contest: str,
        choice: str,
        value: int | str,
        vote_type: str | None,
        party: str | None = None,
    ) -> None:
        """A statistic, a figure from a total row, or a choice named like a total (an error)."""
        statistic = statistic_of(choice)
        if statistic is not None:
            self.add_statistic(where, contest, precinct, statistic, value)
        elif is_total_label(precinct[1]):
            known = self._choices.get(contest, {})
            if party and known.get(choice, party) not in (party, None):
                choice = f"{choice} ({party})"  # the same name for two parties: as the units are named
            # a total row with a county is that county's total: those are summed before the check
            self.add_file_total(where, contest, choice, value, county=precinct[0], vote_type=vote_type)
        elif value == SUPPRESSED:  # a unit's total withheld: nothing to check it against
            sheet, row, col = where
            self.notes.note("skipped", sheet.name, sheet.cell(row, col), f"{choice} (suppressed)")
        else:  # a unit's total over its choices (OpenElections' 'Total' candidate rows)
            sheet, row, col = where
            self.notes.note("totals", sheet.name, sheet.cell(row, col), choice)
            self._unit_totals.append((where, contest, precinct, choice, value, vote_type))  # type: ignore[arg-type]

    def _merge(
        self,
        entry: TallyEntry,
        key: tuple[str, PrecinctKey, str],
        where: Where,
        value: int,
        vote_type: str | None,
    ) -> None:
        if vote_type is None:
            if entry.types is not None:
                self._mixed(where, key)
            elif entry.votes is None:
                entry.votes = value
            else:
                self._duplicate(where, entry, key, entry.votes, value)
            return
        if entry.votes is not None and entry.types is None:
            self._mixed(where, key)
            return
        types = entry.types
        if types is None:
            types = entry.types = {}
        if vote_type in types:
            self._duplicate(where, entry, key, types[vote_type], value, vote_type)
            return
        types[vote_type] = value
        entry.votes = (entry.votes or 0) + value

    def _same_name_other_party(self, where: Where, contest: str, choice: str, party: str) -> str:
        """Two candidates of one name in different parties stay two choices, told apart by party."""
        shown = f"{choice} ({party})"
        if shown not in self._choices[contest]:
            sheet, row, col = where
            self.log.warn(
                sheet.name,
                sheet.cell(row, col),
                f"{contest!r} has {choice!r} for two parties; the {party} one is named {shown!r}",
            )
        return shown

    def _duplicate(
        self,
        where: Where,
        entry: TallyEntry,
        key: tuple[str, PrecinctKey, str],
        old: int,
        new: int,
        vote_type: str | None = None,
    ) -> None:
        sheet, row, col = where
        first_sheet, first_row, first_col = entry.where
        first = (
            f"{first_sheet.cell(first_row, first_col)}"
            if first_sheet is sheet
            else f"sheet '{first_sheet.name}' {first_sheet.cell(first_row, first_col)}"
        )
        contest, precinct, choice = key
        # a portion or a repeated copy lies in one sheet (one contest's block): across sheets the
        # same title may name two contests (a primary's parties, two questions), never portions
        if contest in self.repeats.contests and first_sheet is sheet:  # decided in ``finish``
            self.repeats.met_again(contest, precinct, (choice, vote_type), (old, entry.where), (new, where))
            return
        what = f"{choice!r} in precinct {precinct[1]!r} ({contest})" + (f", {vote_type}" if vote_type else "")
        if old == new:
            self.log.warn(
                sheet.name,
                sheet.cell(row, col),
                f"{what} appears twice with the same count {new} (first at {first}); counted once",
            )
        else:
            self.log.error(
                sheet.name,
                sheet.cell(row, col),
                f"{what} appears twice with different counts: {old} at {first} and {new} here",
            )

    def _mixed(self, where: Where, key: tuple[str, PrecinctKey, str]) -> None:
        sheet, row, col = where
        self.log.error(
            sheet.name,
            sheet.cell(row, col),
            f"{key[2]!r} in precinct {key[1][1]!r} ({key[0]}) has "
            "rows both with and without a vote type; give every row a vote type or none",
        )

    def add_statistic(
        self, where: Where, contest: str, precinct: PrecinctKey | None, statistic: str, value: int | str
    ) -> None:
        """Over/under votes, registered voters, ballots cast: contest statistics, never choices."""
        sheet, row, col = where
        if value == SUPPRESSED:
            self.log.warn(
                sheet.name, sheet.cell(row, col), f"{statistic.replace('_', ' ')} suppressed; left out"
            )
            return
        if isinstance(value, int) and value > MAX_COUNT:
            shown = statistic.replace("_", " ")
            self.log.error(sheet.name, sheet.cell(row, col), f"{shown}: {too_large_count(value)}")
            return
        unit = None if precinct is None or is_total_label(precinct[1]) else precinct
        if unit is not None:
            self._precincts.setdefault(unit, unit)
        if unit is not None and contest in self.repeats.contests and type(value) is int:
            self.repeats.statistic(contest, unit, where, statistic, value)  # a copy's are left out
        stats = self._stats.setdefault((contest, unit), {})
        # vote-type rows of a statistic add up like tallies do
        stats[statistic] = stats.get(statistic, 0) + value  # type: ignore[operator]

    def add_file_total(
        self,
        where: Where,
        contest: str,
        choice: str,
        value: int | str,
        county: str | None = None,
        vote_type: str | None = None,
    ) -> None:
        """A figure from the file's own total row, kept to check the units against.

        With a ``county``, it is that county's total in a file of several: checked against the units
        of the same county code (``BW`` of Montana's ``BW 83-11``), or those its rows close.
        """
        if value == SUPPRESSED:
            return
        if county and choice.lower().startswith("total ") and choice not in self._choices.get(contest, {}):
            # Montana: "Total Dawson" in the candidate column of a county-total row names no candidate
            sheet, row, col = where
            self.notes.note("skipped", sheet.name, sheet.cell(row, col), choice)
            return
        figures = self._file_totals.setdefault((contest, choice, vote_type), [])
        figures.append((value, where, county_code(county) if county else None))  # type: ignore[arg-type]

    # -- finishing -----------------------------------------------------------------------
    @property
    def tallies(self) -> Mapping[TallyKey, TallyEntry]:
        """The counts read so far, keyed by (contest, unit key, choice); read-only for helpers."""
        return TallyView(self)

    def rename_contests(self, renamed: Mapping[tuple[str, str | None], str]) -> None:
        """Apply ``{(contest, county): new name}`` (see ``county_contests``) to counts, choices,
        statistics, seats and suppressed cells alike."""
        if not renamed:
            return

        def new(contest: str, unit: PrecinctKey | None) -> str:
            return renamed.get((contest, unit[0] if unit else None), contest)

        tallies: dict[tuple[str, PrecinctKey, str], TallyEntry] = {}
        choices: dict[str, dict[str, str | None]] = {}
        suppressed: dict[str, list[Where]] = {}
        for (contest, precinct, choice), entry in self._tallies.items():
            name = new(contest, precinct)
            tallies[(name, precinct, choice)] = entry
            choices.setdefault(name, {})[choice] = self._choices[contest].get(choice)
            if entry.suppressed:
                suppressed.setdefault(name, []).append(entry.where)
            if name != contest and contest in self.seats:
                self.seats[name] = self.seats[contest]
        self._tallies, self._choices, self._suppressed = tallies, choices, suppressed
        self._stats = {(new(contest, unit), unit): stats for (contest, unit), stats in self._stats.items()}

    def precinct_names(self) -> dict[PrecinctKey, str]:
        """Precinct names as shown; the county is added only where a name repeats across counties."""
        counties: dict[str, set[str | None]] = {}
        for county, name in self._precincts:
            counties.setdefault(name, set()).add(county)
        return {
            (county, name): name if len(counties[name]) == 1 or county is None else f"{name} ({county})"
            for county, name in self._precincts
        }

    def finish(self, options: Mapping[str, Mapping[str, Any]] | None = None) -> ElectionResults | None:
        """The results, or None when errors were found (nothing half-built is ever returned)."""
        self._check_type_totals()
        if any(county for county, _name in self._precincts):  # only a file with counties splits contests
            self.rename_contests(county_contest_names(self.tallies, self.log))
        self._settle_repeats()
        if self.find_total_units:
            self._take_total_units(self._find_total_units())
            self._take_group_subtotals()
        self._take_total_units(self._county_labelled_total(), by_label=True)
        self._refuse_totals_named_as_units()
        self._resolve_blank_cells()
        self._refuse_implausible_counts()
        self._check_file_totals()
        self._check_unit_totals()
        self._warn_suppressed()
        self._drop_write_ins_from_questions()
        self._take_write_in_totals()
        self._warn_names_differing_in_case()
        warn_lone_sides(self.log, self._choices)  # "Yes" alone in a contest: never elected silently
        if not self.count_tallies() and not self.log.errors:
            self.log.error(None, None, NOTHING_READ)
        if self.log.errors:
            return None
        names = self.precinct_names()
        precincts = tuple(
            Precinct(names[key], key[0], looks_like_pseudo_precinct(names[key])) for key in self._precincts
        )
        contests = tuple(self._contest(name, (options or {}).get(name, {})) for name in self._choices)
        plain = Tally.plain  # a plain count of the entries: the same checks, about half the cost
        tallies = tuple(
            plain(names[precinct], contest, choice, entry.votes)  # type: ignore[arg-type]
            if entry.types is None and not entry.suppressed
            else Tally(
                names[precinct],
                contest,
                choice,
                0 if entry.suppressed else entry.votes,  # type: ignore[arg-type]
                () if entry.suppressed or entry.types is None else tuple(entry.types.items()),
                entry.suppressed,
            )
            for (contest, precinct, choice), entry in self._entries.items()
        )
        statistics = []
        for (contest, unit), stats in self._stats.items():
            if contest not in self._choices:
                self.log.warn(None, None, f"statistics for {contest!r}, which has no choices, were left out")
                continue
            statistics.append(ContestStatistics(contest, names[unit] if unit else None, **stats))
        if self._blocks:  # kept as columns, after the entries (see ``_tallies``): no object made
            return ElectionResults(
                contests, precincts, Tallies(tallies, self._plain_counts(names)), tuple(statistics)
            )
        return ElectionResults(contests, precincts, tallies, tuple(statistics))

    def _plain_counts(self, names: Mapping[PrecinctKey, str]) -> PlainCounts:
        """The blocks' counts as the results' columns: each count's (contest, choice) and unit as
        codes, the names once."""
        cell_of: dict[tuple[str, str], int] = {}
        for contest, choices in self._choices.items():
            for choice in choices:
                cell_of[(contest, choice)] = len(cell_of)
        unit_of = {key: i for i, key in enumerate(self._precincts)}
        unit_names = [names[key] for key in self._precincts]
        if all(block.grid is not None for block in self._blocks):  # contest sheets: grid by grid
            grids = map(partial(_grid, cell_of, unit_of), self._blocks)
            return PlainCounts.of_grids(tuple(cell_of), unit_names, grids)
        cells: list[int] = []
        units: list[int] = []
        votes: list[int] = []
        for block in self._blocks:
            if block.grid is not None:  # a contest sheet: each unit and choice looked up once
                (contest,) = block.contest_names
                grid_units, grid_choices = block.grid
                row = [cell_of[(contest, choice)] for choice in grid_choices]
                cells += row * len(grid_units)
                codes = map(unit_of.__getitem__, grid_units)
                units += chain.from_iterable(map(repeat, codes, repeat(len(row))))
            else:
                cells += map(cell_of.__getitem__, zip(block.contests, block.choices, strict=True))
                units += map(unit_of.__getitem__, block.units)
            votes += block.votes
        return PlainCounts(tuple(cell_of), unit_names, cells, units, votes)

    def _warn_names_differing_in_case(self) -> None:
        """``Ada`` and ``ada``, ``PRECINCT 1`` and ``Precinct 1``: kept apart as written (two
        candidates may differ only so), but never without a word, since one misspelt row would
        otherwise split a candidate's or a unit's votes silently."""
        for contest, choices in self._choices.items():
            for group in _same_but_for_case(choices):
                self.log.warn(
                    None,
                    None,
                    f"{contest!r} has choices that differ only in capitals or spacing: "
                    f"{', '.join(map(repr, group))}; each is counted as a choice of its own",
                )
        by_county: dict[str | None, list[str]] = defaultdict(list)
        for county, name in self._precincts:  # one precinct name may recur in two counties
            by_county[county].append(name)
        for group in chain.from_iterable(map(_same_but_for_case, by_county.values())):
            self.log.warn(
                None,
                None,
                f"units that differ only in capitals or spacing: {', '.join(map(repr, group))}; "
                "each is counted as a unit of its own",
            )

    def _refuse_implausible_counts(self) -> None:
        """A count past ``MAX_COUNT`` (1e20 typed as a count, a corrupt cell) is an error naming its
        cell, whichever reader let it through: it is no vote count, and past 2**63 no election file
        could even store it. Checked once here so every fast path is covered."""
        too_large: list[tuple[Where, int]] = []
        for block in self._blocks:  # an export's 2**31 - 1 placeholder too (values.EXPORT_SENTINELS)
            if block.votes and max(block.votes) >= SMALLEST_IMPLAUSIBLE:
                too_large += [
                    ((block.sheet, block.rows[i], block.cols[i]), votes)
                    for i, votes in enumerate(block.votes)
                    if votes >= SMALLEST_IMPLAUSIBLE and implausible_count(votes)
                ]
        too_large += [
            (entry.where, entry.votes)
            for entry in self._entries.values()
            if entry.votes is not None
            and entry.votes >= SMALLEST_IMPLAUSIBLE
            and implausible_count(entry.votes)
        ]
        for (sheet, row, col), votes in too_large[:20]:
            reason = implausible_count(votes) or too_large_count(votes)
            self.log.error(sheet.name, sheet.cell(row, col), reason)

    def _drop_write_ins_from_questions(self) -> None:
        """A question is decided by its two sides. Statements of votes cast print an aggregate write-in
        column ("Unresolved Write-In") under every contest, questions too; left in, it made a question a
        candidate race with the wrong recount route. It is left out, with a warning naming its votes
        when it has any (a question's total is the votes for and against it)."""
        lines: dict[tuple[str, str], list[tuple[str, PrecinctKey, str]]] = {}
        for contest, choices in self._choices.items():
            write_ins = [c for c in choices if is_write_in_line(c)]
            sides = {c: p for c, p in choices.items() if c not in write_ins}
            if write_ins and len(sides) == 2 and _kind(sides) is ContestKind.QUESTION:
                lines.update({(contest, line): [] for line in write_ins})
        if not lines:
            return
        for key in self._tallies:
            if (key[0], key[2]) in lines:
                lines[key[0], key[2]].append(key)
        for (contest, line), keys in lines.items():
            entries = [self._tallies.pop(key) for key in keys]
            del self._choices[contest][line]
            votes = sum(e.votes for e in entries if isinstance(e.votes, int) and not e.suppressed)
            if votes:
                self.log.warn(
                    None,
                    None,
                    f"question {contest!r}: the write-in line {line!r} ({votes:,} "
                    f"votes, {cell_range([e.where for e in entries])}) is not a side of the "
                    "question and was left out of it",
                )

    def _take_write_in_totals(self) -> None:
        """A write-in line labelled as a total ("SSC Council Write Ins Total" over three "SSC Council
        Write Ins" lines, in Dakota County's abstract) that equals the other write-in lines in every unit
        is the file's own total of them: checked, never counted a second time."""
        for contest, choices in self._choices.items():
            write_ins = [c for c in choices if is_write_in_line(c)]
            totals = [c for c in write_ins if re.search(r"\btotals?\b", c, re.IGNORECASE)]
            if len(totals) != 1 or len(write_ins) < 3:
                continue
            total, parts = totals[0], [c for c in write_ins if c != totals[0]]
            sums: dict[PrecinctKey, int] = {}
            cells: dict[PrecinctKey, TallyEntry] = {}
            for (name, unit, choice), entry in self._tallies.items():
                if name != contest or not isinstance(entry.votes, int):
                    continue
                if choice == total:
                    cells[unit] = entry
                elif choice in parts:
                    sums[unit] = sums.get(unit, 0) + entry.votes
            if not cells:
                continue
            if any(e.votes != sums.get(u, 0) for u, e in cells.items()):
                self.log.warn(
                    None,
                    None,
                    f"{contest!r}: the line {total!r} reads as a total of the other "
                    "write-in lines but does not equal them; it is kept as a line of its own",
                )
                continue
            for unit, entry in cells.items():
                del self._tallies[contest, unit, total]
                sheet, row, col = entry.where
                self.notes.note("totals", sheet.name, sheet.cell(row, col), total)
            del choices[total]

    def _refuse_totals_named_as_units(self) -> None:
        """A row read as a total by its sums, named as a unit of a contest read after it (Ward 1, a
        precinct of the next sheet's contest): a unit's name is no total, and the row's votes would
        be lost, so the file is refused naming both rows (a unit read before it is never taken as
        a total: ``UnitRows``)."""
        named = [
            (contest, where, label)
            for contest, where, label in self._totals_by_sums
            if self.is_unit_name(label)
        ]
        if not named:
            return
        labels = {label for _contest, _where, label in named}
        units: dict[str, tuple[str, Where]] = {}
        for (contest, (county, name), _choice), entry in self._tallies.items():
            if county is None and name in labels:
                units.setdefault(name, (contest, entry.where))
        for contest, (sheet, row, col), label in named:
            if label not in units:  # a unit with no count of its own (statistics only)
                continue
            other, (other_sheet, other_row, other_col) = units[label]
            place = other_sheet.cell(other_row, other_col)
            place += f" of sheet {other_sheet.name!r}" if other_sheet.name else ""
            self.log.error(
                sheet.name,
                sheet.cell(row, col),
                f"row {row + 1} {label!r} of {contest!r} adds up to the unit rows above it, but "
                f"{label!r} is a unit of {other!r} ({place}): "
                "a unit's name is no total, so the row cannot be read either way. Label the file's "
                "total rows 'Total', or choose the rows in the import wizard",
            )

    def _settle_repeats(self) -> None:
        """Each unit met again in a statement's contest: its rows summed as a split precinct's
        portions, or counted once as a repeated copy, as the contest's totals say (``repeats``); a
        total that no reading reconciles is a difference (an error unless accepted)."""
        by_contest: dict[str, list[RepeatedUnit]] = {}
        for repeated in self.repeats.units.values():
            by_contest.setdefault(repeated.contest, []).append(repeated)
        for contest, units in by_contest.items():
            verdict = self.repeats.verdict(contest)
            totals = self.repeats.totals.get(contest, [])
            sectioned = [
                (repeated, sections)
                for repeated in units
                if (sections := vote_type_sections(self.repeats, repeated, self.is_unit_name)) is not None
            ]
            refused = bool(sectioned) and not self._sum_sections(sectioned, verdict)
            in_sections = {id(repeated) for repeated, _sections in sectioned}
            for repeated in units:
                if id(repeated) in in_sections:
                    continue
                if self._other_groups_unit(repeated):
                    refused = True
                    continue
                summed = self.repeats.summed(repeated, verdict)
                if summed:
                    self._sum_portions(repeated)
                else:
                    self._leave_out_statistics(repeated)
                sheet, row, col = min(repeated.again[0].values(), key=lambda c: (c[1][1], c[1][2]))[1]
                message = repeat_warning(repeated, verdict, summed, totals)
                self.log.warn(sheet.name, sheet.cell(row, col), message)
            if verdict is Verdict.NEITHER and not refused:  # a refused unit's totals say nothing more
                for total in self.repeats.unfit(contest):
                    difference = TotalDifference(
                        contest,
                        total.choice,
                        total.vote_type,
                        total.where[0].name,
                        total.cell,
                        total.cells,
                        total.total,
                        total.once,
                    )
                    self._differ(difference, total_message(contest, total, units))

    def _other_groups_unit(self, repeated: RepeatedUnit) -> bool:
        """A unit met again under another subtotal: another unit of the same name, refused naming
        both groups (unless a page printed twice: the same rows under the same subtotal again)."""
        apart = self.repeats.groups_apart(repeated, self.is_unit_name)
        if apart is None:
            return False
        sheet, row, col = min(repeated.again[0].values(), key=lambda c: (c[1][1], c[1][2]))[1]
        self.log.error(sheet.name, sheet.cell(row, col), groups_message(repeated, *apart))
        return True

    def _sum_sections(self, sectioned: list[tuple[RepeatedUnit, Sections]], verdict: Verdict) -> bool:
        """Units listed again under a vote-type heading (``Absentee``): each unit's sections summed
        as its vote types when the contest's totals confirm it, said once for the contest; else
        refused naming the first unit's rows (False)."""
        first = sectioned[0][0]
        sheet, row, col = min(first.again[0].values(), key=lambda c: (c[1][1], c[1][2]))[1]
        if not all(sections_confirmed(repeated, verdict) for repeated, _sections in sectioned):
            unfit = self.repeats.unfit(first.contest) if verdict is Verdict.NEITHER else []
            self.log.error(sheet.name, sheet.cell(row, col), sections_unconfirmed(sectioned, verdict, unfit))
            return False
        for repeated, sections in sectioned:
            self._sum_portions(repeated, sections)
        totals = self.repeats.totals.get(first.contest, [])
        self.log.warn(sheet.name, sheet.cell(row, col), sections_summed(sectioned, totals))
        return True

    def _sum_portions(self, repeated: RepeatedUnit, sections: Sections | None = None) -> None:
        """Add the unit's later rows into its first ones; ``sections``: each occurrence's vote type
        (stored as the count's types when every section is headed and no column gives types)."""
        for i, occurrence in enumerate(repeated.again, start=1):
            for (choice, vote_type), (votes, _where) in occurrence.items():
                entry = self._tallies.get((repeated.contest, repeated.unit, choice))
                if entry is None:
                    continue
                if vote_type is not None and entry.types is not None:
                    entry.types[vote_type] = entry.types.get(vote_type, 0) + votes
                elif vote_type is None and sections and sections[0] and not entry.suppressed:
                    types = entry.types if entry.types is not None else {sections[0]: entry.votes or 0}
                    kind = sections[i] or ""
                    types[kind] = types.get(kind, 0) + votes
                    entry.types = types
                entry.votes = (entry.votes or 0) + votes

    def _leave_out_statistics(self, repeated: RepeatedUnit) -> None:
        """A repeated copy's statistics: counted once, as its counts are."""
        stats = self._stats.get((repeated.contest, repeated.unit))
        for _where, statistic, votes in self.repeats.statistics_again(repeated):
            if stats is not None and statistic in stats:
                stats[statistic] -= votes

    def _contest(self, name: str, option: Mapping[str, Any]) -> Contest:
        choices = self._choices[name]
        attributes = dict(option)
        attributes.setdefault("kind", _kind(choices))
        attributes.setdefault("seats", self.seats.get(name) or seats_from_name(name))
        return Contest(
            name,
            tuple(
                Choice(choice, party, aggregate_write_in=is_write_in_line(choice))
                for choice, party in choices.items()
            ),
            incomplete_precinct_data=name in self._suppressed,
            **attributes,
        )

    def _county_labelled_total(self) -> set[PrecinctKey]:
        """The one unit named as the county's total (``COUNTY``, ``CO``, ``EL PASO CO``, ``Cass County``)
        beside two or more others: the file's own total by its label, whatever its sums. Arithmetic
        alone let such a row that is one vote off be counted as a unit, doubling every count. Several
        such names are a file by county (or county totals under a county column, which the long reader
        handles): left alone."""
        named = [key for key in self._precincts if is_county_total_label(key[1])]
        if len(named) != 1 or len(self._precincts) < MIN_UNITS_FOR_SUM or self._totals_count_it():
            return set()
        return set(named)

    def _totals_count_it(self) -> bool:
        """The county-named unit was counted by a total of the file that checked out when read (an
        abstract's ``Total`` column right of a ``County`` column of votes cast county-wide): a unit,
        not the file's total (fourth review, R1)."""
        return any(
            name in self.units_in_totals for _county, name in self._precincts if is_county_total_label(name)
        )

    def _take_group_subtotals(self) -> None:
        """Ward subtotals named as units in a long table: the file's totals, checked together."""
        groups = group_subtotal_units(self._tallies, self._precincts)
        if groups:
            self._take_total_units(groups, said=subtotals_warning(groups))

    def take_total_units(self, units: set[PrecinctKey]) -> None:
        """Units a reader found to be the sum of others (a statement's total on a sheet of its own)."""
        self._take_total_units(units)

    def _take_total_units(self, units: set[PrecinctKey], by_label: bool = False, said: str = "") -> None:
        """A unit found to be the sum of the others is the file's own total: checked, never counted."""
        if not units:
            return
        for key in [k for k in self._tallies if k[1] in units]:
            entry = self._tallies.pop(key)
            if entry.votes is not None:
                self._file_totals.setdefault((key[0], key[2], None), []).append(
                    (entry.votes, entry.where, None)
                )
            sheet, row, col = entry.where
            self.notes.note("totals", sheet.name, sheet.cell(row, col), key[1][1])
        self._total_units |= units
        if said:
            self.log.warn(None, None, said)
        for unit in units:
            self._precincts.pop(unit, None)
            if said:
                continue
            self.log.warn(
                None,
                None,
                f"{unit[1]!r}"
                + (f" ({unit[0]})" if unit[0] else "")
                + (
                    " is named as the county's total: read as the file's own total, checked against the "
                    "other units and not counted"
                    if by_label
                    else " holds, in every contest, the sum "
                    "of the other units: read as the file's own total, checked and not counted"
                ),
            )
        self._stats = {k: v for k, v in self._stats.items() if k[1] not in units}

    def _resolve_blank_cells(self) -> None:
        """Blank counts: ignored in a total row; a unit whose whole contest is blank was withheld by
        the county (suppressed, like ``***``); any other blank is an error naming its cell."""
        if not self.blanks:
            return
        counted = {(contest, unit) for contest, unit, _choice in self._tallies}
        withheld = withheld_units(self.blanks, counted)
        error_values: dict[str | None, dict[str, str]] = {}
        for blank in self.blanks:
            sheet, row, col = blank.where
            ref = sheet.cell(row, col)
            errors = error_values.get(sheet.name)
            if errors is None:
                errors = error_values[sheet.name] = self._error_cells(sheet)
            if ref in errors:
                self.log.error(
                    sheet.name, ref, f"the spreadsheet error value {errors[ref]} is not a vote count"
                )
            elif is_total_label(blank.precinct[1]) or blank.precinct in self._total_units:
                self.notes.note("skipped", sheet.name, ref, f"blank total of {blank.choice}")
            elif statistic_of(blank.choice):
                self.notes.note("skipped", sheet.name, ref, f"blank {blank.choice}")
            elif (blank.contest, blank.precinct) in withheld:
                self.add(blank.where, blank.precinct, blank.contest, blank.choice, SUPPRESSED)
            else:
                self.log.error(
                    sheet.name,
                    ref,
                    f"no vote count for {blank.choice!r} in {blank.precinct[1]!r} ({blank.contest}): the "
                    "cell is blank (or a formula Excel never calculated); enter the count, 0 if none",
                )

    def _error_cells(self, sheet: Sheet) -> dict[str, str]:
        if sheet.name is None or self.source is None:
            return {}
        from recount_desktop.importers.xlsx_errors import error_cells

        return error_cells(self.source, sheet.name)

    def _warn_suppressed(self) -> None:
        for contest, cells in self._suppressed.items():
            sheet, row, col = cells[0]
            self.log.warn(
                sheet.name,
                sheet.cell(row, col),
                f"{len(cells)} suppressed count(s) in {contest!r} "
                f"(cells {cell_list(cells)}) kept as suppressed, not zero; the contest is marked as having "
                "incomplete precinct data",
            )

    def _sums(self) -> dict[tuple[str, str, str | None], int]:
        """Precinct counts summed per (contest, choice, vote type or None); suppressed cells left out.

        One pass over a statewide file's tallies: sums are gathered per contest and choice first,
        so the tuple key is built once per choice, not once per tally.
        """
        by_choice: dict[str, dict[str, list[Any]]] = {}
        plain_counts = (
            (contest, choice, entry.votes, entry.types)
            for (contest, _precinct, choice), entry in self._entries.items()
            if not entry.suppressed and entry.votes is not None
        )
        block_counts = (  # blocks kept as columns: summed without making their entries
            zip(b.contests, b.choices, b.votes, repeat(None)) for b in self._blocks
        )
        for contest, choice, votes, types in chain(plain_counts, *block_counts):
            contest_sums = by_choice.get(contest)
            if contest_sums is None:
                contest_sums = by_choice[contest] = {}
            found = contest_sums.get(choice)
            if found is None:
                found = contest_sums[choice] = [0, None]
            found[0] += votes
            if types:
                typed = found[1] if found[1] is not None else {}
                found[1] = typed
                for vote_type, count in types.items():
                    typed[vote_type] = typed.get(vote_type, 0) + count
        sums: dict[tuple[str, str, str | None], int] = {}
        for contest, contest_sums in by_choice.items():
            for choice, (votes, types) in contest_sums.items():
                sums[(contest, choice, None)] = votes
                for vote_type, typed in (types or {}).items():
                    sums[(contest, choice, vote_type)] = typed
        return sums

    def _find_total_units(self) -> set[PrecinctKey]:
        """``checks.find_total_units``; when every count is in blocks kept as columns and none is a
        nonzero half of its choice's sum (a total unit needs one: the total equals the rest), the
        answer is none, found without making the entries."""
        if self._blocks and not self._entries:
            sums = self._sums()  # no entries: the blocks' sums, read from their columns
            if not any(
                votes and 2 * votes == sums[(contest, choice, None)]
                for block in self._blocks
                for contest, choice, votes in zip(block.contests, block.choices, block.votes, strict=True)
            ):
                return set()
        return find_total_units(self._tallies)

    def _check_file_totals(self) -> None:
        """Every figure of the file's own total rows against the sum of the units it closes."""
        if not self._file_totals:
            return
        sums = self._sums()
        places = self._unit_counts_by_row()
        for (contest, choice, vote_type), figures in self._file_totals.items():
            if statistic_of(choice):
                continue
            if contest not in self._choices:  # a total row of a contest no unit row votes in
                check_orphan_total(
                    self.log,
                    self.notes,
                    (contest, choice, vote_type),
                    figures,
                    self._tallies,
                    county_code,
                    self._differ_left_out,
                )
                continue
            overall = sums.get((contest, choice, vote_type), 0)
            # counties' own totals pass together when they add up to all units (a statewide file)
            counties_sum = sum(total for total, _w, code in figures if code is not None)
            subtotals = _subtotals_of(figures, overall)
            previous: dict[int, int] = {}  # sheet -> the previous county total's row
            for total, where, code in sorted(figures, key=lambda f: f[1][1]):
                sheet, row, col = where
                self.notes.note("totals", sheet.name, sheet.cell(row, col), choice)
                if code is None:
                    if not subtotals:
                        self.check_total(where, contest, choice, vote_type, total, overall)
                    continue
                start = previous.get(id(sheet), -1)
                previous[id(sheet)] = row
                if overall in (counties_sum, total):
                    continue
                units = places.get((contest, choice, vote_type), [])
                county = [(w, v) for w, v, c in units if c == code]
                closed = _closed_run([(w, v, c) for w, v, c in units if w[0] is sheet and start < w[1] < row])
                if total in (closed, sum(v for _w, v in county)):
                    continue
                self.check_total(
                    where,
                    contest,
                    choice,
                    vote_type,
                    total,
                    sum(v for _w, v in county),
                    cell_range([w for w, _v in county]),
                )

    def _unit_counts_by_row(self) -> dict[tuple[str, str, str | None], list[tuple[Where, int, str | None]]]:
        """Unit counts with their cells and county codes, for choices with a county's own total."""
        wanted = {
            (contest, choice)
            for (contest, choice, _t), figures in self._file_totals.items()
            if any(code for _v, _w, code in figures)
        }
        found: dict[tuple[str, str, str | None], list[tuple[Where, int, str | None]]] = {}
        if not wanted:
            return found
        for (contest, unit, choice), entry in self._tallies.items():
            if (contest, choice) not in wanted or entry.suppressed or entry.votes is None:
                continue
            code = county_code(unit[0]) if unit[0] else None
            found.setdefault((contest, choice, None), []).append((entry.where, entry.votes, code))
            for vote_type, votes in (entry.types or {}).items():
                found.setdefault((contest, choice, vote_type), []).append((entry.where, votes, code))
        return found

    def check_total(
        self,
        where: Where,
        contest: str,
        choice: str,
        vote_type: str | None,
        total: int,
        units_sum: int,
        unit_cells: str | None = None,
    ) -> None:
        """One of the file's own totals against its units: equal, a shortfall the contest's
        suppressed cells explain (a warning), or a difference (an error unless accepted)."""
        if total == units_sum:
            return
        sheet, row, col = where
        cell = sheet.cell(row, col)
        units = unit_cells or cell_range(self._unit_places(contest, choice), sheet)
        what = f"{contest!r}, {choice!r}" + (f", {vote_type}" if vote_type else "")
        message = (
            f"{what}: the units ({units}) add up to {units_sum} but the file's total ({cell}) says "
            f"{total}, a difference of {total - units_sum:+d}"
        )
        if units_sum < total and contest in self._suppressed:
            self.log.warn(
                sheet.name, cell, f"{message}; the contest's suppressed cells can explain the shortfall"
            )
            return
        self._differ(
            TotalDifference(contest, choice, vote_type, sheet.name, cell, units, total, units_sum), message
        )

    def _differ(self, difference: TotalDifference, message: str, when_accepted: str = "") -> None:
        """A total the units do not add up to: kept for the audit log, and an error unless the user
        accepted differences (then a warning ending with ``when_accepted``)."""
        self.differences.append(difference)
        sheet, cell = difference.sheet, difference.total_cell
        if self.accept_differences:
            self.log.warn(sheet, cell, f"{message}; accepted (--accept-differences){when_accepted}")
        else:
            self.log.error(
                sheet,
                cell,
                f"{message}. Correct the file, or accept the difference explicitly (import "
                "--accept-differences); it is then recorded in the audit log",
            )

    def _differ_left_out(self, difference: TotalDifference, message: str) -> None:
        """A file total with no units at all: accepted, it is left out (nothing to store it as)."""
        self._differ(difference, message, ", so it is left out")

    def _check_unit_totals(self) -> None:
        """Each unit's own total (a choice named like a total, in a unit's rows) against the sum of
        the unit's choices in the contest. A shortfall the unit's suppressed cells can explain is a
        warning; any other difference is an error unless accepted, as for the file's totals."""
        if not self._unit_totals:
            return
        sums: dict[tuple[str, PrecinctKey, str | None], list[Any]] = {}  # [votes, cells, suppressed]
        for (contest, unit, _choice), entry in self._tallies.items():
            for vote_type, votes in [(None, entry.votes), *(entry.types or {}).items()]:
                found = sums.setdefault((contest, unit, vote_type), [0, [], False])
                found[0] += votes or 0
                found[1].append(entry.where)
                found[2] = found[2] or entry.suppressed
        for where, contest, unit, label, total, vote_type in self._unit_totals:
            votes, places, suppressed = sums.get((contest, unit, vote_type), [0, [], False])
            if votes == total:
                continue
            sheet, row, col = where
            cell = sheet.cell(row, col)
            units = cell_range(places, sheet)
            message = (
                f"{label!r} of {unit[1]!r} in {contest!r}, named like a total, is read as the unit's "
                f"total: its choices ({units}) add up to {votes} but the file's total ({cell}) says "
                f"{total}, a difference of {total - votes:+d}"
            )
            if votes < total and suppressed:
                self.log.warn(sheet.name, cell, f"{message}; the unit's suppressed cells can explain it")
                continue
            self._differ(
                TotalDifference(contest, label, vote_type, sheet.name, cell, units, total, votes), message
            )

    def _unit_places(self, contest: str, choice: str) -> list[Where]:
        return [e.where for (c, _u, ch), e in self._tallies.items() if c == contest and ch == choice]
