"""``recount-desktop export ELECTION --out FILE.xlsx|FILE.csv [--amended]``: the results to send on.

Per precinct and choice (original, or amended by the recount) and the reconciliation, in the tally
template's layout, so the file re-imports to the same results (see ``reports.export``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from recount_desktop.cli.common import CommandError, add_operator_option, open_election
from recount_desktop.files import FileWriteError
from recount_desktop.reports.export import ExportError, write_export
from recount_desktop.store import ElectionFileError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "export", help="results per precinct and choice (original or amended) in the template's layout")
    parser.add_argument("election", metavar="ELECTION")
    parser.add_argument("--out", required=True, metavar="FILE.xlsx|FILE.csv")
    parser.add_argument("--amended", action="store_true",
                        help="the amended results: the recount's counts where a unit was recounted")
    add_operator_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    with open_election(args.election, args.operator) as store:
        try:
            written = write_export(store, out, amended=args.amended)
            with store.transaction("results.export", {
                "files": [str(p) for p in written], "amended": args.amended,
            }):
                pass  # what was sent on, and when, is part of the record
        except (ExportError, FileWriteError, ElectionFileError) as error:
            raise CommandError(f"{out}: {error}") from error
    kind = "amended" if args.amended else "original"
    for path in written:
        print(f"Wrote the {kind} results to {path}" if path == out else f"Wrote the reconciliation to {path}")
    return 0
