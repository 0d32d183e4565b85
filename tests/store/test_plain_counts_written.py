"""Plain counts kept as columns are written from their columns (issue 11, speed): the same rows in
the same order as the same tallies made as objects, and the tally table's digest, computed from
the columns, is byte for byte the one ``audit verify`` reads back, on both stores."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from recount_desktop.domain import Choice, Contest, Election, ElectionResults, Precinct, Tally
from recount_desktop.domain.records import PlainCounts, Tallies
from recount_desktop.store import ElectionFile, create_election_file, digest
from recount_desktop.store.digest import BY_NAME, plain_tally_digest, rows_table_digest
from recount_desktop.store.mapping import write_results


def _columnar(contests: tuple[Contest, ...], precincts: tuple[Precinct, ...], objects: tuple[Tally, ...],
              counts: list[tuple[str, str, str, int]]) -> tuple[ElectionResults, ElectionResults]:
    """The same results with the ``counts`` (precinct, contest, choice, votes) as columns and as objects."""
    cells = tuple((c.name, choice) for c in contests for choice in c.choice_names())
    names = tuple(p.name for p in precincts)
    plain = PlainCounts(cells, names, [cells.index((c, ch)) for _p, c, ch, _v in counts],
                        [names.index(p) for p, *_rest in counts], [v for *_rest, v in counts])
    return (ElectionResults(contests, precincts, Tallies(objects, plain)),
            ElectionResults(contests, precincts, (*objects, *(Tally(*c) for c in counts))))


def _generated(seed: int, every_precinct: bool, blocks: int = 1
               ) -> tuple[ElectionResults, ElectionResults]:
    """Contests over 40 precincts; unless ``every_precinct``, each contest in some of them only (a
    choice without every precinct); ``blocks``: the counts in that many stretches, shuffled (a
    choice's counts in several blocks); a few suppressed and vote-type tallies as objects."""
    rng = random.Random(seed)
    precincts = tuple(Precinct(f"Precinct {i:02d}") for i in range(40))
    contests = tuple(Contest(f"Contest {k}", tuple(Choice(f"C{k}-{j}") for j in range(rng.randint(1, 5))))
                     for k in range(12))
    keys = [(p.name, c.name, choice) for c in contests for p in precincts for choice in c.choice_names()
            if every_precinct or rng.random() < 0.7]
    rng.shuffle(keys)
    objects = tuple(Tally(p, c, ch, 0, suppressed=True) if i % 2 else
                    Tally(p, c, ch, 7, (("Early", 3), ("Mail", 4))) for i, (p, c, ch) in enumerate(keys[:9]))
    rest = keys[9:]
    stretch = -(-len(rest) // blocks)
    parts = [sorted(rest[i:i + stretch], key=lambda k: (k[1], k[0])) for i in range(0, len(rest), stretch)]
    counts = [(*key, rng.choice([0, 1, 9, 250, 10**12])) for part in parts for key in part]
    return _columnar(contests, precincts, objects, counts)


CASES = [
    pytest.param(1, True, 1, id="every precinct, one block"),
    pytest.param(2, False, 1, id="choices without every precinct"),
    pytest.param(3, True, 4, id="several blocks per choice"),
    pytest.param(4, False, 5, id="several blocks, choices without every precinct"),
]


@pytest.mark.parametrize(("seed", "every_precinct", "blocks"), CASES)
def test_columns_digest_as_their_rows(seed: int, every_precinct: bool, blocks: int) -> None:
    columns, _made = _generated(seed, every_precinct, blocks)
    assert isinstance(columns.tallies, Tallies) and columns.tallies.plain is not None
    rng = random.Random(seed)
    ids = {name: rng.randrange(1, 10**6) for name in columns.tallies.plain.precinct_names}
    objects = [(7 + i, ids[t.precinct], t.votes, int(t.suppressed))
               for i, t in enumerate(columns.tallies.objects)]
    plain = columns.tallies.plain
    choice_ids = [3 * code + 1 for code in plain.cell_codes]
    precinct_ids = [ids[plain.precinct_names[code]] for code in plain.precinct_codes]
    rows = objects + list(zip(choice_ids, precinct_ids, plain.votes, [0] * len(plain), strict=True))
    expected = rows_table_digest(BY_NAME["tally"], rows, integers=True)
    found = plain_tally_digest(objects, choice_ids, precinct_ids, plain.votes)
    assert (found.rows, found.value, found.groups) == (expected.rows, expected.value, expected.groups)


def test_columns_alone_and_nothing_at_all_digest_as_their_rows() -> None:
    rows = [(2, 5, 10, 0), (1, 5, 3, 0), (1, 4, 0, 0)]
    found = plain_tally_digest([], [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows])
    assert found == rows_table_digest(BY_NAME["tally"], rows, integers=True)
    assert found.groups == rows_table_digest(BY_NAME["tally"], rows, integers=True).groups
    assert plain_tally_digest([], [], [], []) == rows_table_digest(BY_NAME["tally"], [], integers=True)


def _written(store: ElectionFile, results: ElectionResults
             ) -> tuple[dict[str, digest.TableDigest], list[tuple[object, ...]]]:
    with store.transaction("test.write", {}, rewrites=digest.WHOLE_TABLES) as conn:
        written = write_results(conn, results)
        back = digest.grouped_table_digest(conn, BY_NAME["tally"])
        assert (written["tally"].value, written["tally"].groups) == (back.value, back.groups)
        rows = conn.execute(  # by names: a server's ids go on counting after the first write
            "SELECT contest.name, choice.name, precinct.name, votes, suppressed FROM tally"
            " JOIN choice ON choice.id = choice_id JOIN contest ON contest.id = choice.contest_id"
            " JOIN precinct ON precinct.id = precinct_id ORDER BY tally.rowid"
        )
        return written, [tuple(row) for row in rows]


@pytest.mark.parametrize(("seed", "every_precinct", "blocks"), CASES)
def test_columns_are_written_as_their_tallies_and_read_back_equal(
        election_target: str, election: Election, seed: int, every_precinct: bool, blocks: int) -> None:
    columns, made = _generated(seed, every_precinct, blocks)
    with create_election_file(election_target, election, operator="clerk-a") as store:
        written_made, rows_made = _written(store, made)
        written_columns, rows_columns = _written(store, columns)
        assert rows_columns == rows_made  # the same rows in the same order
        assert written_columns["tally"].rows == written_made["tally"].rows == len(made.tallies)
        store.replace_results(columns, {"source": "test"})
        assert store.results() == made == columns
        report = store.verify_audit()
        assert report.ok, report.problem


_ROW = st.tuples(st.integers(1, 4), st.integers(1, 4), st.integers(0, 10**12), st.integers(0, 1))
Row = tuple[int, int, int, int]


@settings(max_examples=300, deadline=None)
@given(objects=st.lists(_ROW, max_size=6), plain=st.lists(_ROW, max_size=30), dense=st.booleans())
def test_any_rows_and_columns_digest_as_the_rows_do(
        objects: list[Row], plain: list[Row], dense: bool) -> None:
    """Any mix, keys held twice too (``audit verify`` reads such a table by the definition)."""
    if dense:  # every precinct with the same choices, each once: the second axis's shortcut
        plain = [(c, p, v, 0) for p in (3, 1, 2) for c, _p, v, _f in plain[:3]]
    columns = [(c, p, v, 0) for c, p, v, _flag in plain]
    expected = rows_table_digest(BY_NAME["tally"], objects + columns, integers=True)
    found = plain_tally_digest(objects, [r[0] for r in columns], [r[1] for r in columns],
                               [r[2] for r in columns])
    assert (found.rows, found.value, found.groups) == (expected.rows, expected.value, expected.groups)


@settings(max_examples=200, deadline=None)
@given(blocks=st.lists(st.lists(st.integers(1, 30), min_size=1, max_size=5), min_size=1, max_size=5),
       precincts=st.lists(st.integers(1, 9), min_size=1, max_size=6), objects=st.lists(_ROW, max_size=3))
def test_contest_sheets_one_after_another_digest_as_their_rows(
        blocks: list[list[int]], precincts: list[int], objects: list[Row]) -> None:
    """A statement's sheets: per block of choices, every precinct with each choice in turn; the
    blocks' choices rising from block to block or not, precincts repeated or not."""
    columns = [(c, p, 10 * c + p, 0) for block in blocks for p in precincts for c in block]
    expected = rows_table_digest(BY_NAME["tally"], objects + columns, integers=True)
    found = plain_tally_digest(objects, [r[0] for r in columns], [r[1] for r in columns],
                               [r[2] for r in columns])
    assert (found.rows, found.value, found.groups) == (expected.rows, expected.value, expected.groups)


def test_sheets_with_rising_choices_are_gathered_by_precinct_without_a_sort() -> None:
    """The case above that most imports are: the rows are gathered, not sorted (and the same bytes)."""
    columns = [(c, p, c + p, 0) for block in ([1, 2, 3, 4], [5, 6, 7, 8]) for p in (7, 8, 9) for c in block]
    choices, precincts = [r[0] for r in columns], [r[1] for r in columns]
    texts = [f"{c},{p},{v},0" for c, p, v, _f in columns]
    assert digest._gathered(choices, precincts, texts) == [
        (p, list(range(1, 9)), [f"{c},{p},{c + p},0" for c in range(1, 9)]) for p in (7, 8, 9)
    ]
    assert digest._gathered(choices[::-1], precincts[::-1], texts[::-1]) is None  # choices fall: sorted
    found = plain_tally_digest([], choices, precincts, [r[2] for r in columns])
    assert found == rows_table_digest(BY_NAME["tally"], columns, integers=True)
