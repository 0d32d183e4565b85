"""``recount-desktop publish ELECTION.canvass postgresql://...``: an election file onto the server.

The file is verified, loaded whole (data and audit log) into an empty server database in one
transaction, and the server's copy is verified in turn: it must give the same head hash.
"""

from __future__ import annotations

import argparse

from recount_desktop.cli.common import CommandError, open_election
from recount_desktop.store.dialect import is_server_url


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("publish", help="load an election file into an empty server database")
    parser.add_argument("election", metavar="ELECTION.canvass")
    parser.add_argument("server", metavar="postgresql://HOST/DBNAME",
                        help="an empty database; the password comes from ~/.pgpass or a service file")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not is_server_url(args.server):
        raise CommandError(f"{args.server}: not a server address; give postgresql://HOST/DBNAME")
    if is_server_url(args.election):
        raise CommandError(f"{args.election}: publish takes an election file; to copy a server's election "
                           "to a file use `recount-desktop archive`")
    from recount_desktop.store.server import publish

    with open_election(args.election) as store:
        report = publish(store, args.server)
    print(f"Published {args.election} to {args.server}: verified, {report.entries} audit entries, "
          f"head hash {report.head_hash}")
    return 0
