"""Shared pieces of the subcommands: the error that becomes exit status 1, opening files."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from recount_desktop import files
from recount_desktop.store import ElectionFile, ElectionFileError, open_election_file
from recount_desktop.store.dialect import is_server_url


class CommandError(Exception):
    """Input rejected or a check failed: printed on stderr, exit status 1."""


class UsageError(CommandError):
    """Options that contradict each other or the election: printed on stderr, exit status 2."""


def open_election(path: str, operator: str | None = None) -> ElectionFile:
    try:
        store = open_election_file(path, operator=operator)
    except ElectionFileError as error:
        raise CommandError(str(error)) from error
    try:
        refuse_typed_operator_on_server(store, operator)
    except UsageError:
        store.close()
        raise
    return store


def refuse_typed_operator_on_server(store: ElectionFile, operator: str | None) -> None:
    """On a server the audit log names the database role signed in (so two entries are provably by two
    people); a different ``--operator`` would be silently ignored, so it is refused instead."""
    if operator is not None and is_server_url(str(store.path)) and operator != store.operator:
        raise operator_refused(str(store.path), operator, store.operator)


def check_operator_before_creating(target: str, operator: str | None) -> None:
    """``new`` on a server: the same refusal, before anything is created."""
    if operator is None or not is_server_url(target):
        return
    from recount_desktop.store import pg

    try:
        conn = pg.connect(target)
    except ElectionFileError as error:
        raise CommandError(str(error)) from error
    try:
        session_user = str(conn.execute("SELECT session_user").fetchone()[0])
    finally:
        conn.close()
    if operator != session_user:
        raise operator_refused(pg.shown_url(target), operator, session_user)


def operator_refused(where: str, operator: str, session_user: str) -> UsageError:
    return UsageError(
        f"{where}: --operator {operator!r} cannot be used on a server: the audit log records the "
        f"database role you signed in as ({session_user}). Leave out --operator, or sign in with that "
        "person's own role (postgresql://ROLE@HOST/DBNAME, password in ~/.pgpass)"
    )


def require_tallies(store: ElectionFile, path: str, command: str) -> None:
    """Refuse a command that works on results when none are imported yet (an empty report or analysis
    would look like a finding)."""
    if not store.counts()["tally"]:
        raise CommandError(
            f"{path}: the election holds no tallies yet, so there is nothing to {command}; "
            f"import them first with `recount-desktop import {path} FILE`"
        )


def add_operator_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--operator", default=None,
        help="name recorded in the audit log (default: your login name; on a server the audit log "
        "records the database role signed in, and a different name is refused)",
    )


def iso_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date in the form YYYY-MM-DD") from error


def write_atomically(path: Path, data: bytes) -> None:
    """``files.write_atomically`` with its refusal as the command's exit status 1."""
    try:
        files.write_atomically(path, data)
    except files.FileWriteError as error:
        raise CommandError(str(error)) from error
