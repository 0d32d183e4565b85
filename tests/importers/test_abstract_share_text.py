"""An abstract with a vote-share column written as text (``50.0%``) between the names and the
counts reads as an abstract, the column skipped as shares; it was "no vote counts were found in
the file" (fourth review, R3). Shares as numbers (0.5) read so already."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


def test_a_share_column_of_text_percentages_is_skipped(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        [None, None, "Pct 1", "Pct 2", "Pct 3", "Total"],
        ["United States Senator", None, None, None, None, None],
        ["Udall", "48.6%", 69, 292, 392, 753],
        ["Gardner", "51.4%", 131, 61, 254, 446],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "shares.xlsx", {"Sheet": rows}))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("United States Senator") == {"Udall": 753, "Gardner": 446}
    assert [n.cell for n in imported.notes.skipped] == ["column B"]
