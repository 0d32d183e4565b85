"""``read_tally_file``: open a county's file, recognise its layout, and read it into results."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from recount_desktop.domain import ElectionResults
from recount_desktop.gc_pause import no_cyclic_gc
from recount_desktop.importers import every_sheet, interpret, layouts
from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.checks import ReadingNotes, TotalDifference
from recount_desktop.importers.problems import ImportRejected, Problem, ProblemLog
from recount_desktop.importers.profiles import LayoutProfile
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book, open_book
from recount_desktop.importers.summary import ImportSummary, summarise

FORMATS = ("auto", "template", "long", "sovc", "wide", "abstract")


@dataclass(frozen=True)
class TallyImport:
    """What a file holds: results (None when there are errors), its layout, and every problem found."""

    path: Path
    layout: str
    results: ElectionResults | None
    election_fields: dict[str, Any] = field(default_factory=dict)
    warnings: tuple[Problem, ...] = ()
    errors: tuple[Problem, ...] = ()
    # where the file's own totals, statistics and skipped rows were found (also when refused)
    notes: ReadingNotes = field(default_factory=ReadingNotes)
    # the file's totals that its units do not add up to (errors, or accepted with accept_differences)
    differences: tuple[TotalDifference, ...] = ()
    accepted_differences: bool = False
    # a workbook holding several elections, one per sheet: their names, when none was chosen
    elections: tuple[str, ...] = ()
    sheet: str | None = None
    # the reading kept (None for the template), and the other readings the interpreter considered
    reading: Reading | None = None
    alternatives: tuple[Reading, ...] = ()
    # the workbook's other sheets the chosen reading left, each read on its own and joined
    other_sheets: tuple[every_sheet.OtherSheet, ...] = ()

    @property
    def summary(self) -> ImportSummary | None:
        """The one-screen summary (None when nothing could be read)."""
        if self.results is None:
            return None
        accepted = self.differences if self.accepted_differences else ()
        return summarise(self.results, self.notes, accepted)

    @property
    def ok(self) -> bool:
        return self.results is not None and not self.errors


def read_tally_file(
    path: str | Path,
    format: str = "auto",
    progress: Callable[[int, int], Any] | None = None,
    cancel: Callable[[], bool] | None = None,
    *,
    sheet: str | None = None,
    accept_differences: bool = False,
    profile: LayoutProfile | None = None,
) -> TallyImport:
    """Read a tally file in any supported layout. Errors come back in ``errors``, never half results.

    ``sheet`` reads one sheet of a workbook (one election of several); ``accept_differences`` turns
    differences between the file's own totals and its units into warnings (kept in
    ``differences``); ``profile`` is a saved layout profile (its format, sheet and reading).
    Raises ``ImportCancelled`` when ``cancel()`` returns True; nothing else escapes for bad input.
    """
    path = Path(path)
    one_sheet_asked = sheet is not None or _election_chosen(profile)
    if profile is not None:
        format = profile.format if format == "auto" else format
        sheet = sheet or profile.sheet
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    log = ProblemLog(path.name)
    ticker = Ticker(progress, cancel)
    builder = ResultsBuilder(log, path, accept_differences=accept_differences)
    layout = format
    results = None
    elections: tuple[str, ...] = ()
    reading = profile.reading if profile is not None else None
    found: interpret.Interpretation | None = None
    others: tuple[every_sheet.OtherSheet, ...] = ()
    try:
        with no_cyclic_gc():
            book = open_book(path, log)
            every = () if one_sheet_asked or layouts.several_elections(book) else tuple(book.sheet_names)
            book = _chosen_sheet(book, sheet, log)
            reading = _on_sheet_found(reading, book)
            elections = () if sheet else layouts.several_elections(book)
            if elections:
                raise log.reject(
                    None,
                    None,
                    "this workbook holds several elections, one per sheet: "
                    f"{', '.join(repr(e) for e in elections)}; choose one (import --sheet NAME)",
                )
            found = interpret.interpret(
                book, log, lambda: _builder(log, path, accept_differences), ticker, format, reading
            )
            if len(every) > 1:  # the user chose no sheet (no election of several)
                # a profile's format is its own sheet's: the others are read as found
                other_format = format if reading is None else "auto"
                others = _other_sheets(path, every, found, other_format, ticker, accept_differences)
            builder, layout, results = found.chosen.builder, found.chosen.layout, found.chosen.results
    except ImportRejected:
        results = None
    log = builder.log
    if log.errors:
        results = None
    chosen = found.chosen if found is not None else None
    return TallyImport(
        path,
        layout,
        results,
        (chosen.fields or {}) if chosen is not None and results is not None else {},
        tuple(log.warnings),
        tuple(log.errors),
        builder.notes,
        tuple(builder.differences),
        accept_differences,
        elections,
        sheet,
        chosen.reading if chosen is not None else None,
        found.alternatives if found is not None else (),
        others,
    )


def _election_chosen(profile: LayoutProfile | None) -> bool:
    """A profile naming the sheet to read as the election chosen among several: an abstract's
    reading names its own sheet there (the one it fits), which chooses no election."""
    if profile is None or profile.sheet is None:
        return False
    return profile.reading is None or profile.reading.layout != "abstract"


def _other_sheets(
    path: Path,
    every: tuple[str, ...],
    found: interpret.Interpretation,
    format: str,
    ticker: Ticker,
    accept_differences: bool,
) -> tuple[every_sheet.OtherSheet, ...]:
    """The sheets the chosen reading left, each read on its own and joined (``every_sheet``)."""

    def new_builder() -> ResultsBuilder:  # the opening's warnings are the first reading's already
        return ResultsBuilder(ProblemLog(path.name), path, accept_differences=accept_differences)

    return every_sheet.read_other_sheets(path, list(every), found, format, new_builder, ticker)


def _builder(opening: ProblemLog, path: Path, accept_differences: bool) -> ResultsBuilder:
    """A fresh builder for one reading, its log starting with what opening the file found."""
    log = ProblemLog(opening.file)
    log.warnings.extend(opening.warnings)
    log.errors.extend(opening.errors)
    return ResultsBuilder(log, path, accept_differences=accept_differences)


def _on_sheet_found(reading: Reading | None, book: Book) -> Reading | None:
    """A profile names its sheet as it was saved; the county's next file may spell it in another case
    or spacing ("Results", "RESULTS"), which finds the sheet, and the readers compare names exactly:
    the reading must name the sheet as this file spells it, or its corrections would be dropped."""
    if reading is None or reading.sheet is None or reading.sheet in book.sheet_names:
        return reading
    found = book.find_sheet(reading.sheet)
    return reading if found is None else replace(reading, sheet=found)


def _chosen_sheet(book: Book, sheet: str | None, log: ProblemLog) -> Book:
    if sheet is None:
        return book
    found = book.find_sheet(sheet)
    if found is None:
        raise log.reject(
            None,
            None,
            f"there is no sheet {sheet!r}; the sheets are {', '.join(repr(n) for n in book.sheet_names)}",
        )
    return book.only(found)
