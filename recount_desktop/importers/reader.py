"""``read_tally_file``: open a county's file, recognise its layout, and read it into results."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from recount_desktop.domain import ElectionResults
from recount_desktop.gc_pause import no_cyclic_gc
from recount_desktop.importers import layouts
from recount_desktop.importers.builder import ResultsBuilder, Ticker
from recount_desktop.importers.problems import ImportRejected, Problem, ProblemLog
from recount_desktop.importers.source import open_book

FORMATS = ("auto", "template", "long", "sovc", "wide")


@dataclass(frozen=True)
class TallyImport:
    """What a file holds: results (None when there are errors), its layout, and every problem found."""

    path: Path
    layout: str
    results: ElectionResults | None
    election_fields: dict[str, Any] = field(default_factory=dict)
    warnings: tuple[Problem, ...] = ()
    errors: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        return self.results is not None and not self.errors


def read_tally_file(
    path: str | Path,
    format: str = "auto",  # the CLI's --format
    progress: Callable[[int, int], Any] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> TallyImport:
    """Read a tally file in any supported layout. Errors come back in ``errors``, never half results.

    Raises ``ImportCancelled`` when ``cancel()`` returns True; nothing else escapes for bad input.
    """
    path = Path(path)
    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    log = ProblemLog(path.name)
    ticker = Ticker(progress, cancel)
    layout = format
    fields: dict[str, Any] = {}
    results = None
    try:
        with no_cyclic_gc():
            book = open_book(path, log)
            layout = layouts.detect(book, log) if format == "auto" else format
            builder = ResultsBuilder(log, path)
            options, fields = layouts.read(layout, book, builder, ticker)
            book.release()
            results = builder.finish(options)
    except ImportRejected:
        results = None
    except ValueError as error:  # a record the domain refuses (should have been caught as a cell error)
        log.error(None, None, f"the results cannot be built: {error}")
        results = None
    if log.errors:
        results = None
    return TallyImport(
        path, layout, results, fields if results is not None else {}, tuple(log.warnings), tuple(log.errors)
    )
