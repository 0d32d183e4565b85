"""The election's schema on a PostgreSQL server, its version and migrations, and its guards.

The tables and columns are those of the election file at ``schema.SCHEMA_VERSION`` (see
``schema.py`` for what each holds), written for PostgreSQL so that both stores read back the same
typed values and sort text the same way:

- every integer is ``BIGINT`` and every text ``TEXT COLLATE "C"`` (byte order, as SQLite compares);
- an ``id`` the program does not give is ``max(id) + 1``, as SQLite assigns a rowid, so the same
  history gives the same ids, and so the same data digest, on both stores;
- the tables read back in insertion order (``ORDER BY rowid`` in SQLite) carry a ``rowid`` identity
  column; it is not election data and no digest covers it;
- the guards are triggers that refuse UPDATE, DELETE and TRUNCATE on the append-only tables (an
  ``INSERT ... ON CONFLICT DO UPDATE`` fires the UPDATE guard), and the data digest's change capture
  is a trigger per data table that writes into the session's own TEMP tables.

The schema version is the one row of ``schema_info``. A server database is created at the current
version; ``MIGRATIONS`` holds the steps for versions after it.
"""

from __future__ import annotations

import re
from typing import Any

from recount_desktop.store.digest import TABLES
from recount_desktop.store.errors import ElectionFileError
from recount_desktop.store.schema import SCHEMA_VERSION

BASE_VERSION = 5  # the first schema version a server database is created at
_T = 'TEXT COLLATE "C"'
_ID = "BIGINT PRIMARY KEY"

