"""An abstract whose unit headers carry the precinct's code on a line of its own (``Adams\\n(ADA)``):
a code in parentheses is no party unless it is one counties print (``(DEM)``, ``(R)``), so the
header row is read as units, automatically and in the user's own reading (--format abstract, a
profile). At review (issue 11, finding 10) it was refused as "a candidate over a party": a dead end."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.axes import PARTY_LINE
from recount_desktop.importers.profiles import load_profile
from tests.importers.conftest import write_xlsx

ROWS: list[list[object]] = [
    ["", "Adams\n(ADA)", "Baker\n(BAK)", "Clay\n(CLA)", "Total"],
    ["MAYOR"],
    ["Ada Lovelace", 1, 2, 3, 6],
    ["Bob Smith", 4, 5, 6, 15],
    ["COUNCIL"],
    ["Cy", 1, 1, 1, 3],
    ["Di", 2, 2, 2, 6],
]
PROFILE = """name = "Codes"
format = "abstract"
[reading]
header_rows = [1]
unit_columns = ["B", "C", "D"]
total_columns = ["E"]
label_columns = ["A"]
"""


@pytest.mark.parametrize("how", ["auto", "abstract", "profile"])
def test_precinct_codes_under_the_names_are_units(tmp_path: Path, how: str) -> None:
    source = write_xlsx(tmp_path / "abs_codes.xlsx", {"Abstract": ROWS})
    if how == "profile":
        path = tmp_path / "codes.toml"
        path.write_text(PROFILE, encoding="utf-8")
        imported = read_tally_file(source, profile=load_profile(path))
    else:
        imported = read_tally_file(source, format=how)
    assert imported.errors == () and imported.warnings == () and imported.results is not None
    assert imported.layout == "abstract"
    assert [p.name for p in imported.results.precincts] == ["Adams (ADA)", "Baker (BAK)", "Clay (CLA)"]
    assert imported.results.totals("MAYOR") == {"Ada Lovelace": 6, "Bob Smith": 15}
    assert imported.results.totals("COUNCIL") == {"Cy": 3, "Di": 6}


@pytest.mark.parametrize(
    ("line", "party"),
    [
        ("(DEM)", True),
        ("( rep )", True),
        ("(R)", True),
        ("Democrat", True),
        ("Republican Party", True),
        ("UAF", True),
        ("(Libertarian)", True),
        ("(ADA)", False),
        ("(BAK)", False),
        ("ADA", False),
        ("(NW)", False),
    ],
)
def test_only_known_parties_make_a_party_line(line: str, party: bool) -> None:
    assert bool(PARTY_LINE.match(line)) is party
