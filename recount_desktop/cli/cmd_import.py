"""``recount-desktop import ELECTION FILE``: read a county's tally file into the election."""

from __future__ import annotations

import argparse
import sys

from recount_desktop.cli.common import CommandError, add_operator_option, open_election
from recount_desktop.importers import FORMATS, TallyImport, read_tally_file
from recount_desktop.importers.apply import import_into_election
from recount_desktop.importers.problem_digest import digest
from recount_desktop.importers.problems import format_problems
from recount_desktop.importers.profiles import LayoutProfile, ProfileError, load_profile

SHOWN_DIFFERENCES = 40
SHOWN_READINGS = 5


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("import", help="import precinct tallies (xlsx, xls, ods, csv)")
    parser.add_argument("election", metavar="ELECTION")
    parser.add_argument("file", metavar="FILE", help="the county's results file or the tally template")
    parser.add_argument("--format", choices=FORMATS, default="auto", help="layout (default: recognise it)")
    parser.add_argument("--replace", action="store_true", help="replace tallies already in the election")
    parser.add_argument(
        "--sheet", metavar="NAME", help="the sheet to read (one election of a workbook of several)"
    )
    parser.add_argument(
        "--profile", metavar="FILE", help="a saved layout profile (TOML) from the import wizard"
    )
    parser.add_argument(
        "--all-warnings",
        action="store_true",
        help="print every warning, one a line in file order (by default repeated warnings are "
        "grouped and the ones about the file's totals come first)",
    )
    parser.add_argument(
        "--accept-differences",
        action="store_true",
        help="import although the units do not add up to the file's own totals; the differences go "
        "into the audit log",
    )
    add_operator_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    profile = _profile(args.profile)
    imported = read_tally_file(
        args.file,
        format=args.format,
        sheet=args.sheet,
        profile=profile,
        accept_differences=args.accept_differences,
    )
    if imported.errors or imported.results is None:
        hint = ""
        if imported.differences:
            hint = (
                f"\n{len(imported.differences)} of the file's own totals differ from the sum of its units. "
                "If the file is right as it stands, run again with --accept-differences."
            )
        raise CommandError(
            f"{args.file}: not imported, the election is unchanged. "
            f"{len(imported.errors)} error(s):\n{format_problems(imported.errors)}{hint}"
            + _other_readings(imported)
        )
    with open_election(args.election, args.operator) as store:
        outcome = import_into_election(store, imported, replace=args.replace)
    if imported.warnings:
        _print_warnings(imported, args.all_warnings)
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
    summary = imported.summary
    for line in summary.lines() if summary is not None else []:
        print(f"  {line}")
    if imported.reading is not None:
        print(f"  Read as {imported.reading.describe()}")
    for other in imported.other_sheets:
        print(f"  Also read sheet '{other.sheet}' on its own, as {other.described}: {other.added}")
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


def _print_warnings(imported: TallyImport, every: bool) -> None:
    """Grouped, the weighty ones first (``problem_digest``); every one in file order if asked."""
    warnings = imported.warnings
    if every:
        shown = "\n".join(str(problem) for problem in warnings)
    else:
        shown = "\n".join(digest(warnings))
        if len(shown.splitlines()) < len(warnings):
            shown += "\n(repeated warnings grouped; every one, in file order: import --all-warnings)"
    print(f"{len(warnings)} warning(s):\n{shown}", file=sys.stderr)


def _other_readings(imported: TallyImport) -> str:
    """The other readings the interpreter considered, and how to choose one."""
    if not imported.alternatives:
        return ""
    listed = "\n".join(f"  {reading.describe()}" for reading in imported.alternatives[:SHOWN_READINGS])
    return (
        f"\nRead as {imported.reading.describe() if imported.reading else imported.layout}; the file could "
        f"also be read as:\n{listed}\nChoose or correct the reading in the import wizard (File > Import), "
        "or give --format, or a layout profile with --profile FILE"
    )


def _profile(path: str | None) -> LayoutProfile | None:
    if path is None:
        return None
    try:
        return load_profile(path)
    except ProfileError as error:
        raise CommandError(str(error)) from error
