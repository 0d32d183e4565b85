"""Small builders for the rules tests: a contest from its totals, analysed under one state's rules."""

from __future__ import annotations

from datetime import date

from recount_desktop.domain import Choice, Contest, ContestKind, Election, ElectionType, State
from recount_desktop.domain.records import Approval
from recount_desktop.domain.rules import ContestAnalysis, ReadingSettings, analyze_contest, load_rules


def election(
    state: str, name: str = "General Election 2026", election_type: str = "general"
) -> Election:
    return Election(
        State(state), "Test County", name, date(2026, 11, 3), date(2026, 11, 16),
        election_type=ElectionType(election_type),
    )


def contest(totals: dict[str, int], seats: int = 1, **attrs: object) -> Contest:
    kind = (
        ContestKind.QUESTION if set(totals) in ({"Yes", "No"}, {"For", "Against"}) else ContestKind.CANDIDATE
    )
    approval = attrs.pop("approval", None)
    if isinstance(approval, str):
        attrs["approval"] = Approval.parse(approval)
    return Contest("Race", tuple(Choice(n) for n in totals), kind=kind, seats=seats, **attrs)  # type: ignore[arg-type]


def analyze(
    state: str,
    totals: dict[str, int],
    seats: int = 1,
    readings: dict[str, str] | None = None,
    waivers: tuple[str, ...] = (),
    election_name: str = "General Election 2026",
    election_type: str = "general",
    **attrs: object,
) -> ContestAnalysis:
    settings = ReadingSettings.from_mapping(readings or {})
    return analyze_contest(
        load_rules(state),
        election(state, election_name, election_type),
        contest(totals, seats, **attrs),
        totals,
        settings=settings,
        waivers=waivers,
    )


def status(state: str, totals: dict[str, int], loser: str = "B", **kwargs: object) -> str:
    return analyze(state, totals, **kwargs).finding_for(loser).recount.value  # type: ignore[arg-type]
