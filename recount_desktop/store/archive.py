"""A consistent, checked copy of an election file (``recount-desktop archive ELECTION OUT``).

Copying the ``.canvass`` file with the file manager is safe only when no program is writing it;
``archive`` copies one consistent state through SQLite's backup API, makes the copy a self-contained
rollback-journal file, checks it (integrity, audit chain, data digest) and only then gives it its
name, so the name never holds a partial or failing copy.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

from recount_desktop.store import audit
from recount_desktop.store.data_state import verify_state
from recount_desktop.store.errors import ElectionFileError
from recount_desktop.store.schema import trigger_problems


def archive_copy(source: sqlite3.Connection, source_path: Path, out: Path) -> audit.ChainReport:
    """Copy ``source`` to ``out`` and verify the copy; return the copy's verification."""
    if out.resolve() == source_path.resolve():
        raise ElectionFileError(f"{out}: is the election file itself")
    return write_checked_archive(out, source_path, lambda part: _copy(source, part))


def write_checked_archive(out: Path, source_name: object, fill: Callable[[Path], None]) -> audit.ChainReport:
    """Have ``fill`` write a new election file beside ``out``, make it durable, verify it (integrity,
    audit chain, data digest, guards) and only then give it the name ``out``: the name never holds a
    partial or failing copy, and a failure leaves nothing behind. Returns the copy's verification."""
    if out.exists():
        raise ElectionFileError(f"{out}: a file of that name already exists; an archive never overwrites")
    if not out.parent.is_dir():
        raise ElectionFileError(f"{out}: the folder {out.parent} does not exist")
    part = out.with_name(out.name + ".part")
    part.unlink(missing_ok=True)
    try:
        fill(part)
        with part.open("rb+") as handle:
            os.fsync(handle.fileno())
        report = _check(part)
        if not report.ok:
            raise ElectionFileError(
                f"{source_name}: the archive was not written: the election does not verify "
                f"({report.problem or '; '.join(report.schema_problems)}). "
                f"Run `recount-desktop audit verify {source_name}`"
            )
        os.replace(part, out)
        _sync_folder(out.parent)
    except sqlite3.Error as error:
        raise _archive_error(out, error) from error
    except OSError as error:
        raise ElectionFileError(f"{out}: cannot write the archive ({error.strerror or error})") from error
    finally:
        for leftover in (part, part.with_name(part.name + "-journal")):
            leftover.unlink(missing_ok=True)
    return report


def _copy(source: sqlite3.Connection, part: Path) -> None:
    target = sqlite3.connect(str(part), isolation_level=None)
    try:
        source.backup(target)
        target.execute("PRAGMA journal_mode = DELETE")
    finally:
        target.close()


def _check(part: Path) -> audit.ChainReport:
    conn = sqlite3.connect(f"{part.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    try:
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check(5)")]
        if problems != ["ok"]:
            raise ElectionFileError(f"{part}: the copy is damaged: {'; '.join(problems)}")
        report = verify_state(conn, audit.verify_chain(conn))
        guards = tuple(trigger_problems(conn))
    finally:
        conn.close()
    if guards:
        return audit.ChainReport(report.entries, report.head_hash, report.broken_at, report.problem,
                                 report.differences, guards, report.data_bound_from)
    return report


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _archive_error(out: Path, error: sqlite3.Error) -> ElectionFileError:
    if "full" in str(error).lower():
        return ElectionFileError(f"{out}: the disk is full; no archive was written")
    return ElectionFileError(f"{out}: cannot write the archive ({error})")
