"""The server's half of a tally sheet's change: its running digests, election digest and audit entry,
computed and written by the server itself inside the change's transaction (issue 16).

This text runs inside PostgreSQL (PL/Python, ``recount_append_audit``; ``pg_audit`` builds the
function from it and from ``digest_core``), never in the program, which imports it only to read it
and to test it. It imports nothing of the program's: the digest and hash arithmetic comes in as
``core`` (``digest_core`` run in the same interpreter), the server's interface as ``plpy``.

It does what ``pg_change.ServerChange`` does on the workstation, in the same order: check the stored
running digests against the head entry (a change is never built on digests altered outside the
program), check the digests the workstation's kept reads were read under (the optimistic proof), add
the rows the change's triggers captured to the additive tables' sums, write the digests that moved,
append the audit entry (its operator the session's user: the ``audit_operator`` trigger refuses
any other name, as for an entry the workstation appends) and return what the workstation keeps.
"""

import json
from typing import Any

# SQLSTATEs of its refusals, which roll the change back whole; the workstation explains each.
CONFLICT = "RC409"  # a kept read's table moved: run the change again
OUTSIDE = "RC422"  # the stored digests are not those the head entry recorded
NOT_HERE = "RC501"  # a change this function does not compute (a whole table, an older head): the
# workstation runs it again computing the entry itself

# Everything the function reads, in one statement (one executor run, one result to convert): the head
# entry (kind 0: its hash, seq and data digest), the stored running digests (1), the rows the change's
# triggers captured, taken out of the capture table (2), and a row for each whole table the change
# wrote (3, ``digest_touched``). As rows, not arrays: PL/Python converts plain values faster.
_READ = (
    "WITH c AS (DELETE FROM pg_temp.digest_change RETURNING tbl, sign, row)"
    " SELECT 0 AS kind, hash AS tbl, seq AS n, data_digest AS value"
    " FROM (SELECT seq, hash, data_digest FROM audit_log ORDER BY seq DESC LIMIT 1) h"
    " UNION ALL SELECT 1, tbl, row_count, value FROM data_digest WHERE {not_groups}"
    " UNION ALL SELECT 2, tbl, sign, row FROM c"
    " UNION ALL SELECT 3, tbl, 0, NULL FROM pg_temp.digest_touched")
# The digests that moved and the audit entry, in one statement.
_APPEND = ("WITH d AS (INSERT INTO data_digest (tbl, row_count, value) SELECT * FROM unnest($9, $10, $11)"
           " ON CONFLICT (tbl) DO UPDATE SET row_count = excluded.row_count, value = excluded.value)"
           " INSERT INTO audit_log (seq, ts, operator, action, details, prev_hash, hash, data_digest)"
           " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")


def _plans(plpy: Any, saved: Any, not_groups: str) -> dict[str, Any]:
    """The function's statements, planned once per session."""
    plans: dict[str, Any] | None = saved.get("plans")
    if plans is None:
        plans = {
            "read": plpy.prepare(_READ.format(not_groups=not_groups)),
            "append": plpy.prepare(_APPEND, ["bigint", "text", "text", "text", "text", "text", "text",
                                             "text", "text[]", "bigint[]", "text[]"]),
        }
        saved["plans"] = plans
    return plans


def _read(plpy: Any, plans: dict[str, Any]
          ) -> tuple[dict[str, Any], dict[str, tuple[int, str]], list[tuple[str, int, Any]]]:
    """The head entry (with no data digest for an empty log), the stored digests, and the captured
    rows (sign 0: a whole table written), from the one statement ``_READ``."""
    head: dict[str, Any] = {"seq": 0, "hash": "", "data_digest": None}
    stored: dict[str, tuple[int, str]] = {}
    taken: list[tuple[str, int, Any]] = []
    for row in plpy.execute(plans["read"]):
        kind = row["kind"]
        if kind == 1:
            stored[row["tbl"]] = (row["n"], row["value"])
        elif kind == 0:
            head = {"seq": row["n"], "hash": row["tbl"], "data_digest": row["value"]}
        else:
            taken.append((row["tbl"], int(row["n"]), row["value"]))
    return head, stored, taken


