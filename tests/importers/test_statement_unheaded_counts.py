"""A statement's column of counts under a blank header cell (a count typed past the last candidate:
the review's long_row_late.xlsx, a 9 in F2501 of a 3,000-precinct sheet) is not read, and said so:
a warning naming its first count and a line among the summary's skipped columns. Before, the
statement reader passed over any column with a blank header without a word."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.reader import TallyImport
from tests.importers.conftest import write_xlsx

HEADER: list[object] = ["Precinct", "Ada", "Bob", "Carl"]


def _sheet(extra: Mapping[int, object], precincts: int = 4) -> list[list[object]]:
    rows: list[list[object]] = [["Mayor"], HEADER + ["", ""]]
    for p in range(1, precincts + 1):
        rows.append([f"Precinct {p}", p, 2 * p, 3 * p + 1, "", extra.get(p, "")])
    return rows


def _import(tmp_path: Path, extra: Mapping[int, object]) -> TallyImport:
    path = write_xlsx(tmp_path / "statement.xlsx", {"Mayor": _sheet(extra), "Clerk": _sheet({})})
    return read_tally_file(path, format="sovc")


def test_a_count_under_no_header_is_warned_of_and_listed_as_skipped(tmp_path: Path) -> None:
    imported = _import(tmp_path, {3: 9})
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 10, "Bob": 20, "Carl": 34}
    [warning] = [w for w in imported.warnings if "no header" in str(w)]
    assert (warning.sheet, warning.cell) == ("Mayor", "F5")
    assert "column F has no header but holds counts (from F5); they are not read" in warning.message
    skipped = [(n.sheet, n.cell, n.label) for n in imported.notes.skipped]
    assert ("Mayor", "column F", "(no header; counts from F5, not read)") in skipped
    assert not [n for n in skipped if n[0] == "Clerk"]


def test_text_or_zeros_under_no_header_are_no_counts(tmp_path: Path) -> None:
    for extra in ({2: "see note"}, {1: 0, 2: 0}):
        imported = _import(tmp_path, extra)
        assert imported.errors == ()
        assert not [w for w in imported.warnings if "no header" in str(w)]
