"""Rows <-> domain records. Writers expect to run inside ``ElectionFile.transaction``."""

from __future__ import annotations

import sqlite3
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date
from itertools import chain, repeat

from recount_desktop.domain import (
    Approval,
    BoardMember,
    Choice,
    Contest,
    ContestStatistics,
    Device,
    Election,
    ElectionResults,
    Precinct,
    Tally,
)
from recount_desktop.domain.records import (
    ContestKind,
    ElectionType,
    FiledWith,
    Grid,
    MeasureType,
    PlainCounts,
    Scope,
    Tallies,
    VotingMethod,
)
from recount_desktop.store.dialect import on_server
from recount_desktop.store.digest import BY_NAME, TableDigest, plain_tally_digest, rows_table_digest
from recount_desktop.store.digest_arrow import plain_tally_digest_arrow
from recount_desktop.store.errors import ElectionFileError
from recount_desktop.store.schema import CREATE_TALLY_KEY, TALLY_KEY_INDEX


def write_election(conn: sqlite3.Connection, election: Election) -> None:
    conn.execute(
        "INSERT INTO election (id, state, jurisdiction, name, election_date, canvass_date, election_type)"
        " VALUES (1, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET state = excluded.state,"
        " jurisdiction = excluded.jurisdiction, name = excluded.name,"
        " election_date = excluded.election_date, canvass_date = excluded.canvass_date,"
        " election_type = excluded.election_type",
        (
            str(election.state),
            election.jurisdiction,
            election.name,
            election.election_date.isoformat(),
            election.canvass_date.isoformat() if election.canvass_date else None,
            str(election.election_type),
        ),
    )
    conn.execute("DELETE FROM board_member")
    conn.executemany(
        "INSERT INTO board_member (position, name, title) VALUES (?, ?, ?)",
        [(i, m.name, m.title) for i, m in enumerate(election.board_members)],
    )


def read_election(conn: sqlite3.Connection) -> Election:
    row = conn.execute(
        "SELECT state, jurisdiction, name, election_date, canvass_date, election_type"
        " FROM election WHERE id = 1"
    ).fetchone()
    if row is None:
        raise ElectionFileError("the file holds no election record")
    members = tuple(
        BoardMember(name, title)
        for name, title in conn.execute("SELECT name, title FROM board_member ORDER BY position")
    )
    return Election(
        state=row[0],
        jurisdiction=row[1],
        name=row[2],
        election_date=date.fromisoformat(row[3]),
        canvass_date=date.fromisoformat(row[4]) if row[4] else None,
        board_members=members,
        election_type=ElectionType(row[5]),
    )


def _contest_row(position: int, c: Contest) -> tuple[object, ...]:
    return (
        position, c.name, str(c.kind), c.seats, str(c.scope),
        str(c.election_type) if c.election_type else None, str(c.voting_method),
        c.approval.to_text(), str(c.measure_type) if c.measure_type else None,
        str(c.filed_with), int(c.runoff_possible), int(c.incomplete_precinct_data),
    )


def write_results(conn: sqlite3.Connection, results: ElectionResults) -> dict[str, TableDigest]:
    """Replace every contest, precinct, device and tally with ``results``.

    Returns the whole tables' digests (``digest.WHOLE_TABLES``), computed from the rows written, so
    that the change's bookkeeping need not read 720,000 rows back to digest them.
    """
    for table in ("contest", "precinct", "device"):
        conn.execute(f"DELETE FROM {table}")  # cascades to choices, tallies and statistics
    contest_ids = _insert_contests(conn, results)
    choice_ids = {
        (contest, choice): cid
        for cid, contest, choice in conn.execute(
            "SELECT choice.id, contest.name, choice.name FROM choice JOIN contest ON contest.id = contest_id"
        )
    }
    conn.executemany(
        "INSERT INTO precinct (position, name, county, pseudo) VALUES (?, ?, ?, ?)",
        [(i, p.name, p.county, int(p.pseudo)) for i, p in enumerate(results.precincts)],
    )
    precinct_ids = dict(conn.execute("SELECT name, id FROM precinct").fetchall())
    conn.executemany(
        "INSERT INTO device (name, precinct_id) VALUES (?, ?)",
        [(d.name, precinct_ids.get(d.precinct) if d.precinct else None) for d in results.devices],
    )
    written = _insert_tallies(conn, results.tallies, choice_ids, precinct_ids)
    statistics = [
        (contest_ids[s.contest], precinct_ids[s.precinct] if s.precinct else None,
         s.registered_voters, s.ballots_cast, s.over_votes, s.under_votes)
        for s in results.statistics
    ]
    conn.executemany(
        "INSERT INTO contest_statistics (contest_id, precinct_id, registered_voters, ballots_cast,"
        " over_votes, under_votes) VALUES (?, ?, ?, ?, ?, ?)",
        statistics,
    )
    written["contest_statistics"] = rows_table_digest(BY_NAME["contest_statistics"], statistics)
    return written


