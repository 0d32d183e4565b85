"""The one-screen summary shown after every import: what was read as units, contests and choices,
the grand total, and which rows or columns were read as totals, statistics or skipped, with cells.

Plain data (``ImportSummary``) so the CLI prints it and the wizard shows it the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from recount_desktop.domain import ElectionResults
from recount_desktop.importers.checks import CellNote, ReadingNotes, TotalDifference

SHOWN_PLACES = 8  # places listed per kind on one screen; the count says how many in all


@dataclass(frozen=True)
class ImportSummary:
    units: int
    contests: int
    choices: int
    grand_total: int
    totals: tuple[CellNote, ...]
    statistics: tuple[CellNote, ...]
    skipped: tuple[CellNote, ...]
    counts: dict[str, int]
    differences: tuple[TotalDifference, ...] = ()

    def lines(self) -> list[str]:
        """The summary as lines of text, at most a screen."""
        lines = [
            f"{self.units} units, {self.contests} contests, {self.choices} choices, "
            f"{self.grand_total:,} votes in all"
        ]
        for kind, label in (
            ("totals", "read as the file's own totals (checked, not counted)"),
            ("statistics", "read as statistics"),
            ("skipped", "skipped"),
        ):
            places: tuple[CellNote, ...] = getattr(self, kind)
            count = self.counts.get(kind, 0)
            if not count:
                continue
            shown = "; ".join(str(p) for p in places[:SHOWN_PLACES])
            more = f"; ... and {count - SHOWN_PLACES} more" if count > SHOWN_PLACES else ""
            lines.append(f"{count} {label}: {shown}{more}")
        if self.differences:
            lines.append(
                f"{len(self.differences)} difference(s) between the file's totals and its units accepted: "
                + "; ".join(
                    f"{d.contest!r} {d.choice!r} {d.difference:+d} at {d.total_cell}"
                    for d in self.differences[:SHOWN_PLACES]
                )
            )
        return lines


def summarise(
    results: ElectionResults, notes: ReadingNotes, differences: tuple[TotalDifference, ...] = ()
) -> ImportSummary:
    return ImportSummary(
        units=len(results.precincts),
        contests=len(results.contests),
        choices=sum(len(c.choices) for c in results.contests),
        grand_total=results.total_votes(),
        totals=tuple(notes.totals),
        statistics=tuple(notes.statistics),
        skipped=tuple(notes.skipped),
        counts=dict(notes.counts),
        differences=differences,
    )
