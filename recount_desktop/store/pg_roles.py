"""The server's roles: who may change what (``recount-desktop server init``).

Three group roles, each operator a login role in one of them (``CREATE ROLE ann LOGIN IN ROLE clerk``):

- ``clerk`` enters tally sheets (and, as the sheets do, sets a contest's scope when it has none);
- ``board`` also sets the recount scope, resolves and voids sheets, changes settings (readings,
  waivers) and contest attributes, and writes reports;
- ``admin`` also imports results and sets up the election.

Every role may read everything and append audit entries. No role may UPDATE or DELETE an audited row
(the audit log, tally-sheet entries and their counts, the election key) or DELETE a sheet: those
privileges are never granted, and the triggers refuse them even to the tables' owner.
"""

from __future__ import annotations

from typing import Any

ROLES = ("clerk", "board", "admin")

_EVERYONE = [
    "GRANT SELECT ON ALL TABLES IN SCHEMA {schema} TO {role}",
    "GRANT INSERT ON audit_log TO {role}",
    "GRANT INSERT, UPDATE ON data_digest TO {role}",
]
_CLERK = [
    "GRANT INSERT, UPDATE (state, final_entry) ON recount_sheet TO {role}",
    "GRANT INSERT ON recount_entry, recount_entry_count TO {role}",
    "GRANT INSERT, DELETE ON recount_scope, recount_scope_unit TO {role}",
]
_BOARD = _CLERK + [
    "GRANT UPDATE (state, final_entry, void_reason, voided_by) ON recount_sheet TO {role}",
    "GRANT UPDATE ON recount_scope, recount_scope_unit TO {role}",
    "GRANT INSERT, UPDATE, DELETE ON setting TO {role}",
    "GRANT UPDATE (kind, seats, scope, election_type, voting_method, approval, measure_type, filed_with,"
    " runoff_possible) ON contest TO {role}",
]
_ADMIN = _BOARD + [
    "GRANT INSERT, UPDATE, DELETE ON election, board_member, contest, choice, precinct, device, tally,"
    " tally_vote_type, contest_statistics TO {role}",
]
GRANTS = {"clerk": _EVERYONE + _CLERK, "board": _EVERYONE + _BOARD, "admin": _EVERYONE + _ADMIN}


def existing_roles(conn: Any) -> set[str]:
    rows = conn.execute("SELECT rolname FROM pg_roles WHERE rolname = ANY(?)", (list(ROLES),)).fetchall()
    return {str(row[0]) for row in rows}


def create_roles(conn: Any) -> list[str]:
    """The three group roles (NOLOGIN), those missing; returns the ones created."""
    created = []
    for role in ROLES:
        if role not in existing_roles(conn):
            conn.execute(f"CREATE ROLE {role} NOLOGIN")
            created.append(role)
    return created


def grant(conn: Any) -> None:
    """Each role's privileges on the election's tables (run again after ``new`` or ``publish``)."""
    schema = str(conn.execute("SELECT current_schema()").fetchone()[0])
    database = str(conn.execute("SELECT current_database()").fetchone()[0])
    present = existing_roles(conn)
    for role in ROLES:
        if role not in present:
            continue
        conn.execute(f'GRANT CONNECT, TEMPORARY ON DATABASE "{database}" TO {role}')
        conn.execute(f'GRANT USAGE ON SCHEMA "{schema}" TO {role}')
        conn.execute(f'REVOKE ALL ON ALL TABLES IN SCHEMA "{schema}" FROM {role}')
        for statement in GRANTS[role]:
            conn.execute(statement.format(role=role, schema=f'"{schema}"'))
