"""The election's records: immutable, exact (vote counts are ``int``, ratios ``Fraction``).

Everything the importers produce, the store keeps, the rules engine reads and the report prints
is one of these. Validation happens at construction so a bad record cannot exist.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from fractions import Fraction
from functools import cached_property, lru_cache
from itertools import chain, islice, repeat
from operator import add, lt
from typing import overload


class State(StrEnum):
    NE = "NE"
    CO = "CO"
    OK = "OK"
    MT = "MT"
    UT = "UT"


STATE_NAMES = {
    State.NE: "Nebraska",
    State.CO: "Colorado",
    State.OK: "Oklahoma",
    State.MT: "Montana",
    State.UT: "Utah",
}


class ContestKind(StrEnum):
    CANDIDATE = "candidate"
    QUESTION = "question"


class Scope(StrEnum):
    PRECINCT = "precinct"
    COUNTY = "county"
    MUNICIPAL = "municipal"
    LOCAL_DISTRICT = "local_district"
    SCHOOL_DISTRICT = "school_district"
    MULTI_COUNTY = "multi_county"
    LEGISLATIVE = "legislative"
    JUDICIAL_DISTRICT = "judicial_district"
    CONGRESSIONAL = "congressional"
    STATEWIDE = "statewide"


class ElectionType(StrEnum):
    GENERAL = "general"
    PRIMARY = "primary"
    MUNICIPAL_PRIMARY = "municipal_primary"
    MUNICIPAL_GENERAL = "municipal_general"
    LOCAL_DISTRICT = "local_district"
    SPECIAL = "special"


class VotingMethod(StrEnum):
    PLURALITY = "plurality"
    IRV = "irv"


class MeasureType(StrEnum):
    STATUTORY = "statutory"
    CONSTITUTIONAL = "constitutional"


class FiledWith(StrEnum):
    SOS = "sos"
    COUNTY = "county"


def _require_count(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be a whole number, not {value!r}")
    if value < 0:
        raise ValueError(f"{what} must not be negative, not {value}")


def _require_name(value: object, what: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} must be a non-empty name, not {value!r}")


@dataclass(frozen=True)
class Approval:
    """How a question passes: a simple majority, a fraction of the votes, or a fixed count of yes votes.

    ``required_votes`` is the number "required for approval" that some statutes take as given
    (RULES.md OK-6: it comes from the law authorizing the question, so it is an input).
    """

    rule: str = "majority"  # "majority" | "fraction" | "required"
    fraction: Fraction | None = None
    required_votes: int | None = None

    def __post_init__(self) -> None:
        if self.rule == "majority":
            if self.fraction is not None or self.required_votes is not None:
                raise ValueError("a majority approval takes no fraction or vote count")
        elif self.rule == "fraction":
            if self.fraction is None or not Fraction(0) < self.fraction < Fraction(1):
                raise ValueError(f"an approval fraction must lie between 0 and 1, not {self.fraction}")
        elif self.rule == "required":
            if self.required_votes is None:
                raise ValueError("a required-votes approval needs the number of votes")
            _require_count(self.required_votes, "votes required for approval")
        else:
            raise ValueError(f"unknown approval rule {self.rule!r}")

    @classmethod
    def parse(cls, text: str) -> Approval:
        """Read ``majority``, a fraction such as ``3/5`` or ``60%``, or ``required:N``."""
        raw = " ".join(str(text).split()).lower()
        if raw in ("", "majority", "simple majority"):
            return cls()
        if raw.startswith("required:"):
            number = raw.removeprefix("required:").strip().replace(",", "")
            if not number.isdigit():
                raise ValueError(f"'required:' must be followed by a whole number of votes, not {text!r}")
            return cls(rule="required", required_votes=int(number))
        match = re.fullmatch(r"(\d+)\s*/\s*(\d+)", raw) or re.fullmatch(r"(\d+(?:\.\d+)?)\s*%", raw)
        if match is None:
            raise ValueError(
                f"approval must be 'majority', a fraction like '3/5' or 'required:N', not {text!r}"
            )
        if raw.endswith("%"):
            value = Fraction(match.group(1)) / 100
        else:
            denominator = int(match.group(2))
            if denominator == 0:
                raise ValueError(f"approval fraction {text!r} divides by zero")
            value = Fraction(int(match.group(1)), denominator)
        return cls(rule="fraction", fraction=value)

    def to_text(self) -> str:
        if self.rule == "fraction":
            assert self.fraction is not None
            return f"{self.fraction.numerator}/{self.fraction.denominator}"
        if self.rule == "required":
            return f"required:{self.required_votes}"
        return "majority"


@dataclass(frozen=True)
class BoardMember:
    name: str
    title: str = ""

    def __post_init__(self) -> None:
        _require_name(self.name, "board member name")

    @classmethod
    def parse(cls, text: str) -> BoardMember:
        """Read ``Name, Title`` as the template's Election sheet writes a board member."""
        name, _, title = str(text).partition(",")
        return cls(name=" ".join(name.split()), title=" ".join(title.split()))


