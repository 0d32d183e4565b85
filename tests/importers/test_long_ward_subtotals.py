"""A long table whose ward subtotals are rows of their own after each candidate's precincts
(``Ward 1 Total`` / ``Ward 2 Total``, or plain ``Ward 1`` / ``Ward 2``): they are the file's own
totals, checked together against the precincts and never counted. Both were counted as units,
every vote twice, exit 0 (fourth review, W3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv

PRECINCTS = {"Pct 1": (69, 131), "Pct 2": (292, 61), "Pct 3": (392, 254), "Pct 4": (33, 390)}


def _rows(ward_names: tuple[str, str], ward_2_trump: int = 425) -> list[list[object]]:
    rows: list[list[object]] = [["precinct", "office", "candidate", "votes"]]
    for i, name in enumerate(("Trump", "Clinton")):
        counts = [votes[i] for votes in PRECINCTS.values()]
        rows += [[unit, "President", name, votes[i]] for unit, votes in PRECINCTS.items()]
        ward_2 = ward_2_trump if name == "Trump" else counts[2] + counts[3]
        rows += [
            [ward_names[0], "President", name, counts[0] + counts[1]],
            [ward_names[1], "President", name, ward_2],
        ]
    return rows


@pytest.mark.parametrize("wards", [("Ward 1 Total", "Ward 2 Total"), ("Ward 1", "Ward 2")])
def test_ward_subtotal_rows_are_totals_not_units(tmp_path: Path, wards: tuple[str, str]) -> None:
    imported = read_tally_file(write_csv(tmp_path / "long.csv", _rows(wards)))
    assert imported.errors == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == list(PRECINCTS)
    assert imported.results.totals("President") == {"Trump": 786, "Clinton": 836}
    assert len(imported.notes.totals) == 4


def test_labelled_ward_subtotals_that_do_not_add_up_are_an_error(tmp_path: Path) -> None:
    imported = read_tally_file(write_csv(tmp_path / "long.csv", _rows(("Ward 1 Total", "Ward 2 Total"), 426)))
    assert imported.results is None and imported.errors


def test_plain_wards_that_do_not_add_up_stay_units(tmp_path: Path) -> None:
    """'Ward 1' and 'Ward 2' that are not the other units' sum are units (precincts so named)."""
    imported = read_tally_file(write_csv(tmp_path / "long.csv", _rows(("Ward 1", "Ward 2"), 426)))
    assert imported.errors == () and imported.results is not None
    assert len(imported.results.precincts) == 6