_TABLES = [
    f"""CREATE TABLE election (
        id BIGINT PRIMARY KEY CHECK (id = 1),
        state {_T} NOT NULL CHECK (state IN ('NE', 'CO', 'OK', 'MT', 'UT')),
        jurisdiction {_T} NOT NULL, name {_T} NOT NULL, election_date {_T} NOT NULL, canvass_date {_T},
        election_type {_T} NOT NULL DEFAULT 'general' CHECK (election_type IN ('general', 'primary',
            'municipal_primary', 'municipal_general', 'local_district', 'special')))""",
    f"CREATE TABLE board_member (position BIGINT PRIMARY KEY, name {_T} NOT NULL,"
    f" title {_T} NOT NULL DEFAULT '')",
    f"""CREATE TABLE contest (
        id {_ID}, position BIGINT NOT NULL, name {_T} NOT NULL UNIQUE, kind {_T} NOT NULL,
        seats BIGINT NOT NULL CHECK (seats >= 1), scope {_T} NOT NULL, election_type {_T},
        voting_method {_T} NOT NULL, approval {_T} NOT NULL, measure_type {_T}, filed_with {_T} NOT NULL,
        runoff_possible BIGINT NOT NULL CHECK (runoff_possible IN (0, 1)),
        incomplete_precinct_data BIGINT NOT NULL DEFAULT 0)""",
    f"""CREATE TABLE choice (
        id {_ID}, contest_id BIGINT NOT NULL REFERENCES contest(id) ON DELETE CASCADE,
        position BIGINT NOT NULL, name {_T} NOT NULL, party {_T}, UNIQUE (contest_id, name))""",
    f"""CREATE TABLE precinct (id {_ID}, position BIGINT NOT NULL, name {_T} NOT NULL UNIQUE, county {_T},
        pseudo BIGINT NOT NULL CHECK (pseudo IN (0, 1)))""",
    """CREATE TABLE tally (
        choice_id BIGINT NOT NULL REFERENCES choice(id) ON DELETE CASCADE,
        precinct_id BIGINT NOT NULL REFERENCES precinct(id) ON DELETE CASCADE,
        votes BIGINT NOT NULL CHECK (votes >= 0),
        suppressed BIGINT NOT NULL DEFAULT 0 CHECK (suppressed IN (0, 1)),
        rowid BIGINT GENERATED ALWAYS AS IDENTITY, PRIMARY KEY (choice_id, precinct_id))""",
    """CREATE TABLE contest_statistics (
        contest_id BIGINT NOT NULL REFERENCES contest(id) ON DELETE CASCADE,
        precinct_id BIGINT REFERENCES precinct(id) ON DELETE CASCADE,
        registered_voters BIGINT CHECK (registered_voters >= 0),
        ballots_cast BIGINT CHECK (ballots_cast >= 0),
        over_votes BIGINT CHECK (over_votes >= 0), under_votes BIGINT CHECK (under_votes >= 0),
        rowid BIGINT GENERATED ALWAYS AS IDENTITY)""",
    "CREATE UNIQUE INDEX contest_statistics_unit ON contest_statistics(contest_id, COALESCE(precinct_id, 0))",
    f"""CREATE TABLE audit_log (
        seq BIGINT PRIMARY KEY, ts {_T} NOT NULL, operator {_T} NOT NULL, action {_T} NOT NULL,
        details {_T} NOT NULL, prev_hash {_T} NOT NULL, hash {_T} NOT NULL, data_digest {_T})""",
    f"""CREATE TABLE tally_vote_type (
        choice_id BIGINT NOT NULL, precinct_id BIGINT NOT NULL, vote_type {_T} NOT NULL,
        votes BIGINT NOT NULL CHECK (votes >= 0), rowid BIGINT GENERATED ALWAYS AS IDENTITY,
        PRIMARY KEY (choice_id, precinct_id, vote_type),
        FOREIGN KEY (choice_id, precinct_id) REFERENCES tally(choice_id, precinct_id) ON DELETE CASCADE)""",
    f"""CREATE TABLE device (id {_ID}, name {_T} NOT NULL UNIQUE,
        precinct_id BIGINT REFERENCES precinct(id) ON DELETE SET NULL)""",
    f"CREATE TABLE setting (key {_T} PRIMARY KEY, value {_T} NOT NULL)",
    f"""CREATE TABLE recount_scope (
        contest {_T} PRIMARY KEY, all_units BIGINT NOT NULL CHECK (all_units IN (0, 1)),
        method {_T} NOT NULL CHECK (method IN ('manual', 'machine')),
        requested_by {_T} NOT NULL DEFAULT '', requested_at {_T} NOT NULL DEFAULT '',
        set_by_sheets BIGINT NOT NULL DEFAULT 0 CHECK (set_by_sheets IN (0, 1)))""",
    f"""CREATE TABLE recount_scope_unit (
        contest {_T} NOT NULL REFERENCES recount_scope(contest) ON DELETE CASCADE,
        position BIGINT NOT NULL, precinct {_T} NOT NULL DEFAULT '', device {_T} NOT NULL DEFAULT '',
        PRIMARY KEY (contest, precinct, device))""",
    f"""CREATE TABLE recount_sheet (
        sheet_id {_T} PRIMARY KEY, contest {_T} NOT NULL,
        state {_T} NOT NULL CHECK (state IN
            ('entered_once', 'verified', 'discrepancy', 'resolved', 'voided')),
        final_entry BIGINT, void_reason {_T}, voided_by {_T}, rowid BIGINT GENERATED ALWAYS AS IDENTITY)""",
    "CREATE INDEX recount_sheet_contest ON recount_sheet(contest, state)",
    f"""CREATE TABLE recount_entry (
        id {_ID}, sheet_id {_T} NOT NULL REFERENCES recount_sheet(sheet_id),
        entry_number BIGINT NOT NULL CHECK (entry_number IN (1, 2, 3)),
        precinct {_T} NOT NULL DEFAULT '', device {_T} NOT NULL DEFAULT '',
        method {_T} NOT NULL CHECK (method IN ('manual', 'machine')), counted_by {_T} NOT NULL DEFAULT '',
        over_votes BIGINT CHECK (over_votes >= 0), under_votes BIGINT CHECK (under_votes >= 0),
        blank_ballots BIGINT CHECK (blank_ballots >= 0), ballots BIGINT CHECK (ballots >= 0),
        entered_by {_T} NOT NULL, entered_at {_T} NOT NULL, reason {_T},
        operator {_T} NOT NULL DEFAULT '', source {_T} NOT NULL DEFAULT '',
        UNIQUE (sheet_id, entry_number))""",
    f"""CREATE TABLE recount_entry_count (
        entry_id BIGINT NOT NULL REFERENCES recount_entry(id), position BIGINT NOT NULL,
        choice {_T} NOT NULL, votes BIGINT NOT NULL CHECK (votes >= 0), PRIMARY KEY (entry_id, choice))""",
    f"CREATE TABLE data_digest (tbl {_T} PRIMARY KEY, row_count BIGINT NOT NULL, value {_T} NOT NULL)",
    f"CREATE TABLE election_key (id BIGINT PRIMARY KEY CHECK (id = 1), key {_T} NOT NULL)",
    "CREATE TABLE schema_info (version BIGINT NOT NULL)",
]

