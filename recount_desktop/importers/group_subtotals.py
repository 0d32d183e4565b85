"""A long table's ward subtotals named as units (``Ward 1``, ``Ward 2`` rows after the precincts
of each candidate): the group-named units together hold, for every contest and choice, the sum of
the other units. Read as units they counted every vote twice, exit 0 (fourth review, W3). Which
precincts each ward closes a long table cannot say, so they are taken as subtotals together, the
file's own totals, checked as a whole and warned of, never counted."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Protocol

PrecinctKey = tuple[str | None, str]
# a group of units: a ward, a district, a city or township (as ``unit_rows``' group names)
_GROUP_NAME = re.compile(r"^(ward|district|dist\.|city|town|township|village|borough)\b", re.IGNORECASE)


class _Entry(Protocol):
    votes: int | None
    suppressed: bool


def group_subtotal_units(
    tallies: Mapping[tuple[str, PrecinctKey, str], _Entry], precincts: Mapping[PrecinctKey, object]
) -> set[PrecinctKey]:
    """The two or more group-named units whose counts, summed, equal the other units' sums for every
    contest and choice with votes (and which leave other units to close); empty otherwise."""
    groups = {key for key in precincts if key[0] is None and _GROUP_NAME.match(key[1])}
    if len(groups) < 2 or len(precincts) - len(groups) < 2:
        return set()
    in_groups: dict[tuple[str, str], int] = {}
    others: dict[tuple[str, str], int] = {}
    for (contest, unit, choice), entry in tallies.items():
        if entry.suppressed or entry.votes is None:
            return set()  # a count not known: the sums cannot tell
        sums = in_groups if unit in groups else others
        sums[contest, choice] = sums.get((contest, choice), 0) + entry.votes
    if in_groups != others or not any(others.values()):
        return set()
    return groups


def subtotals_warning(groups: set[PrecinctKey]) -> str:
    names = ", ".join(repr(name) for _county, name in sorted(groups, key=lambda key: key[1]))
    return (
        f"the units {names} together hold, in every contest and for every choice, the sum of the "
        "other units: read as subtotals of groups of units (the file's own totals, checked together "
        "and not counted). If they are units, rename them or choose the rows in the import wizard"
    )
