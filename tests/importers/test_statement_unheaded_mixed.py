"""A statement's unheaded column holding counts and a text note (the second review's
late_mixed.xlsx: "see note" in D3, a 9 in D4): the counts were passed over without a word, since
the column was taken for text. Any count above 0 under no header is warned of, and the text cells
beside it are named, so the user sees the whole column."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.reader import TallyImport
from tests.importers.conftest import write_xlsx


def _import(tmp_path: Path, late: list[object]) -> TallyImport:
    mayor: list[list[object]] = [["Mayor"], ["Precinct", "Ada", "Bob"]]
    for p, extra in enumerate(late, start=1):
        mayor.append([f"P{p}", p, 2 * p, extra])
    clerk = [["Clerk"], ["Precinct", "Cy", "Di"], ["P1", 1, 2], ["P2", 3, 4], ["P3", 5, 6]]
    return read_tally_file(write_xlsx(tmp_path / "late.xlsx", {"Mayor": mayor, "Clerk": clerk}))


def test_counts_beside_a_note_under_no_header_are_warned_of_with_the_note(tmp_path: Path) -> None:
    imported = _import(tmp_path, ["see note", 9, None])
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 6, "Bob": 12}
    [warning] = [w for w in imported.warnings if "no header" in w.message]
    assert (warning.sheet, warning.cell) == ("Mayor", "D4")
    assert "holds counts (from D4); they are not read; it also holds text (D3 'see note')" in warning.message
    skipped = [(n.sheet, n.cell, n.label) for n in imported.notes.skipped]
    assert ("Mayor", "column D", "(no header; counts from D4, not read)") in skipped


def test_a_note_alone_or_with_zeros_under_no_header_is_no_count(tmp_path: Path) -> None:
    for late in (["see note", None, None], ["see note", 0, 0]):
        imported = _import(tmp_path, late)
        assert imported.errors == ()
        assert not [w for w in imported.warnings if "no header" in w.message]
