"""Table models over domain records (Qt model/view, no widget copies)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from recount_desktop.domain import Contest, ContestOutcome, ElectionResults, contest_outcome

_Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class ContestRow:
    contest: Contest
    total_votes: int
    outcome: ContestOutcome

    @classmethod
    def build(cls, results: ElectionResults) -> list[ContestRow]:
        rows = []
        for contest in results.contests:
            totals = results.totals(contest.name)
            rows.append(cls(contest, sum(totals.values()), contest_outcome(contest, totals)))
        return rows

    def result_text(self) -> str:
        if self.contest.is_question:
            return "Approved" if self.outcome.approved else "Rejected"
        if self.outcome.is_tie:
            return "Tie: " + ", ".join(self.outcome.tied)
        return ", ".join(self.outcome.winners)


class ContestSummaryModel(QAbstractTableModel):
    """One row per contest: name, kind, seats, choices, total votes, result."""

    HEADERS = ("Contest", "Kind", "Seats", "Choices", "Total votes", "Result")

    def __init__(self, rows: list[ContestRow] | None = None) -> None:
        super().__init__()
        self._rows = rows or []

    def set_rows(self, rows: list[ContestRow]) -> None:
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def row_at(self, row: int) -> ContestRow:
        return self._rows[row]

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.HEADERS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (2, 3, 4):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column == 0:
            return ", ".join(row.contest.choice_names())
        return None

    @staticmethod
    def _display(row: ContestRow, column: int) -> str:
        contest = row.contest
        values = (
            contest.name,
            "Question" if contest.is_question else "Candidate",
            str(contest.seats),
            str(len(contest.choices)),
            f"{row.total_votes:,}",
            row.result_text(),
        )
        return values[column]
