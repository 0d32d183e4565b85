"""Tally-sheet rows in the election file: the lines of one entry, written once and read back.

Writers run inside ``ElectionFile.transaction``. Entries are never updated or deleted (schema triggers);
only a sheet's state moves. ``lines_digest`` goes into the audit log instead of the numbers, so the log
can prove later what an entry said without showing a first entry to the second operator. It is keyed
(HMAC-SHA-256 with the election's own random key, ``election_key``): an unkeyed SHA-256 of a sheet's
few small numbers is reversed in seconds by trying the counts near the public original tallies.
"""

from __future__ import annotations

import hashlib
import hmac
import sqlite3
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from recount_desktop.recount.scope import RecountError, RecountMethod, RecountUnit, utc_now
from recount_desktop.store.audit import canonical_json

# The lines of a paper sheet other than the choices, in the order the sheet prints them.
OTHER_LINES = (("over_votes", "Over Votes"), ("under_votes", "Under Votes"),
               ("blank_ballots", "Blank Ballots"), ("ballots", "Ballots"))


@dataclass(frozen=True)
class SheetLines:
    """What one entry of a paper sheet says: its unit, method, a count per choice and the other lines."""

    precinct: str | None
    device: str | None
    method: RecountMethod
    counts: tuple[tuple[str, int], ...]
    over_votes: int | None = None
    under_votes: int | None = None
    blank_ballots: int | None = None
    ballots: int | None = None

    @property
    def unit(self) -> RecountUnit:
        return RecountUnit(self.precinct, self.device)

    def count_map(self) -> dict[str, int]:
        return dict(self.counts)

    def labelled(self) -> dict[str, object]:
        """Every comparable line by the label a clerk reads on the paper."""
        lines: dict[str, object] = {"Precinct": self.precinct, "Device": self.device,
                                    "Method": str(self.method)}
        lines.update(self.counts)
        for attr, label in OTHER_LINES:
            lines[label] = getattr(self, attr)
        return lines

    def as_json(self) -> dict[str, Any]:
        return {
            "precinct": self.precinct, "device": self.device, "method": str(self.method),
            "counts": dict(self.counts),
            **{attr: getattr(self, attr) for attr, _ in OTHER_LINES},
        }


def lines_digest(lines: SheetLines, key: str) -> str:
    """HMAC-SHA-256 of the entry's lines under the election's key (hex)."""
    return hmac.new(bytes.fromhex(key), canonical_json(lines.as_json()).encode("utf-8"),
                    hashlib.sha256).hexdigest()


def election_key(conn: sqlite3.Connection) -> str:
    """The election's random key for ``lines_digest``: never shown, never in the audit log."""
    row = conn.execute("SELECT key FROM election_key WHERE id = 1").fetchone()
    if row is None:
        raise RecountError("the election file has no key for tally-sheet digests: it was altered")
    return str(row[0])


def setting(conn: sqlite3.Connection, key: str, default: str) -> str:
    row = conn.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
    return str(row[0]) if row else default


def setting_is_yes(conn: sqlite3.Connection, key: str) -> bool:
    return setting(conn, key, "no").strip().lower() in ("yes", "true", "1", "on")


def insert_entry(
    conn: sqlite3.Connection, sheet_id: str, number: int, lines: SheetLines, *, counted_by: Iterable[str],
    entered_by: str, reason: str | None = None, operator: str = "", source: str = "",
) -> int:
    """``operator`` is who was signed in to the program (who typed or imported the entry), whatever the
    sheet's Entered By says; ``source`` is the import file's SHA-256 (empty: typed in the window)."""
    values = _entry_values(sheet_id, number, lines, counted_by, entered_by, reason, operator, source)
    row = conn.execute(_INSERT_ENTRY + " RETURNING id", values).fetchone()
    entry_id = int(row[0])  # RETURNING: the same on SQLite and on the server
    conn.executemany(
        "INSERT INTO recount_entry_count (entry_id, position, choice, votes) VALUES (?, ?, ?, ?)",
        [(entry_id, i, choice, votes) for i, (choice, votes) in enumerate(lines.counts)],
    )
    return entry_id


def add_entry(
    conn: sqlite3.Connection, sheet_id: str, number: int, lines: SheetLines, *, counted_by: Iterable[str],
    entered_by: str, operator: str = "", source: str = "",
) -> None:
    """``insert_entry`` without reading the new entry's id back: its counts find it by sheet and entry
    number. Nothing waits for an answer, so on a server the whole entry goes with the change's lock
    in one exchange (``store.pg_optimistic``)."""
    values = _entry_values(sheet_id, number, lines, counted_by, entered_by, None, operator, source)
    conn.execute(_INSERT_ENTRY, values)
    conn.executemany(
        "INSERT INTO recount_entry_count (entry_id, position, choice, votes) VALUES ("
        "(SELECT id FROM recount_entry WHERE sheet_id = ? AND entry_number = ?), ?, ?, ?)",
        [(sheet_id, number, i, choice, votes) for i, (choice, votes) in enumerate(lines.counts)],
    )


