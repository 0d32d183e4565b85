"""Shared pieces of the subcommands: the error that becomes exit status 1, opening files."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from recount_desktop import files
from recount_desktop.store import ElectionFile, ElectionFileError, open_election_file
from recount_desktop.store.election_file import default_operator


class CommandError(Exception):
    """Input rejected or a check failed: printed on stderr, exit status 1."""


def open_election(path: str, operator: str | None = None) -> ElectionFile:
    try:
        return open_election_file(path, operator=operator)
    except ElectionFileError as error:
        raise CommandError(str(error)) from error


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
        "--operator", default=default_operator(),
        help="name recorded in the audit log (default: your login name)",
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