def _insert_contests(conn: sqlite3.Connection, results: ElectionResults) -> dict[str, int]:
    conn.executemany(
        "INSERT INTO contest (position, name, kind, seats, scope, election_type, voting_method,"
        " approval, measure_type, filed_with, runoff_possible, incomplete_precinct_data)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [_contest_row(i, c) for i, c in enumerate(results.contests)],
    )
    contest_ids = dict(conn.execute("SELECT name, id FROM contest").fetchall())
    conn.executemany(
        "INSERT INTO choice (contest_id, position, name, party) VALUES (?, ?, ?, ?)",
        [
            (contest_ids[c.name], i, choice.name, choice.party)
            for c in results.contests
            for i, choice in enumerate(c.choices)
        ],
    )
    return contest_ids


def _insert_tallies(
    conn: sqlite3.Connection,
    tallies: Sequence[Tally],
    choice_ids: Mapping[tuple[str, str], int],
    precinct_ids: Mapping[str, int],
) -> dict[str, TableDigest]:
    """The tallies in one pass, in their order (reads return them in insertion order); the digests
    of the two tables from the same rows.

    A statewide import writes close to a million rows, so the row building avoids per-row work it
    can do once: choice ids are looked up per contest, ``suppressed`` is written as the integer
    SQLite stores (and the digest reads back), and vote-type rows are only built for the tallies
    that have them. Plain counts kept as columns (``Tallies.plain``, after the tally objects) are
    written from their columns: ids looked up once per cell and per precinct, no object made.
    """
    objects, plain = (tallies.objects, tallies.plain) if isinstance(tallies, Tallies) else (tallies, None)
    by_contest: dict[str, dict[str, int]] = {}
    for (contest, choice), cid in choice_ids.items():
        by_contest.setdefault(contest, {})[choice] = cid
    rows = [
        (by_contest[t.contest][t.choice], precinct_ids[t.precinct], t.votes, 1 if t.suppressed else 0)
        for t in objects
    ]
    vote_types = [
        (by_contest[t.contest][t.choice], precinct_ids[t.precinct], vote_type, votes)
        for t in objects
        if t.vote_types
        for vote_type, votes in t.vote_types
    ]
    columns = _plain_columns(plain, choice_ids, precinct_ids) if plain is not None else None
    with _bulk_write_cache(conn):
        insert = "INSERT INTO tally (choice_id, precinct_id, votes, suppressed) VALUES (?, ?, ?, ?)"
        with tally_key_built_after(conn):
            conn.executemany(insert, rows)
            if columns is not None:
                conn.executemany(insert, zip(*columns, repeat(0)))
        conn.executemany(
            "INSERT INTO tally_vote_type (choice_id, precinct_id, vote_type, votes) VALUES (?, ?, ?, ?)",
            vote_types,
        )
    return {
        "tally": (
            rows_table_digest(BY_NAME["tally"], rows, integers=True)  # ids, counts, 0 or 1
            if columns is None
            else plain_tally_digest_arrow(rows, *columns) or plain_tally_digest(rows, *columns)
        ),
        "tally_vote_type": rows_table_digest(BY_NAME["tally_vote_type"], vote_types),
    }


def _plain_columns(
    plain: PlainCounts, choice_ids: Mapping[tuple[str, str], int], precinct_ids: Mapping[str, int]
) -> tuple[Sequence[int], Sequence[int], Sequence[int]]:
    """The choice id, precinct id and votes of each plain count, in order."""
    cell_ids = [choice_ids[cell] for cell in plain.cells]
    precinct_of = [precinct_ids[name] for name in plain.precinct_names]
    if plain.grids is not None:  # a statement's contest sheets: each grid's ids looked up once
        packed = _grid_id_columns(plain.grids, cell_ids, precinct_of)
        if packed is not None:
            return packed[0], packed[1], plain.votes
        choices: list[int] = []
        precincts: list[int] = []
        for row, units, _votes in plain.grids:
            choices += [cell_ids[cell] for cell in row] * len(units)
            ids = map(precinct_of.__getitem__, units)
            precincts += chain.from_iterable(map(repeat, ids, repeat(len(row))))
        return choices, precincts, plain.votes
    return (
        list(map(cell_ids.__getitem__, plain.cell_codes)),
        list(map(precinct_of.__getitem__, plain.precinct_codes)),
        plain.votes,
    )


