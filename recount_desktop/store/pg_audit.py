"""The server computes a tally sheet's audit entry itself: an optional capability, not schema (issue 16).

Without it, a tally sheet's entry holds the change lock across two exchanges with the server: the
lock, the proof of its reads and its writes in one; then, once the workstation has computed the
running digests, the election digest and the audit entry from what the first answered, those and
COMMIT in a second. With it, the whole change is one pipeline (``pg_change``): BEGIN, the lock, each
read proven by the server itself (``recount_prove``: the read's fingerprint must be the one it had
before the lock), the writes, ``recount_append_audit`` (digests and audit entry computed and written
by the server), COMMIT. The lock is held for the server's own work only, never across a round trip.

``recount_append_audit`` is PL/Python, and its body is built from the program's own text: the
standard-library module ``digest_core`` (canonical JSON, SHAKE-256 row terms, sums modulo 2**2048,
the election digest, the entry hash) and ``pg_audit_server``, so the server's digests and hashes can
never differ from the program's. It is installed by the tables' owner (``server init``, ``new``,
``publish``) when ``CREATE EXTENSION plpython3u`` succeeds (Debian: ``postgresql-plpython3-15``; an
untrusted language, so a superuser installs it). A workstation uses it only when the installed
functions' text is exactly what this program would install (asked once per connection); otherwise,
or for a change it does not compute (one that writes a whole table), the workstation computes the
entry as before. Both paths write the same audit entries and digests. It runs as the caller
(SECURITY INVOKER): a clerk can write through it only what the clerk's role may write anyway, the
digests and the audit entry of the clerk's own change, under the clerk's own name.
"""

from __future__ import annotations

import hashlib
import inspect
import sqlite3
from functools import lru_cache
from typing import Any

from recount_desktop.store import digest, digest_core, pg_audit_server
from recount_desktop.store.errors import ElectionFileError

APPEND = "recount_append_audit"
PROVE = "recount_prove"
CALL = f"SELECT {APPEND}(?, ?, ?, ?, ?)"
CONFLICT, OUTSIDE, NOT_HERE = pg_audit_server.CONFLICT, pg_audit_server.OUTSIDE, pg_audit_server.NOT_HERE

# A read's fingerprint: SHA-256 of its rows as the server prints them, in the order it returns them.
_PRINT = "encode(sha256(convert_to(COALESCE(string_agg(t::text, ','){over}, ''), 'UTF8')), 'hex')"
EMPTY_PRINT = hashlib.sha256(b"").hexdigest()  # a read that returned no rows
_PROVE_BODY = (f"BEGIN IF actual IS DISTINCT FROM expected THEN RAISE EXCEPTION 'a read changed at another "
               f"workstation' USING ERRCODE = '{CONFLICT}'; END IF; RETURN true; END")


@lru_cache(maxsize=256)
def fingerprinted(sql: str) -> str:
    """A read before the lock, its rows followed by their fingerprint (the same on every row)."""
    return f"SELECT t.*, {_PRINT.format(over=' OVER ()')} FROM ({sql}) t"


@lru_cache(maxsize=256)
def _proven(reads: tuple[str, ...]) -> str:
    prints = ", ".join(f"(SELECT {_PRINT.format(over='')} FROM ({sql}) t)" for sql in reads)
    return f"SELECT {PROVE}(concat_ws(',', {prints}), ?)"


def proof(reads: list[tuple[str, tuple[Any, ...], str]]) -> tuple[str, tuple[Any, ...]]:
    """The reads (statement, parameters, fingerprint) again under the lock, in one statement: refused
    (``CONFLICT``) unless every fingerprint is the one it had before."""
    return (_proven(tuple(sql for sql, _, _ in reads)),
            (*(value for _, params, _ in reads for value in params), ",".join(p for _, _, p in reads)))