@dataclass(frozen=True)
class Election:
    state: State
    jurisdiction: str
    name: str
    election_date: date
    canvass_date: date | None = None
    board_members: tuple[BoardMember, ...] = ()
    election_type: ElectionType = ElectionType.GENERAL

    def __post_init__(self) -> None:
        object.__setattr__(self, "state", State(self.state))
        object.__setattr__(self, "election_type", ElectionType(self.election_type))
        _require_name(self.jurisdiction, "jurisdiction")
        _require_name(self.name, "election name")
        if self.canvass_date is not None and self.canvass_date < self.election_date:
            raise ValueError(
                f"canvass date {self.canvass_date} is before the election date {self.election_date}"
            )

    @property
    def state_name(self) -> str:
        return STATE_NAMES[self.state]


@dataclass(frozen=True)
class Choice:
    """A candidate or a side of a question. Write-in lines are choices too (RULES.md X-1).

    ``aggregate_write_in`` marks a line that totals unnamed write-ins ("Write-in", "Unresolved Write-In"):
    the importer sets it; such a line is counted but is never a candidate who can win or lose.
    """

    name: str
    party: str | None = None
    aggregate_write_in: bool = False

    def __post_init__(self) -> None:
        _require_name(self.name, "choice name")


_QUESTION_SIDES = ({"yes", "no"}, {"for", "against"})
_VOTE_FOR = re.compile(r"\(\s*vote\s+for\s+(\d+)\s*\)", re.IGNORECASE)


def default_kind(choice_names: Iterable[str]) -> ContestKind:
    """CONTRACT.md: ``question`` when the choices are Yes/No or For/Against, else ``candidate``."""
    names = {" ".join(n.split()).lower() for n in choice_names}
    return ContestKind.QUESTION if names in _QUESTION_SIDES else ContestKind.CANDIDATE


def seats_from_name(contest_name: str) -> int:
    """CONTRACT.md: N from a "(Vote For N)" in the contest name, else 1."""
    match = _VOTE_FOR.search(contest_name)
    return int(match.group(1)) if match and int(match.group(1)) >= 1 else 1


@dataclass(frozen=True)
class Contest:
    """A race or question with every attribute of CONTRACT.md's Contests table, defaults included.

    ``election_type`` None means "the election's own type".
    """

    name: str
    choices: tuple[Choice, ...] = ()
    kind: ContestKind = ContestKind.CANDIDATE
    seats: int = 1
    scope: Scope = Scope.COUNTY
    election_type: ElectionType | None = None
    voting_method: VotingMethod = VotingMethod.PLURALITY
    approval: Approval = field(default_factory=Approval)
    measure_type: MeasureType | None = None
    filed_with: FiledWith = FiledWith.COUNTY
    runoff_possible: bool = False
    incomplete_precinct_data: bool = False

    def __post_init__(self) -> None:
        _require_name(self.name, "contest name")
        _require_count(self.seats, f"seats of {self.name!r}")
        if self.seats < 1:
            raise ValueError(f"contest {self.name!r} must have at least one seat")
        for attr, enum in (
            ("kind", ContestKind),
            ("scope", Scope),
            ("voting_method", VotingMethod),
            ("filed_with", FiledWith),
        ):
            object.__setattr__(self, attr, enum(getattr(self, attr)))
        if self.election_type is not None:
            object.__setattr__(self, "election_type", ElectionType(self.election_type))
        if self.measure_type is not None:
            object.__setattr__(self, "measure_type", MeasureType(self.measure_type))
        names = [c.name for c in self.choices]
        if len(set(names)) != len(names):
            raise ValueError(f"contest {self.name!r} lists a choice twice")

    @property
    def is_question(self) -> bool:
        return self.kind is ContestKind.QUESTION

    def choice_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.choices)

    def is_write_in_line(self, name: str) -> bool:
        """An aggregate write-in line: marked at import, else recognised by its name (a fallback for files
        imported before the mark existed)."""
        for choice in self.choices:
            if choice.name == name:
                return choice.aggregate_write_in or is_aggregate_write_in(name)
        return is_aggregate_write_in(name)

    def party_of(self, name: str) -> str | None:
        for choice in self.choices:
            if choice.name == name:
                return choice.party.strip() if choice.party and choice.party.strip() else None
        return None


