"""The data digest is defined on typed values (issue 16 computes it on PostgreSQL): these tests
recompute it from the rows with nothing but json and hashlib, as another store would."""

from __future__ import annotations

import hashlib
import json

from recount_desktop.store import ElectionFile, digest


def _rows(store: ElectionFile, table: str) -> list[list[object]]:
    spec = digest.BY_NAME[table]
    with store.read() as conn:
        return [list(row) for row in conn.execute(f"SELECT {', '.join(spec.columns)} FROM {table}")]


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def test_a_whole_table_is_the_sha256_of_its_rows_sorted_by_key(election_file: ElectionFile, results) -> None:
    election_file.replace_results(results, {})
    rows = sorted(_rows(election_file, "tally"), key=lambda r: (r[0], r[1]))
    expected = hashlib.sha256(_canonical(rows).encode()).hexdigest()
    with election_file.read() as conn:
        found = digest.whole_table_digest(conn, digest.BY_NAME["tally"])
    assert (found.rows, found.value) == (len(rows), expected)


def test_an_additive_table_is_the_sum_of_its_rows_terms_in_any_order(election_file: ElectionFile,
                                                                      results) -> None:
    election_file.replace_results(results, {})
    total = 0
    for row in reversed(_rows(election_file, "choice")):
        term = hashlib.shake_256(("choice\x00" + _canonical(row)).encode()).digest(256)
        total = (total + int.from_bytes(term, "big")) % (1 << 2048)
    with election_file.read() as conn:
        found = digest.additive_table_digest(conn, digest.BY_NAME["choice"])
    assert int(found.value, 16) == total


def test_the_head_entry_records_the_digest_of_the_data_as_they_stand(election_file: ElectionFile,
                                                                      results) -> None:
    election_file.replace_results(results, {})
    election_file.update_contest_attributes("Mayor", {"seats": "2"})
    with election_file.read() as conn:
        now = digest.election_digest(digest.current_digests(conn))
    assert election_file.audit_entries()[-1].data_digest == now
    # Kept row by row through the change, it equals the digest recomputed from every row.
    assert election_file.verify_audit().ok


def test_typed_values_differ_where_sqlite_would_compare_equal(election_file: ElectionFile) -> None:
    assert digest.canonical_row([5, "5", None, 5.5]) == '[5,"5",null,5.5]'
    assert digest.row_term("t", "[5]") != digest.row_term("t", '["5"]')


def _group_entries(rows: list[list[object]], columns: tuple[int, ...]) -> list[list[object]]:
    groups: dict[str, tuple[list[object], list[list[object]]]] = {}
    for row in rows:
        key = [row[i] for i in columns]
        groups.setdefault(_canonical(key), (key, []))[1].append(row)
    return [[key, len(members), hashlib.sha256(_canonical(members).encode()).hexdigest()]
            for _, (key, members) in sorted(groups.items())]


def test_a_whole_table_by_definition_2_is_the_sha256_of_its_groups_by_precinct_and_by_choice(
        election_file: ElectionFile, results) -> None:
    """Each group's rows in key order, as a whole table's are: by choice within a precinct, by precinct
    within a choice."""
    election_file.replace_results(results, {})
    rows = sorted(_rows(election_file, "tally"), key=lambda r: (r[1], r[0]))
    groups = {"precinct": _group_entries(rows, (1,)), "choice": _group_entries(rows, (0,))}
    expected = hashlib.sha256(_canonical(groups).encode()).hexdigest()
    with election_file.read() as conn:
        found = digest.grouped_table_digest(conn, digest.BY_NAME["tally"])
        stored = digest.read_groups(conn, "tally")
    assert (found.rows, found.value, found.groups) == (len(rows), expected, _canonical(groups))
    assert stored == found.groups and digest.groups_match(found)
    assert election_file.audit_entries()[-1].data_digest.startswith("2:")  # type: ignore[union-attr]


def test_a_text_value_holding_the_row_separator_is_encoded_as_itself(election_file: ElectionFile,
                                                                      results) -> None:
    """The group digest splits one encoding of many rows at ``],[``; a vote type holding it must not
    shift the rows (they are then encoded one by one)."""
    election_file.replace_results(results, {})
    with election_file.transaction("test.vote_type", {}, rewrites=frozenset({"tally_vote_type"})) as conn:
        conn.execute("UPDATE tally_vote_type SET vote_type = 'Mail],[Early' WHERE vote_type = 'Early'")
    rows = sorted(_rows(election_file, "tally_vote_type"), key=lambda r: (r[1], r[0], r[2]))
    groups = {"precinct": _group_entries(rows, (1,)), "choice and vote type": _group_entries(rows, (0, 2))}
    with election_file.read() as conn:
        found = digest.grouped_table_digest(conn, digest.BY_NAME["tally_vote_type"])
    assert found.groups == _canonical(groups)
    assert election_file.verify_audit().ok
