"""An import digests the whole tables from the rows it writes instead of reading 720,000 rows back
(issue 11, speed). The value must be the one ``audit verify`` reads from the tables, byte for byte:
these tests compare the two on real county files of every layout, on generated results with the
awkward values (no precinct, no count, vote types holding the row separator, big counts), and on
both stores."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from recount_desktop.domain import (
    Choice,
    Contest,
    ContestStatistics,
    Election,
    ElectionResults,
    Precinct,
    Tally,
)
from recount_desktop.importers import read_tally_file
from recount_desktop.store import ElectionFile, create_election_file, digest
from recount_desktop.store.data_state import note_written
from recount_desktop.store.digest import TableDigest
from recount_desktop.store.mapping import write_results
from tests.conftest import REAL_DATA

# One file per family, with vote types, statistics (contest-wide ones too) and suppressed cells.
REAL_FILES = [
    "NE/20161108__ne__general__wheeler__precinct.csv",  # long CSV
    "OK/20170404__ok__special__general__precinct.csv",  # long CSV with vote-type columns
    "UT/2024 Cache County, UT precinct-level results (1).xlsx",  # long sheets, statistics, suppressed
    "NE/2016_ne_sarpy.xlsx",  # one sheet per contest (Clarity), vote types, statistics
    "CO/2016 Park County, CO precinct-level election results.xlsx",  # Dominion SOVC, contest-wide stats
    "CO/2016 Jefferson, CO precinct-level election results.xlsx",  # SOVC pages, redacted (suppressed)
    "UT/2024 Davis County, UT precinct-level results.xlsx",  # one wide sheet with statistics
    "CO/2014 General Election Official Results By Precinct.xls",  # precincts as columns (abstract)
]


def _read_back(conn: object) -> dict[str, TableDigest]:
    return {name: digest.grouped_table_digest(conn, digest.BY_NAME[name])  # type: ignore[arg-type]
            for name in sorted(digest.WHOLE_TABLES)}


def _as_written(store: ElectionFile, results: ElectionResults) -> tuple[dict[str, TableDigest],
                                                                       dict[str, TableDigest]]:
    """The digests ``write_results`` computes, and those read back from the same tables, in one change."""
    with store.transaction("test.write", {}, rewrites=digest.WHOLE_TABLES) as conn:
        written = write_results(conn, results)
        return written, _read_back(conn)


def _same(written: dict[str, TableDigest], read: dict[str, TableDigest]) -> None:
    assert set(written) == set(read) == digest.WHOLE_TABLES
    for name, back in read.items():  # the value, the row count and the groups' text (rows are named by it)
        mine = written[name]
        assert (mine.rows, mine.value, mine.groups) == (back.rows, back.value, back.groups), name


@pytest.mark.parametrize("name", REAL_FILES)
def test_a_real_countys_import_digests_its_rows_as_audit_verify_reads_them(election_file: ElectionFile,
                                                                          name: str) -> None:
    results = read_tally_file(REAL_DATA / name).results
    assert results is not None
    written, read = _as_written(election_file, results)
    _same(written, read)
    election_file.replace_results(results, {"source": name})
    assert election_file.verify_audit().ok


def test_the_files_cover_vote_types_statistics_without_a_precinct_and_suppressed_cells() -> None:
    """The cases above are only worth their time if they hold the awkward rows."""
    found = [read_tally_file(REAL_DATA / name).results for name in REAL_FILES[1:5]]
    assert all(r is not None for r in found)
    assert any(t.vote_types for r in found if r for t in r.tallies)
    assert any(s.precinct is None for r in found if r for s in r.statistics)
    assert any(t.suppressed for r in found if r for t in r.tallies)


def test_an_import_reads_no_whole_table_back(election_target: str, election: Election,
                                             results: ElectionResults,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """On a file and on a server: the change takes the digests the import computed, and the head
    entry records the digest ``audit verify`` then reads from the tables."""
    sarpy = read_tally_file(REAL_DATA / "NE/2016_ne_sarpy.xlsx").results
    assert sarpy is not None
    with create_election_file(election_target, election, operator="clerk-a") as store:
        read_back = digest.grouped_table_digest

        def refused(*_: object) -> TableDigest:
            raise AssertionError("a whole table was read back during the import")

        monkeypatch.setattr(digest, "grouped_table_digest", refused)
        store.replace_results(results, {})
        store.replace_results(sarpy, {})
        monkeypatch.setattr(digest, "grouped_table_digest", read_back)
        report = store.verify_audit()
        assert report.ok, report.problem
        with store.read() as conn:
            now = digest.election_digest(digest.current_digests(conn))
        assert store.audit_entries()[-1].data_digest == now


def test_digests_noted_by_a_change_that_was_rolled_back_are_never_used(election_target: str,
                                                                       election: Election,
                                                                       results: ElectionResults) -> None:
    """A wrong digest with the right row count, noted in a change that failed: the next change that
    rewrites the table reads it back."""
    with create_election_file(election_target, election, operator="clerk-a") as store:
        store.replace_results(results, {})
        rows = len(results.tallies)
        with pytest.raises(RuntimeError, match="boom"), store.transaction(
                "test.fail", {}, rewrites=frozenset({"tally"})) as conn:
            note_written(conn, {"tally": TableDigest(rows, "0" * 64, "{}")})
            raise RuntimeError("boom")
        with store.transaction("test.edit", {}, rewrites=frozenset({"tally"})) as conn:
            conn.execute("UPDATE tally SET votes = votes + 1 WHERE votes = 98")
        report = store.verify_audit()
        assert report.ok, report.problem


def test_a_noted_digest_whose_row_count_is_not_the_tables_is_not_used(election_file: ElectionFile,
                                                                      results: ElectionResults) -> None:
    with election_file.transaction("test.write", {}, rewrites=digest.WHOLE_TABLES) as conn:
        written = write_results(conn, results)
        conn.execute("DELETE FROM tally WHERE votes = 98")  # after the rows were digested
        note_written(conn, written)
    report = election_file.verify_audit()
    assert report.ok, report.problem


# -- the canonical text of a row, written fast ---------------------------------------------------------
@pytest.mark.parametrize("row", [
    (0, 0, 0, 0), (1, 2, 3, 1), (-5, 7, -(2**63), 2**63 - 1), (2**100, -(2**100), 10**30, 1),
])
def test_integer_rows_are_written_as_json_writes_them(row: tuple[int, ...]) -> None:
    assert digest._row_texts([row], integers=True) == [digest.canonical_row(row)[1:-1]]


@pytest.mark.parametrize("row", [
    (1, None, None, 3), (1, True, False, 0), (1, 2, 3.5, 0), (1, 2, "Mail],[Early", 4), (1, 2, 'q"\\é€🗳', 5),
])
def test_other_rows_are_encoded_as_canonical_rows(row: tuple[object, ...]) -> None:
    assert digest._row_texts([row, (9, 9, 9, 9)]) == [digest.canonical_row(row)[1:-1], "9,9,9,9"]


def _definition_2(spec: digest.TableSpec, rows: Sequence[tuple[object, ...]]) -> str:
    """The groups' text, with nothing but json and hashlib: each axis's groups by key, each group's
    rows in ``group_order`` (a NULL sorts as 0), as another store would compute it."""
    def order(row: tuple[object, ...]) -> tuple[object, ...]:
        return tuple(0 if row[i] is None else row[i] for i in _ORDER[spec.name])

    def canonical(value: object) -> str:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    body = {}
    for axis in spec.axes:
        groups: dict[str, tuple[list[object], list[list[object]]]] = {}
        for row in sorted(rows, key=order):
            key = [row[i] for i in axis.columns]
            groups.setdefault(canonical(key), (key, []))[1].append(list(row))
        body[axis.name] = [[key, len(members), hashlib.sha256(canonical(members).encode()).hexdigest()]
                           for _, (key, members) in sorted(groups.items())]
    return canonical(body)


_ORDER = {"tally": (1, 0), "tally_vote_type": (1, 0, 2), "contest_statistics": (0, 1)}

_ids = st.integers(1, 2**62)
_counts = st.none() | st.integers(0, 2**62)


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.tuples(_ids, _ids, st.integers(-(2**70), 2**70), st.integers(0, 1)),
                     unique_by=lambda r: (r[0], r[1])))
def test_tally_rows_in_any_order_digest_by_the_definition(rows: list[tuple[int, int, int, int]]) -> None:
    spec = digest.BY_NAME["tally"]
    found = digest.rows_table_digest(spec, rows, integers=True)
    assert found.groups == _definition_2(spec, rows)
    assert found.value == hashlib.sha256(found.groups.encode()).hexdigest()
    assert found.rows == len(rows)


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.tuples(_ids, st.none() | _ids, _counts, _counts, _counts, _counts),
                     unique_by=lambda r: (r[0], r[1] or 0)))
def test_statistics_rows_with_no_precinct_and_no_counts_digest_by_the_definition(
        rows: list[tuple[object, ...]]) -> None:
    spec = digest.BY_NAME["contest_statistics"]
    assert digest.rows_table_digest(spec, rows).groups == _definition_2(spec, rows)


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.tuples(_ids, _ids, st.text(min_size=1, max_size=8) | st.sampled_from(
    ["Early", "Mail],[Early", "É", "é", "z", "🗳"]), st.integers(0, 2**62)),
    unique_by=lambda r: (r[0], r[1], r[2])))
def test_vote_type_rows_with_any_text_digest_by_the_definition(rows: list[tuple[object, ...]]) -> None:
    spec = digest.BY_NAME["tally_vote_type"]
    assert digest.rows_table_digest(spec, rows).groups == _definition_2(spec, rows)


# -- generated results through the store -----------------------------------------------------------------
_names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zs", "Zl", "Zp")),
                 min_size=1, max_size=6)


@st.composite
def _results(draw: st.DrawFn) -> ElectionResults:
    """Results where not every precinct votes on every contest, in any order, with vote types,
    suppressed cells and statistics with and without a precinct."""
    precincts = draw(st.lists(_names, min_size=1, max_size=6, unique=True))
    contests = []
    for number in range(draw(st.integers(1, 4))):
        choices = draw(st.lists(_names, min_size=1, max_size=4, unique=True))
        contests.append(Contest(f"Contest {number}", tuple(Choice(c) for c in choices)))
    tallies = []
    for contest in contests:
        for precinct in draw(st.lists(st.sampled_from(precincts), unique=True)):
            for choice in contest.choices:
                tallies.append(draw(_tally(precinct, contest.name, choice.name)))
    statistics = [
        ContestStatistics(contest.name, precinct, *draw(st.tuples(*[st.none() | st.integers(0, 2**40)] * 4)))
        for contest in contests
        for precinct in draw(st.lists(st.none() | st.sampled_from(precincts), unique=True))
    ]
    return ElectionResults(tuple(contests), tuple(Precinct(p) for p in precincts),
                           tuple(draw(st.permutations(tallies))), tuple(draw(st.permutations(statistics))))


@st.composite
def _tally(draw: st.DrawFn, precinct: str, contest: str, choice: str) -> Tally:
    kind = draw(st.sampled_from(["plain", "suppressed", "vote types"]))
    if kind == "suppressed":
        return Tally(precinct, contest, choice, 0, suppressed=True)
    if kind == "plain":
        return Tally(precinct, contest, choice, draw(st.integers(0, 2**62)))
    vote_types = _names | st.just("Mail],[Early")
    parts = draw(st.dictionaries(vote_types, st.integers(0, 2**40), min_size=1, max_size=3))
    return Tally(precinct, contest, choice, sum(parts.values()), tuple(parts.items()))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(results=_results())
def test_generated_results_digest_as_written_equal_the_tables_read_back(election_file: ElectionFile,
                                                                        results: ElectionResults) -> None:
    """Each example replaces every row the one before it wrote."""
    written, read = _as_written(election_file, results)
    _same(written, read)


def test_the_server_imports_a_real_county_and_verifies(server_url: str, election: Election,
                                                       tmp_path: Path) -> None:
    """The same digests on the server, whose ids and row order are its own."""
    park = read_tally_file(REAL_DATA / REAL_FILES[4]).results
    assert park is not None
    digests = []
    for target in (str(tmp_path / "park.canvass"), server_url):
        with create_election_file(target, election, operator="clerk-a") as store:
            store.replace_results(park, {})
            assert store.verify_audit().ok
            with store.read() as conn:
                digests.append(_read_back(conn))
    assert digests[0] == digests[1]


def test_a_table_holding_a_key_twice_still_reads_back_by_the_definition() -> None:
    """Only a file edited outside the program (its key index dropped) holds a row twice; verification
    must still digest it by the definition, so that it names the rows that differ."""
    import sqlite3

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE tally (choice_id, precinct_id, votes, suppressed)")
    rows = [(choice, precinct, 10 * choice + precinct, 0) for precinct in (1, 2) for choice in (1, 1, 2, 2)]
    conn.executemany("INSERT INTO tally VALUES (?, ?, ?, ?)", rows)
    spec = digest.BY_NAME["tally"]
    assert digest.grouped_table_digest(conn, spec).groups == _definition_2(spec, rows)
    assert digest.rows_table_digest(spec, rows, integers=True).groups == _definition_2(spec, rows)