_UNNAMED = (
    r"(?:unresolved|unqualified|unassigned|not assigned|non-?valid|invalid|uncertified|scatter(?:ed|ing))"
)
_WRITE_IN = re.compile(
    rf"^(?:{_UNNAMED} )?write[ -]?ins?(?: (?:votes?(?: cast)?|totals?|candidates?))?$"  # Write-in, WRITE-INS
    rf"|^write[ -]?ins?: ?{_UNNAMED}(?: write[ -]?ins?)?$"  # Write-in: Not Assigned
    r"|^scatter(?:ed|ing)$",
    re.IGNORECASE,
)


# county abstracts name the line after the office: "President Write-Ins", "BOG At Large Write-Ins"
_OFFICE_WRITE_INS = re.compile(
    r"^[\w .'/#-]*?\s*\bwrite[ -]?ins?(?:\s+(?:provision|votes?|totals?|scatter(?:ed|ing)))?$", re.IGNORECASE
)
# "(2)": an importer's mark on a second line named like an earlier one in the same contest
_REPEAT_MARK = re.compile(r"\s*\(\d+\)$")
# what county files hang on the end of an aggregate line: "Write-ins:", "Write-In -", "Write-ins (Total)"
_DECORATION = re.compile(r"(?:\s*\((?:totals?)\)|\s*[:\-\u2013])+$", re.IGNORECASE)
# words that make the line a person who filed as a write-in candidate, never an aggregate
_CANDIDATE_WORDS = re.compile(r"\b(?:qualified|certified|declared|registered|affidavit)\b", re.IGNORECASE)


@lru_cache(maxsize=1 << 14)  # asked for every choice in every analysis; names repeat
def is_aggregate_write_in(name: str) -> bool:
    """Lines that total unnamed write-ins ("Write-in", "Unresolved Write-In", "Write-in: Not Assigned", an
    office's own "Congress Write-Ins", as the real county files spell them): counted in T, never "the
    candidate" (RULES.md X-1). A named write-in ("Write-in: Jane Doe", "Write In - Willoughby", "Jane Doe
    Qualified Write In", "Kevin Propst-Write-In Affidavit") is a candidate and keeps its finding."""
    plain = _DECORATION.sub("", _REPEAT_MARK.sub("", " ".join(name.split())))
    if _WRITE_IN.match(plain):
        return True
    return bool(_OFFICE_WRITE_INS.match(plain)) and not _CANDIDATE_WORDS.search(plain)


_DECLARED_INVALID = re.compile(r"\b(?:non-?valid|invalid)\b", re.IGNORECASE)


def is_declared_invalid_write_in(name: str) -> bool:
    """An aggregate write-in line the county's canvass itself calls invalid ("Write-in: NON-VALID
    WRITE-IN", "Invalid Write-ins"): its votes were cast for no candidate, like an overvote, so they are
    never in the contest's total votes, whatever the aggregate write-in reading says (RULES.md X-1)."""
    return bool(_DECLARED_INVALID.search(name)) and is_aggregate_write_in(name)


_PSEUDO_WORDS = ("absentee", "early", "provisional", "mail", "resident", "uocava", "overseas")


def looks_like_pseudo_precinct(name: str) -> bool:
    """Counting groups that are not geographic precincts (e.g. "Absentee/Early", "Provisional")."""
    lowered = name.lower()
    return any(word in lowered for word in _PSEUDO_WORDS)


@dataclass(frozen=True)
class Precinct:
    name: str
    county: str | None = None
    pseudo: bool = False

    def __post_init__(self) -> None:
        _require_name(self.name, "precinct name")


