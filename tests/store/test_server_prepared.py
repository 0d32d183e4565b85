"""Issue 16, throughput: the server's statements go through libpq's prepared statements and pipelines
(``store.pg_prepared``) and a change's bookkeeping takes four exchanges (``store.pg_change``). What
the store reads back, the errors it explains, and the audit log must be exactly as before."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.recount.sheets import enter_sheet, sheet_status
from recount_desktop.store import create_election_file, open_election_file, pg, pg_audit
from recount_desktop.store.pg_prepared import numbered
from recount_desktop.store.server import ServerElection
from tests.pg_testing import needs_server_audit, raw
from tests.reliability.conftest import fill, mayor_sheet


def test_placeholders_are_numbered_outside_quoted_text() -> None:
    assert numbered("SELECT a FROM t WHERE b = ? AND c = '?' AND d LIKE 'x%' AND e = ?") == (
        "SELECT a FROM t WHERE b = $1 AND c = '?' AND d LIKE 'x%' AND e = $2")
    assert numbered("BEGIN") is None  # left to psycopg
    assert numbered("SELECT 1; SELECT 2") is None


def test_values_read_back_as_psycopg_reads_them(server_url: str) -> None:
    conn = pg.connect(server_url)
    try:
        conn.execute("CREATE TABLE kinds (n BIGINT, t TEXT, b BIGINT, missing TEXT)")
        conn.execute("INSERT INTO kinds VALUES (?, ?, ?, ?)", (2**40, "Å '?' 100%", True, None))
        conn.execute("INSERT INTO kinds VALUES (?, ?, ?, ?)", (-1, "", False, "x"))
        rows = conn.execute("SELECT n, t, b, missing FROM kinds ORDER BY n").fetchall()
        assert rows == [(-1, "", 0, "x"), (2**40, "Å '?' 100%", 1, None)]
        assert conn.execute("UPDATE kinds SET b = b + ? WHERE n > ?", (1, -5)).rowcount == 2
        cursor = conn.execute("SELECT n FROM kinds ORDER BY n")
        assert cursor.fetchone() == (-1,) and cursor.fetchmany(5) == [(2**40,)] and cursor.fetchone() is None
        assert list(conn.execute("SELECT t FROM kinds WHERE n = ?", (-1,))) == [("",)]
    finally:
        conn.close()


def test_errors_are_translated_and_a_failed_pipeline_saves_nothing(server_url: str) -> None:
    conn = pg.connect(server_url)
    try:
        conn.execute("CREATE TABLE one (k BIGINT PRIMARY KEY)")
        conn.execute("INSERT INTO one VALUES (?)", (1,))
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute("INSERT INTO one VALUES (?)", (1,))
        with pytest.raises(sqlite3.IntegrityError):
            conn.pipelined([("BEGIN", ()), ("INSERT INTO one VALUES (?)", (2,)),
                            ("INSERT INTO one VALUES (?)", (1,)), ("COMMIT", ())])
        conn.execute("ROLLBACK")
        with pytest.raises(sqlite3.IntegrityError):
            conn.executemany("INSERT INTO one VALUES (?)", [(3,), (1,)])
        assert conn.execute("SELECT k FROM one ORDER BY k").fetchall() == [(1,)]
        with pytest.raises(sqlite3.DatabaseError):
            conn.execute("SELECT no_such_column FROM one WHERE k = ?", (1,))
        assert not conn.in_transaction
    finally:
        conn.close()


def test_clerks_taking_turns_build_on_each_others_head_and_the_log_verifies(
        server_url: str, election: Election, results: ElectionResults, tmp_path) -> None:
    """Two connections take turns: each change builds on the other's head (the stored digests are
    read and checked), or on its own (its digests reused); the story is the file's, and the data
    digest recorded at the head matches the tables."""
    on_file = tmp_path / "same.canvass"
    for target in (server_url, str(on_file)):
        with create_election_file(target, election, operator="clerk-a") as store:
            fill(store, results)
    with open_election_file(server_url) as one, open_election_file(server_url) as two, \
            open_election_file(on_file) as file:
        assert isinstance(one, ServerElection)
        for number, store in enumerate((one, one, two, one, two, two)):
            for target in (store, file):
                target.operator = "clerk-b"
                enter_sheet(target, mayor_sheet(f"T-{number}", "Ann", precinct="Precinct 1"))
        assert sheet_status(two, "T-5").state == sheet_status(file, "T-5").state == "entered_once"
        server_log = [(e.seq, e.action, e.data_digest) for e in one.audit_entries()]
        file_log = [(e.seq, e.action, e.data_digest) for e in file.audit_entries()]
        assert [entry[:2] for entry in server_log] == [entry[:2] for entry in file_log]
        assert one.verify_audit().ok and two.verify_audit().ok


def test_digests_altered_behind_the_programs_back_stop_the_next_change(
        server_url: str, election: Election, results: ElectionResults) -> None:
    with create_election_file(server_url, election) as store:
        fill(store, results)
    raw(server_url).execute("UPDATE data_digest SET row_count = row_count + 1 WHERE tbl = 'setting'")  # type: ignore[attr-defined]
    with open_election_file(server_url) as store:
        with pytest.raises(Exception, match="changed outside the program"):
            enter_sheet(store, mayor_sheet("X-1", "Ann", precinct="Precinct 1"))
        assert not store._conn.in_transaction


def _setting_in_a_change(store: ServerElection, key: str) -> str | None:
    with store.transaction("test.read", {}) as tx:
        row = tx.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def test_a_read_kept_inside_changes_follows_other_workstations_changes(server_url: str,
                                                                      election: Election) -> None:
    with create_election_file(server_url, election):
        pass
    with open_election_file(server_url) as one, open_election_file(server_url) as two:
        assert isinstance(one, ServerElection)
        one.set_setting("recount.allow_same_operator", "no")
        assert _setting_in_a_change(one, "recount.allow_same_operator") == "no"
        two.set_setting("recount.allow_same_operator", "yes")  # the setting table's digest moves
        assert _setting_in_a_change(one, "recount.allow_same_operator") == "yes"
        with one.transaction("test.write-then-read", {}) as tx:  # its own write, read back at once
            tx.execute("UPDATE setting SET value = ? WHERE key = ?", ("maybe", "recount.allow_same_operator"))
            assert tx.execute("SELECT value FROM setting WHERE key = ?",
                              ("recount.allow_same_operator",)).fetchone() == ("maybe",)
        assert _setting_in_a_change(two, "recount.allow_same_operator") == "maybe"
        with pytest.raises(RuntimeError), one.transaction("test.undone", {}) as tx:
            tx.execute("UPDATE setting SET value = ? WHERE key = ?", ("never", "recount.allow_same_operator"))
            raise RuntimeError("undone")
        assert _setting_in_a_change(one, "recount.allow_same_operator") == "maybe"
        assert one.verify_audit().ok


def _copy_setting(one: ServerElection, interfere: Callable[[int], None], seen: list[str | None]) -> None:
    """One change that reads a setting and writes a copy of it; ``interfere`` runs between the read
    and the write (another workstation, at the worst moment)."""
    with one.transaction("test.copy", {}) as tx:
        row = tx.execute("SELECT value FROM setting WHERE key = ?", ("source",)).fetchone()
        seen.append(row[0] if row else None)
        interfere(len(seen))
        tx.execute("INSERT INTO setting (key, value) VALUES (?, ?)", ("copy", f"{seen[-1]}!"))


def test_a_change_whose_reads_moved_before_its_lock_is_run_again(server_url: str,
                                                                 election: Election) -> None:
    with create_election_file(server_url, election):
        pass
    with open_election_file(server_url) as one, open_election_file(server_url) as two:
        assert isinstance(one, ServerElection)
        one.set_setting("source", "a")
        seen: list[str | None] = []

        def once(call: int) -> None:
            if call == 1:
                two.set_setting("source", "b")

        one.optimistically(lambda: _copy_setting(one, once, seen))
        assert seen == ["a", "b"] and one.conflicts == 1
        assert one.settings()["copy"] == "b!"
        assert one.verify_audit().ok


def test_a_guards_refusal_is_said_at_once_not_retried_as_a_conflict(server_url: str,
                                                                   election: Election) -> None:
    with create_election_file(server_url, election):
        pass
    with open_election_file(server_url) as one:
        assert isinstance(one, ServerElection)
        tries: list[int] = []

        def rewrite_the_log() -> None:
            tries.append(1)
            with one.transaction("test.rewrite", {}) as tx:
                tx.execute("UPDATE audit_log SET action = action WHERE seq = 1")

        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            one.optimistically(rewrite_the_log)
        assert len(tries) == 1 and one.conflicts == 0  # a refusal would only refuse again
        assert one.verify_audit().ok


def test_a_change_that_keeps_conflicting_is_made_holding_the_lock_from_its_start(
        server_url: str, election: Election) -> None:
    from recount_desktop.store.pg_optimistic import TRIES

    with create_election_file(server_url, election):
        pass
    with open_election_file(server_url) as one, open_election_file(server_url) as two:
        assert isinstance(one, ServerElection)
        one.set_setting("source", "0")
        seen: list[str | None] = []

        def every_optimistic_try(call: int) -> None:
            if call <= TRIES:  # the last run holds the lock: the other workstation would wait for it
                two.set_setting("source", str(call))

        one.optimistically(lambda: _copy_setting(one, every_optimistic_try, seen))
        assert seen == [str(n) for n in range(TRIES + 1)] and one.conflicts == TRIES
        assert one.settings()["copy"] == f"{TRIES}!"
        assert one.verify_audit().ok and one.audit_entries()[-1].action == "test.copy"


def test_a_change_reported_saved_is_flushed_to_the_servers_disk(server_url: str, election: Election) -> None:
    """The change commits with synchronous_commit off (the lock is not held across the disk's flush),
    then waits for the flush past its commit before the store returns (``pg_change._COMMIT``)."""
    with create_election_file(server_url, election):
        pass
    with open_election_file(server_url) as store:
        assert isinstance(store, ServerElection)
        for n in range(5):  # the WAL writer flushes on its own every 200 ms: without the wait, seldom
            with store.transaction("test.flush", {"n": n}) as tx:
                tx.execute("INSERT INTO setting (key, value) VALUES (?, ?)", (f"flush{n}", "x"))
                written = tx.execute("SELECT pg_current_wal_insert_lsn()::text").fetchone()[0]
            flushed = store._conn.execute("SELECT pg_current_wal_flush_lsn() >= ?::pg_lsn",
                                          (written,)).fetchone()[0]
            assert flushed, f"change {n} returned before its WAL was flushed"
        assert store.verify_audit().ok


@pytest.mark.parametrize(("on_server", "exchanges"), [(True, 1), (False, 2)])
def test_a_sheet_entry_holds_the_change_lock_for_one_exchange_when_the_server_computes_its_entry(
        server_url: str, election: Election, results: ElectionResults, monkeypatch, on_server: bool,
        exchanges: int) -> None:
    """With the server's audit functions (``pg_audit``): BEGIN, the lock, the reads proven, the writes,
    the audit entry computed by the server and COMMIT in one exchange. Without them (the workstation
    computes the entry): the lock, the proof of the reads, the entry's writes and the rows they wrote
    in one exchange; the digests, the audit entry and COMMIT in the second (``pg_change``)."""
    with create_election_file(server_url, election) as store:
        fill(store, results)
    with open_election_file(server_url) as store:
        assert isinstance(store, ServerElection)
        if on_server:
            needs_server_audit(store)  # `new` installed the functions: the test server has PL/Python
        store._conn.server_audit = on_server
        prepared = store._conn._prepared
        sent: list[list[str]] = []
        pipeline, run = prepared.pipeline, prepared.run
        monkeypatch.setattr(prepared, "pipeline", lambda s: sent.append([q for q, _ in s]) or pipeline(s))
        monkeypatch.setattr(prepared, "run", lambda q, p: sent.append([q]) or run(q, p))
        for number, name in ((1, "Ann"), (2, "Bob")):
            sent.clear()
            store.operator = f"clerk-{number}"
            enter_sheet(store, mayor_sheet("L-1", name, precinct="Precinct 1"))
            locked = next(i for i, exchange in enumerate(sent)
                          if any("pg_advisory_xact_lock" in q for q in exchange))
            assert len(sent) - locked == exchanges, sent[locked:]
            assert any(pg_audit.APPEND in q for q in sent[-1]) == on_server
            # BEGIN goes with the lock: the reads before it are made without an exchange of their own
            began = [i for i, exchange in enumerate(sent) if any(q.startswith("BEGIN") for q in exchange)]
            assert began == [locked], sent
        assert store.conflicts == 0
        assert sheet_status(store, "L-1").state == "verified" and store.verify_audit().ok


def test_the_lock_exchange_sends_no_statement_of_bookkeeping_alone(
        server_url: str, election: Election, results: ElectionResults,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Emptying the capture table and turning synchronous_commit off for the change's COMMIT go with
    the lock in one statement, not two of their own; the change still commits with synchronous_commit
    off (the flush is waited for after the lock: see the test above) and only that transaction."""
    with create_election_file(server_url, election) as store:
        fill(store, results)
    with open_election_file(server_url) as store:
        assert isinstance(store, ServerElection)
        prepared = store._conn._prepared
        sent: list[str] = []
        pipeline = prepared.pipeline
        monkeypatch.setattr(prepared, "pipeline", lambda s: sent.extend(q for q, _ in s) or pipeline(s))
        store.operator = "clerk-1"
        enter_sheet(store, mayor_sheet("S-1", "Ann", precinct="Precinct 1"))
        alone = [q for q in sent if q.startswith(("SET LOCAL", "DELETE FROM pg_temp.digest_change"))]
        assert alone == [], alone
        with store.transaction("test.sync", {}) as tx:
            assert tx.execute("SELECT current_setting('synchronous_commit')").fetchone() == ("off",)
        assert store._conn.execute("SELECT current_setting('synchronous_commit')").fetchone() == ("on",)
        assert store.verify_audit().ok


def test_statements_whose_rows_are_never_read_make_no_loader(server_url: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Parameters are dumped by one Transformer per connection (as a cursor's executemany does), and
    a result gets its own only when its rows are read: most of a change's statements are writes."""
    from recount_desktop.store import pg_prepared

    conn = pg.connect(server_url)
    try:
        conn.execute("CREATE TABLE few (k BIGINT, t TEXT)")
        made: list[object] = []
        real = pg_prepared.Transformer

        def counted(*args: object) -> object:
            made.append(args)
            return real(*args)

        monkeypatch.setattr(pg_prepared, "Transformer", counted)
        results = conn.pipelined([("INSERT INTO few VALUES (?, ?)", (n, f"row {n}")) for n in range(5)]
                                 + [("SELECT k, t FROM few WHERE k >= ? ORDER BY k", (3,))])
        assert made == []
        assert results[-1].fetchall() == [(3, "row 3"), (4, "row 4")] and len(made) == 1
    finally:
        conn.close()
