"""One way to analyse a stored election: the window, ``analyze``, the report and the after-recount
findings all call ``analyse_stored`` (or ``analyse_results`` for a tally file), so they read the same
readings and waivers and report the same problems in the same words.

A stored reading the rule files do not know, or a value they do not allow, is a problem, not a reason
to drop the findings: that one reading falls back to its default, the others stay as the board set them,
and the problem says which reading (in words, not by its setting key) and what was used instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.domain.rules import (
    ContestAnalysis,
    ReadingSettings,
    RuleFileError,
    analyze_election,
    load_rules,
    waivers_from_settings,
)
from recount_desktop.domain.rules.settings import READING_PREFIX, WAIVER_PREFIX
from recount_desktop.store import ElectionFile


@dataclass(frozen=True)
class ElectionAnalysis:
    """The findings of every contest, the readings and waivers they rest on, and what went wrong."""

    election: Election
    results: ElectionResults
    analyses: tuple[ContestAnalysis, ...]
    readings: ReadingSettings
    waivers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    problems: tuple[str, ...] = ()

    def by_contest(self) -> dict[str, ContestAnalysis]:
        return {analysis.contest: analysis for analysis in self.analyses}


def readings_from_settings(settings: Mapping[str, str]) -> tuple[ReadingSettings, list[str]]:
    """The readings the board chose, each checked on its own; a bad one falls back to its default."""
    chosen = ReadingSettings()
    problems = []
    for key, raw in sorted(settings.items()):
        if not key.startswith(READING_PREFIX):
            continue
        value = str(raw).strip()
        try:
            chosen = chosen.with_value(key, value)
        except ValueError:
            problems.append(_reading_problem(key, value))
    return chosen, problems


def _reading_problem(key: str, value: str) -> str:
    try:
        reading = ReadingSettings.definition(key)
    except KeyError:
        return (
            "The election file holds a statutory reading this version does not know; it was ignored. "
            "Check the readings under Election set-up."
        )
    return (
        f'The election file holds a value this version does not allow for the reading "{reading.question}" '
        f"({value!r}); its default is used instead: {reading.sentence(reading.default)}"
    )


def analyse_results(
    election: Election,
    results: ElectionResults,
    settings: Mapping[str, str],
    *,
    readings: ReadingSettings | None = None,
    election_date_known: bool = True,
) -> ElectionAnalysis:
    """Analyse results under the election's stored settings (readings and Nebraska waivers).

    ``readings`` given (e.g. ``--reading`` for a tally file) replace the stored ones.
    """
    problems: list[str] = []
    if readings is None:
        readings, problems = readings_from_settings(settings)
    waivers = waivers_from_settings(settings)
    problems += _waiver_problems(results, waivers)
    try:
        rules = load_rules(election.state)
    except RuleFileError as error:
        problems.append(f"The recount rules could not be read, so no findings were made ({error}).")
        return ElectionAnalysis(election, results, (), readings, waivers, tuple(problems))
    analyses = analyze_election(
        rules, election, results, readings, waivers, election_date_known=election_date_known
    )
    return ElectionAnalysis(election, results, analyses, readings, waivers, tuple(problems))


def _waiver_problems(results: ElectionResults, waivers: Mapping[str, tuple[str, ...]]) -> list[str]:
    """A waiver that names no contest or candidate of the results cannot apply: say so, never drop it
    silently (32-1119(1))."""
    problems = []
    contests = {c.name: c for c in results.contests}
    for contest_name, names in waivers.items():
        contest = contests.get(contest_name)
        if contest is None:
            if names:
                problems.append(
                    f"A written waiver is recorded for {contest_name!r}, which is not in the results."
                )
            continue
        for name in names:
            if name not in contest.choice_names():
                problems.append(
                    f"A written waiver is recorded for {name!r} in {contest_name!r}, who is not a candidate "
                    "in the results; it does not apply."
                )
    return problems


def analyse_stored(store: ElectionFile) -> ElectionAnalysis:
    """Load a stored election and analyse it: the one loader every view of the findings uses."""
    return analyse_results(store.election(), store.results(), store.settings())


# Settings other than readings, by the words a board reads (a setting key is for the program, not the board).
_SUBSTANTIAL = "Substantial change (Neb. Rev. Stat. 32-1119(6)): more than"
SETTING_LABELS = {
    "recount.single_entry": "Tally sheets entered once (no second, blind entry)",
    "recount.allow_same_operator": "The same clerk may enter both entries of a sheet",
    "recount.substantial_change_votes": f"{_SUBSTANTIAL} this many votes",
    "recount.substantial_change_percent": f"{_SUBSTANTIAL} this % of the original count",
}


def settings_for_board(settings: Mapping[str, str]) -> list[tuple[str, str]]:
    """The election's settings as label and value for a printed page: readings are shown apart (in words),
    written waivers by contest, and any other setting by its label."""
    lines = []
    for key, value in sorted(settings.items()):
        if key.startswith(READING_PREFIX):
            continue
        if key.startswith(WAIVER_PREFIX):
            names = ", ".join(n.strip() for n in value.splitlines() if n.strip())
            lines.append((f"Written waivers filed, {key.removeprefix(WAIVER_PREFIX)}", names or "none"))
            continue
        lines.append((SETTING_LABELS.get(key, key.split(".")[-1].replace("_", " ").capitalize()), value))
    return lines
