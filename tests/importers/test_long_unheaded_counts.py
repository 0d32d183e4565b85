"""A count typed past a long table's last column, under no header, is never left out silently: the
summary lists its column among the skipped, naming its first count (issue 11 review: the reviewer's
fz/long_row_late.xlsx). Read by rows or offered to the columnar read, the same note."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from recount_desktop.importers import long_columnar, read_tally_file
from tests.importers.conftest import write_xlsx
from tests.importers.test_long_columnar import _columnar, _declined, _rows

LONG = "precinct,contest,choice,votes\nP1,Mayor,Ada,5\nP1,Mayor,Bob,3,,7\nP2,Mayor,Ada,4\nP2,Mayor,Bob,2\n"


@pytest.mark.parametrize(
    ("text", "layout"),
    [(LONG, "long"), (LONG.replace("votes", "Votes"), "template")],
    ids=["long", "template"],
)
def test_a_count_under_no_header_is_listed_as_skipped(tmp_path: Path, text: str, layout: str) -> None:
    source = tmp_path / "long.csv"
    source.write_text(text, encoding="utf-8")
    imported = read_tally_file(source, format=layout)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada": 9, "Bob": 5}
    assert [(n.cell, n.label) for n in imported.notes.skipped] == [
        ("column F", "(no header; counts from line 3, not read)")
    ]


def _with_stray_count(rows: list[tuple[Any, ...]]) -> list[list[object]]:
    table: list[list[object]] = [["Precinct", "Contest", "Choice", "Votes"], *map(list, rows)]
    table[len(table) // 2] += [None, 9]
    return table


@pytest.mark.skipif(not long_columnar.available(), reason="fastexcel and pyarrow not installed")
def test_the_columnar_read_leaves_it_to_the_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = _with_stray_count(_rows())
    path = write_xlsx(tmp_path / "long.xlsx", {"Results": table})
    imported = _declined(path, monkeypatch)
    assert imported.errors == () and imported.results is not None
    assert [(n.cell, n.label) for n in imported.notes.skipped] == [
        ("column F", f"(no header; counts from F{len(table) // 2 + 1}, not read)")
    ]


@pytest.mark.skipif(not long_columnar.available(), reason="fastexcel and pyarrow not installed")
def test_a_blank_column_under_no_header_keeps_the_columnar_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table: list[list[object]] = [["Precinct", "Contest", "Choice", "Votes", None, "Note"]]
    table += [[*row, None, None] for row in _rows()]
    imported = _columnar(write_xlsx(tmp_path / "long.xlsx", {"Results": table}), monkeypatch)
    assert imported.errors == () and imported.notes.skipped == []
