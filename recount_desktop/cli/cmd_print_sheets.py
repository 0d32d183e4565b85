"""``recount-desktop print-sheets ELECTION [--contest NAME] --out FILE.pdf``: blank recount tally sheets."""

from __future__ import annotations

import argparse
from pathlib import Path

from recount_desktop.cli.common import CommandError, open_election, require_tallies, write_atomically
from recount_desktop.reports.tally_sheets import NoRecountScope, blank_sheets, render_tally_sheets


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("print-sheets", help="print blank, pre-filled recount tally sheets")
    parser.add_argument("election", metavar="ELECTION")
    parser.add_argument("--contest", metavar="NAME",
                        help="only this contest (default: every contest with a recount scope)")
    parser.add_argument("--out", metavar="FILE.pdf", required=True)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    with open_election(args.election) as store:
        require_tallies(store, args.election, "print sheets for")
        if args.contest and args.contest not in {c.name for c in store.results().contests}:
            raise CommandError(f"{args.election}: no contest named {args.contest!r}")
        try:
            count = len(blank_sheets(store, args.contest))
            pdf = render_tally_sheets(store, args.contest)
        except NoRecountScope as error:
            raise CommandError(str(error)) from error
    write_atomically(Path(args.out), pdf)
    print(f"{args.out}: {count} blank tally sheet(s)")
    return 0
