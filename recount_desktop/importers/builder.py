"""Collect counts cell by cell, then make one validated ``ElectionResults`` (or nothing).

Every layout reader feeds the same builder, so duplicates, statistics, suppressed cells and the
check against the file's own total rows behave the same whatever the county's export looks like.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from recount_desktop.domain import Choice, Contest, ContestStatistics, ElectionResults, Precinct, Tally
from recount_desktop.domain.records import (
    ContestKind,
    default_kind,
    looks_like_pseudo_precinct,
    seats_from_name,
)
from recount_desktop.importers.county_contests import split_county_contests
from recount_desktop.importers.problems import ImportCancelled, ProblemLog
from recount_desktop.importers.source import Sheet
from recount_desktop.importers.values import (
    SUPPRESSED,
    CountError,
    clean_name,
    is_total_label,
    parse_count,
    statistic_of,
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


class Names(dict[object, str]):
    """Cleaned names, cached: a statewide file repeats the same few thousand names a million times."""

    def __missing__(self, raw: object) -> str:
        name = self[raw] = clean_name(raw) if raw is not None else ""
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


class ResultsBuilder:
    """Accumulates tallies, statistics and total-row figures for one file."""

    def __init__(self, log: ProblemLog, source: Path | None = None) -> None:
        self.log = log
        self.source = source  # the file, for the rare look at raw cells (Excel error values)
        # (contest, precinct key, choice) -> [votes | None, {vote type: votes} | None, suppressed, where]
        self._tallies: dict[tuple[str, PrecinctKey, str], list[Any]] = {}
        self._choices: dict[str, dict[str, str | None]] = {}
        self._precincts: dict[PrecinctKey, PrecinctKey] = {}
        self._stats: dict[tuple[str, PrecinctKey | None], dict[str, int]] = {}
        self._file_totals: dict[tuple[str, str, str | None], list[tuple[int, Where]]] = {}
        self._partial_totals: dict[tuple[str, str, str | None], list[Any]] = {}  # summed county-total rows
        self._suppressed: dict[str, list[Where]] = {}
        self.seats: dict[str, int] = {}  # from a "(Vote For N)" found outside the contest name
        self.names = Names()
        self._plain_choices: dict[str, bool] = {}

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
            self._add_other(where, precinct, contest, choice, value, vote_type)
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
                self._tallies[key] = [value, None, False, where]
                return
            entry = self._tallies[key] = [None, None, False, where]
        if value == SUPPRESSED:
            entry[2] = True
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
        self._tallies[key] = [votes, None, False, where]

    def _add_other(
        self,
        where: Where,
        precinct: PrecinctKey,
        contest: str,
        choice: str,
        value: int | str,
        vote_type: str | None,
    ) -> None:
        """A statistic, a figure from a total row, or a choice named like a total (an error)."""
        statistic = statistic_of(choice)
        if statistic is not None:
            self.add_statistic(where, contest, precinct, statistic, value)
        elif is_total_label(precinct[1]):
            # a total row with a county is that county's total: those are summed before the check
            self.add_file_total(
                where, contest, choice, value, partial=precinct[0] is not None, vote_type=vote_type
            )
        else:
            sheet, row, col = where
            self.log.error(
                sheet.name,
                sheet.cell(row, col),
                f"the choice {choice!r} in {contest!r} is named "
                "like a total; a total is not a choice: remove the row or rename the choice",
            )

    def _merge(
        self,
        entry: list[Any],
        key: tuple[str, PrecinctKey, str],
        where: Where,
        value: int,
        vote_type: str | None,
    ) -> None:
        if vote_type is None:
            if entry[1] is not None:
                self._mixed(where, key)
            elif entry[0] is None:
                entry[0] = value
            else:
                self._duplicate(where, entry, key, entry[0], value)
            return
        if entry[0] is not None and entry[1] is None:
            self._mixed(where, key)
            return
        types = entry[1]
        if types is None:
            types = entry[1] = {}
        if vote_type in types:
            self._duplicate(where, entry, key, types[vote_type], value, vote_type)
            return
        types[vote_type] = value
        entry[0] = (entry[0] or 0) + value

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
        entry: list[Any],
        key: tuple[str, PrecinctKey, str],
        old: int,
        new: int,
        vote_type: str | None = None,
    ) -> None:
        sheet, row, col = where
        first_sheet, first_row, first_col = entry[3]
        first = (
            f"{first_sheet.cell(first_row, first_col)}"
            if first_sheet is sheet
            else f"sheet '{first_sheet.name}' {first_sheet.cell(first_row, first_col)}"
        )
        contest, precinct, choice = key
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
        unit = None if precinct is None or is_total_label(precinct[1]) else precinct
        if unit is not None:
            self._precincts.setdefault(unit, unit)
        stats = self._stats.setdefault((contest, unit), {})
        # vote-type rows of a statistic add up like tallies do
        stats[statistic] = stats.get(statistic, 0) + value  # type: ignore[operator]

    def add_file_total(
        self,
        where: Where,
        contest: str,
        choice: str,
        value: int | str,
        partial: bool = False,
        vote_type: str | None = None,
    ) -> None:
        """A figure from the file's own total row, kept to check the precinct rows against."""
        if value == SUPPRESSED:
            return
        if partial:
            self._partial_totals.setdefault((contest, choice, vote_type), [0, where])[0] += value
        else:
            self._file_totals.setdefault((contest, choice, vote_type), []).append((value, where))  # type: ignore[arg-type]

    # -- finishing -----------------------------------------------------------------------
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
        split_county_contests(self)
        self._check_file_totals()
        self._warn_suppressed()
        if self.log.errors:
            return None
        names = self.precinct_names()
        precincts = tuple(
            Precinct(names[key], key[0], looks_like_pseudo_precinct(names[key])) for key in self._precincts
        )
        contests = tuple(self._contest(name, (options or {}).get(name, {})) for name in self._choices)
        tallies = tuple(
            [
                Tally(names[precinct], contest, choice, entry[0])
                if entry[1] is None and not entry[2]  # a plain count: most of a statewide file
                else Tally(
                    names[precinct],
                    contest,
                    choice,
                    0 if entry[2] else entry[0],
                    () if entry[2] or entry[1] is None else tuple(entry[1].items()),
                    entry[2],
                )
                for (contest, precinct, choice), entry in self._tallies.items()
            ]
        )
        statistics = []
        for (contest, unit), stats in self._stats.items():
            if contest not in self._choices:
                self.log.warn(None, None, f"statistics for {contest!r}, which has no choices, were left out")
                continue
            statistics.append(ContestStatistics(contest, names[unit] if unit else None, **stats))
        return ElectionResults(contests, precincts, tallies, tuple(statistics))

    def _contest(self, name: str, option: Mapping[str, Any]) -> Contest:
        choices = self._choices[name]
        attributes = dict(option)
        attributes.setdefault("kind", _kind(choices))
        attributes.setdefault("seats", self.seats.get(name) or seats_from_name(name))
        return Contest(
            name,
            tuple(Choice(choice, party) for choice, party in choices.items()),
            incomplete_precinct_data=name in self._suppressed,
            **attributes,
        )

    def _warn_suppressed(self) -> None:
        for contest, cells in self._suppressed.items():
            sheet, row, col = cells[0]
            shown = ", ".join(s.cell(r, c) for s, r, c in cells[:10]) + (" ..." if len(cells) > 10 else "")
            self.log.warn(
                sheet.name,
                sheet.cell(row, col),
                f"{len(cells)} suppressed count(s) in {contest!r} "
                f"(cells {shown}) kept as suppressed, not zero; the contest is marked as having "
                "incomplete precinct data",
            )

    def _sums(self) -> dict[tuple[str, str, str | None], int]:
        """Precinct counts summed per (contest, choice, vote type or None); suppressed cells left out.

        One pass over a statewide file's tallies: sums are gathered per contest and choice first,
        so the tuple key is built once per choice, not once per tally.
        """
        by_choice: dict[str, dict[str, list[Any]]] = {}
        for (contest, _precinct, choice), entry in self._tallies.items():
            if entry[2] or entry[0] is None:
                continue
            contest_sums = by_choice.get(contest)
            if contest_sums is None:
                contest_sums = by_choice[contest] = {}
            found = contest_sums.get(choice)
            if found is None:
                found = contest_sums[choice] = [0, None]
            found[0] += entry[0]
            if entry[1]:
                types = found[1] if found[1] is not None else {}
                found[1] = types
                for vote_type, votes in entry[1].items():
                    types[vote_type] = types.get(vote_type, 0) + votes
        sums: dict[tuple[str, str, str | None], int] = {}
        for contest, contest_sums in by_choice.items():
            for choice, (votes, types) in contest_sums.items():
                sums[(contest, choice, None)] = votes
                for vote_type, typed in (types or {}).items():
                    sums[(contest, choice, vote_type)] = typed
        return sums

    def _check_file_totals(self) -> None:
        """Each difference between the precinct rows and the file's own total row is a warning."""
        for key, (value, where) in self._partial_totals.items():
            self._file_totals.setdefault(key, []).append((value, where))
        self._partial_totals = {}
        if not self._file_totals:
            return
        sums = self._sums()
        for (contest, choice, vote_type), figures in self._file_totals.items():
            if statistic_of(choice) or contest not in self._choices:
                continue
            what = f"{contest!r}, {choice!r}" + (f", {vote_type}" if vote_type else "")
            for total, (sheet, row, col) in figures:
                found = sums.get((contest, choice, vote_type), 0)
                if found != total:
                    self.log.warn(
                        sheet.name,
                        sheet.cell(row, col),
                        f"{what}: the precinct rows add up to {found} but the file's total row says {total}",
                    )
