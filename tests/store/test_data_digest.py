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
