"""A statement whose rows name each unit's vote types with the unit (``Pct 1 - Polling``, ``Pct 1 -
Vote By Mail``, ``Pct 1 - Early Voting``, ``Pct 1 - Total``): one unit per precinct with its types
stored, the Total row checked. Each vote type was a recountable unit of its own (fourth review,
W7)."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx

TYPES = ("Polling", "Vote By Mail", "Early Voting")


def test_vote_types_named_with_their_unit_are_the_units_types(tmp_path: Path) -> None:
    rows: list[list[object]] = [["President"], ["Precinct", "Trump", "Clinton"]]
    for unit, (trump, clinton) in (("Pct 1", (23, 11)), ("Pct 2", (97, 43))):
        rows += [[f"{unit} - {t}", trump + i, clinton] for i, t in enumerate(TYPES)]
        rows.append([f"{unit} - Total", 3 * trump + 3, 3 * clinton])
    rows.append(["Grand Total", 3 * 23 + 3 + 3 * 97 + 3, 3 * 11 + 3 * 43])
    mayor: list[list[object]] = [["Mayor"], ["Precinct", "Ann", "Bob"], ["Pct 1", 1, 2], ["Pct 2", 3, 4]]
    imported = read_tally_file(write_xlsx(tmp_path / "inline.xlsx", {"President": rows, "Mayor": mayor}))
    assert imported.errors == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == ["Pct 1", "Pct 2"]
    trump = next(t for t in imported.results.tallies if (t.precinct, t.choice) == ("Pct 1", "Trump"))
    assert dict(trump.vote_types) == {"Polling": 23, "Vote By Mail": 24, "Early Voting": 25}
    assert imported.results.totals("President") == {"Trump": 366, "Clinton": 162}
