"""Plain counts given grid by grid (``PlainCounts.of_grids``: a statement's contest sheets, each its
choices by its units) are the same counts as ``PlainCounts`` given each count's codes: the same
tallies in the same order, the same results, the same refusals and messages, the same rows
written; without the per-count codes or a set of every key unless someone asks (issue 11, speed)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recount_desktop.domain import Choice, Contest, Election, ElectionResults, Precinct, Tally
from recount_desktop.domain.records import Grid, PlainCounts, Tallies
from recount_desktop.store import create_election_file
from recount_desktop.store.mapping import _plain_columns

CONTESTS = tuple(Contest(f"C{k}", tuple(Choice(f"C{k}-{j}") for j in range(4))) for k in range(4))
CELLS = tuple((c.name, choice) for c in CONTESTS for choice in c.choice_names())
NAMES = tuple(f"P{i}" for i in range(8))
PRECINCTS = tuple(Precinct(name) for name in NAMES)


def _expanded(grids: Sequence[Grid]) -> PlainCounts:
    """The same counts given count by count."""
    cells = [code for row, units, _v in grids for _u in units for code in row]
    units = [unit for row, units_, _v in grids for unit in units_ for _c in row]
    votes = [vote for _r, _u, votes in grids for vote in votes]
    return PlainCounts(CELLS, NAMES, cells, units, votes)


def _grid(contest: int, choices: Sequence[int], units: Sequence[int], start: int = 0) -> Grid:
    row = [contest * 4 + j for j in choices]
    return row, list(units), [start + i for i in range(len(row) * len(units))]


@st.composite
def grid_lists(draw: st.DrawFn) -> list[Grid]:
    """Grids over the contests: their choices and units in any order, a contest at most twice (a
    second grid of the same contest with other units, or the same: then keys repeat)."""
    grids = []
    for contest in draw(st.lists(st.integers(0, 3), max_size=6)):
        choices = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
        units = draw(st.lists(st.integers(0, 7), max_size=8, unique=True))
        grids.append(_grid(contest, choices, units, draw(st.integers(0, 10**6))))
    return grids


def _results(plain: PlainCounts, objects: Sequence[Tally] = ()) -> ElectionResults | str:
    try:
        return ElectionResults(CONTESTS, PRECINCTS, Tallies(objects, plain))
    except ValueError as error:
        return str(error)


@settings(max_examples=150, deadline=None)
@given(grid_lists())
def test_grids_are_the_counts_they_expand_to(grids: list[Grid]) -> None:
    by_grid, by_count = PlainCounts.of_grids(CELLS, NAMES, grids), _expanded(grids)
    assert list(by_grid.cell_codes) == list(by_count.cell_codes)
    assert list(by_grid.precinct_codes) == list(by_count.precinct_codes)
    assert list(by_grid.votes) == list(by_count.votes) and len(by_grid) == len(by_count)
    assert list(by_grid.tallies()) == list(by_count.tallies())
    assert by_grid.keys() == by_count.keys()
    if by_grid.unique_keys:  # said only when true
        assert len(set(by_count.keys())) == len(by_count)


@settings(max_examples=150, deadline=None)
@given(grid_lists(), st.sampled_from([(), ("P1", "C0", "C0-0"), ("P3", "C2", "C2-3")]))
def test_grid_results_are_accepted_and_refused_as_count_by_count(
    grids: list[Grid], other: tuple[str, ...]
) -> None:
    """Keys held twice (two grids of a contest sharing a unit and a choice), or a tally object in
    the cell of a grid's count: refused with the same message; else the same results."""
    objects = (Tally(*other, 5),) if other else ()
    by_grid = _results(PlainCounts.of_grids(CELLS, NAMES, grids), objects)
    by_count = _results(_expanded(grids), objects)
    assert by_grid == by_count


