"""``recount-desktop template tallies|sheets OUT.xlsx``: write a blank template."""

from __future__ import annotations

import argparse
from pathlib import Path

from recount_desktop.cli.common import CommandError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("template", help="write a blank tally or recount-sheet template")
    parser.add_argument("kind", choices=("tallies", "sheets"))
    parser.add_argument("out", metavar="OUT.xlsx")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if not out.parent.is_dir():
        raise CommandError(f"{out}: the folder {out.parent} does not exist")
    if out.suffix.lower() != ".xlsx":
        raise CommandError(f"{out}: the template is an Excel workbook; give a name ending in .xlsx")
    if args.kind == "tallies":
        from recount_desktop.importers.template import write_tally_template

        writer = write_tally_template
    else:
        try:
            from recount_desktop.recount.sheet_template import write_sheet_template
        except ImportError as error:
            raise CommandError(
                f"{out}: the recount sheet template is not available in this version ({error})"
            ) from error
        writer = write_sheet_template
    try:
        writer(out)
    except OSError as error:
        raise CommandError(f"{out}: cannot write the template ({error.strerror or error})") from error
    print(f"Wrote the blank {args.kind} template to {out}")
    return 0