# -- guards ------------------------------------------------------------------------------------------
REFUSE_BODY = "BEGIN RAISE EXCEPTION '%', TG_ARGV[0]; END"
_ID_TABLES = ("contest", "choice", "precinct", "device", "recount_entry")
# One static query per table, not EXECUTE format(...): PL/pgSQL keeps a static query's plan for the
# session, while EXECUTE plans it again at every row (a quarter of a millisecond of the server's
# time per tally-sheet entry, under the change lock).
NEXT_ID_BODY = ("BEGIN IF NEW.id IS NULL THEN CASE TG_TABLE_NAME "
                + " ".join(f"WHEN '{table}' THEN SELECT COALESCE(MAX(id), 0) + 1 INTO NEW.id FROM {table};"
                           for table in _ID_TABLES)
                + " END CASE; END IF; RETURN NEW; END")
TOUCH_BODY = ("BEGIN IF to_regclass('pg_temp.digest_touched') IS NOT NULL THEN INSERT INTO "
              "pg_temp.digest_touched (tbl) VALUES (TG_TABLE_NAME) ON CONFLICT DO NOTHING; END IF; "
              "RETURN NULL; END")
# Other workstations' windows hear of every change committed here (LISTEN recount_change): one
# notification per audit entry, "sender's backend pid <TAB> action <TAB> contest (or empty)", so a
# window can skip its own changes and refresh only a contest's progress after a tally sheet.
NOTIFY_CHANNEL = "recount_change"
NOTIFY_BODY = (f"BEGIN PERFORM pg_notify('{NOTIFY_CHANNEL}', pg_backend_pid()::text || E'\\t' || NEW.action"
               " || E'\\t' || COALESCE(NEW.details::json ->> 'contest', '')); RETURN NULL; END")

# Blind double entry, enforced by the server for every role the program's users sign in with: an
# entry is recorded under the database role that makes it, and the two entries of a sheet are made
# by two roles (unless the board allows one person both, recount.allow_same_operator). The table's
# owner and superusers are exempt: ``publish`` copies a file's history as it was recorded. It runs
# as its owner (SECURITY DEFINER) so that it sees every entry of the sheet, whoever asks.
_EXEMPT = ("session_user = (SELECT tableowner FROM pg_tables WHERE schemaname = TG_TABLE_SCHEMA AND"
           " tablename = TG_TABLE_NAME) OR (SELECT rolsuper FROM pg_roles WHERE rolname = session_user)")
_SAME_ROLE_REFUSAL = (
    "RAISE EXCEPTION '% made the other entry of tally sheet %; the second entry must be made by "
    "someone else, signed in as themselves', session_user, NEW.sheet_id USING ERRCODE = '42501'; ")
_OPERATOR_REFUSAL = (
    "RAISE EXCEPTION 'entry % of tally sheet % names "
    "% as its operator, but it is being made by the database role %: an entry is recorded under the "
    "role that makes it', NEW.entry_number, NEW.sheet_id, NEW.operator, session_user USING ERRCODE = "
    "'42501'; ")
