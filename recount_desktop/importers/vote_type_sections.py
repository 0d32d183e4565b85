"""A statement contest listing its precincts again under a vote-type heading: ``Absentee`` (or
``Early``, ``Mail``, ``Provisional``) after the polling-place rows, the same precinct names in each
section. The sections are the vote types of the same precincts, so each precinct's rows are summed
per choice, and the types stored when every section is headed, but only when the contest's own
totals confirm the sum; otherwise the file is refused naming the rows, as two units of one name
under different headings are (``repeats.groups_message``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from recount_desktop.importers.headers import VOTE_TYPE_COLUMNS, normalise_header
from recount_desktop.importers.repeats import (
    RepeatedUnit,
    Repeats,
    TotalOverRepeats,
    Verdict,
    first_cell,
)

# a section heading naming a vote type -> the type stored
SECTION_TYPES: dict[str, str] = {
    **VOTE_TYPE_COLUMNS,
    **dict.fromkeys(("absentee", "absentee votes", "absentee ballots", "absentee voting"), "Absentee"),
    **dict.fromkeys(("early voting", "early ballots", "early vote", "one stop", "advance voting"), "Early"),
    **dict.fromkeys(("mail in", "mail-in ballots", "vote by mail", "mail in ballots", "by mail"), "Mail"),
    **dict.fromkeys(
        ("election day voting", "polling place", "polling places", "election day ballots"), "Election Day"
    ),
    **dict.fromkeys(("provisionals", "provisional ballots"), "Provisional"),
}

Sections = tuple[str | None, ...]  # the type of each occurrence's section; None: the first is unheaded


def section_type(label: str) -> str | None:
    """The vote type a section heading names (``Absentee`` -> Absentee), or None."""
    return SECTION_TYPES.get(normalise_header(label))


def vote_type_sections(
    repeats: Repeats, repeated: RepeatedUnit, is_unit: Callable[[str], bool]
) -> Sections | None:
    """The vote type of each occurrence of ``repeated``, when each later one lies under a heading
    naming a vote type other than the first one's (which may have no heading); None otherwise (a
    heading such as ``City of Alma``, or none between them)."""
    sheet, first, _c = first_cell(repeated.first)
    places = [first_cell(occurrence) for occurrence in repeated.again]
    if any(where[0] is not sheet for where in places):
        return None
    headings = [
        (row, label) for row, label in repeats.headings(repeated.contest, sheet) if not is_unit(label)
    ]
    found: list[str | None] = []
    for row in [first, *(where[1] for where in places)]:
        over = [label for r, label in headings if r < row]
        kind = section_type(over[-1]) if over else None
        if over and kind is None:
            return None  # a heading of another kind: a group of other units
        found.append(kind)
    if None in found[1:] or len(set(found)) < len(found):
        return None
    return tuple(found)


def sections_confirmed(repeated: RepeatedUnit, verdict: Verdict) -> bool:
    """The contest's totals fit the sections summed (equal counts in both sections must be summed
    by the totals alone: they may be a page printed twice)."""
    return verdict is Verdict.SUMMED or (verdict is Verdict.EITHER and not repeated.same_counts)


def _units(sectioned: Sequence[tuple[RepeatedUnit, Sections]]) -> str:
    """``3 precincts ('Adams' on rows 3 and 7, 'Baker' on rows 4 and 8, ...) of 'GOVERNOR'``."""
    shown = ", ".join(f"{repeated.unit[1]!r} on {repeated.rows()}" for repeated, _s in sectioned[:3])
    more = ", ..." if len(sectioned) > 3 else ""
    count = len(sectioned)
    return f"{count} precinct{'s' if count > 1 else ''} ({shown}{more}) of {sectioned[0][0].contest!r}"


def _headings(sectioned: Sequence[tuple[RepeatedUnit, Sections]]) -> str:
    """The sections' headings in order: ``the rows before any heading, then 'Absentee'``."""
    kinds: list[str | None] = []
    for _repeated, sections in sectioned:
        kinds += [kind for kind in sections if kind not in kinds]
    return ", then ".join(repr(kind) if kind else "the rows before any heading" for kind in kinds)


def sections_summed(
    sectioned: Sequence[tuple[RepeatedUnit, Sections]], totals: Sequence[TotalOverRepeats]
) -> str:
    """The warning for a contest whose sections were summed as vote types."""
    shown = ", ".join(sorted({t.cell for t in totals}))
    unheaded = any(sections[0] is None for _r, sections in sectioned)
    types = " (the first section has no heading, so no vote types are stored)" if unheaded else ""
    return (
        f"{_units(sectioned)} appear again in the sections {_headings(sectioned)}: read as their vote "
        f"types and summed per precinct, as the file's total ({shown}) says{types}"
    )


def sections_unconfirmed(
    sectioned: Sequence[tuple[RepeatedUnit, Sections]], verdict: Verdict, unfit: Sequence[TotalOverRepeats]
) -> str:
    """The error for a contest whose sections the totals do not confirm as vote types."""
    if verdict is Verdict.NO_TOTAL:
        why = "the contest has no total row to confirm it"
        what = "Add the contest's total row"
    elif unfit:
        why = "; ".join(
            f"the file's total ({t.cell}) says {t.total}, the rows summed give {t.summed}" for t in unfit[:3]
        )
        what = "Correct the file"
    else:
        why = "their rows repeat the same counts, which may be a page printed twice"
        what = "Remove the repeated rows"
    return (
        f"{_units(sectioned)} appear again in the sections {_headings(sectioned)}: they may be the "
        f"vote types of the same precincts, but {why}, so they are not summed. {what}, or give each "
        "section's units names of their own, and import it again"
    )
