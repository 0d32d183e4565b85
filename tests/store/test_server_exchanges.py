"""Issue 16, throughput: a tally sheet's entry sends BEGIN with its lock (no exchange of its own),
several rows of one INSERT as one statement, and the server's guards ask who is exempt only when
they would refuse. The guarantees stay: reads kept from earlier changes are proven at the lock,
changes do not nest, and a database made by the earlier version is brought up to date."""

from __future__ import annotations

import pytest

from recount_desktop.cli import main
from recount_desktop.domain import Election
from recount_desktop.store import create_election_file, open_election_file, pg_schema
from recount_desktop.store.pg_prepared import multi_row
from recount_desktop.store.server import ServerElection
from tests.pg_testing import raw


def test_rows_of_one_insert_become_one_statement_in_the_same_order() -> None:
    sql = "INSERT INTO c (entry_id, choice) VALUES ((SELECT id FROM e WHERE s = ?), ?)"
    assert multi_row(sql, [("A", "x"), ("B", "y")]) == (
        "INSERT INTO c (entry_id, choice) VALUES ((SELECT id FROM e WHERE s = ?), ?),"
        " ((SELECT id FROM e WHERE s = ?), ?)", ("A", "x", "B", "y"))
    assert multi_row("INSERT INTO t (a, b) VALUES (?, ')')", [(1,), (2,)]) == (
        "INSERT INTO t (a, b) VALUES (?, ')'), (?, ')')", (1, 2))
    # anything else stays one statement per row
    assert multi_row("INSERT INTO t (a) VALUES (?) ON CONFLICT DO NOTHING", [(1,), (2,)]) is None
    assert multi_row("INSERT INTO t (a) VALUES (?) RETURNING a", [(1,), (2,)]) is None
    assert multi_row("INSERT INTO t (a) SELECT ?", [(1,), (2,)]) is None
    assert multi_row("UPDATE t SET a = ? WHERE b = ?", [(1, 2), (3, 4)]) is None
    assert multi_row("INSERT INTO t (a) VALUES (?)", [(1,)]) is None


def _setting_in_a_change(store: ServerElection, key: str) -> str | None:
    with store.transaction("test.read", {}) as tx:
        row = tx.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def test_a_read_kept_from_an_earlier_change_is_proven_when_the_lock_is_taken(
        server_url: str, election: Election) -> None:
    """An optimistic change learns the committed digests only with its lock: a kept read of a table
    another workstation changed since is found out then, and the change is run again, reading anew."""
    with create_election_file(server_url, election):
        pass
    with open_election_file(server_url) as one, open_election_file(server_url) as two:
        assert isinstance(one, ServerElection)
        one.set_setting("source", "a")
        assert _setting_in_a_change(one, "source") == "a"  # kept by one's connection
        two.set_setting("source", "b")
        seen: list[str] = []

        def copy() -> None:
            with one.transaction("test.copy", {}) as tx:
                seen.append(tx.execute("SELECT value FROM setting WHERE key = ?", ("source",)).fetchone()[0])
                tx.execute("INSERT INTO setting (key, value) VALUES (?, ?)", ("copy", f"{seen[-1]}!"))

        one.optimistically(copy)
        assert seen == ["a", "b"] and one.conflicts == 1
        assert one.settings()["copy"] == "b!"
        assert one.verify_audit().ok and two.verify_audit().ok


def test_changes_do_not_nest_before_the_lock_either(server_url: str, election: Election) -> None:
    with create_election_file(server_url, election):
        pass
    with open_election_file(server_url) as store:
        assert isinstance(store, ServerElection)

        def nested() -> None:
            with store.transaction("test.outer", {}) as tx:
                tx.execute("SELECT value FROM setting WHERE key = ?", ("x",))
                assert tx.in_transaction  # no BEGIN sent yet, but a change is open
                with store.transaction("test.inner", {}):
                    pass

        with pytest.raises(RuntimeError, match="do not nest"):
            store.optimistically(nested)
        assert not store._conn.in_transaction
        store.set_setting("after", "yes")  # the connection is usable
        assert store.verify_audit().ok


def test_server_init_brings_the_earlier_guards_up_to_date_and_keeps_them_its_owners(
        server_url: str, election: Election, capsys) -> None:
    with create_election_file(server_url, election):
        pass
    older = raw(server_url)
    try:
        for function, earlier, _ in pg_schema._EARLIER_BODIES[1:]:
            definer = function == "blind_entry"
            older.execute(pg_schema._function(function, earlier, definer, replace=True))  # type: ignore[attr-defined]
    finally:
        older.close()  # type: ignore[attr-defined]
    with open_election_file(server_url) as store:
        assert sorted(w.split(": ")[1] for w in store.warnings) == [
            "trigger audit_log_operator was changed", "trigger recount_entry_blind was changed"]
    assert main(["server", "init", server_url]) == 0
    out = capsys.readouterr().out
    assert "brought the function blind_entry up to date" in out
    assert "brought the function audit_operator up to date" in out
    with open_election_file(server_url) as store:
        assert store.warnings == ()
        definer = store._conn.execute("SELECT prosecdef FROM pg_proc WHERE proname = ?", ("blind_entry",))
        assert definer.fetchone() == (True,)  # it must see every entry of the sheet, whoever asks