_SAME_ROLE = (
    "EXISTS (SELECT 1 FROM recount_entry e WHERE e.sheet_id = NEW.sheet_id AND e.entry_number IN (1, 2)"
    " AND e.operator = session_user) AND NOT EXISTS (SELECT 1 FROM setting WHERE key ="
    " 'recount.allow_same_operator' AND lower(trim(value)) IN ('yes', 'true', '1', 'on'))")
# The exemption (two catalog look-ups) is asked only when an entry would be refused: an entry made
# under its own role by a second person, every clerk's case, costs the server no look-up.
BLIND_ENTRY_BODY = (
    "BEGIN IF NEW.entry_number NOT IN (1, 2) THEN RETURN NEW; END IF; "
    f"IF NEW.operator IS DISTINCT FROM session_user THEN IF {_EXEMPT} THEN RETURN NEW; END IF; "
    f"{_OPERATOR_REFUSAL}END IF; "
    f"IF {_SAME_ROLE} THEN IF {_EXEMPT} THEN RETURN NEW; END IF; {_SAME_ROLE_REFUSAL}END IF; "
    "RETURN NEW; END"
)
_BLIND_ENTRY_BODY_1 = (  # before the exemption was asked only when needed
    f"BEGIN IF NEW.entry_number NOT IN (1, 2) OR {_EXEMPT} THEN RETURN NEW; END IF; "
    f"IF NEW.operator IS DISTINCT FROM session_user THEN {_OPERATOR_REFUSAL}END IF; "
    f"IF {_SAME_ROLE} THEN {_SAME_ROLE_REFUSAL}END IF; "
    "RETURN NEW; END"
)

# Who is who, enforced by the server: an audit entry names the database role that writes it (the
# same exemption as above, for ``publish``, asked only when the names differ).
_AUDIT_OPERATOR_REFUSAL = (
    "RAISE EXCEPTION 'audit entry % names % as its operator, but it is being written by the database "
    "role %: the log records the role that makes each change', NEW.seq, NEW.operator, session_user "
    "USING ERRCODE = '42501'; END")
AUDIT_OPERATOR_BODY = (
    f"BEGIN IF NEW.operator = session_user THEN RETURN NEW; END IF; IF {_EXEMPT} THEN RETURN NEW; END IF; "
    + _AUDIT_OPERATOR_REFUSAL)
_AUDIT_OPERATOR_BODY_1 = f"BEGIN IF {_EXEMPT} OR NEW.operator = session_user THEN RETURN NEW; END IF; " + (
    _AUDIT_OPERATOR_REFUSAL)

# (trigger, table, timing and events, function, argument)
_GUARDS: tuple[tuple[str, str, str, str, str], ...] = (
    ("audit_log_no_update", "audit_log", "BEFORE UPDATE", "row", "the audit log is append-only"),
    ("audit_log_no_delete", "audit_log", "BEFORE DELETE", "row", "the audit log is append-only"),
    ("audit_log_no_truncate", "audit_log", "BEFORE TRUNCATE", "statement", "the audit log is append-only"),
    ("recount_sheet_no_delete", "recount_sheet", "BEFORE DELETE", "row",
     "a tally sheet is voided, never deleted"),
    ("recount_sheet_no_truncate", "recount_sheet", "BEFORE TRUNCATE", "statement",
     "a tally sheet is voided, never deleted"),
    ("recount_entry_no_delete", "recount_entry", "BEFORE DELETE", "row",
     "a tally sheet entry is never deleted"),
    ("recount_entry_no_update", "recount_entry", "BEFORE UPDATE", "row",
     "a tally sheet entry is never changed: corrections are new entries"),
    ("recount_entry_no_truncate", "recount_entry", "BEFORE TRUNCATE", "statement",
     "a tally sheet entry is never deleted"),
    ("recount_entry_count_no_delete", "recount_entry_count", "BEFORE DELETE", "row",
     "a tally sheet entry is never deleted"),
    ("recount_entry_count_no_update", "recount_entry_count", "BEFORE UPDATE", "row",
     "a tally sheet entry is never changed: corrections are new entries"),
    ("recount_entry_count_no_truncate", "recount_entry_count", "BEFORE TRUNCATE", "statement",
     "a tally sheet entry is never deleted"),
    ("election_key_no_change", "election_key", "BEFORE UPDATE", "row", "the election key is never changed"),
    ("election_key_no_delete", "election_key", "BEFORE DELETE", "row", "the election key is never changed"),
    ("election_key_no_truncate", "election_key", "BEFORE TRUNCATE", "statement",
     "the election key is never changed"),
)


