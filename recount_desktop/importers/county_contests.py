"""One contest name, several counties: one contest across county lines, or one contest per county?

A statewide long file (Oklahoma's) names contests without their county. A city council race that
crosses a county line is one contest with the same candidates on both sides; two counties' own
"COUNTY COMMISSIONER DISTRICT NO. 1" races are two contests with different candidates. So a name
found in several counties is split into ``NAME (COUNTY)`` contests when it is a county office or
when no choice appears in more than one county; otherwise it stays one contest. A question held
under one bare name in several counties cannot be told apart by its choices: that is a warning.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from recount_desktop.importers.builder import ResultsBuilder

# a question named without its place ("PROPOSITION", "PROPOSITION NO. 2")
_BARE_QUESTION = re.compile(
    r"^(PROPOSITION|QUESTION|MEASURE|AMENDMENT|ISSUE)(\s+(NO\.?\s*)?[\w-]+)?$", re.IGNORECASE
)


def split_county_contests(builder: ResultsBuilder) -> None:
    """Rename the builder's per-county contests in place (a no-op for files without counties)."""
    if not any(county for county, _ in builder._precincts):
        return
    by_county: dict[str, dict[str | None, set[str]]] = {}
    for contest, (county, _precinct), choice in builder._tallies:
        by_county.setdefault(contest, {}).setdefault(county, set()).add(choice)
    split = {
        contest
        for contest, counties in by_county.items()
        if len(counties) > 1 and _separate(contest, counties)
    }
    for contest, counties in by_county.items():
        if len(counties) > 1 and contest not in split and _BARE_QUESTION.match(contest):
            builder.log.warn(
                None,
                None,
                f"{contest!r} is voted on in {len(counties)} counties "
                f"({', '.join(sorted(c or '-' for c in counties))}) and kept as one contest; "
                "if each county's is a question of its own, give each a name of its own",
            )
    if split:
        _rename(builder, split)
        for contest in sorted(split):
            shown = sorted(c or "-" for c in by_county[contest])
            builder.log.warn(
                None,
                None,
                f"{contest!r} appears in {len(shown)} counties ({', '.join(shown)}) "
                "with different choices, so each county's is its own contest, named "
                f"'{contest} (COUNTY)'",
            )


def _separate(contest: str, counties: dict[str | None, set[str]]) -> bool:
    if contest.upper().startswith("COUNTY "):
        return True
    seen: set[str] = set()
    for choices in counties.values():
        if seen & choices:
            return False
        seen |= choices
    return True


def _rename(builder: ResultsBuilder, split: set[str]) -> None:
    def renamed(contest: str, county: str | None) -> str:
        return f"{contest} ({county})" if contest in split and county else contest

    tallies: dict[Any, list[Any]] = {}
    choices: dict[str, dict[str, str | None]] = {}
    for (contest, precinct, choice), entry in builder._tallies.items():
        name = renamed(contest, precinct[0])
        tallies[(name, precinct, choice)] = entry
        choices.setdefault(name, {})[choice] = builder._choices[contest].get(choice)
        if entry[2] and name != contest:
            builder._suppressed.setdefault(name, []).append(entry[3])
        if name != contest and contest in builder.seats:
            builder.seats[name] = builder.seats[contest]
    builder._tallies = tallies
    builder._choices = choices
    builder._stats = {
        (renamed(contest, unit[0] if unit else None), unit): stats
        for (contest, unit), stats in builder._stats.items()
    }
    for contest in split:
        builder._suppressed.pop(contest, None)
