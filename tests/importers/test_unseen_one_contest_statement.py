"""Montrose County CO publishes one CSV per contest, its title only in the file's name
(openelections-sources-co 2026/primary/"2026 Montrose County, CO primary precinct results -
Governor (Republican).csv"). Automatic detection refuses it with advice that leads to the right
reading; read as a statement, its one contest is named from the file's name, with a warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file

MONTROSE = (
    'Precinct,"Victor Marx\nRepublican","Barb Kirkmeyer\nRepublican","Total Votes Cast",Undervotes\n'
    '101,"3,667","2,082","5,749",218\n'
    '102,"1,001",998,"1,999",12\n'
    'Totals,"4,668","3,080","7,748",230\n'
)
NAME = "2026 Montrose County, CO primary precinct results - Governor (Republican).csv"


def _montrose(tmp_path: Path) -> Path:
    path = tmp_path / NAME
    path.write_text(MONTROSE, encoding="utf-8")
    return path


@pytest.mark.parametrize("first_unit", ["STATE", "100"])
def test_automatic_detection_points_to_the_statement_layout(tmp_path: Path, first_unit: str) -> None:
    """With the real file's ``STATE`` unit the sheet reads as a transposed abstract, refused naming
    the corner cell; with numbered units only, nothing is recognised: both say which reading fits."""
    path = _montrose(tmp_path)
    path.write_text(MONTROSE.replace("101,", f"{first_unit},", 1), encoding="utf-8")
    imported = read_tally_file(path)
    assert imported.results is None
    [error] = imported.errors
    assert "import --format sovc" in error.message
    assert "named from the file's name" in error.message


def test_read_as_a_statement_the_contest_is_named_from_the_file_name(tmp_path: Path) -> None:
    imported = read_tally_file(_montrose(tmp_path), format="sovc")
    assert imported.errors == () and imported.results is not None
    assert [c.name for c in imported.results.contests] == ["Governor (Republican)"]
    assert imported.results.totals("Governor (Republican)") == {"Victor Marx": 4668, "Barb Kirkmeyer": 3080}
    assert any("named 'Governor (Republican)' from the file's name" in w.message for w in imported.warnings)