@dataclass(frozen=True)
class Device:
    """A voting device (tabulator) whose ballots can be retabulated as one unit."""

    name: str
    precinct: str | None = None

    def __post_init__(self) -> None:
        _require_name(self.name, "device name")


@dataclass(frozen=True, slots=True)
class Tally:
    """Votes for one choice in one precinct, with an optional breakdown by vote type.

    A suppressed cell (e.g. ``***`` in a published file) is kept as suppressed, never as zero;
    its ``votes`` is 0 and the contest is marked as having incomplete precinct data.
    """

    precinct: str
    contest: str
    choice: str
    votes: int
    vote_types: tuple[tuple[str, int], ...] = ()
    suppressed: bool = False

    def __post_init__(self) -> None:
        votes = self.votes
        # Fast path for the common case; a state-wide import builds close to a million of these.
        if type(votes) is int and votes >= 0 and not self.vote_types and not self.suppressed:
            return
        where = f"votes for {self.choice!r} in {self.precinct!r} ({self.contest})"
        _require_count(self.votes, where)
        for vote_type, count in self.vote_types:
            _require_name(vote_type, "vote type")
            _require_count(count, f"{where}, {vote_type}")
        if self.vote_types and not self.suppressed and sum(c for _, c in self.vote_types) != self.votes:
            raise ValueError(f"{where}: the vote types do not add up to {self.votes}")
        if self.suppressed and self.votes != 0:
            raise ValueError(f"{where}: a suppressed cell carries no count")

    @classmethod
    def plain(cls, precinct: str, contest: str, choice: str, votes: int) -> Tally:
        """``Tally(precinct, contest, choice, votes)`` for a plain count, built about twice as fast.

        An import builds close to a million of these; the dataclass constructor's six
        ``object.__setattr__`` calls are most of its cost. The check is the constructor's own fast
        path (a whole count >= 0, no vote types, not suppressed); anything else takes the constructor.
        """
        if type(votes) is not int or votes < 0:
            return cls(precinct, contest, choice, votes)
        tally = cls.__new__(cls)
        _SET_PRECINCT(tally, precinct)
        _SET_CONTEST(tally, contest)
        _SET_CHOICE(tally, choice)
        _SET_VOTES(tally, votes)
        _SET_VOTE_TYPES(tally, ())
        _SET_SUPPRESSED(tally, False)
        return tally


# Tally.plain sets the slots through their own descriptors (a frozen dataclass refuses plain
# assignment); tests/domain/test_tally_plain.py checks that these are all of Tally's fields.
PLAIN_FIELDS = ("precinct", "contest", "choice", "votes", "vote_types", "suppressed")
_SET_PRECINCT, _SET_CONTEST, _SET_CHOICE, _SET_VOTES, _SET_VOTE_TYPES, _SET_SUPPRESSED = (
    Tally.__dict__[name].__set__ for name in PLAIN_FIELDS
)


@dataclass(frozen=True)
class ContestStatistics:
    """Registered voters, ballots cast, over and under votes: per precinct, or contest-wide (None)."""

    contest: str
    precinct: str | None = None
    registered_voters: int | None = None
    ballots_cast: int | None = None
    over_votes: int | None = None
    under_votes: int | None = None

    def __post_init__(self) -> None:
        for attr in ("registered_voters", "ballots_cast", "over_votes", "under_votes"):
            value = getattr(self, attr)
            if value is not None:
                _require_count(value, f"{attr.replace('_', ' ')} of {self.contest!r}")


Grid = tuple[Sequence[int], Sequence[int], Sequence[int]]  # cell codes, precinct codes, votes


