"""``recount-desktop archive ELECTION OUT.canvass``: a consistent, checked copy of an election.

The copy is taken through SQLite's backup API (one consistent state, even while the window is
writing), made self-contained, verified (integrity, audit chain, data digest) and only then given its
name; the head hash is printed so it can be written down with the archive.
"""

from __future__ import annotations

import argparse

from recount_desktop.cli.common import CommandError, open_election
from recount_desktop.store import ElectionFileError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("archive", help="write a consistent, verified copy of an election file")
    parser.add_argument("election", metavar="ELECTION")
    parser.add_argument("out", metavar="OUT.canvass", help="the copy (must not exist yet)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with open_election(args.election) as store:
        try:
            report = store.archive(args.out)
        except ElectionFileError as error:
            raise CommandError(str(error)) from error
    print(f"Archived {args.election} to {args.out}: verified, {report.entries} audit entries, "
          f"head hash {report.head_hash}")
    return 0