_INSERT_ENTRY = (
    "INSERT INTO recount_entry (sheet_id, entry_number, precinct, device, method, counted_by,"
    " over_votes, under_votes, blank_ballots, ballots, entered_by, entered_at, reason, operator, source)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _entry_values(sheet_id: str, number: int, lines: SheetLines, counted_by: Iterable[str], entered_by: str,
                  reason: str | None, operator: str, source: str) -> tuple[Any, ...]:
    return (sheet_id, number, lines.precinct or "", lines.device or "", str(lines.method),
            "; ".join(counted_by), lines.over_votes, lines.under_votes, lines.blank_ballots, lines.ballots,
            entered_by, utc_now(), reason, operator, source)


@dataclass(frozen=True)
class StoredEntry:
    id: int
    number: int
    entered_by: str
    entered_at: str
    counted_by: str
    reason: str | None
    lines: SheetLines
    operator: str = ""  # who was signed in to the program when it was typed or imported
    source: str = ""  # the import file's SHA-256; empty when typed in the window


_ENTRY_COLUMNS = (
    "id, entry_number, entered_by, entered_at, counted_by, reason, precinct, device, method,"
    " over_votes, under_votes, blank_ballots, ballots, operator, source"
)


_METHODS = {str(m): m for m in RecountMethod}  # a dict look-up: Enum() costs a call per entry read


def _entries_from_rows(rows: list[tuple[Any, ...]],
                       counts: Mapping[int, list[tuple[str, int]]]) -> list[StoredEntry]:
    return [
        StoredEntry(
            row[0], row[1], row[2], row[3], row[4], row[5],
            SheetLines(row[6] or None, row[7] or None, _METHODS[row[8]],
                       tuple(counts.get(row[0], ())), row[9], row[10], row[11], row[12]),
            row[13], row[14],
        )
        for row in rows
    ]


_E_ENTRY_COLUMNS = ", ".join(f"e.{name.strip()}" for name in _ENTRY_COLUMNS.split(","))


def read_entries(conn: sqlite3.Connection, sheet_id: str) -> list[StoredEntry]:
    """A sheet's entries in entry-number order, with their counts, in one query (one exchange with
    a server, where reading the counts by the entries' ids took a second one)."""
    rows = conn.execute(
        f"SELECT {_E_ENTRY_COLUMNS}, c.choice, c.votes FROM recount_entry e LEFT JOIN recount_entry_count c"
        " ON c.entry_id = e.id WHERE e.sheet_id = ? ORDER BY e.entry_number, c.position", (sheet_id,)
    ).fetchall()
    return _grouped_entries(rows)


def read_sheet(conn: sqlite3.Connection, sheet_id: str) -> tuple[str, str, list[StoredEntry]] | None:
    """A sheet's contest, state and entries (as ``read_entries``), or None: one query, where the
    sheet and then its entries took two exchanges with a server at every second entry."""
    rows = conn.execute(
        f"SELECT s.contest, s.state, {_E_ENTRY_COLUMNS}, c.choice, c.votes FROM recount_sheet s"
        " LEFT JOIN recount_entry e ON e.sheet_id = s.sheet_id LEFT JOIN recount_entry_count c"
        " ON c.entry_id = e.id WHERE s.sheet_id = ? ORDER BY e.entry_number, c.position", (sheet_id,)
    ).fetchall()
    if not rows:
        return None
    return rows[0][0], rows[0][1], _grouped_entries([row[2:] for row in rows if row[2] is not None])


def _grouped_entries(rows: list[tuple[Any, ...]]) -> list[StoredEntry]:
    """Entries from rows of the entry's columns, then one count's choice and votes (NULL for none)."""
    entries: dict[int, tuple[Any, ...]] = {}
    counts: dict[int, list[tuple[str, int]]] = {}
    for row in rows:
        entries.setdefault(row[0], row[:-2])
        if row[-2] is not None:
            counts.setdefault(row[0], []).append((row[-2], row[-1]))
    return _entries_from_rows(list(entries.values()), counts)


