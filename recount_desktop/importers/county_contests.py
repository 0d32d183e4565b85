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
from collections.abc import Iterable, Mapping

from recount_desktop.importers.problems import ProblemLog

# a question named without its place ("PROPOSITION", "PROPOSITION NO. 2")
_BARE_QUESTION = re.compile(
    r"^(PROPOSITION|QUESTION|MEASURE|AMENDMENT|ISSUE)(\s+(NO\.?\s*)?[\w-]+)?$", re.IGNORECASE
)

TallyKey = tuple[str, tuple[str | None, str], str]


def county_contest_names(
    tallies: Iterable[TallyKey], log: ProblemLog
) -> Mapping[tuple[str, str | None], str]:
    """``{(contest, county): "CONTEST (COUNTY)"}`` for contests to split per county (empty for files
    without counties); ``ResultsBuilder.rename_contests`` applies it."""
    by_county: dict[str, dict[str | None, set[str]]] = {}
    any_county = False
    for contest, (county, _precinct), choice in tallies:
        any_county = any_county or county is not None
        by_county.setdefault(contest, {}).setdefault(county, set()).add(choice)
    if not any_county:
        return {}
    split = {
        contest
        for contest, counties in by_county.items()
        if len(counties) > 1 and _separate(contest, counties)
    }
    for contest, counties in by_county.items():
        if len(counties) > 1 and contest not in split and _BARE_QUESTION.match(contest):
            log.warn(
                None,
                None,
                f"{contest!r} is voted on in {len(counties)} counties "
                f"({', '.join(sorted(c or '-' for c in counties))}) and kept as one contest; "
                "if each county's is a question of its own, give each a name of its own",
            )
    renamed: dict[tuple[str, str | None], str] = {}
    for contest in sorted(split):
        shown = sorted(c or "-" for c in by_county[contest])
        renamed.update(
            {(contest, county): f"{contest} ({county})" for county in by_county[contest] if county}
        )
        log.warn(
            None,
            None,
            f"{contest!r} appears in {len(shown)} counties ({', '.join(shown)}) "
            "with different choices, so each county's is its own contest, named "
            f"'{contest} (COUNTY)'",
        )
    return renamed


def _separate(contest: str, counties: dict[str | None, set[str]]) -> bool:
    if contest.upper().startswith("COUNTY "):
        return True
    seen: set[str] = set()
    for choices in counties.values():
        if seen & choices:
            return False
        seen |= choices
    return True
