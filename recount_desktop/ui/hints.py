"""What an empty page says: the next step, never a blank screen."""

from __future__ import annotations

from recount_desktop.ui.snapshot import Snapshot

NO_RESULTS = (
    "No results are imported yet. Next: File > Import Results (Ctrl+I) and choose the county's file "
    "(xlsx, xls, ods or csv). No file yet? Write the blank template with "
    "`recount-desktop template tallies results.xlsx`, fill it in, and import it."
)
NO_ELECTION = "No election is open. File > New Election (Ctrl+N) or File > Open (Ctrl+O) to begin."


def has_results(snapshot: Snapshot | None) -> bool:
    return snapshot is not None and bool(snapshot.results.contests)
