"""What the window shows, read from the election file in one go when the results or settings change.

The GUI adds no election logic: the findings come from the same rules engine and the same settings
the ``analyze`` command uses, so the window and the command line can never disagree. The tallies are
grouped by contest once (a state-wide file holds over half a million), so showing one contest costs
that contest's tallies, not the election's. A saved tally sheet changes only the recount progress of
its contest: ``with_progress`` updates that and keeps everything else.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from recount_desktop.domain import Election, ElectionResults, Tally
from recount_desktop.domain.rules import ContestAnalysis, ReadingSettings, RecountStatus
from recount_desktop.recount.analysis import analyse_results
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

    @cached_property
    def _tallies_by_contest(self) -> dict[str, list[Tally]]:
        grouped: dict[str, list[Tally]] = {c.name: [] for c in self.results.contests}
        for tally in self.results.tallies:
            grouped[tally.contest].append(tally)
        return grouped

    def contest_tallies(self, contest: str) -> list[Tally]:
        return self._tallies_by_contest.get(contest, [])

    def totals(self, contest: str) -> dict[str, int]:
        """Same as ``ElectionResults.totals`` without scanning the other contests' tallies."""
        totals = dict.fromkeys(self.results.contest(contest).choice_names(), 0)
        for tally in self.contest_tallies(contest):
            totals[tally.choice] += tally.votes
        return totals

    def voting_precincts(self, contest: str) -> list[str]:
        """The precincts that report the contest, in the election's precinct order."""
        reporting = {t.precinct for t in self.contest_tallies(contest)}
        return [p.name for p in self.results.precincts if p.name in reporting]

    def with_progress(
        self, scopes: dict[str, RecountScope], contest: str, progress: ScopeProgress | None
    ) -> Snapshot:
        """After a recount write: one contest's progress is new; the results and findings are unchanged."""
        changed = dict(self.progress)
        if progress is None:
            changed.pop(contest, None)
        else:
            changed[contest] = progress
        updated = replace(self, scopes=scopes, progress=changed)
        if "_tallies_by_contest" in self.__dict__:  # the same results: keep the grouping
            updated.__dict__["_tallies_by_contest"] = self._tallies_by_contest
        return updated


def take_snapshot(store: ElectionFile) -> Snapshot:
    election, results, settings = store.election(), store.results(), store.settings()
    analysed = analyse_results(election, results, settings)  # the one loader: analyze and the report use it
    readings, analyses = analysed.readings, analysed.by_contest()
    problem = " ".join(analysed.problems) or None
    scopes = {s.contest: s for s in all_scopes(store)}
    progress = {name: recount_progress(store, name) for name in scopes}
    return Snapshot(election, results, settings, readings, analyses, scopes, progress, problem)


def recount_update(snapshot: Snapshot, store: ElectionFile, contest: str) -> Snapshot:
    """The snapshot after a tally sheet or scope of ``contest`` was saved: two small queries, no analysis."""
    scopes = {s.contest: s for s in all_scopes(store)}
    progress = recount_progress(store, contest) if contest in scopes else None
    return snapshot.with_progress(scopes, contest, progress)