def _grid_id_columns(
    grids: Sequence[Grid], cell_ids: list[int], precinct_of: list[int]
) -> tuple[array[int], array[int]] | None:
    """The grids' choice ids (each grid's row of cells once per unit) and precinct ids (each unit's
    once per cell), made by numpy and handed over as ``array("q")``: the insert reads them as ints,
    and the tally digest takes their buffers as they are (from lists it packs 720,000 ints each).
    None without numpy (the ``columnar`` extra), or with no grid."""
    try:
        import numpy as np
    except ImportError:
        return None
    if not grids:
        return None
    cells = np.array(cell_ids, dtype=np.int64)
    units = np.array(precinct_of, dtype=np.int64)
    choices = [np.tile(cells[np.array(row, dtype=np.intp)], len(grid)) for row, grid, _v in grids]
    precincts = [np.repeat(units[np.array(grid, dtype=np.intp)], len(row)) for row, grid, _v in grids]
    return array("q", np.concatenate(choices).tobytes()), array("q", np.concatenate(precincts).tobytes())


BULK_CACHE_KIB = 65536  # room for the tally table and its key index of a statewide import


@contextmanager
def _bulk_write_cache(conn: sqlite3.Connection) -> Iterator[None]:
    """A page cache big enough that a bulk insert need not spill half-built pages to the WAL.

    With SQLite's default 2 MB cache, the tally table and its (choice, precinct) key index of a
    statewide import outgrow it and pages are written and re-read mid-transaction (about 10% of the
    insert on the benchmark). The cache is memory only: durability (WAL, ``synchronous = FULL``)
    is untouched.
    """
    if on_server(conn):  # the server manages its own memory
        yield
        return
    previous = conn.execute("PRAGMA cache_size").fetchone()[0]
    conn.execute(f"PRAGMA cache_size = -{BULK_CACHE_KIB}")
    try:
        yield
    finally:
        conn.execute(f"PRAGMA cache_size = {int(previous)}")


@contextmanager
def tally_key_built_after(conn: sqlite3.Connection) -> Iterator[None]:
    """The tally rows loaded without their key index, which is built once they are all in.

    Kept up row by row, the (choice, precinct) index is a second B-tree filled in the file's order
    (a long table's is precinct by precinct, so each insert lands somewhere else in it): a third of the
    insert's cost. ``CREATE UNIQUE INDEX`` sorts the rows once instead, and refuses a key held twice
    with the same message the insert gave ("UNIQUE constraint failed: tally.choice_id,
    tally.precinct_id"), failing the change. Only tally rows may be written inside: ``tally_vote_type``
    refers to the key, and writing or deleting through a foreign key needs its parent's index (the
    deletes that empty the table run before, the vote types after). SQLite only: the server keeps
    the key in the table (``pg_schema``).
    """
    if on_server(conn):
        yield
        return
    conn.execute(f"DROP INDEX {TALLY_KEY_INDEX}")
    yield
    conn.execute(CREATE_TALLY_KEY)


def read_contests(conn: sqlite3.Connection) -> tuple[Contest, ...]:
    choices: dict[int, list[Choice]] = {}
    for contest_id, name, party in conn.execute(
        "SELECT contest_id, name, party FROM choice ORDER BY contest_id, position"
    ):
        choices.setdefault(contest_id, []).append(Choice(name, party))
    contests = []
    for row in conn.execute(
        "SELECT id, name, kind, seats, scope, election_type, voting_method, approval, measure_type,"
        " filed_with, runoff_possible, incomplete_precinct_data FROM contest ORDER BY position"
    ):
        contests.append(
            Contest(
                name=row[1], choices=tuple(choices.get(row[0], ())), kind=ContestKind(row[2]),
                seats=row[3], scope=Scope(row[4]),
                election_type=ElectionType(row[5]) if row[5] else None,
                voting_method=VotingMethod(row[6]), approval=Approval.parse(row[7]),
                measure_type=MeasureType(row[8]) if row[8] else None,
                filed_with=FiledWith(row[9]), runoff_possible=bool(row[10]),
                incomplete_precinct_data=bool(row[11]),
            )
        )
    return tuple(contests)


