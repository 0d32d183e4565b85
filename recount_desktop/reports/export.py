"""The results a county sends on after the recount, in the tally template's own layout.

``export ELECTION --out FILE.xlsx|FILE.csv [--amended]`` writes, per precinct and choice, the original
count or the amended one (the recount's count where a unit was recounted and its sheets are counted,
else the original), so the file re-imports to the same results. An xlsx carries the template's Tallies,
Contests and Election sheets plus a Reconciliation sheet (the importer reads the first three and ignores
the fourth); a CSV holds the Tallies table alone, as the template says, and the reconciliation goes to
a second CSV beside it.

A name that begins with ``=``, ``+``, ``-`` or ``@`` would run as a formula in a spreadsheet. In the
xlsx it is stored as a text cell marked "quote prefix" (the spreadsheet shows it as typed, and it reads
back unchanged); in a CSV, where there is no cell type, it is written after an apostrophe, the mark
every spreadsheet takes as "this is text".
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from recount_desktop.domain import Contest, Election, ElectionResults
from recount_desktop.gc_pause import no_cyclic_gc
from recount_desktop.recount.reconcile import ContestReconciliation, reconcile
from recount_desktop.store import ElectionFile

TALLY_HEADER = ("Precinct", "Contest", "Choice", "Votes", "County", "Vote Type", "Party")
CONTEST_HEADER = ("Contest", "Kind", "Seats", "Scope", "Election Type", "Voting Method", "Approval",
                  "Measure Type", "Filed With", "Runoff Possible")
RECONCILIATION_HEADER = ("Contest", "Precinct", "Device", "Choice", "Original", "Recount", "Difference")
TOTALS_HEADER = ("Contest", "Choice", "Original", "Amended", "Difference")
FORMULA_STARTS = ("=", "+", "-", "@")
STATISTICS = (("ballots_cast", "Ballots Cast"), ("over_votes", "Over Votes"),
              ("under_votes", "Under Votes"), ("registered_voters", "Registered Voters"))
SUPPRESSED_MARK = "***"

Cell = str | int | None


class ExportError(ValueError):
    """The export cannot be written as asked; the message says why."""


@dataclass(frozen=True)
class Export:
    """Everything one export writes, as rows of plain values (tested without any file)."""

    tallies: tuple[tuple[Cell, ...], ...]
    contests: tuple[tuple[Cell, ...], ...]
    election: tuple[tuple[str, str], ...]
    reconciliation: tuple[tuple[Cell, ...], ...]
    totals: tuple[tuple[Cell, ...], ...]
    amended: bool


def looks_like_formula(text: str) -> bool:
    return text.startswith(FORMULA_STARTS)


# -- the rows ----------------------------------------------------------------------------------------
def build_export(store: ElectionFile, amended: bool = False) -> Export:
    results, election = store.results(), store.election()
    if not results.tallies:
        raise ExportError(f"{store.path}: the election holds no results yet, so there is nothing to export")
    recounts = {c.contest: c for c in reconcile(store).contests}
    if amended:
        retabulated = [name for name, c in recounts.items() if c.whole_contest_retabulated]
        if retabulated:
            raise ExportError(
                f"{store.path}: the recount of {', '.join(retabulated)} counted devices that name no "
                "precinct, so its amended results cannot be given per precinct; export the original "
                "results and the reconciliation instead")
    return Export(
        tallies=tuple(_tally_rows(results, recounts if amended else {})),
        contests=tuple(_contest_row(c) for c in results.contests),
        election=tuple(_election_rows(election)),
        reconciliation=tuple(_reconciliation_rows(recounts.values())),
        totals=tuple(_totals_rows(recounts.values())),
        amended=amended,
    )


def _recounted(item: ContestReconciliation) -> dict[tuple[str, str], int]:
    """The recount's votes by (precinct, choice) for the precincts whose sheets are counted."""
    return {(u.precinct, u.choice): u.recount for u in item.units if u.precinct is not None}


def _tally_rows(results: ElectionResults,
                recounts: dict[str, ContestReconciliation]) -> Iterator[tuple[Cell, ...]]:
    counties = {p.name: p.county for p in results.precincts}
    parties = {(c.name, choice.name): choice.party for c in results.contests for choice in c.choices}
    recounted = {name: _recounted(item) for name, item in recounts.items()}
    for tally in results.tallies:
        base = (tally.precinct, tally.contest, tally.choice)
        tail = (counties.get(tally.precinct), parties.get((tally.contest, tally.choice)))
        new = recounted.get(tally.contest, {}).get((tally.precinct, tally.choice))
        if new is not None:  # a recounted precinct: one row with the recount's count
            yield (*base, new, tail[0], None, tail[1])
        elif tally.suppressed:
            yield (*base, SUPPRESSED_MARK, tail[0], None, tail[1])
        elif tally.vote_types and sum(v for _, v in tally.vote_types) == tally.votes:
            for vote_type, votes in tally.vote_types:  # the county's own breakdown, kept
                yield (*base, votes, tail[0], vote_type, tail[1])
        else:
            yield (*base, tally.votes, tail[0], None, tail[1])
    for stat in results.statistics:
        if stat.precinct is None:
            continue  # a contest-wide figure has no precinct row in the template
        for attr, label in STATISTICS:
            value = getattr(stat, attr)
            if value is not None:
                yield (stat.precinct, stat.contest, label, value, counties.get(stat.precinct), None, None)