def _function(name: str, body: str, definer: bool = False, *, replace: bool = False) -> str:
    """A trigger function; ``definer``: it runs as its owner (to see rows the caller's role may not);
    ``replace``: over one an earlier version made (``server init``)."""
    runs_as = " SECURITY DEFINER SET search_path FROM CURRENT" if definer else ""
    create = "CREATE OR REPLACE FUNCTION" if replace else "CREATE FUNCTION"
    return f"{create} {name}() RETURNS trigger LANGUAGE plpgsql{runs_as} AS $fn$ {body} $fn$"


def _capture_body(table: str, columns: tuple[str, ...]) -> str:
    """A data table's row trigger: the rows it gains (+1) and loses (-1), as JSON arrays, into the
    session's TEMP table (absent in a session that is not the program's: nothing is captured)."""
    def row(which: str) -> str:
        return "json_build_array(" + ", ".join(f"{which}.{c}" for c in columns) + ")::text"
    insert = f"INSERT INTO pg_temp.digest_change (tbl, sign, row) VALUES ('{table}', "
    return (f"BEGIN IF to_regclass('pg_temp.digest_change') IS NULL THEN RETURN NULL; END IF; "
            f"IF TG_OP IN ('DELETE', 'UPDATE') THEN {insert}-1, {row('OLD')}); END IF; "
            f"IF TG_OP IN ('INSERT', 'UPDATE') THEN {insert}1, {row('NEW')}); END IF; RETURN NULL; END")


def _guard_statements() -> list[str]:
    statements = [_function("refuse_change", REFUSE_BODY), _function("next_id", NEXT_ID_BODY),
                  _function("digest_touch", TOUCH_BODY)]
    for name, table, timing, level, argument in _GUARDS:
        statements.append(f"CREATE TRIGGER {name} {timing} ON {table} FOR EACH {level.upper()} "
                          f"EXECUTE FUNCTION refuse_change('{argument}')")
    statements += [f"CREATE TRIGGER {table}_next_id BEFORE INSERT ON {table} FOR EACH ROW "
                   "EXECUTE FUNCTION next_id()" for table in _ID_TABLES]
    for spec in TABLES:
        if spec.additive:
            statements.append(_function(f"digest_{spec.name}", _capture_body(spec.name, spec.columns)))
            statements.append(f"CREATE TRIGGER digest_{spec.name} AFTER INSERT OR UPDATE OR DELETE ON "
                              f"{spec.name} FOR EACH ROW EXECUTE FUNCTION digest_{spec.name}()")
        else:
            statements.append(f"CREATE TRIGGER digest_{spec.name} AFTER INSERT OR UPDATE OR DELETE OR "
                              f"TRUNCATE ON {spec.name} FOR EACH STATEMENT EXECUTE FUNCTION digest_touch()")
    for _, _, _, function, body, definer in _LATER_TRIGGERS:
        statements.append(_function(function, body, definer))
    statements += [_create_trigger(*spec[:4]) for spec in _LATER_TRIGGERS]
    return statements


