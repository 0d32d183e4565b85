"""What an empty page says: the next step, never a blank screen (issue 14 item 16)."""

from __future__ import annotations

NO_RESULTS = (
    "No results are imported yet. Next: File > Import Results (Ctrl+I) and choose the county's file "
    "(xlsx, xls, ods or csv). No file yet? Write the blank template with "
    "`recount-desktop template tallies results.xlsx`, fill it in, and import it."
)
NO_ELECTION = "No election is open. File > New Election (Ctrl+N) or File > Open (Ctrl+O) to begin."


def has_results(snapshot: object) -> bool:
    results = getattr(snapshot, "results", None)
    return bool(results is not None and results.contests)
