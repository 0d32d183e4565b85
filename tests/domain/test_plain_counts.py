"""An import's plain counts kept as columns (``PlainCounts`` in ``Tallies``): the results are the same
results as when built from ``Tally`` objects, for every reader, and are refused with the same
messages, without a ``Tally`` made for a count (issue 11, speed)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections.abc import Sequence

import pytest

from recount_desktop.domain import Choice, Contest, ElectionResults, Precinct, Tally
from recount_desktop.domain.records import PlainCounts, Tallies

CONTESTS = (
    Contest("Mayor", (Choice("Ada"), Choice("Bo"))),
    Contest("Clerk", (Choice("Cy"), Choice("Di"), Choice("Write-in", aggregate_write_in=True))),
)
PRECINCTS = (Precinct("P1"), Precinct("P2"), Precinct("P3"))
CELLS = (("Mayor", "Ada"), ("Mayor", "Bo"), ("Clerk", "Cy"), ("Clerk", "Di"), ("Clerk", "Write-in"))
NAMES = ("P1", "P2", "P3")


def _plain(counts: Sequence[tuple[str, str, str, int]]) -> PlainCounts:
    """(precinct, contest, choice, votes) as columns."""
    return PlainCounts(
        CELLS,
        NAMES,
        [CELLS.index((contest, choice)) for _p, contest, choice, _v in counts],
        [NAMES.index(precinct) for precinct, _c, _ch, _v in counts],
        [votes for *_rest, votes in counts],
    )


OBJECTS = (
    Tally("P1", "Clerk", "Write-in", 0, suppressed=True),
    Tally("P2", "Clerk", "Cy", 9, (("Early", 4), ("Election Day", 5))),
)
# a choice's counts in several stretches, and a choice (Write-in) not in every precinct
COUNTS = [
    ("P3", "Mayor", "Bo", 7),
    ("P1", "Mayor", "Ada", 10),
    ("P1", "Mayor", "Bo", 3),
    ("P2", "Mayor", "Ada", 0),
    ("P1", "Clerk", "Cy", 12),
    ("P2", "Mayor", "Bo", 5),
    ("P3", "Mayor", "Ada", 8),
    ("P2", "Clerk", "Write-in", 2),
]

# COUNTS in (precinct, cell) order, as a long table read precinct by precinct gives them
RISING = sorted(COUNTS, key=lambda c: (NAMES.index(c[0]), CELLS.index((c[1], c[2]))))


def _both(objects: Sequence[Tally] = OBJECTS,
          counts: Sequence[tuple[str, str, str, int]] = COUNTS) -> tuple[ElectionResults, ElectionResults]:
    columns = ElectionResults(CONTESTS, PRECINCTS, Tallies(objects, _plain(counts)))
    made = ElectionResults(CONTESTS, PRECINCTS, (*objects, *(Tally(*c) for c in counts)))
    return columns, made


def test_results_from_columns_equal_and_hash_as_results_from_tallies() -> None:
    columns, made = _both()
    assert isinstance(columns.tallies, Tallies)
    assert columns == made and made == columns
    assert hash(columns) == hash(made)
    assert {columns: 1}[made] == 1
    assert columns.tallies == made.tallies and made.tallies == columns.tallies
    assert columns != ElectionResults(CONTESTS, PRECINCTS, made.tallies[:-1])


def test_every_reader_sees_the_same_tallies_in_the_same_order() -> None:
    columns, made = _both()
    assert len(columns.tallies) == len(made.tallies) == 10
    assert list(columns.tallies) == list(made.tallies)
    assert columns.tallies[0] == OBJECTS[0]
    assert columns.tallies[2] == Tally("P3", "Mayor", "Bo", 7)
    assert columns.tallies[-1] == made.tallies[-1]
    assert columns.tallies[1:4] == made.tallies[1:4]
    assert columns.tallies[:200] == made.tallies
    for contest in ("Mayor", "Clerk"):
        assert columns.totals(contest) == made.totals(contest)
        assert list(columns.tallies_of(contest)) == list(made.tallies_of(contest))
        assert columns.precinct_votes(contest) == made.precinct_votes(contest)
    assert columns.total_votes() == made.total_votes() == 56
    assert columns.suppressed_count() == made.suppressed_count() == 1


def test_the_summary_figures_make_no_tally_of_the_columns() -> None:
    columns, _made = _both()
    assert isinstance(columns.tallies, Tallies)
    columns.total_votes(), columns.suppressed_count(), len(columns.tallies), columns.contest_overview()
    assert columns.tallies[5] == Tally("P2", "Mayor", "Ada", 0)  # one count made, not all
    assert columns.tallies[:3] == (*OBJECTS, Tally("P3", "Mayor", "Bo", 7))  # a preview's first rows
    assert columns.tallies._made is None  # nothing made yet
    list(columns.tallies)
    assert columns.tallies._made is not None


def test_results_of_columns_only_equal_results_of_plain_tallies() -> None:
    columns, made = _both(objects=())
    assert columns == made
    assert list(columns.tallies) == [Tally(*c) for c in COUNTS]


@pytest.mark.parametrize(
    ("objects", "counts"),
    [
        ((), [*COUNTS, ("P3", "Mayor", "Bo", 1)]),  # a count twice among the columns
        ((Tally("P1", "Mayor", "Ada", 1),), COUNTS),  # a tally object and a plain count for one cell
        ((Tally("P2", "Clerk", "Write-in", 1),), RISING),  # the same, counts in (precinct, cell) order
        ((), [*RISING[:3], RISING[2], *RISING[3:]]),  # a count twice, next to itself
        ((Tally("P9", "Mayor", "Ada", 1),), COUNTS),  # an object in an unknown precinct
        ((Tally("P1", "Sheriff", "Ed", 1),), COUNTS),  # an object of an unknown contest
    ],
)
def test_bad_tallies_are_refused_with_the_messages_of_tally_objects(
    objects: tuple[Tally, ...], counts: list[tuple[str, str, str, int]]
) -> None:
    with pytest.raises(ValueError) as made:
        ElectionResults(CONTESTS, PRECINCTS, (*objects, *(Tally(*c) for c in counts)))
    with pytest.raises(ValueError) as columns:
        ElectionResults(CONTESTS, PRECINCTS, Tallies(objects, _plain(counts)))
    assert str(columns.value) == str(made.value)


def test_columns_naming_an_unknown_cell_or_precinct_are_refused_as_tallies_would_be() -> None:
    unknown_choice = PlainCounts((*CELLS, ("Mayor", "Zed")), NAMES, [5], [0], [1])
    with pytest.raises(ValueError, match="unknown contest or choice: 'Mayor' / 'Zed'"):
        ElectionResults(CONTESTS, PRECINCTS, Tallies((), unknown_choice))
    unknown_precinct = PlainCounts(CELLS, (*NAMES, "P9"), [0], [3], [1])
    with pytest.raises(ValueError, match="unknown precinct 'P9'"):
        ElectionResults(CONTESTS, PRECINCTS, Tallies((), unknown_precinct))


def test_columns_naming_an_unknown_cell_or_precinct_no_count_uses_are_accepted_as_tallies_would_be() -> None:
    unused = PlainCounts((*CELLS, ("Sheriff", "Zed")), (*NAMES, "P9"), [0, 2], [0, 1], [4, 7])
    columns = ElectionResults(CONTESTS, PRECINCTS, Tallies((), unused))
    made = ElectionResults(CONTESTS, PRECINCTS, tuple(unused.tallies()))
    assert columns == made
    assert [(t.precinct, t.choice, t.votes) for t in columns.tallies] == [("P1", "Ada", 4), ("P2", "Cy", 7)]


@pytest.mark.parametrize("votes", [-1, True, 2.0])
def test_a_count_that_is_not_plain_is_refused_as_a_tally_refuses_it(votes: object) -> None:
    with pytest.raises((TypeError, ValueError)) as made:
        Tally("P1", "Mayor", "Ada", votes)  # type: ignore[arg-type]
    with pytest.raises((TypeError, ValueError)) as columns:
        PlainCounts(CELLS, NAMES, [0, 0], [1, 0], [3, votes])  # type: ignore[list-item]
    assert (type(columns.value), str(columns.value)) == (type(made.value), str(made.value))


def test_columns_of_different_lengths_or_codes_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="every count"):
        PlainCounts(CELLS, NAMES, [0, 1], [0], [1])
    with pytest.raises(ValueError, match="out of range"):
        PlainCounts(CELLS, NAMES, [5], [0], [1])
    with pytest.raises(ValueError, match="out of range"):
        PlainCounts(CELLS, NAMES, [0], [-1], [1])
    with pytest.raises(ValueError, match="twice"):
        PlainCounts((*CELLS, CELLS[0]), NAMES, [0], [0], [1])


def test_the_contest_overview_counts_precincts_and_votes_as_the_tallies_do() -> None:
    columns, made = _both()
    expected = {
        c.name: (len({t.precinct for t in made.tallies_of(c.name)}), sum(made.totals(c.name).values()))
        for c in CONTESTS
    }
    assert columns.contest_overview() == made.contest_overview() == expected == {
        "Mayor": (3, 33), "Clerk": (2, 23)
    }
    with pytest.raises(IndexError):
        columns.tallies[10]


def test_results_of_columns_copy_and_pickle_as_results() -> None:
    columns, made = _both()
    assert copy.deepcopy(columns) == made
    assert pickle.loads(pickle.dumps(columns)) == made
    assert dataclasses.replace(columns, statistics=()) == made


def test_votes_by_key_are_the_tallies_votes() -> None:
    columns, made = _both()
    expected = {(t.contest, t.precinct, t.choice): t.votes for t in made.tallies}
    assert columns.votes_by_key() == made.votes_by_key() == expected
    assert isinstance(columns.tallies, Tallies) and columns.tallies._made is None


def test_counts_in_precinct_order_make_the_same_results() -> None:
    columns, made = _both(counts=RISING)
    assert columns == made and columns.tallies == made.tallies


def test_tallies_of_columns_concatenate_as_a_tuple_of_tallies() -> None:
    plain = _plain([("P1", "Mayor", "Ada", 4), ("P2", "Clerk", "Cy", 7)])
    extra = (Tally("P3", "Mayor", "Bo", 2),)
    as_tuple = tuple(plain.tallies())
    assert Tallies((), plain) + extra == as_tuple + extra
    assert extra + Tallies((), plain) == extra + as_tuple
    assert Tallies((), plain) + Tallies(extra) == as_tuple + extra