# Triggers added after the first server schema, in the order they were added: (trigger, table, timing
# and event, function, body, runs as its owner). ``server init`` adds those an older database lacks.
_LATER_TRIGGERS: tuple[tuple[str, str, str, str, str, bool], ...] = (
    ("recount_entry_blind", "recount_entry", "BEFORE INSERT", "blind_entry", BLIND_ENTRY_BODY, True),
    ("audit_log_operator", "audit_log", "BEFORE INSERT", "audit_operator", AUDIT_OPERATOR_BODY, False),
    ("audit_log_notify", "audit_log", "AFTER INSERT", "notify_change", NOTIFY_BODY, False),
)
_RETIRED_TRIGGERS = (("recount_sheet_notify", "recount_sheet", "notify_sheet"),)  # (trigger, table, function)
# Function bodies an earlier version wrote, with this version's: ``server init`` replaces exactly these
# (a body found nowhere in this list was changed by someone else, and stays for verify to report).
_EARLIER_BODIES: tuple[tuple[str, str, str], ...] = (
    ("next_id", "BEGIN IF NEW.id IS NULL THEN EXECUTE format('SELECT COALESCE(MAX(id), 0) + 1 FROM %I', "
                "TG_TABLE_NAME) INTO NEW.id; END IF; RETURN NEW; END", NEXT_ID_BODY),
    ("blind_entry", _BLIND_ENTRY_BODY_1, BLIND_ENTRY_BODY),
    ("audit_operator", _AUDIT_OPERATOR_BODY_1, AUDIT_OPERATOR_BODY),
)


def _create_trigger(name: str, table: str, timing: str, function: str) -> str:
    return f"CREATE TRIGGER {name} {timing} ON {table} FOR EACH ROW EXECUTE FUNCTION {function}()"


def bring_triggers_up_to_date(conn: Any) -> list[str]:
    """In a database made by an earlier version: add the triggers it lacks and drop retired ones, in
    one transaction (``server init``, run by the tables' owner). Returns what was done."""
    present = {str(r[0]) for r in conn.execute(
        "SELECT t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
        " WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace").fetchall()}
    done = []
    conn.execute("BEGIN")
    try:
        for name, table, function in _RETIRED_TRIGGERS:
            if name in present:
                conn.execute(f"DROP TRIGGER {name} ON {table}")
                conn.execute(f"DROP FUNCTION IF EXISTS {function}()")
                done.append(f"dropped the retired trigger {name}")
        for name, table, timing, function, body, definer in _LATER_TRIGGERS:
            if name not in present:
                conn.execute(_function(function, body, definer, replace=True))
                conn.execute(_create_trigger(name, table, timing, function))
                done.append(f"added the trigger {name}")
        done += _replace_earlier_bodies(conn)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return done


def _replace_earlier_bodies(conn: Any) -> list[str]:
    done = []
    for function, earlier, now in _EARLIER_BODIES:
        found = conn.execute(
            "SELECT prosrc FROM pg_proc WHERE proname = ? AND pronamespace = current_schema()::regnamespace",
            (function,),
        ).fetchone()
        if found is not None and _squeezed(str(found[0])) == _squeezed(earlier):
            definer = any(later[3] == function and later[5] for later in _LATER_TRIGGERS)
            conn.execute(_function(function, now, definer, replace=True))
            done.append(f"brought the function {function} up to date")
    return done


def expected_triggers() -> dict[str, tuple[str, str]]:
    """Every trigger the program's schema holds: name -> (function, its body)."""
    found = {name: ("refuse_change", REFUSE_BODY) for name, *_ in _GUARDS}
    found |= {f"{table}_next_id": ("next_id", NEXT_ID_BODY) for table in _ID_TABLES}
    found |= {name: (function, body) for name, _, _, function, body, _ in _LATER_TRIGGERS}
    for spec in TABLES:
        found[f"digest_{spec.name}"] = ((f"digest_{spec.name}", _capture_body(spec.name, spec.columns))
                                        if spec.additive else ("digest_touch", TOUCH_BODY))
    return found


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def trigger_problems(conn: Any) -> list[str]:
    """Guard triggers dropped, disabled, changed or added behind the program's back (names them)."""
    expected = expected_triggers()
    rows = conn.execute(
        "SELECT t.tgname, t.tgenabled, p.proname, p.prosrc, pg_get_triggerdef(t.oid) FROM pg_trigger t"
        " JOIN pg_proc p ON p.oid = t.tgfoid JOIN pg_class c ON c.oid = t.tgrelid"
        " WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace").fetchall()
    present = {str(r[0]): (str(r[1]), str(r[2]), _squeezed(str(r[3])), str(r[4])) for r in rows}
    problems = [f"trigger {name} was dropped" for name in expected if name not in present]
    for name, (function, body) in expected.items():
        if name not in present:
            continue
        enabled, found_function, found_body, definition = present[name]
        guard = next((g for g in _GUARDS if g[0] == name), None)
        if enabled == "D":
            problems.append(f"trigger {name} was disabled")
        elif (found_function, found_body) != (function, _squeezed(body)) or (
                guard is not None and guard[4] not in definition):
            problems.append(f"trigger {name} was changed")
    problems += [f"trigger {name} was added outside the program" for name in present if name not in expected]
    return problems


