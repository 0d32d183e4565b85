"""``recount-desktop new ELECTION --state XX ...``: create an election file."""

from __future__ import annotations

import argparse

from recount_desktop.cli.common import (
    CommandError,
    add_operator_option,
    check_operator_before_creating,
    iso_date,
)
from recount_desktop.domain import Election, ElectionType, State
from recount_desktop.store import ElectionFileError, create_election_file


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("new", help="create an election file")
    parser.add_argument("election", metavar="ELECTION", help="the new file, e.g. general-2026.canvass")
    parser.add_argument("--state", required=True, choices=[s.value for s in State])
    parser.add_argument("--jurisdiction", required=True, help="e.g. 'Sarpy County'")
    parser.add_argument("--election-name", required=True)
    parser.add_argument("--election-date", required=True, type=iso_date, metavar="YYYY-MM-DD")
    parser.add_argument("--canvass-date", type=iso_date, metavar="YYYY-MM-DD")
    parser.add_argument(
        "--election-type", default=ElectionType.GENERAL.value, choices=[t.value for t in ElectionType],
        help="decides which statutory routes apply (default: general)",
    )
    add_operator_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    check_operator_before_creating(args.election, args.operator)
    try:
        election = Election(
            state=State(args.state),
            jurisdiction=args.jurisdiction,
            name=args.election_name,
            election_date=args.election_date,
            canvass_date=args.canvass_date,
            election_type=ElectionType(args.election_type),
        )
        with create_election_file(args.election, election, operator=args.operator):
            pass
    except (ValueError, ElectionFileError) as error:
        message = f"{args.election}: {error}" if isinstance(error, ValueError) else str(error)
        raise CommandError(message) from error
    print(f"Created {args.election}: {election.name}, {election.jurisdiction}, {election.state_name}")
    return 0
