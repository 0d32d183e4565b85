"""``recount-desktop sheets import ELECTION FILE [--operator NAME]``: enter tally sheets from a file."""

from __future__ import annotations

import argparse
import sys

from recount_desktop.cli.common import CommandError, add_operator_option, open_election, require_tallies
from recount_desktop.recount.sheet_template import SheetImportError, import_sheet_file, read_sheet_file
from recount_desktop.recount.sheets import SheetState


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("sheets", help="recount tally sheets")
    actions = parser.add_subparsers(dest="sheets_command", metavar="ACTION", required=True)
    imp = actions.add_parser("import", help="enter tally sheets from a file in the recount sheet template")
    imp.add_argument("election", metavar="ELECTION")
    imp.add_argument("file", metavar="FILE", help="xlsx or csv in the recount sheet template")
    add_operator_option(imp)
    imp.set_defaults(func=run_import)


def run_import(args: argparse.Namespace) -> int:
    # Read the file before opening the election, so a bad file never touches it.
    read = read_sheet_file(args.file)
    if read.problems:
        raise CommandError(str(SheetImportError(args.file, read.problems)))
    with open_election(args.election, args.operator) as store:
        require_tallies(store, args.election, "recount")
        try:
            imported = import_sheet_file(store, args.file, read)
        except SheetImportError as error:
            raise CommandError(str(error)) from error
    for warning in imported.warnings:
        print(f"{args.file}: warning: {warning}", file=sys.stderr)
    states: dict[str, int] = {}
    for result in imported.results:
        states[result.state.value] = states.get(result.state.value, 0) + 1
    summary = ", ".join(f"{n} {SheetState(s).value.replace('_', ' ')}" for s, n in sorted(states.items()))
    print(f"Entered {len(imported.results)} sheet entries from {args.file} into {args.election}"
          + (f" (after them: {summary})" if summary else ""))
    for result in imported.results:
        if result.differing:
            lines = "; ".join(f"{d.line}: {d.first} vs {d.second}" for d in result.differing)
            print(f"  sheet {result.sheet_id} in discrepancy: {lines}")
    return 0
