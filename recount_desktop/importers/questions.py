"""A question's two sides where a county's export scattered them (issue 11, helper C3's check).

Shawnee County KS 2024 (openelections-sources-ks 2024/general/Shawnee/SOVC.FinalOfficial.11182024.csv)
heads a Yes/No question's two columns with two titles (``... USD 340`` over Yes, ``... USD 341``
over No): read as two one-choice contests, Yes was "elected" in one and No in the other. Kiowa
County CO 2012 (openelections-data-co 2012/20121106__co__general__kiowa__precinct.csv) gives a
question's YES / NO in the party column beside one choice name. Both are read as one question,
with a warning naming the cells; a one-choice contest whose choice is a side is never silent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from recount_desktop.importers.problems import ProblemLog

# the sides of a question as the domain knows them (domain.records.default_kind)
_SIDES = {"yes": "Yes", "no": "No", "for": "For", "against": "Against"}
_PAIRS = ({"Yes", "No"}, {"For", "Against"})
# a side as a long table's party cell spells it: looked up once per row, so exact spellings
SIDE_PARTIES = frozenset(s for word in _SIDES for s in (word, word.upper(), word.title()))
# a side named as a word anywhere in a choice's name (``For Prop 3``, ``Issue 3 - Yes``, ``Bonds -
# Against``), never ``No. 5`` or ``No 12`` (a number's abbreviation, as in ``Precinct No. 5``)
SIDE_WORD = rf"\b({'|'.join(_SIDES)})\b(?!\.?\s*#?\d)"


def side_of(name: str) -> str | None:
    """``Yes``, ``No``, ``For`` or ``Against`` for a name that is one of a question's sides."""
    return _SIDES.get(" ".join(name.split()).lower())


def are_two_sides(first: str, second: str) -> bool:
    """Two choice names that are the two sides of one question (Yes and No, For and Against)."""
    return {side_of(first), side_of(second)} in _PAIRS


def titles_split(first: str, second: str) -> bool:
    """Two titles equal but for their last word (``... USD 340`` and ``... USD 341``)."""
    a, b = first.split(), second.split()
    return len(a) == len(b) >= 2 and a[:-1] == b[:-1] and a[-1] != b[-1]


def one_side_warning(contest: str, choice: str, where: str) -> str:
    return (
        f"{contest!r} has one choice, {choice!r} ({where}), which is a side of a question: read "
        "as a contest of one choice, decided by that choice alone. If the file splits a question "
        "under two titles, give both sides one title"
    )


@dataclass
class PartySides:
    """Contests of a long table whose party cells hold a question's sides (Kiowa's YES / NO)."""

    first: dict[str, tuple[str | None, str]] = field(default_factory=dict)  # contest -> sheet, cell
    described: dict[str, str] = field(default_factory=dict)  # contest -> the choice cell's text

    def take(self, contest: str, choice: str, party: str, sheet: str | None, cell: str) -> str:
        """The side a row's party cell names, as the row's choice."""
        self.first.setdefault(contest, (sheet, cell))
        self.described.setdefault(contest, choice)
        return side_of(party) or party

    def report(self, log: ProblemLog, choices: dict[str, set[str]]) -> None:
        """A warning per contest read so; an error when the contest also holds other choices."""
        for contest, (sheet, cell) in self.first.items():
            others = sorted(c for c in choices.get(contest, set()) if side_of(c) is None)
            said = f"{contest!r}: the party column holds a question's sides ({cell})"
            if others:
                log.error(
                    sheet,
                    cell,
                    f"{said}, but the contest also has choices {', '.join(map(repr, others[:5]))}: "
                    "it cannot be read both as a question and as a race. Put the sides in the "
                    "choice column",
                )
                continue
            log.warn(
                sheet,
                cell,
                f"{said}: read as a question with those sides as its choices; the choice column's "
                f"{self.described[contest]!r} is taken as the question's description",
            )


def warn_lone_sides(log: ProblemLog, choices: Mapping[str, Mapping[str, object]]) -> None:
    """Any layout: a contest of one choice that is a side of a question ("Yes" alone, shown as
    elected) is warned of, once (a reader that named its cell has already said so)."""
    for contest, names in choices.items():
        if len(names) != 1:
            continue
        [choice] = names
        said = any(contest in w.message and "side of a question" in w.message for w in log.warnings)
        if side_of(choice) and not said:
            log.warn(None, None, one_side_warning(contest, choice, "no other choice in the file"))