def read_results(conn: sqlite3.Connection) -> ElectionResults:
    contests = read_contests(conn)
    precincts = tuple(
        Precinct(name, county, bool(pseudo))
        for name, county, pseudo in conn.execute(
            "SELECT name, county, pseudo FROM precinct ORDER BY position"
        )
    )
    devices = tuple(
        Device(name, precinct)
        for name, precinct in conn.execute(
            "SELECT device.name, precinct.name FROM device"
            " LEFT JOIN precinct ON precinct.id = device.precinct_id ORDER BY device.id"
        )
    )
    return ElectionResults(
        contests=contests,
        precincts=precincts,
        tallies=_read_tallies(conn),
        statistics=_read_statistics(conn),
        devices=devices,
    )


def _read_tallies(conn: sqlite3.Connection) -> tuple[Tally, ...]:
    vote_types: dict[tuple[int, int], list[tuple[str, int]]] = {}
    for choice_id, precinct_id, vote_type, votes in conn.execute(
        "SELECT choice_id, precinct_id, vote_type, votes FROM tally_vote_type ORDER BY rowid"
    ):
        vote_types.setdefault((choice_id, precinct_id), []).append((vote_type, votes))
    rows = conn.execute(
        "SELECT tally.choice_id, tally.precinct_id, precinct.name, contest.name, choice.name,"
        " tally.votes, tally.suppressed FROM tally"
        " JOIN choice ON choice.id = tally.choice_id"
        " JOIN contest ON contest.id = choice.contest_id"
        " JOIN precinct ON precinct.id = tally.precinct_id"
        " ORDER BY tally.rowid"
    )
    return tuple(
        Tally(precinct, contest, choice, votes, tuple(vote_types.get((cid, pid), ())), bool(sup))
        for cid, pid, precinct, contest, choice, votes, sup in rows
    )


def _read_statistics(conn: sqlite3.Connection) -> tuple[ContestStatistics, ...]:
    rows = conn.execute(
        "SELECT contest.name, precinct.name, registered_voters, ballots_cast, over_votes, under_votes"
        " FROM contest_statistics JOIN contest ON contest.id = contest_statistics.contest_id"
        " LEFT JOIN precinct ON precinct.id = contest_statistics.precinct_id"
        " ORDER BY contest_statistics.rowid"
    )
    return tuple(ContestStatistics(*row) for row in rows)


_ATTRIBUTES: dict[str, Callable[[str], object]] = {
    "kind": lambda v: str(ContestKind(v)),
    "seats": int,
    "scope": lambda v: str(Scope(v)),
    "election_type": lambda v: str(ElectionType(v)) if v else None,
    "voting_method": lambda v: str(VotingMethod(v)),
    "approval": lambda v: Approval.parse(v).to_text(),
    "measure_type": lambda v: str(MeasureType(v)) if v else None,
    "filed_with": lambda v: str(FiledWith(v)),
    "runoff_possible": lambda v: int(str(v).lower() in ("yes", "true", "1")),
}


def read_contest_attributes(
    conn: sqlite3.Connection, contest_name: str, attributes: Iterable[str]
) -> dict[str, object]:
    """The stored values of the named attributes (unknown names are left for the writer to refuse)."""
    wanted = [a for a in attributes if a in _ATTRIBUTES]
    if not wanted:
        return {}
    row = conn.execute(
        f"SELECT {', '.join(wanted)} FROM contest WHERE name = ?", (contest_name,)
    ).fetchone()
    return dict(zip(wanted, row, strict=True)) if row else dict.fromkeys(wanted)


def write_contest_attributes(conn: sqlite3.Connection, contest_name: str, changes: Mapping[str, str]) -> None:
    unknown = set(changes) - set(_ATTRIBUTES)
    if unknown:
        raise ElectionFileError(f"unknown contest attribute(s): {', '.join(sorted(unknown))}")
    for attribute, text in changes.items():
        try:
            value = _ATTRIBUTES[attribute](text)
        except ValueError as error:
            raise ElectionFileError(f"{contest_name}: {attribute} cannot be {text!r} ({error})") from error
        try:
            cursor = conn.execute(f"UPDATE contest SET {attribute} = ? WHERE name = ?", (value, contest_name))
        except sqlite3.IntegrityError as error:
            raise ElectionFileError(f"{contest_name}: {attribute} cannot be {text!r}") from error
        if cursor.rowcount != 1:
            raise ElectionFileError(f"no contest named {contest_name!r}")