# -- version and migrations --------------------------------------------------------------------------
# Steps for versions after BASE_VERSION, each a list of statements run in one transaction with the
# version bump (PostgreSQL's DDL is transactional).
MIGRATIONS: dict[int, list[str]] = {
    # 6: the file's tally key became a unique index that an import builds after loading the rows
    # (``schema._V6``). The server keeps its PRIMARY KEY (the gain was measured on SQLite only, and
    # the import writes there without dropping it); the columns are the same either way. The version
    # moves with the file's so that both stores say the same schema.
    6: [],
}


def has_schema(conn: Any) -> bool:
    return conn.execute("SELECT to_regclass('schema_info') IS NOT NULL").fetchone()[0] is True


def is_empty(conn: Any) -> bool:
    """No tables at all in the database's current schema: ready for ``new`` or ``publish``."""
    count = conn.execute("SELECT COUNT(*) FROM pg_class WHERE relnamespace = current_schema()::regnamespace"
                         " AND relkind IN ('r', 'p', 'v')").fetchone()[0]
    return int(count) == 0


def schema_version(conn: Any) -> int:
    row = conn.execute("SELECT version FROM schema_info").fetchone()
    return int(row[0]) if row else 0


def create(conn: Any, where: str) -> None:
    """The schema at the current version, in one transaction, in an empty database."""
    if not is_empty(conn):
        raise ElectionFileError(f"{where}: the database is not empty; an election is created (or published) "
                                "only into an empty database. Create one with `createdb`")
    conn.execute("BEGIN")
    try:
        for statement in _TABLES + _guard_statements():
            conn.execute(statement)
        conn.execute("INSERT INTO schema_info (version) VALUES (?)", (BASE_VERSION,))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    migrate(conn, where)


def migrate(conn: Any, where: str) -> int:
    """Bring the server's schema up to ``SCHEMA_VERSION``; refuse one written by a newer program."""
    current = schema_version(conn)
    if current > SCHEMA_VERSION:
        raise ElectionFileError(
            f"{where}: this election was written by a newer version of Recount Desktop (schema {current}, "
            f"this program understands up to {SCHEMA_VERSION}). Use that version or newer; "
            "nothing was changed."
        )
    for version in range(max(current, BASE_VERSION) + 1, SCHEMA_VERSION + 1):
        conn.execute("BEGIN")
        try:
            conn.execute("LOCK TABLE schema_info IN ACCESS EXCLUSIVE MODE")
            if schema_version(conn) < version:  # another workstation may have done it meanwhile
                for statement in MIGRATIONS.get(version, []):
                    conn.execute(statement)
                conn.execute("UPDATE schema_info SET version = ?", (version,))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return schema_version(conn)


SESSION_STATEMENTS = [
    # The data digest's change capture, this session only (see _capture_body).
    "CREATE TEMP TABLE IF NOT EXISTS digest_change (rowid BIGSERIAL, tbl TEXT NOT NULL,"
    " sign INTEGER NOT NULL, row TEXT NOT NULL)",
    "CREATE TEMP TABLE IF NOT EXISTS digest_touched (tbl TEXT PRIMARY KEY)",
]
