"""What the window shows, read from the election file in one go after every change.

The GUI adds no election logic: the findings come from the same rules engine and the same settings
the ``analyze`` command uses, so the window and the command line can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from recount_desktop.cli.cmd_analyze import waivers_from_settings
from recount_desktop.domain import Election, ElectionResults
from recount_desktop.domain.rules import (
    ContestAnalysis,
    ReadingSettings,
    RecountStatus,
    analyze_election,
    load_rules,
)
from recount_desktop.recount.scope import RecountScope, ScopeProgress, all_scopes, recount_progress
from recount_desktop.store import ElectionFile


@dataclass(frozen=True)
class Snapshot:
    election: Election
    results: ElectionResults
    settings: dict[str, str]
    readings: ReadingSettings
    analyses: dict[str, ContestAnalysis]
    scopes: dict[str, RecountScope] = field(default_factory=dict)
    progress: dict[str, ScopeProgress] = field(default_factory=dict)
    problem: str | None = None  # why the findings could not be computed (a bad stored setting)

    def strongest_status(self, contest: str) -> RecountStatus | None:
        """The contest's badge: the strongest claim any losing candidate has to a recount."""
        analysis = self.analyses.get(contest)
        if analysis is None or not analysis.findings:
            return None
        return max((f.recount for f in analysis.findings), key=lambda s: s.strength)


def take_snapshot(store: ElectionFile) -> Snapshot:
    election, results, settings = store.election(), store.results(), store.settings()
    problem = None
    try:
        readings = ReadingSettings.from_mapping(settings)
    except ValueError as error:
        readings, problem = ReadingSettings(), f"a stored reading setting is refused ({error}); defaults used"
    analyses = {
        a.contest: a
        for a in analyze_election(load_rules(election.state), election, results, readings,
                                  waivers_from_settings(settings))
    }
    scopes = {s.contest: s for s in all_scopes(store)}
    progress = {name: recount_progress(store, name) for name in scopes}
    return Snapshot(election, results, settings, readings, analyses, scopes, progress, problem)
