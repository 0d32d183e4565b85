"""The test server: a fresh, empty PostgreSQL database per test (issue 16).

``RECOUNT_TEST_PG_URL`` names a database on a throwaway server (``.ci/with-postgres`` starts one and
sets it); each test gets a database of its own, dropped afterwards. Without it the server tests skip,
saying why, unless ``RECOUNT_TEST_SERVER_REQUIRED`` is set (CI provides a server): then a missing or
unreachable server fails them.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest

SERVER_ENV = "RECOUNT_TEST_PG_URL"
REQUIRED_ENV = "RECOUNT_TEST_SERVER_REQUIRED"


def _unavailable(reason: str) -> None:
    if os.environ.get(REQUIRED_ENV):
        pytest.fail(f"{REQUIRED_ENV} is set (a PostgreSQL server is provided) but {reason}")
    pytest.skip(f"no PostgreSQL server for the server tests ({reason}); run `.ci/with-postgres make test` "
                f"or set {SERVER_ENV}")


def database_url(base: str, name: str) -> str:
    parts = urlsplit(base)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


def admin_connection() -> object:
    """An autocommit connection to the server's maintenance database (skips or fails without one)."""
    base = os.environ.get(SERVER_ENV, "")
    if not base:
        _unavailable(f"{SERVER_ENV} is not set")
    import psycopg

    try:
        return psycopg.connect(base, autocommit=True, connect_timeout=5)
    except psycopg.Error as error:
        _unavailable(f"cannot connect to {SERVER_ENV}: {error}")
    raise AssertionError("unreachable")


def fresh_database() -> Iterator[str]:
    """The URL of a new, empty database; it is dropped when the test ends."""
    admin = admin_connection()
    name = f"recount_test_{uuid.uuid4().hex[:12]}"
    admin.execute(f"CREATE DATABASE {name}")  # type: ignore[attr-defined]
    try:
        yield database_url(os.environ[SERVER_ENV], name)
    finally:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")  # type: ignore[attr-defined]
        admin.close()  # type: ignore[attr-defined]


def raw(url: str) -> object:
    """What someone with psql does: a plain connection, outside the program."""
    import psycopg

    return psycopg.connect(url, autocommit=True)


PLPYTHON_ENV = "RECOUNT_TEST_PLPYTHON"


def needs_server_audit(store: object) -> None:
    """Skip a test of the server's audit function (``store/pg_audit``) on a server without PL/Python,
    unless ``.ci/with-postgres`` found PL/Python (then the function must have been installed)."""
    if getattr(getattr(store, "_conn", None), "server_audit", False):
        return
    if os.environ.get(PLPYTHON_ENV):
        pytest.fail("the test server has PL/Python, but `new` or `publish` installed no audit function")
    pytest.skip("the test server has no PL/Python (postgresql-plpython3-15): the workstation computes the "
                "audit entries")
