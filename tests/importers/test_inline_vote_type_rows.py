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


def _one_contest(units: list[str]) -> list[list[object]]:
    rows: list[list[object]] = [["Mayor"], ["Precinct", "Ann Adams", "Bob Baker", "Total"]]
    rows += [[unit, 5 + i, 6 + i, 11 + 2 * i] for i, unit in enumerate(units)]
    rows.append(["Total", sum(5 + i for i in range(len(units))), sum(6 + i for i in range(len(units))), None])
    return rows


def test_unit_names_with_a_vote_type_word_unconfirmed_stay_precinct_names(tmp_path: Path) -> None:
    # regression sweep F3/F4: 'Bay - Early' was stored as precinct Bay's Early votes with no word,
    # and 'Bay' beside 'Bay - Early' was refused with a message about a vote-type column
    cases = (
        ["Alma - North", "Alma - South", "Bay - Early", "Bay - Late"],
        ["Bay", "Bay - Early", "Cove"],
        ["North - Mail", "South - Mail", "East"],
        ["Alma", "Bay - Absentee", "Cove"],
    )
    for units in cases:
        imported = read_tally_file(write_xlsx(tmp_path / "names.xlsx", {"Mayor": _one_contest(units)}))
        assert imported.errors == (), units
        assert imported.results is not None
        assert [p.name for p in imported.results.precincts] == units
        assert all(t.vote_types == () for t in imported.results.tallies)


def test_every_unit_with_the_same_type_rows_confirms_them(tmp_path: Path) -> None:
    units = ["Pct 1 - Early", "Pct 1 - Election Day", "Pct 2 - Early", "Pct 2 - Election Day"]
    imported = read_tally_file(write_xlsx(tmp_path / "types.xlsx", {"Mayor": _one_contest(units)}))
    assert imported.errors == () and imported.results is not None
    assert [p.name for p in imported.results.precincts] == ["Pct 1", "Pct 2"]
    ann = next(t for t in imported.results.tallies if (t.precinct, t.choice) == ("Pct 1", "Ann Adams"))
    assert dict(ann.vote_types) == {"Early": 5, "Election Day": 6}