# The entry a sheet stands for: its final entry once it has one, else its lowest-numbered entry.
_STANDING_ENTRY = (
    "COALESCE(s.final_entry, (SELECT x.id FROM recount_entry x WHERE x.sheet_id = s.sheet_id"
    " ORDER BY x.entry_number LIMIT 1))"
)


class LiveSheet(NamedTuple):
    """A sheet that is not voided, with the unit, method and counts of the entry it stands for
    (``_STANDING_ENTRY``): all that reconciliation reads of it. A named tuple, not ``SheetLines``: a
    3,000-precinct reconciliation reads 30,000 of them, and building full frozen records cost it about
    a tenth of its time."""

    state: str
    has_final_entry: bool
    precinct: str | None
    device: str | None
    method: RecountMethod
    counts: tuple[tuple[str, int], ...]  # (choice, votes), in no set order: they are only added up


def read_live_sheets(conn: sqlite3.Connection, contest: str) -> list[LiveSheet]:
    """Every sheet of ``contest`` that is not voided, in the order first entered.

    Two queries, the sheets with their standing entries and then those entries' counts: reading the
    entries and then their counts by lists of IDs cost a 3,000-precinct reconciliation a third of its
    time.
    """
    live = "WHERE s.contest = ? AND s.state != 'voided'"
    rows = conn.execute(
        "SELECT s.state, s.final_entry IS NOT NULL, e.id, e.precinct, e.device, e.method FROM recount_sheet s"
        f" JOIN recount_entry e ON e.id = {_STANDING_ENTRY} {live} ORDER BY s.rowid", (contest,),
    ).fetchall()
    counts: dict[int, list[tuple[str, int]]] = defaultdict(list)
    for entry_id, choice, votes in conn.execute(
        "SELECT c.entry_id, c.choice, c.votes FROM recount_sheet s JOIN recount_entry_count c"
        f" ON c.entry_id = {_STANDING_ENTRY} {live}", (contest,),
    ):
        counts[entry_id].append((choice, votes))
    return [
        LiveSheet(state, bool(has_final), precinct or None, device or None, _METHODS[method],
                  tuple(counts.get(entry_id, ())))
        for state, has_final, entry_id, precinct, device, method in rows
    ]


def read_sheet_entries(conn: sqlite3.Connection, where: str,
                       params: Sequence[Any]) -> dict[str, list[StoredEntry]]:
    """Every entry of the sheets that ``where`` picks (a condition on ``recount_sheet s``), by sheet ID
    in entry-number order: two queries however many sheets, where one query per sheet made listing a
    3,000-precinct contest slow."""
    rows = conn.execute(
        f"SELECT {_ENTRY_COLUMNS}, e.sheet_id FROM recount_entry e JOIN recount_sheet s"
        f" ON s.sheet_id = e.sheet_id WHERE {where} ORDER BY e.sheet_id, e.entry_number", params,
    ).fetchall()
    counts: dict[int, list[tuple[str, int]]] = {}
    for entry_id, choice, votes in conn.execute(
        "SELECT c.entry_id, c.choice, c.votes FROM recount_entry_count c"
        " JOIN recount_entry e ON e.id = c.entry_id JOIN recount_sheet s ON s.sheet_id = e.sheet_id"
        f" WHERE {where} ORDER BY c.entry_id, c.position", params,
    ):
        counts.setdefault(entry_id, []).append((choice, votes))
    found: dict[str, list[StoredEntry]] = {}
    for row, entry in zip(rows, _entries_from_rows(rows, counts), strict=True):
        found.setdefault(row[-1], []).append(entry)
    return found


def read_counts(conn: sqlite3.Connection, entry_ids: list[int]) -> Mapping[int, list[tuple[str, int]]]:
    counts: dict[int, list[tuple[str, int]]] = {}
    for start in range(0, len(entry_ids), 500):
        chunk = entry_ids[start:start + 500]
        marks = ",".join("?" * len(chunk))
        for entry_id, choice, votes in conn.execute(
            f"SELECT entry_id, choice, votes FROM recount_entry_count WHERE entry_id IN ({marks})"
            " ORDER BY entry_id, position", chunk,
        ):
            counts.setdefault(entry_id, []).append((choice, votes))
    return counts


def contest_choices(conn: sqlite3.Connection, contest: str) -> tuple[list[str], int] | None:
    """The contest's choice names in ballot order and its seats (votes allowed), or None."""
    row = conn.execute("SELECT id, seats FROM contest WHERE name = ?", (contest,)).fetchone()
    if row is None:
        return None
    names = [r[0] for r in conn.execute(
        "SELECT name FROM choice WHERE contest_id = ? ORDER BY position", (row[0],))]
    return names, int(row[1])
