"""A small bar chart: each losing candidate's margin against the state's recount limit.

People read a bar faster than two numbers (issue 7): the bar is the margin, the dark tick the limit,
and the bar is red when the margin is within it. Floats appear here only to place pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from recount_desktop.domain.rules import Finding


@dataclass(frozen=True)
class MarginBar:
    choice: str
    margin: int
    limit: Fraction | None  # the margin, in votes, at or under which the recount applies
    within: bool


def bars_for(findings: tuple[Finding, ...], total_votes: int) -> list[MarginBar]:
    bars = []
    for finding in findings:
        limit: Fraction | None = None
        if finding.threshold is not None and finding.threshold >= 1:
            limit = finding.threshold  # the statutes' limits in votes (e.g. 1% of the top vote-getter)
        elif finding.votes_inside_trigger is not None:
            limit = Fraction(finding.margin + finding.votes_inside_trigger)
        within = limit is not None and finding.margin <= limit
        bars.append(MarginBar(finding.choice, finding.margin, limit, within))
    return bars


class MarginChart(QWidget):
    ROW = 30

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bars: list[MarginBar] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Margin against recount limit")

    def set_bars(self, bars: list[MarginBar]) -> None:
        self.bars = bars
        self.setFixedHeight(max(1, len(bars)) * self.ROW + 24)
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(360, max(1, len(self.bars)) * self.ROW + 24)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.bars:
            painter.drawText(
                self.rect(), Qt.AlignmentFlag.AlignCenter, "No losing candidate: no margin to chart"
            )
            return
        label_width = min(200, self.width() // 3)
        scale_max = max(float(max(b.margin, b.limit or 0)) for b in self.bars) * 1.15 or 1.0
        plot = self.width() - label_width - 90
        for row, bar in enumerate(self.bars):
            top = 8 + row * self.ROW
            painter.setPen(self.palette().text().color())
            painter.drawText(QRectF(0, top, label_width - 8, 20),
                             int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), bar.choice)
            width = plot * bar.margin / scale_max
            painter.fillRect(QRectF(label_width, top + 3, max(width, 2), 14),
                             QColor("#c0392b" if bar.within else "#7f9cb8"))
            text = f"{bar.margin:,}"
            if bar.limit is not None:
                x = label_width + plot * float(bar.limit) / scale_max
                painter.fillRect(QRectF(x - 1.5, top - 1, 3, 22), QColor("#222222"))
                text += f"  (limit {float(bar.limit):,.2f})"
            painter.drawText(QRectF(label_width + max(width, 2) + 6, top, 200, 20),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text)
        painter.end()
