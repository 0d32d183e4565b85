"""A wide sheet's choice whose name holds a ``%`` (``FOR A 0.25% SALES TAX``, ``... (0.10%) RAP
TAX``) is a choice: only a header that is a share label (``%``, ``Pct``, ``Ada %``, ``trump_pct``)
is a vote-share column, and such a column is listed as skipped (second real-file check, finding 1:
Utah County's PROPOSITION #5 lost a choice, or vanished, exit 0)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.wide import is_share_header
from tests.importers.conftest import write_csv

HEAD = ["COUNTY NUMBER", "PRECINCT CODE", "PRECINCT NAME", "REGISTERED VOTERS TOTAL"]


def _file(tmp_path: Path, contest: str, choices: list[str], rows: list[list[object]]) -> Path:
    lines: list[list[object]] = [
        [*HEAD, *[contest] * len(choices)],
        ["", "", "", "", *["NON"] * len(choices)],
        ["", "", "", "VOTERS", *choices],
        *[[25, i + 1, f"AF30{i + 1}", 1000, *row] for i, row in enumerate(rows)],
    ]
    return write_csv(tmp_path / "wide.csv", lines)


@pytest.mark.parametrize(
    "choices",
    [
        ["FOR A 0.25% SALES TAX", "AGAINST"],
        ["FOR ONE-TENTH OF ONE PERCENT (0.10%) RAP TAX", "AGAINST ONE-TENTH OF ONE PERCENT (0.10%) RAP TAX"],
    ],
)
def test_a_percent_sign_inside_a_choice_name_keeps_the_choice(tmp_path: Path, choices: list[str]) -> None:
    imported = read_tally_file(_file(tmp_path, "PROPOSITION #5", choices, [[300, 200], [310, 190]]))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("PROPOSITION #5") == {choices[0]: 610, choices[1]: 390}


def test_a_share_column_is_skipped_and_said(tmp_path: Path) -> None:
    path = _file(
        tmp_path, "Mayor", ["ANN ABLE", "ANN ABLE %", "BOB BAKER", "BOB BAKER %"], [[300, 60, 200, 40]] * 2
    )
    imported = read_tally_file(path)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"ANN ABLE": 600, "BOB BAKER": 400}
    assert [(n.cell, n.label) for n in imported.notes.skipped] == [
        ("column F", "ANN ABLE %"),
        ("column H", "BOB BAKER %"),
    ]


@pytest.mark.parametrize(
    "text", ["%", "Pct", "% of Total", "Percent", "Vote %", "Ada (%)", "trump_pct", "Vote Share"]
)
def test_share_labels(text: str) -> None:
    assert is_share_header(text)
    assert not is_share_header(f"FOR A 0.25% {text} TAX")
