"""Property (issue 11, section 4): results written back out in each layout a county uses (long
rows, with and without total rows and vote types; one sheet per contest with units as rows and a
total row; an abstract with units as columns and a total column) import as the same results."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_csv, write_xlsx

# (contest, unit, choice) -> votes; units, contests and choices named plainly so no name is a total
Results = dict[tuple[str, str, str], int]
Writer = Callable[[Path, Results, bool], Path]


@st.composite
def results(draw: st.DrawFn) -> Results:
    units = [f"Precinct {i}" for i in range(1, draw(st.integers(2, 5)) + 1)]
    found: Results = {}
    for c in range(draw(st.integers(2, 3))):  # a statement of votes cast has two contest sheets or more
        choices = [f"Candidate {c}{k}" for k in "ABCD"[: draw(st.integers(2, 4))]]
        for unit in units:
            for choice in choices:
                found[(f"Contest {c}", unit, choice)] = draw(st.integers(0, 5000))
    return found


def _contests(cells: Results) -> dict[str, tuple[list[str], list[str]]]:
    shape: dict[str, tuple[list[str], list[str]]] = {}
    for contest, unit, choice in cells:
        units, choices = shape.setdefault(contest, ([], []))
        units.append(unit) if unit not in units else None
        choices.append(choice) if choice not in choices else None
    return shape


def _a_unit_is_a_sum(cells: Results) -> bool:
    """A unit whose every count is the sum of the units before it reads as a total row (by design,
    issue 11); such data is not a round trip, and real counts never line up so."""
    for contest, (units, choices) in _contests(cells).items():
        for i in range(2, len(units)):
            row = [cells[(contest, units[i], ch)] for ch in choices]
            above = [sum(cells[(contest, u, ch)] for u in units[:i]) for ch in choices]
            if row == above and sum(1 for v in above if v) >= 2:
                return True
        for unit in units:  # the long layout looks at the other units, wherever they are
            if all(
                2 * cells[(contest, unit, ch)] == sum(cells[(contest, u, ch)] for u in units)
                for ch in choices
            ):
                return True
    return False


def write_long(folder: Path, cells: Results, totals: bool) -> Path:
    rows: list[tuple[object, ...]] = [("precinct", "office", "candidate", "votes")]
    rows += [(unit, contest, choice, votes) for (contest, unit, choice), votes in cells.items()]
    if totals:
        for contest, (units, choices) in _contests(cells).items():
            rows += [("Total", contest, ch, sum(cells[(contest, u, ch)] for u in units)) for ch in choices]
    return write_csv(folder / "long.csv", rows)


def write_long_with_vote_types(folder: Path, cells: Results, totals: bool) -> Path:
    """OpenElections' vote-type columns beside the votes column: two types that add up to it."""
    rows: list[tuple[object, ...]] = [("precinct", "office", "candidate", "early", "election day", "votes")]
    for (contest, unit, choice), votes in cells.items():
        rows.append((unit, contest, choice, votes // 3, votes - votes // 3, votes))
    return write_csv(folder / "typed.csv", rows)


def write_sovc(folder: Path, cells: Results, totals: bool) -> Path:
    sheets: dict[str, list[list[object]]] = {}
    for i, (contest, (units, choices)) in enumerate(_contests(cells).items()):
        rows: list[list[object]] = [[contest], ["Precinct", *choices]]
        rows += [[unit, *(cells[(contest, unit, ch)] for ch in choices)] for unit in units]
        if totals:
            rows.append(["Total:", *(sum(cells[(contest, u, ch)] for u in units) for ch in choices)])
        sheets[str(i + 1)] = rows
    return write_xlsx(folder / "sovc.xlsx", sheets)


def write_abstract(folder: Path, cells: Results, totals: bool) -> Path:
    shape = _contests(cells)
    units = next(iter(shape.values()))[0]
    rows: list[list[object]] = [["", *units, *(["Total"] if totals else [])]]
    for contest, (_units, choices) in shape.items():
        rows.append([contest])
        for choice in choices:
            counts = [cells[(contest, u, choice)] for u in units]
            rows.append([choice, *counts, *([sum(counts)] if totals else [])])
    return write_xlsx(folder / "abstract.xlsx", {"Abstract of Votes": rows})


WRITERS: dict[str, Writer] = {
    "long": write_long,
    "long with vote types": write_long_with_vote_types,
    "sovc": write_sovc,
    "abstract": write_abstract,
}


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(results(), st.sampled_from(sorted(WRITERS)), st.booleans())
def test_results_written_in_any_layout_import_as_the_same_results(
    cells: Results, layout: str, totals: bool
) -> None:
    assume(not _a_unit_is_a_sum(cells))
    with tempfile.TemporaryDirectory() as folder:
        imported = read_tally_file(WRITERS[layout](Path(folder), cells, totals))
    assert imported.errors == (), imported.errors[:3]
    assert imported.results is not None
    read_back = {(t.contest, t.precinct, t.choice): t.votes for t in imported.results.tallies}
    assert read_back == cells
    if totals and layout != "long with vote types":
        assert imported.notes.counts["totals"] > 0  # the total rows or column were read as totals
