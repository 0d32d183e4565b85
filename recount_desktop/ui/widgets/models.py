"""Table models of the contests screen: the contest list, a contest's choices and its precincts."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime
from fractions import Fraction

from recount_desktop.domain import Contest, ContestOutcome, ElectionResults, Tally, contest_outcome
from recount_desktop.domain.rules import ContestAnalysis, RecountStatus
from recount_desktop.recount.scope import ScopeProgress
from recount_desktop.ui.widgets.table_model import Column, RecordTableModel, count_text

STATUS_LABELS = {status: status.label for status in RecountStatus}  # the report's words too
# Calm colours that still separate at a glance; the word is always shown too (never colour alone).
STATUS_COLORS = {
    RecountStatus.AUTOMATIC: "#f6c9c9",
    RecountStatus.ON_REQUEST: "#fde2a7",
    RecountStatus.AT_OWN_EXPENSE: "#cfe0f3",
    RecountStatus.NONE: "#e4e4e4",
    RecountStatus.NOT_APPLICABLE: "#e4e4e4",
}


def progress_text(progress: ScopeProgress | None) -> str:
    if progress is None:
        return ""
    done = progress.verified + progress.resolved
    return f"{done}/{progress.sheets_expected} sheets" + (" ✓" if progress.complete else "")


@dataclass(frozen=True)
class ContestRow:
    contest: Contest
    total_votes: int
    outcome: ContestOutcome
    status: RecountStatus | None = None
    progress: ScopeProgress | None = None
    margin: int | None = None  # the closest losing margin (the one a board looks at first)
    deadline: datetime | None = None  # the earliest recount deadline of the contest's findings

    @classmethod
    def build(cls, results: ElectionResults, statuses: dict[str, RecountStatus | None] | None = None,
              progress: dict[str, ScopeProgress] | None = None,
              analyses: Mapping[str, ContestAnalysis] | None = None) -> list[ContestRow]:
        """One row per contest; the analyses, when given, already hold each outcome (no second count)."""
        rows = []
        statuses, progress, analyses = statuses or {}, progress or {}, analyses or {}
        for contest in results.contests:
            analysis = analyses.get(contest.name)
            if analysis is not None:
                total, outcome = analysis.total_votes, analysis.outcome
            else:
                totals = results.totals(contest.name)
                total, outcome = sum(totals.values()), contest_outcome(contest, totals)
            findings = analysis.findings if analysis is not None else ()
            margin = min((f.margin for f in findings), default=None)
            deadline = min((f.deadline for f in findings if f.deadline is not None), default=None)
            rows.append(cls(contest, total, outcome, statuses.get(contest.name), progress.get(contest.name),
                            margin, deadline))
        return rows

    def with_progress(self, progress: ScopeProgress | None) -> ContestRow:
        return replace(self, progress=progress)

    def result_text(self) -> str:
        if self.contest.is_question:
            return "Approved" if self.outcome.approved else "Rejected"
        if self.outcome.is_tie:
            return "Tie: " + ", ".join(self.outcome.tied)
        return ", ".join(self.outcome.winners)

    def status_text(self) -> str:
        return STATUS_LABELS[self.status] if self.status else ""


def days_left(deadline: datetime, today: date | None = None) -> int:
    return (deadline.date() - (today or date.today())).days


def deadline_text(deadline: datetime | None, today: date | None = None) -> str:
    """The date with the days left, so a board sees at once what is urgent and what has passed."""
    if deadline is None:
        return ""
    left = days_left(deadline, today)
    when = f"{deadline:%b} {deadline.day}"
    if left < 0:
        return f"{when}, {-left}d ago"
    if left == 0:
        return f"{when}, today"
    return f"{when}, {left}d left"


def _deadline_color(row: ContestRow) -> str | None:
    return "#f6c9c9" if row.deadline is not None and days_left(row.deadline) < 0 else None


def _status_color(row: ContestRow) -> str | None:
    return STATUS_COLORS[row.status] if row.status else None


class ContestSummaryModel(RecordTableModel[ContestRow]):
    """One row per contest: name, kind, seats, choices, total votes, result, recount badge, progress."""

    COLUMNS = (
        Column("Contest", lambda r: r.contest.name,  # the whole name too, when the list cuts it short
               tooltip=lambda r: f"{r.contest.name}\n{', '.join(r.contest.choice_names())}"),
        Column("Kind", lambda r: r.contest.kind.value),
        Column("Seats", lambda r: r.contest.seats, numeric=True, sort_key=lambda r: r.contest.seats),
        Column(
            "Choices",
            lambda r: len(r.contest.choices),
            numeric=True,
            sort_key=lambda r: len(r.contest.choices),
        ),
        Column("Total votes", lambda r: f"{r.total_votes:,}", numeric=True, sort_key=lambda r: r.total_votes),
        Column("Result", ContestRow.result_text),
        Column(
            "Recount",
            ContestRow.status_text,
            background=_status_color,
            sort_key=lambda r: r.status.strength if r.status else -1,
        ),
        Column("Progress", lambda r: progress_text(r.progress)),
        Column("Margin", lambda r: "" if r.margin is None else f"{r.margin:,}", numeric=True,
               sort_key=lambda r: -1 if r.margin is None else r.margin),
        Column("Deadline", lambda r: deadline_text(r.deadline), background=_deadline_color,
               tooltip=lambda r: f"{r.deadline:%A %d %B %Y, %H:%M}" if r.deadline else "",
               sort_key=lambda r: r.deadline.isoformat() if r.deadline else "9999"),
    )
    HEADERS = tuple(c.header for c in COLUMNS)


@dataclass(frozen=True)
class ChoiceRow:
    name: str
    party: str | None
    votes: int
    share: Fraction | None
    rank: int
    outcome: str


def choice_rows(outcome: ContestOutcome, contest: Contest, totals: dict[str, int]) -> list[ChoiceRow]:
    total = sum(totals.values())
    ranks = {name: i + 1 for i, (name, _) in enumerate(outcome.ranking)}
    outcomes = dict(outcome.choice_outcomes)
    parties = {c.name: c.party for c in contest.choices}
    return [
        ChoiceRow(
            name,
            parties.get(name),
            votes,
            Fraction(votes, total) if total else None,
            ranks.get(name, 0),
            str(outcomes.get(name, "")).replace("_", " "),
        )
        for name, votes in sorted(totals.items(), key=lambda item: ranks.get(item[0], 0))
    ]


def share_text(share: Fraction | None) -> str:
    if share is None:
        return ""
    tenths = round(share * 1000)  # display only: a share is never used to decide anything
    return f"{tenths // 10}.{tenths % 10}%"


class ChoiceModel(RecordTableModel[ChoiceRow]):
    COLUMNS = (
        Column("Rank", lambda r: r.rank, numeric=True),
        Column("Choice", lambda r: r.name),
        Column("Party", lambda r: r.party or ""),
        Column("Votes", lambda r: f"{r.votes:,}", numeric=True, sort_key=lambda r: r.votes),
        Column("Share", lambda r: share_text(r.share), numeric=True),
        Column("Outcome", lambda r: r.outcome,
               background=lambda r: "#d9f0d9" if r.outcome in ("elected", "approved") else None),
    )


@dataclass(frozen=True)
class PrecinctRow:
    name: str
    pseudo: bool
    votes: tuple[int | None, ...]  # None: a suppressed cell
    total: int
    ballots_cast: int | None
    over_votes: int | None
    under_votes: int | None


def precinct_rows(results: ElectionResults, contest_name: str,
                  tallies: Iterable[Tally] | None = None) -> list[PrecinctRow]:
    """The contest's precincts with votes per choice; suppressed cells stay visible as such.

    ``tallies``: the contest's own tallies when the caller has them grouped (else all are scanned).
    """
    contest = results.contest(contest_name)
    index = {name: i for i, name in enumerate(contest.choice_names())}
    cells: dict[str, list[int | None]] = {}
    for tally in results.tallies if tallies is None else tallies:
        if tally.contest == contest_name:
            row = cells.setdefault(tally.precinct, [0] * len(index))
            row[index[tally.choice]] = None if tally.suppressed else tally.votes
    stats = {s.precinct: s for s in results.statistics if s.contest == contest_name and s.precinct}
    rows = []
    for precinct in results.precincts:
        if precinct.name not in cells:
            continue
        votes, stat = cells[precinct.name], stats.get(precinct.name)
        rows.append(PrecinctRow(
            precinct.name, precinct.pseudo, tuple(votes), sum(v or 0 for v in votes),
            stat.ballots_cast if stat else None, stat.over_votes if stat else None,
            stat.under_votes if stat else None,
        ))
    return rows


def _key(value: int | None) -> int:
    return -1 if value is None else value


def _vote_column(position: int, choice: str) -> Column[PrecinctRow]:
    def text(row: PrecinctRow) -> str:
        value = row.votes[position]
        return "suppressed" if value is None else f"{value:,}"

    return Column(choice, text, numeric=True, sort_key=lambda r: _key(r.votes[position]),
                  background=lambda r: "#fff1c1" if r.votes[position] is None else None)


class PrecinctModel(RecordTableModel[PrecinctRow]):
    """Precinct by choice, then the statistics; columns follow the contest shown."""

    def __init__(self, choices: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.set_choices(choices)

    def set_choices(self, choices: tuple[str, ...]) -> None:
        self.beginResetModel()
        self.COLUMNS = (
            Column("Precinct", lambda r: r.name + (" (counting group)" if r.pseudo else "")),
            *(_vote_column(i, name) for i, name in enumerate(choices)),
            Column("Total", lambda r: f"{r.total:,}", numeric=True, sort_key=lambda r: r.total),
            Column("Ballots cast", lambda r: count_text(r.ballots_cast), numeric=True,
                   sort_key=lambda r: _key(r.ballots_cast)),
            Column("Over votes", lambda r: count_text(r.over_votes), numeric=True,
                   sort_key=lambda r: _key(r.over_votes)),
            Column("Under votes", lambda r: count_text(r.under_votes), numeric=True,
                   sort_key=lambda r: _key(r.under_votes)),
        )
        self._rows = []
        self.endResetModel()
