"""``recount-desktop import ELECTION FILE``: read a county's tally file into the election."""

from __future__ import annotations

import argparse
import sys

from recount_desktop.cli.common import CommandError, add_operator_option, open_election
from recount_desktop.importers import FORMATS, import_into_election, read_tally_file
from recount_desktop.importers.problems import format_problems

SHOWN_DIFFERENCES = 40


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("import", help="import precinct tallies (xlsx, xls, ods, csv)")
    parser.add_argument("election", metavar="ELECTION")
    parser.add_argument("file", metavar="FILE", help="the county's results file or the tally template")
    parser.add_argument("--format", choices=FORMATS, default="auto", help="layout (default: recognise it)")
    parser.add_argument("--replace", action="store_true", help="replace tallies already in the election")
    add_operator_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    imported = read_tally_file(args.file, format=args.format)
    if imported.errors or imported.results is None:
        raise CommandError(
            f"{args.file}: not imported, the election is unchanged. "
            f"{len(imported.errors)} error(s):\n{format_problems(imported.errors)}"
        )
    with open_election(args.election, args.operator) as store:
        outcome = import_into_election(store, imported, replace=args.replace)
    if imported.warnings:
        print(f"{len(imported.warnings)} warning(s):\n{format_problems(imported.warnings)}", file=sys.stderr)
    for warning in outcome.warnings:
        print(f"{args.file}, sheet 'Election': warning: {warning}", file=sys.stderr)
    if not outcome.applied and not outcome.differences:
        raise CommandError(
            f"{args.election} already holds these same tallies; importing {args.file} would change "
            "nothing, so nothing was changed"
        )
    if not outcome.applied:
        shown = "\n".join(f"  {d}" for d in outcome.differences[:SHOWN_DIFFERENCES])
        more = len(outcome.differences) - SHOWN_DIFFERENCES
        raise CommandError(
            f"{args.election} already holds tallies; importing {args.file} would make "
            f"{len(outcome.differences)} change(s):\n{shown}"
            + (f"\n  ... and {more} more" if more > 0 else "")
            + "\nNothing was changed. Run again with --replace to apply."
        )
    results = imported.results
    print(
        f"Imported {args.file} ({imported.layout} layout) into {args.election}: {len(results.contests)} "
        f"contests, {len(results.precincts)} precincts, {len(results.tallies)} tallies"
        + (f", replacing {len(outcome.differences)} change(s)" if outcome.differences else "")
        + (
            f"; {outcome.board_members_added} board member(s) from the Election sheet added"
            if outcome.board_members_added
            else ""
        )
    )
    return 0
