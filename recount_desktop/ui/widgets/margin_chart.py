"""A small chart: each losing candidate's margin as a share of the state's recount limit.

People read a bar faster than two numbers, but one scale from zero to the biggest margin would draw
a 117-vote margin inside a 143-vote limit as a zero-width bar beside 27,000-vote bars. So the scale
is the limit itself: a bar is the margin divided by the limit, capped at twice the limit, the
limit is a line in the middle, and a bar inside it is red. Losers more than twice the limit away, and
findings with no limit, are summarised in a sentence instead of drawn. Exact Fractions decide what is
inside; floats appear only to place pixels.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from recount_desktop.domain.rules import Finding

CAP = Fraction(2)  # the scale ends at twice the limit: every margin near the limit stays readable
MAX_DRAWN = 6  # more bars than this would push the findings off a laptop screen
INSIDE, OUTSIDE, LIMIT_LINE = "#c0392b", "#7f9cb8", "#222222"


@dataclass(frozen=True)
class MarginBar:
    choice: str
    margin: int
    limit: Fraction | None  # the margin, in votes, at or under which the recount applies
    within: bool

    @property
    def share(self) -> Fraction | None:
        """The margin as a share of the limit (1 = exactly at the limit)."""
        if self.limit is None or self.limit <= 0:
            return None
        return Fraction(self.margin) / self.limit


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


def split_bars(bars: list[MarginBar]) -> tuple[list[MarginBar], str]:
    """The bars worth drawing (closest to the limit first) and a sentence for the rest."""
    near = sorted((b for b in bars if b.share is not None and b.share <= CAP), key=lambda b: b.share or 0)
    drawn, extra = near[:MAX_DRAWN], near[MAX_DRAWN:]
    far = [b for b in bars if b.share is not None and b.share > CAP] + extra
    no_limit = [b for b in bars if b.share is None]
    parts = []
    if far:
        low, high = min(b.margin for b in far), max(b.margin for b in far)
        span = f"{low:,}" if low == high else f"{low:,} to {high:,}"
        who = far[0].choice if len(far) == 1 else f"{len(far)} other losers"
        parts.append(f"{who}: margin {span} votes, "
                     + ("not drawn (more bars than fit)." if not any(b.share and b.share > CAP for b in far)
                        else "far outside the limit."))
    if no_limit:
        names = ", ".join(b.choice for b in no_limit[:3]) + (" and others" if len(no_limit) > 3 else "")
        parts.append(f"No vote limit in the statute for {names}.")
    return drawn, " ".join(parts)


def bar_text(bar: MarginBar) -> str:
    assert bar.limit is not None
    place = "inside" if bar.within else "outside"
    return f"{bar.margin:,} of {float(bar.limit):,.2f}: {place}"


class MarginChart(QWidget):
    ROW = 26
    AXIS = 18
    SUMMARY = 36  # two lines: the summary wraps, never cut

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bars: list[MarginBar] = []
        self.drawn: list[MarginBar] = []
        self.summary = ""
        self.setObjectName("marginChart")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Margin against recount limit")

    def set_bars(self, bars: list[MarginBar]) -> None:
        self.bars = bars
        self.drawn, self.summary = split_bars(bars)
        self.setFixedHeight(self._height())  # at most MAX_DRAWN rows: never the window's height
        self.setToolTip("\n".join(f"{b.choice}: margin {b.margin:,}"
                                  + (f", limit {float(b.limit):,.2f}" if b.limit is not None else "")
                                  for b in bars))
        self.update()

    def _height(self) -> int:
        if not self.bars:
            return 24
        rows = len(self.drawn)
        return rows * self.ROW + (self.AXIS if rows else 0) + (self.SUMMARY if self.summary else 0) + 6

    def sizeHint(self) -> QSize:
        return QSize(360, self._height())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text_color = self.palette().text().color()
        painter.setPen(text_color)
        if not self.bars:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             "No losing candidate: no margin to chart")
            return
        metrics = QFontMetrics(self.font())
        label_width = min(max((metrics.horizontalAdvance(b.choice) for b in self.drawn), default=0) + 12,
                          self.width() // 2)
        value_width = max((metrics.horizontalAdvance(bar_text(b)) for b in self.drawn), default=0) + 12
        plot = max(self.width() - label_width - value_width, 60)
        right = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        left = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        for row, bar in enumerate(self.drawn):
            top = 4 + row * self.ROW
            name = metrics.elidedText(bar.choice, Qt.TextElideMode.ElideMiddle, label_width - 10)
            painter.drawText(QRectF(0, top, label_width - 8, 20), right, name)
            share = min(bar.share or Fraction(0), CAP)
            width = plot * float(share / CAP)
            painter.fillRect(QRectF(label_width, top + 3, max(width, 3), 14),
                             QColor(INSIDE if bar.within else OUTSIDE))
            painter.drawText(QRectF(label_width + plot + 6, top, value_width, 20), left, bar_text(bar))
        axis_top = 4 + len(self.drawn) * self.ROW
        if self.drawn:
            x = label_width + plot / 2  # the limit, the same place on every row
            painter.fillRect(QRectF(x - 1, 2, 2, axis_top - 2), QColor(LIMIT_LINE))
            painter.drawText(QRectF(label_width, axis_top, plot, 16), left, "0")
            painter.drawText(QRectF(x - 40, axis_top, 80, 16), int(Qt.AlignmentFlag.AlignCenter), "limit")
            painter.drawText(QRectF(label_width, axis_top, plot, 16), right, "2 × limit")
        if self.summary or not self.drawn:
            summary_top = axis_top + (self.AXIS if self.drawn else 0)
            painter.drawText(QRectF(4, summary_top, self.width() - 8, self.SUMMARY),
                             int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap), self.summary)
        painter.end()