@lru_cache(maxsize=1)
def append_body() -> str:
    """The PL/Python body of ``recount_append_audit``: ``digest_core`` and ``pg_audit_server`` as the
    program holds them, run once per session, then the call."""
    constants = {"ADDITIVE": sorted(s.name for s in digest.TABLES if s.additive),
                 "TABLES": sorted(s.name for s in digest.TABLES), "NOT_GROUPS": digest.NOT_GROUPS}
    return "\n".join([
        "# Built by recount_desktop.store.pg_audit from digest_core and pg_audit_server: do not edit.",
        'if "append" not in SD:',
        "    import types",
        "    core = {}",
        f"    exec(compile({inspect.getsource(digest_core)!r}, 'digest_core.py', 'exec'), core)",
        f"    core.update({constants!r})",
        "    driver = {}",
        f"    exec(compile({inspect.getsource(pg_audit_server)!r}, 'pg_audit_server.py', 'exec'), driver)",
        "    SD['core'] = types.SimpleNamespace(**core)",
        "    SD['append'] = driver['append_audit']",
        "if ts is None:  # warm_up",
        "    return None",
        "return SD['append'](plpy, SD, SD['core'], ts, operator, action, details, held)",
    ])


_MINE = ("SELECT oid::regprocedure::text FROM pg_proc WHERE proname IN (?, ?)"
         " AND pronamespace = current_schema()::regnamespace")


def _statements() -> list[str]:
    return [
        f"CREATE FUNCTION {APPEND}(ts text, operator text, action text, details text, held text)"
        f" RETURNS text LANGUAGE plpython3u SECURITY INVOKER AS $fn${append_body()}$fn$",
        f"CREATE FUNCTION {PROVE}(actual text, expected text) RETURNS boolean LANGUAGE plpgsql"
        f" SECURITY INVOKER AS $fn${_PROVE_BODY}$fn$",
    ]


def install(conn: Any) -> str:
    """Install (or bring up to date) the server's functions, as the tables' owner; what was done, in
    words. Without PL/Python on the server the workstations compute the entries, as before."""
    conn.execute("BEGIN")
    try:
        conn.execute("CREATE EXTENSION IF NOT EXISTS plpython3u")
        for (old,) in conn.execute(_MINE, (APPEND, PROVE)).fetchall():  # any earlier version's
            conn.execute(f"DROP FUNCTION {old}")
        for statement in _statements():
            conn.execute(statement)
        conn.execute("COMMIT")
    except (sqlite3.Error, ElectionFileError) as error:
        conn.execute("ROLLBACK")
        return (f"the server does not compute the audit entries ({str(error).splitlines()[0]}): the "
                "workstations compute them; install PL/Python (Debian: postgresql-plpython3-15) as a "
                "superuser and run `recount-desktop server init` again to let the server do it")
    return "installed the server's audit functions (the server computes a tally sheet's audit entry)"


def warm_up(conn: Any) -> None:
    """Load the server's Python and the function's code in this session now, when the election is
    opened, rather than at the first tally sheet, while holding the change lock (tens of
    milliseconds: every other clerk would wait)."""
    conn.execute(f"SELECT {APPEND}(NULL, NULL, NULL, NULL, NULL)")


def installed(conn: Any) -> bool:
    """Whether the server's functions are exactly those this program installs (asked once per
    connection): a function of another version, or edited, is never used."""
    rows = conn.execute(
        "SELECT p.proname, p.prosrc, l.lanname, p.prosecdef FROM pg_proc p JOIN pg_language l"
        " ON l.oid = p.prolang WHERE p.proname IN (?, ?) AND p.pronamespace = current_schema()::regnamespace",
        (APPEND, PROVE)).fetchall()
    if len(rows) != 2:
        return False
    found = {str(name): (str(source), str(language), bool(definer)) for name, source, language, definer
             in rows}
    return found == {APPEND: (append_body(), "plpython3u", False), PROVE: (_PROVE_BODY, "plpgsql", False)}
