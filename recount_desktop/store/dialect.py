"""Which store a connection belongs to, without importing the server's driver.

The store's SQL is written once for both stores; where SQLite and PostgreSQL must differ (pragmas,
TEMP triggers, snapshots, locking), the code asks ``on_server(conn)``. The server side is in ``pg``,
``pg_schema`` and ``server``; importing this module never loads psycopg.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

URL_SCHEMES = ("postgresql://", "postgres://")


def is_server_url(target: object) -> bool:
    """Whether an election is named by a PostgreSQL URL rather than a file path."""
    return isinstance(target, str) and target.lower().startswith(URL_SCHEMES)


def on_server(conn: object) -> bool:
    """Whether ``conn`` is a server connection (``pg.ServerConnection``) rather than SQLite's."""
    return bool(getattr(conn, "on_server", False))


def change_table(conn: object) -> str:
    """The TEMP table that collects the rows a change writes (``digest.take_changes``)."""
    return "pg_temp.digest_change" if on_server(conn) else "temp.digest_change"


def touched_table(conn: object) -> str:
    return "pg_temp.digest_touched" if on_server(conn) else "temp.digest_touched"


def blind_entry_enforced(conn: object) -> bool:
    """Whether the server refuses this session a second entry of a sheet whose first it made
    (``pg_schema.BLIND_ENTRY_BODY``): every role but the tables' owner and superusers. The program
    asks first, so that the clerk reads why in plain words rather than as a refusal."""
    if not on_server(conn):
        return False
    known = getattr(conn, "blind_entry_enforced", None)
    if known is not None:  # asked once per connection: its role and the tables' owner stay
        return bool(known)
    row = conn.execute(  # type: ignore[attr-defined]
        "SELECT NOT (session_user = (SELECT tableowner FROM pg_tables WHERE schemaname = current_schema()"
        " AND tablename = 'recount_entry') OR (SELECT rolsuper FROM pg_roles WHERE rolname = session_user))"
    ).fetchone()
    conn.blind_entry_enforced = bool(row[0])  # type: ignore[attr-defined]
    return bool(row[0])


def retried(store: object, attempt: Callable[[], T]) -> T:
    """Run one change (``attempt``, which may be run again): on a server, taking the change lock
    only at its first write and again when another workstation got there first
    (``ServerElection.optimistically``); on a file, once."""
    run = getattr(store, "optimistically", None)
    return attempt() if run is None else run(attempt)
