"""A unit named like a county (``County``, ``Park County``: votes cast county-wide) before the
file's own ``Total`` column that counts it: a unit, as the total says. It was taken as the file's
total by its label, and the import refused with false differences (fourth review, R1). A
``COUNTY`` row with no other total still is the file's total (``test_county_labelled_totals``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


@pytest.mark.parametrize("county", ["County", "Park County"])
def test_a_county_unit_counted_by_the_total_column_is_a_unit(tmp_path: Path, county: str) -> None:
    rows: list[list[object]] = [
        [None, "Pct 1", "Pct 2", "Pct 3", county, "Total"],
        ["United States Senator", None, None, None, None, None],
        ["Mark Udall - Democratic", 69, 292, 392, 131, 884],
        ["Cory Gardner - Republican", 61, 254, 390, 242, 947],
    ]
    imported = read_tally_file(write_xlsx(tmp_path / "abstract.xlsx", {"Results": rows}))
    assert imported.errors == () and imported.results is not None
    assert county in [p.name for p in imported.results.precincts]
    assert imported.results.totals("United States Senator") == {"Mark Udall": 884, "Cory Gardner": 947}
