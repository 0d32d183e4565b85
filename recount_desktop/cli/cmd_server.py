"""``recount-desktop server init postgresql://HOST/DBNAME``: the election's database and roles.

Run once by the county's database administrator (docs/server.md): creates the database when it is
missing, the roles ``clerk``, ``board`` and ``admin``, and grants them their privileges.
"""

from __future__ import annotations

import argparse

from recount_desktop.cli.common import CommandError
from recount_desktop.store.dialect import is_server_url


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("server", help="set up an election's database on a PostgreSQL server")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    init = actions.add_parser("init", help="create the database and the roles clerk, board and admin")
    init.add_argument("server", metavar="postgresql://HOST/DBNAME",
                      help="the password comes from ~/.pgpass or a service file, never the command line")
    init.set_defaults(func=run_init)


def run_init(args: argparse.Namespace) -> int:
    if not is_server_url(args.server):
        raise CommandError(f"{args.server}: not a server address; give postgresql://HOST/DBNAME")
    from recount_desktop.store.server import init_server

    for line in init_server(args.server):
        print(f"{args.server}: {line}")
    return 0