def test_separate_contests_are_known_once_without_their_keys() -> None:
    plain = PlainCounts.of_grids(CELLS, NAMES, [_grid(0, [0, 1], [0, 1, 2]), _grid(1, [3, 2], [2, 0])])
    assert plain.unique_keys
    assert plain._cell_codes is None and plain._precinct_codes is None  # not made by the checks
    results = _results(plain)
    assert isinstance(results, ElectionResults)
    assert plain._cell_codes is None
    assert results.totals("C0") == {"C0-0": 0 + 2 + 4, "C0-1": 1 + 3 + 5, "C0-2": 0, "C0-3": 0}


def test_a_contest_in_two_grids_is_checked_key_by_key() -> None:
    apart = PlainCounts.of_grids(CELLS, NAMES, [_grid(0, [0], [0, 1]), _grid(0, [0], [2, 3])])
    assert not apart.unique_keys and isinstance(_results(apart), ElectionResults)
    twice = PlainCounts.of_grids(CELLS, NAMES, [_grid(0, [0], [0, 1]), _grid(0, [0], [1])])
    assert _results(twice) == _results(_expanded(twice.grids or ())) == "two tallies for 'C0-0' in 'P1' (C0)"


@pytest.mark.parametrize(
    ("grids", "codes"),
    [
        ([([0, 1], [0], [1])], ([0, 1], [0, 0], [1])),  # a vote short
        ([([0, 99], [0], [1, 2])], None),  # no such cell
        ([([0], [8], [1])], None),  # no such precinct
        ([([0], [0], [-1])], None),  # a negative count
        ([([0], [0, 1], [1, 2.5])], None),  # not a whole number
        ([([0], [0], [1]), ([0], [0], [2])], None),  # a key twice: refused by the results, not here
    ],
)
def test_bad_grids_are_refused_as_the_counts_they_hold(
    grids: list[Grid], codes: tuple[list[int], list[int], list[int]] | None
) -> None:
    """The same error (type and message) as the same counts given count by count (``codes``: when
    they cannot be expanded from the grids)."""

    def refusal(make: object) -> str:
        try:
            make()  # type: ignore[operator]
        except (ValueError, TypeError) as error:
            return f"{type(error).__name__}: {error}"
        return "accepted"

    by_count = refusal(lambda: PlainCounts(CELLS, NAMES, *codes) if codes else _expanded(grids))
    assert refusal(lambda: PlainCounts.of_grids(CELLS, NAMES, grids)) == by_count
    assert by_count != "accepted" or len(grids) == 2


@settings(max_examples=60, deadline=None)
@given(grid_lists())
def test_rows_written_from_grids_are_the_rows_of_their_counts(grids: list[Grid]) -> None:
    choice_ids = {cell: 100 + i for i, cell in enumerate(CELLS)}
    precinct_ids = {name: 7 * i + 1 for i, name in enumerate(NAMES)}
    by_grid = _plain_columns(PlainCounts.of_grids(CELLS, NAMES, grids), choice_ids, precinct_ids)
    by_count = _plain_columns(_expanded(grids), choice_ids, precinct_ids)
    assert [list(column) for column in by_grid] == [list(column) for column in by_count]


def test_grid_results_are_written_read_back_and_verified_as_their_tallies(
    election_target: str, election: Election
) -> None:
    """Written to a new election file (or server): the same rows, digest and results as the same
    tallies made as objects, and ``audit verify`` agrees with the digest computed from the grids."""
    grids = [_grid(0, [2, 0], [5, 1, 3]), _grid(2, [1, 3, 0], [0, 7], 40), _grid(0, [1], [6, 2], 90)]
    by_grid = ElectionResults(CONTESTS, PRECINCTS, Tallies((), PlainCounts.of_grids(CELLS, NAMES, grids)))
    made = ElectionResults(CONTESTS, PRECINCTS, tuple(_expanded(grids).tallies()))
    assert by_grid == made
    with create_election_file(election_target, election, operator="clerk-a") as store:
        store.replace_results(by_grid, {"source": "test"})
        assert store.results() == made
        report = store.verify_audit()
        assert report.ok, report.problem