class PlainCounts:
    """Plain counts (a whole count >= 0, not suppressed, no vote types) kept as columns: an import
    reads close to a million of them, and a ``Tally`` object each costs more than the rest of the
    import's work on them. Count ``i`` is ``votes[i]`` for ``cells[cell_codes[i]]`` (contest, choice)
    in ``precinct_names[precinct_codes[i]]``; the counts keep their order.

    ``of_grids`` makes them grid by grid (a statement's contest sheets): then the per-count codes
    are made only when asked for, and the keys are known to be each once without a set of them
    when no two grids share a cell (``unique_keys``)."""

    __slots__ = ("_cell_codes", "_precinct_codes", "cells", "grids", "precinct_names", "unique_keys", "votes")

    def __init__(
        self,
        cells: Sequence[tuple[str, str]],
        precinct_names: Sequence[str],
        cell_codes: Sequence[int],
        precinct_codes: Sequence[int],
        votes: Sequence[int],
    ) -> None:
        self.cells = tuple(cells)
        self.precinct_names = tuple(precinct_names)
        self._cell_codes: Sequence[int] | None = cell_codes
        self._precinct_codes: Sequence[int] | None = precinct_codes
        self.votes = votes
        self.grids: tuple[Grid, ...] | None = None
        self.unique_keys = False
        if not len(cell_codes) == len(precinct_codes) == len(votes):
            raise ValueError("plain counts need a cell, a precinct and votes for every count")
        self._names_once()
        if votes and not (
            _codes_below(cell_codes, len(self.cells))
            and _codes_below(precinct_codes, len(self.precinct_names))
        ):
            raise ValueError("a plain count's cell or precinct code is out of range")
        self._check_votes([votes])

    @classmethod
    def of_grids(
        cls, cells: Sequence[tuple[str, str]], precinct_names: Sequence[str], grids: Iterable[Grid]
    ) -> PlainCounts:
        """The counts of ``grids`` one after another, each (its columns' cell codes, its rows'
        precinct codes, its votes row by row): the counts ``PlainCounts`` would be given with each
        grid's codes repeated, with the same checks and messages."""
        counts = cls.__new__(cls)
        counts.cells = tuple(cells)
        counts.precinct_names = tuple(precinct_names)
        counts.grids = tuple(grids)
        counts._cell_codes = counts._precinct_codes = None
        if any(len(votes) != len(row) * len(units) for row, units, votes in counts.grids):
            raise ValueError("plain counts need a cell, a precinct and votes for every count")
        counts._names_once()
        used = [(row, units) for row, units, votes in counts.grids if votes]
        if not all(
            _codes_below(row, len(counts.cells)) and _codes_below(units, len(counts.precinct_names))
            for row, units in used
        ):
            raise ValueError("a plain count's cell or precinct code is out of range")
        counts.votes = list(chain.from_iterable(votes for _row, _units, votes in counts.grids))
        counts.unique_keys = _grid_keys_once(used)
        counts._check_votes([votes for _row, _units, votes in counts.grids])
        return counts

    def _names_once(self) -> None:
        if len(set(self.cells)) < len(self.cells) or len(set(self.precinct_names)) < len(self.precinct_names):
            raise ValueError("plain counts name a cell or a precinct twice")

    def _check_votes(self, parts: Sequence[Sequence[int]]) -> None:
        if any(votes and (set(map(type, votes)) != {int} or min(votes) < 0) for votes in parts):
            self._refuse_first_bad_count()

    @property
    def cell_codes(self) -> Sequence[int]:
        """Each count's cell, as an index into ``cells``."""
        if self._cell_codes is None:
            assert self.grids is not None
            codes: list[int] = []
            for row, units, _votes in self.grids:
                codes += list(row) * len(units)
            self._cell_codes = codes
        return self._cell_codes

    @property
    def precinct_codes(self) -> Sequence[int]:
        """Each count's precinct, as an index into ``precinct_names``."""
        if self._precinct_codes is None:
            assert self.grids is not None
            codes: list[int] = []
            for row, units, _votes in self.grids:
                codes += chain.from_iterable(map(repeat, units, repeat(len(row))))
            self._precinct_codes = codes
        return self._precinct_codes

    def _refuse_first_bad_count(self) -> None:
        for _tally in self.tallies():  # Tally's own message for the first count that is not plain
            pass

    def __len__(self) -> int:
        return len(self.votes)

    def tallies(self) -> Iterator[Tally]:
        """The counts as ``Tally`` objects, in order."""
        contests = [contest for contest, _choice in self.cells]
        choices = [choice for _contest, choice in self.cells]
        codes = self.cell_codes
        return map(
            Tally.plain,
            map(self.precinct_names.__getitem__, self.precinct_codes),
            map(contests.__getitem__, codes),
            map(choices.__getitem__, codes),
            self.votes,
        )

    def tally(self, index: int) -> Tally:
        """The count at ``index`` as a ``Tally``."""
        contest, choice = self.cells[self.cell_codes[index]]
        precinct = self.precinct_names[self.precinct_codes[index]]
        return Tally.plain(precinct, contest, choice, self.votes[index])

    def keys(self) -> list[int]:
        """One int per count naming its (precinct, cell): equal keys are the same tally."""
        size = len(self.cells)
        return list(map(add, map(size.__mul__, self.precinct_codes), self.cell_codes))