def _check_head(plpy: Any, saved: Any, core: Any, head: dict[str, Any],
                stored: dict[str, tuple[int, str]]) -> None:
    """The stored digests checked against the head entry (unless they are the digests and the
    election digest this session last wrote: the check would compute the same again)."""
    if head["data_digest"] is None:
        plpy.error("no data digest to build on yet", sqlstate=NOT_HERE)
    if core.definition_of(head["data_digest"]) != core.DEFINITION:
        plpy.error("the head entry is of an older digest definition", sqlstate=NOT_HERE)
    if saved.get("wrote") == (head["data_digest"], stored):
        return
    if set(stored) != set(core.TABLES) or _election_digest(core, stored) != head["data_digest"]:
        plpy.error("the election data or its digest were changed outside the program",
                   detail=str(head["seq"]), sqlstate=OUTSIDE)


def _election_digest(core: Any, digests: dict[str, tuple[int, str]]) -> str:
    published = {name: [rows, core.sum_digest(value) if name in core.ADDITIVE else value]
                 for name, (rows, value) in digests.items()}
    digest: str = core.election_digest_of(published)
    return digest


def _digests_after(plpy: Any, core: Any, stored: dict[str, tuple[int, str]],
                   taken: list[tuple[str, int, Any]]) -> dict[str, tuple[int, str]]:
    """The additive tables' digests after the rows the change's triggers captured (in any order: a
    sum); the tables that moved."""
    changes: dict[str, list[tuple[int, str]]] = {}
    for table, sign, row in taken:
        if sign == 0:
            plpy.error(f"the change wrote {table}, a whole table", sqlstate=NOT_HERE)
        changes.setdefault(table, []).append((sign, row))
    moved = {}
    for table, rows in changes.items():
        if table not in core.ADDITIVE:
            plpy.error(f"rows of {table} were captured", sqlstate=NOT_HERE)
        moved[table] = core.sum_after(*stored[table], rows, table)
    return moved


def append_audit(plpy: Any, saved: Any, core: Any, ts: str, operator: str, action: str,
                 details_json: str, held_json: str) -> str:
    """Digests, audit entry, and what the workstation keeps: ``{"seq", "hash", "data", "digests"}``.
    ``held_json``: ``{"proof": {table: [rows, value]}, "known": {table: tag}}``: the digests the
    change's kept reads were read under, and the tags (``tag``) of every digest the workstation
    holds; ``digests`` are those after the change that differ from what it holds."""
    plans = _plans(plpy, saved, core.NOT_GROUPS)
    head, stored, taken = _read(plpy, plans)
    _check_head(plpy, saved, core, head, stored)
    held = json.loads(held_json)
    for table, (rows, value) in held["proof"].items():
        if stored.get(table) != (rows, value):
            plpy.error(f"{table} changed at another workstation", sqlstate=CONFLICT)
    moved = _digests_after(plpy, core, stored, taken)
    now = {**stored, **moved}
    data = _election_digest(core, now)
    seq, prev = int(head["seq"]) + 1, head["hash"]
    entry = core.entry_hash(prev, seq, ts, operator, action, details_json, data)
    names = sorted(moved)
    plpy.execute(plans["append"], [seq, ts, operator, action, details_json, prev, entry, data, names,
                                   [moved[n][0] for n in names], [moved[n][1] for n in names]])
    saved["wrote"] = (data, now)  # kept only if this change commits: checked against what is stored
    known = held["known"]
    news = {name: digest for name, digest in now.items() if known.get(name) != tag(*digest)}
    return json.dumps({"seq": seq, "hash": entry, "data": data, "digests": news})


def tag(rows: int, value: str) -> str:
    """A digest, short: what the workstation says it holds. Only names the digests to send back; a
    tag that matched by chance would leave a kept read stale only until its table's proof, which
    compares whole values."""
    return f"{rows}:{value[:16]}"