def _contest_row(contest: Contest) -> tuple[Cell, ...]:
    return (contest.name, contest.kind.value, contest.seats, contest.scope.value,
            contest.election_type.value if contest.election_type else None, contest.voting_method.value,
            contest.approval.to_text(), contest.measure_type.value if contest.measure_type else None,
            contest.filed_with.value, "yes" if contest.runoff_possible else "no")


def _election_rows(election: Election) -> Iterator[tuple[str, str]]:
    yield ("State", election.state.value)
    yield ("Jurisdiction", election.jurisdiction)
    yield ("Election Name", election.name)
    yield ("Election Date", election.election_date.isoformat())
    if election.canvass_date is not None:
        yield ("Canvass Date", election.canvass_date.isoformat())
    yield ("Election Type", election.election_type.value)
    for member in election.board_members:
        yield ("Board Member", f"{member.name}, {member.title}" if member.title else member.name)


def _reconciliation_rows(items: Iterable[ContestReconciliation]) -> Iterator[tuple[Cell, ...]]:
    for item in items:
        for unit in item.units:
            yield (item.contest, unit.precinct, unit.device, unit.choice, unit.original, unit.recount,
                   unit.difference)


def _totals_rows(items: Iterable[ContestReconciliation]) -> Iterator[tuple[Cell, ...]]:
    for item in items:
        for total in item.totals:
            yield (item.contest, total.choice, total.original, total.amended, total.difference)


# -- the files ---------------------------------------------------------------------------------------
def export_bytes(export: Export, suffix: str) -> dict[str, bytes]:
    """The file contents by name suffix: ``""`` for the file asked for, ``"-reconciliation"`` for a
    CSV's companion."""
    if suffix == ".xlsx":
        return {"": _xlsx(export)}
    if suffix == ".csv":
        files = {"": _csv(TALLY_HEADER, export.tallies)}
        if export.reconciliation:
            files["-reconciliation"] = _csv(RECONCILIATION_HEADER, export.reconciliation)
        return files
    raise ExportError(f"the export is written as .xlsx or .csv, not {suffix or 'a file without a suffix'!r}")


def write_export(store: ElectionFile, out: Path, amended: bool = False) -> list[Path]:
    """Build and write the export; returns the paths written (the CSV's companion too)."""
    from recount_desktop import files

    with no_cyclic_gc():  # a cell object per count, all alive until the workbook is saved: see gc_pause
        contents = export_bytes(build_export(store, amended), out.suffix.lower())
    written = []
    for extra, data in contents.items():
        path = out.with_name(out.stem + extra + out.suffix) if extra else out
        files.write_atomically(path, data)
        written.append(path)
    return written


def _csv_cell(value: Cell) -> str:
    if value is None:
        return ""
    text = str(value)
    return "'" + text if isinstance(value, str) and looks_like_formula(text) else text


def _csv(header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([_csv_cell(v) for v in row])
    return buffer.getvalue().encode("utf-8-sig")  # the BOM: spreadsheets then read UTF-8 names right


def _xlsx(export: Export) -> bytes:
    from openpyxl import Workbook  # openpyxl only when writing, as the template writer does
    from openpyxl.styles import Font

    book = Workbook()
    sheets = [
        ("Tallies", TALLY_HEADER, export.tallies),
        ("Contests", CONTEST_HEADER, export.contests),
        ("Election", ("Field", "Value"), export.election),
        ("Reconciliation", RECONCILIATION_HEADER, export.reconciliation),
        ("Amended Totals", TOTALS_HEADER, export.totals),
    ]
    for number, (title, header, rows) in enumerate(sheets):
        sheet = book.active if number == 0 else book.create_sheet()
        sheet.title = title
        sheet.append(header)
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        for row in rows:
            sheet.append([None if v is None else v for v in row])
            for cell in sheet[sheet.max_row]:
                if isinstance(cell.value, str):
                    cell.data_type = "s"  # never "f": a name like "=SUM(A1)" stays text
                    if looks_like_formula(cell.value):
                        cell.quotePrefix = True
        sheet.freeze_panes = "A2"
        for column, width in zip("ABCDEFGHIJ", (22, 30, 24, 10, 14, 14, 12, 12, 12, 12), strict=False):
            sheet.column_dimensions[column].width = width
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
