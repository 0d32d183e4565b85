"""The one-screen summary of a read file: counts, grand total, and each row, column or cell read as a
total, a statistic or skipped, with its place in the file (the same ``ImportSummary`` the CLI prints).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from recount_desktop.importers import Problem, TallyImport
from recount_desktop.importers.axes import is_undecided
from recount_desktop.importers.checks import CellNote
from recount_desktop.ui.widgets.table_model import Column, RecordTableModel

KIND_NAMES = {
    "totals": "File's total (checked, not counted)",
    "statistics": "Statistic",
    "skipped": "Skipped",
}

COUNT_NAMES = {
    "totals": "read as the file's own totals (checked, not counted)",
    "statistics": "read as statistics",
    "skipped": "skipped",
}


@dataclass(frozen=True)
class NoteRow:
    kind: str
    note: CellNote


class ReadingNoteModel(RecordTableModel[NoteRow]):
    COLUMNS = (
        Column("Read as", lambda r: KIND_NAMES[r.kind]),
        Column("Sheet", lambda r: r.note.sheet or ""),
        Column("Place", lambda r: r.note.cell),
        Column("Label in the file", lambda r: r.note.label),
    )


def note_rows(imported: TallyImport) -> list[NoteRow]:
    notes = imported.notes
    return [NoteRow(kind, note) for kind in KIND_NAMES for note in getattr(notes, kind)]


def status_line(imported: TallyImport) -> str:
    """The wizard's one line on what the read found. A refused file names no layout as
    "detected": the reading tried was the one refused, and saying so would mislead."""
    name = html.escape(imported.path.name)
    problems = f"{len(imported.errors)} error(s), {len(imported.warnings)} warning(s)"
    results = imported.results
    if results is not None:
        counts = (f"{len(results.contests)} contests, {len(results.precincts)} precincts, "
                  f"{len(results.tallies):,} vote counts")
        also = _also_read(imported)
        return f"<b>{name}</b>: detected layout <b>{imported.layout}</b>; {counts}; {problems}{also}."
    if any(is_undecided(e.message) for e in imported.errors):
        return (f"<b>{name}</b>: could not tell precincts from candidates (the table reads both ways): "
                "choose the reading below, or the layout; nothing is imported until you do.")
    return (f"<b>{name}</b>: could not be read as layout <b>{imported.layout}</b>; nothing can be "
            f"imported; {problems}. Correct the reading on the sheet, or choose another layout.")


def _also_read(imported: TallyImport) -> str:
    """The workbook's other sheets read on their own and joined (``every_sheet``), named."""
    listed = ", ".join(f"'{html.escape(other.sheet)}' ({html.escape(other.added)})"
                       for other in imported.other_sheets)
    return f"; also read: {listed}" if listed else ""


def summary_text(imported: TallyImport) -> str:
    """The summary's lines as rich text: counts first, then what was not counted."""
    summary = imported.summary
    if summary is None:
        head = (f"<b>Nothing can be imported</b> from {imported.path.name}: {len(imported.errors)} error(s) "
                "below. The election is unchanged.")
    else:
        head = (f"<b>{summary.units:,} units, {summary.contests:,} contests, {summary.choices:,} choices, "
                f"{summary.grand_total:,} votes in all</b> (layout {imported.layout}"
                + (f", sheet '{imported.sheet}'" if imported.sheet else "") + ")")
    counts = imported.notes.counts
    read_as = [f"{counts.get(kind, 0):,} {name}" for kind, name in COUNT_NAMES.items()]
    text = f"{head}<br>Rows, columns and cells not counted as votes: {'; '.join(read_as)}."
    if imported.reading is not None:
        others = len(imported.alternatives)
        # nothing imported: the reading was tried and refused, and "Read as" would say it stands
        said = "Read as" if summary is not None else "Reading tried and refused:"
        text += (f"<br>{said} {html.escape(imported.reading.describe())}"
                 + (f" ({others} other reading(s) listed on the sheet view)" if others else "") + ".")
    return text


def differences_text(imported: TallyImport) -> str:
    shown = imported.differences[:3]
    listed = "; ".join(f"{d.contest} / {d.choice}: {d.total_cell} says {d.total:,}, the units "
                       f"({d.unit_cells}) add up to {d.units_sum:,}" for d in shown)
    more = f"; and {len(imported.differences) - 3} more" if len(imported.differences) > 3 else ""
    return f"{listed}{more}"


@dataclass(frozen=True)
class PreviewContest:
    name: str
    choices: str
    seats: int
    precincts: int
    votes: int


@dataclass(frozen=True)
class ProblemRow:
    severity: str
    problem: Problem


class PreviewContestModel(RecordTableModel[PreviewContest]):
    COLUMNS = (
        Column("Contest", lambda r: r.name),
        Column("Seats", lambda r: r.seats, numeric=True),
        Column("Precincts", lambda r: r.precincts, numeric=True),
        Column("Votes", lambda r: f"{r.votes:,}", numeric=True),
        Column("Choices", lambda r: r.choices),
    )


class PreviewTallyModel(RecordTableModel[Any]):
    COLUMNS = (
        Column("Precinct", lambda t: t.precinct),
        Column("Contest", lambda t: t.contest),
        Column("Choice", lambda t: t.choice),
        Column("Votes", lambda t: "suppressed" if t.suppressed else f"{t.votes:,}", numeric=True),
    )


class ProblemModel(RecordTableModel[ProblemRow]):
    COLUMNS = (
        Column("", lambda r: r.severity,
               background=lambda r: "#f6c9c9" if r.severity == "Error" else "#fde2a7"),
        Column("Sheet", lambda r: r.problem.sheet or ""),
        Column("Cell", lambda r: r.problem.cell or ""),
        Column("Problem", lambda r: r.problem.message, tooltip=lambda r: str(r.problem)),
    )


def preview_contests(imported: TallyImport) -> list[PreviewContest]:
    results = imported.results
    if results is None:
        return []
    overview = results.contest_overview()  # one pass, no Tally made for a fast path's counts
    return [
        PreviewContest(c.name, ", ".join(c.choice_names()), c.seats, *overview[c.name])
        for c in results.contests
    ]
