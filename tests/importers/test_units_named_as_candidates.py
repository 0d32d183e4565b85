"""An abstract read as the user chose (--format abstract) whose every unit header is a name over a
known party (``Ada Lovelace\\n(DEM)``) would store its candidates as precincts: refused, naming the
cells (the second review's cand_party2.xlsx, issue 11 finding H, imported with one warning). Where
only some headers carry a party the user's reading stands, warned; a code that is no party
(``Adams\\n(ADA)``, the review's abs_codes.xlsx) is no party line at all."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


def _sheet(tmp_path: Path, headers: list[str], rows: list[list[object]]) -> Path:
    return write_xlsx(tmp_path / "mayor.xlsx", {"Mayor": [["Candidate", *headers], *rows]})


CAND_PARTY2 = [["MAYOR", None, None, None], ["Adams", 1, 2, 3], ["Baker", 4, 5, 6], ["Clay", 7, 8, 9]]


def test_every_unit_header_a_candidate_over_a_party_is_refused_in_the_users_reading(tmp_path: Path) -> None:
    source = _sheet(tmp_path, ["Ada Lovelace\n(DEM)", "Bob Smith\n(REP)", "Cy\n(LIB)"], CAND_PARTY2)
    imported = read_tally_file(source, format="abstract")
    assert imported.results is None
    [error] = imported.errors
    assert error.sheet == "Mayor" and error.cell == "B1"
    assert error.message.startswith(
        "every unit header along row 1 (B1, C1, D1) names a candidate over a party, not a unit "
        "('Ada Lovelace / (DEM)'): read as units, as the layout chosen says, the candidates would be "
        "stored as precincts"
    )
    assert error.message.endswith(
        "Choose the statement layout (units as rows) in the import wizard, or import --format sovc"
    )


def test_some_unit_headers_over_a_party_keep_the_users_reading_with_a_warning(tmp_path: Path) -> None:
    source = _sheet(tmp_path, ["North\n(DEM)", "South", "West"], CAND_PARTY2)
    imported = read_tally_file(source, format="abstract")
    assert imported.errors == () and imported.results is not None
    assert [w.cell for w in imported.warnings] == ["B1"]
    assert "read as units, as the layout chosen says" in imported.warnings[0].message
    assert imported.results.totals("MAYOR") == {"Adams": 6, "Baker": 15, "Clay": 24}


def test_unit_codes_that_are_no_parties_import_as_units(tmp_path: Path) -> None:
    rows: list[list[object]] = [
        ["MAYOR", None, None, None, None],
        ["Ada Lovelace", 1, 2, 3, 6],
        ["Bob Smith", 4, 5, 6, 15],
        ["COUNCIL", None, None, None, None],
        ["Cy", 1, 1, 1, 3],
        ["Di", 2, 2, 2, 6],
    ]
    source = _sheet(tmp_path, ["Adams\n(ADA)", "Baker\n(BAK)", "Clay\n(CLA)", "Total"], rows)
    for layout in ("abstract", "auto"):
        imported = read_tally_file(source, format=layout)
        assert imported.errors == () and imported.results is not None
        assert imported.results.totals("MAYOR") == {"Ada Lovelace": 6, "Bob Smith": 15}
        assert len(imported.results.precincts) == 3