def _codes_below(codes: Sequence[int], size: int) -> bool:
    return set(map(type, codes)) == {int} and min(codes) >= 0 and max(codes) < size


def _grid_keys_once(grids: Sequence[tuple[Sequence[int], Sequence[int]]]) -> bool:
    """Whether grids (cell codes, precinct codes) name each (precinct, cell) once: no code twice in
    a grid, and no cell in two grids (False: not known, the keys are checked one by one)."""
    cells: set[int] = set()
    for row, units in grids:
        if len(set(row)) != len(row) or len(set(units)) != len(units) or not cells.isdisjoint(row):
            return False
        cells.update(row)
    return True


class Tallies(Sequence[Tally]):
    """Results' tallies: ``Tally`` objects, then plain counts kept as columns (``PlainCounts``).

    It is the tuple of all those tallies to every reader (length, index, slices, iteration,
    equality and hash with a tuple of the same tallies); the columns' tallies are made only when
    someone iterates or indexes past the objects, and are then kept."""

    __slots__ = ("_made", "objects", "plain")

    def __init__(self, objects: Iterable[Tally] = (), plain: PlainCounts | None = None) -> None:
        self.objects = tuple(objects)
        self.plain = plain
        self._made: tuple[Tally, ...] | None = None if plain is not None and len(plain) else self.objects

    def as_tuple(self) -> tuple[Tally, ...]:
        if self._made is None:
            assert self.plain is not None
            self._made = (*self.objects, *self.plain.tallies())
        return self._made

    def __len__(self) -> int:
        return len(self.objects) + (len(self.plain) if self.plain is not None else 0)

    @overload
    def __getitem__(self, index: int) -> Tally: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Tally, ...]: ...

    def __getitem__(self, index: int | slice) -> Tally | tuple[Tally, ...]:
        if self._made is not None:
            return self._made[index]
        if isinstance(index, slice):  # a preview's first rows: made one by one, not all
            return tuple(self[i] for i in range(len(self))[index])
        if index < 0:
            index += len(self)
        if 0 <= index < len(self.objects):
            return self.objects[index]
        if self.plain is None or not len(self.objects) <= index < len(self):
            raise IndexError("tally index out of range")
        return self.plain.tally(index - len(self.objects))

    def __iter__(self) -> Iterator[Tally]:
        return iter(self.as_tuple())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tallies):
            return self is other or self.as_tuple() == other.as_tuple()
        if isinstance(other, tuple):
            return self.as_tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __add__(self, other: object) -> tuple[Tally, ...]:
        if isinstance(other, tuple | Tallies):  # as a tuple of tallies concatenates
            return (*self.as_tuple(), *other)
        return NotImplemented

    def __radd__(self, other: object) -> tuple[Tally, ...]:
        if isinstance(other, tuple):
            return (*other, *self.as_tuple())
        return NotImplemented

    def __repr__(self) -> str:
        return f"Tallies({len(self.objects)} objects, {len(self) - len(self.objects)} plain counts)"


@dataclass(frozen=True)
class ElectionResults:
    """A whole set of precinct results: what an import produces and what the store replaces at once.

    ``tallies`` is a tuple of ``Tally`` or a ``Tallies`` (an import's plain counts kept as columns);
    any other sequence is made a tuple. Equal results compare and hash equal either way."""

    contests: tuple[Contest, ...] = ()
    precincts: tuple[Precinct, ...] = ()
    tallies: Sequence[Tally] = ()
    statistics: tuple[ContestStatistics, ...] = ()
    devices: tuple[Device, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.tallies, tuple | Tallies):
            object.__setattr__(self, "tallies", tuple(self.tallies))
        contests = {c.name: c for c in self.contests}
        if len(contests) != len(self.contests):
            raise ValueError("a contest name appears twice")
        precincts = {p.name for p in self.precincts}
        if len(precincts) != len(self.precincts):
            raise ValueError("a precinct name appears twice")
        if not self._tallies_fit(precincts):
            self._refuse_first_bad_tally(precincts)

    def _parts(self) -> tuple[Sequence[Tally], PlainCounts | None]:
        tallies = self.tallies
        if isinstance(tallies, Tallies):
            return tallies.objects, tallies.plain
        return tallies, None

    def _tallies_fit(self, precincts: set[str]) -> bool:
        """Every tally for a known contest, choice and precinct, none twice: each choice's precincts
        gathered in one pass (a statewide file has close to a million tallies; the contest is looked
        up once per run of its tallies), then checked one set per choice; plain counts kept as
        columns are checked on their codes, with no object made."""
        seen: dict[str, dict[str, list[str]]] = {
            c.name: {name: [] for name in c.choice_names()} for c in self.contests
        }
        objects, plain = self._parts()
        last: str | None = None
        per_contest: dict[str, list[str]] = {}
        for t in objects:
            contest = t.contest
            if contest is not last:
                found_contest = seen.get(contest)
                if found_contest is None:
                    return False
                per_contest, last = found_contest, contest
            found = per_contest.get(t.choice)
            if found is None:
                return False
            found.append(t.precinct)
        for per_choice in seen.values():
            for names in per_choice.values():
                unique = set(names)
                if len(unique) != len(names) or not unique <= precincts:
                    return False
        return plain is None or _plain_fit(plain, seen, precincts)

    def _refuse_first_bad_tally(self, precincts: set[str]) -> None:
        """The first tally, in order, for an unknown contest, choice or precinct, or a second one."""
        seen: dict[str, dict[str, set[str]]] = {
            c.name: {name: set() for name in c.choice_names()} for c in self.contests
        }
        for t in self.tallies:
            per_contest = seen.get(t.contest)
            seen_precincts = per_contest.get(t.choice) if per_contest is not None else None
            if seen_precincts is None:
                raise ValueError(f"tally for unknown contest or choice: {t.contest!r} / {t.choice!r}")
            if t.precinct not in precincts:
                raise ValueError(f"tally for unknown precinct {t.precinct!r}")
            if t.precinct in seen_precincts:
                raise ValueError(f"two tallies for {t.choice!r} in {t.precinct!r} ({t.contest})")
            seen_precincts.add(t.precinct)
        raise ValueError("the tallies do not match the contests and precincts")  # not reached

    def total_votes(self) -> int:
        """Every tally's votes summed (an import's summary), without making plain counts' tallies."""
        objects, plain = self._parts()
        return sum(t.votes for t in objects) + (sum(plain.votes) if plain is not None else 0)

    def suppressed_count(self) -> int:
        """How many tallies are suppressed cells (a plain count never is)."""
        objects, _plain = self._parts()
        return sum(1 for t in objects if t.suppressed)

    def votes_by_key(self) -> dict[tuple[str, str, str], int]:
        """Votes per (contest, precinct, choice) (a re-import's differences), without making plain
        counts' tallies."""
        objects, plain = self._parts()
        found = {(t.contest, t.precinct, t.choice): t.votes for t in objects}
        if plain is not None:
            contests = [contest for contest, _choice in plain.cells]
            choices = [choice for _contest, choice in plain.cells]
            keys = zip(
                map(contests.__getitem__, plain.cell_codes),
                map(plain.precinct_names.__getitem__, plain.precinct_codes),
                map(choices.__getitem__, plain.cell_codes),
                strict=True,
            )
            found.update(zip(keys, plain.votes, strict=True))
        return found

    def contest_overview(self) -> dict[str, tuple[int, int]]:
        """Per contest, in order: how many precincts have a tally in it, and its votes in all (the
        import's preview), in one pass and without making plain counts' tallies."""
        precincts: dict[str, set[str]] = {c.name: set() for c in self.contests}
        votes = dict.fromkeys(precincts, 0)
        objects, plain = self._parts()
        for t in objects:
            precincts[t.contest].add(t.precinct)
            votes[t.contest] += t.votes
        if plain is not None:
            cell_votes = [0] * len(plain.cells)
            for cell, count in zip(plain.cell_codes, plain.votes, strict=True):
                cell_votes[cell] += count
            for (contest, _choice), count in zip(plain.cells, cell_votes, strict=True):
                votes[contest] += count
            contest_names = list(votes)
            contest_of = [contest_names.index(contest) for contest, _choice in plain.cells]
            width = len(plain.precinct_names)
            keys = set(map(add, map(width.__mul__, map(contest_of.__getitem__, plain.cell_codes)),
                           plain.precinct_codes))
            for key in keys:
                precincts[contest_names[key // width]].add(plain.precinct_names[key % width])
        return {name: (len(precincts[name]), votes[name]) for name in precincts}

    def contest(self, name: str) -> Contest:
        for contest in self.contests:
            if contest.name == name:
                return contest
        raise KeyError(name)

    @cached_property
    def _by_contest(self) -> dict[str, tuple[list[Tally], list[ContestStatistics]]]:
        # One pass over the tallies for all contests: a pass per contest is quadratic on a statewide file.
        grouped: dict[str, tuple[list[Tally], list[ContestStatistics]]] = {
            c.name: ([], []) for c in self.contests
        }
        for tally in self.tallies:
            grouped[tally.contest][0].append(tally)
        for stat in self.statistics:
            grouped.setdefault(stat.contest, ([], []))[1].append(stat)
        return grouped

    def tallies_of(self, contest_name: str) -> Sequence[Tally]:
        """The tallies of one contest, in stored order."""
        return self._by_contest.get(contest_name, ((), ()))[0]

    def statistics_of(self, contest_name: str) -> Sequence[ContestStatistics]:
        return self._by_contest.get(contest_name, ((), ()))[1]

    def totals(self, contest_name: str) -> dict[str, int]:
        """Votes per choice summed over all precincts, in the contest's choice order."""
        totals = dict.fromkeys(self.contest(contest_name).choice_names(), 0)
        for tally in self.tallies_of(contest_name):
            totals[tally.choice] += tally.votes
        return totals

    def precinct_votes(self, contest_name: str) -> Mapping[str, dict[str, int]]:
        """Votes per precinct and choice for one contest (precinct order as stored)."""
        by_precinct: dict[str, dict[str, int]] = {}
        for tally in self.tallies_of(contest_name):
            by_precinct.setdefault(tally.precinct, {})[tally.choice] = tally.votes
        return by_precinct


def _plain_fit(plain: PlainCounts, seen: Mapping[str, Mapping[str, list[str]]], precincts: set[str]) -> bool:
    """Plain counts of known contests, choices and precincts, none twice among themselves or with a
    tally object (``seen``: the objects' precincts per contest and choice)."""
    # Names the columns hold but no count uses are not refused: the same tallies as objects would
    # not name them at all.
    unknown = set(plain.precinct_names) - precincts
    if unknown and any(plain.precinct_names[code] in unknown for code in set(plain.precinct_codes)):
        return False
    cells = enumerate(plain.cells)
    unknown_cells = {i for i, (contest, choice) in cells if choice not in seen.get(contest, {})}
    if unknown_cells and not unknown_cells.isdisjoint(plain.cell_codes):
        return False
    known: tuple[list[int], set[int] | None] | None = None  # the keys, made when first needed
    if not plain.unique_keys:  # counts given grid by grid say so when their keys are each once
        known = _keys_once(plain)
        if known is None:
            return False
    code_of = {name: i for i, name in enumerate(plain.precinct_names)}
    size = len(plain.cells)
    for cell, (contest, choice) in enumerate(plain.cells):
        for name in seen.get(contest, {}).get(choice, ()):  # the tally objects of the same cell
            if name not in code_of:
                continue
            known = known or _keys_once(plain)
            assert known is not None  # unique_keys: each once
            if _holds(*known, code_of[name] * size + cell):
                return False
    return True


def _keys_once(plain: PlainCounts) -> tuple[list[int], set[int] | None] | None:
    """The counts' keys and, unless they rise (a long table read precinct by precinct: each once
    without a set of 720,000 ints), their set; None when a key is held twice."""
    keys = plain.keys()
    if all(map(lt, keys, islice(keys, 1, None))):
        return keys, None
    taken = set(keys)
    return (keys, taken) if len(taken) == len(keys) else None


def _holds(keys: list[int], taken: set[int] | None, key: int) -> bool:
    """Whether ``key`` is one of ``keys``: in their set, or (rising keys) by bisection."""
    if taken is not None:
        return key in taken
    at = bisect_left(keys, key)
    return at < len(keys) and keys[at] == key
