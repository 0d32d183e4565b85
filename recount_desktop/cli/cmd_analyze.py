"""``recount-desktop analyze ELECTION|TALLY_FILE [--state XX] [--json]``: margins and recount findings."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from recount_desktop.cli.common import CommandError, open_election, require_tallies
from recount_desktop.domain import Election, ElectionResults, State
from recount_desktop.domain.rules import (
    ContestAnalysis,
    ReadingSettings,
    analysis_to_json,
    analyze_election,
    load_rules,
    waivers_from_settings,
)
from recount_desktop.store.election_file import SQLITE_HEADER


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("analyze", help="margins and recount findings for every contest")
    parser.add_argument(
        "source",
        metavar="ELECTION|TALLY_FILE",
        help="an election file, or a tally file read directly (then --state is needed "
        "unless the file's Election sheet names the state)",
    )
    parser.add_argument("--state", choices=[s.value for s in State], help="the state whose rules apply")
    parser.add_argument("--json", action="store_true", help="print the JSON of CONTRACT.md")
    parser.set_defaults(func=run)


def _is_election_file(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError as error:
        raise CommandError(f"{path}: cannot read the file ({error.strerror or error})") from error


def _from_election_file(
    args: argparse.Namespace,
) -> tuple[Election, ElectionResults, ReadingSettings, dict[str, tuple[str, ...]]]:
    with open_election(args.source) as store:
        require_tallies(store, args.source, "analyse")
        election, results, stored = store.election(), store.results(), store.settings()
    if args.state and State(args.state) is not election.state:
        raise CommandError(f"{args.source}: the election is in {election.state}, not {args.state}")
    try:
        settings = ReadingSettings.from_mapping(stored)
    except ValueError as error:
        raise CommandError(f"{args.source}: stored reading setting rejected: {error}") from error
    return election, results, settings, waivers_from_settings(stored)


def _from_tally_file(args: argparse.Namespace) -> tuple[Election, ElectionResults]:
    from recount_desktop.importers import read_tally_file  # the importers load only for a tally file
    from recount_desktop.importers.problems import format_problems

    imported = read_tally_file(args.source)
    if imported.errors or imported.results is None:
        raise CommandError(
            f"{args.source}: cannot be analysed, {len(imported.errors)} error(s):\n"
            f"{format_problems(imported.errors)}"
        )
    fields = dict(imported.election_fields)
    state = args.state or fields.get("state")
    if state is None:
        raise CommandError(f"{args.source}: give --state XX (the file's Election sheet names no State)")
    if "election_date" not in fields:
        print(
            f"recount-desktop: {args.source}: no Election Date in the file; deadlines are counted from today",
            file=sys.stderr,
        )
    fields.update(state=State(state))
    fields.setdefault("jurisdiction", Path(args.source).stem)
    fields.setdefault("name", "Election")
    fields.setdefault("election_date", date.today())
    try:
        return Election(**fields), imported.results
    except ValueError as error:
        raise CommandError(f"{args.source}: Election sheet: {error}") from error


def run(args: argparse.Namespace) -> int:
    path = Path(args.source)
    if path.is_dir():
        raise CommandError(f"{path}: is a folder; give an election file or a tally file")
    if not path.is_file():
        raise CommandError(f"{path}: no such file")
    if _is_election_file(path):
        election, results, settings, waivers = _from_election_file(args)
    else:
        election, results = _from_tally_file(args)
        settings, waivers = ReadingSettings(), {}
    analyses = analyze_election(load_rules(election.state), election, results, settings, waivers)
    if args.json:
        print(json.dumps(analysis_to_json(election.state, analyses), indent=2, ensure_ascii=False))
    else:
        print(format_table(election, analyses))
    return 0


def format_table(election: Election, analyses: Sequence[ContestAnalysis]) -> str:
    """One line per finding (choice, margin, status, limit, deadline, citation), then its explanation."""
    lines = [f"{election.name}, {election.jurisdiction} ({election.state_name})", ""]
    for analysis in analyses:
        seats = f"{analysis.seats} seat{'s' if analysis.seats != 1 else ''}"
        lines.append(f"{analysis.contest}  [{analysis.kind}, {seats}, {analysis.total_votes:,} votes]")
        lines.append("  " + ", ".join(f"{name} {votes:,}" for name, votes in analysis.outcome.ranking))
        for finding in analysis.findings:
            limit = finding.threshold_text or "-"
            deadline = finding.deadline.strftime("%Y-%m-%d %H:%M") if finding.deadline else "-"
            flags = "".join(
                f" [{flag}]"
                for flag, on in (
                    ("inferred", finding.inferred),
                    ("secondary", finding.secondary),
                    ("incomplete data", finding.incomplete_data),
                )
                if on
            )
            lines.append(
                f"  {finding.choice:<28} margin {finding.margin:>7,}  {finding.recount.value:<15}"
                f" limit {limit:>10}  deadline {deadline}  {finding.citation}{flags}"
            )
            lines += textwrap.wrap(
                finding.explanation, width=100, initial_indent="      ", subsequent_indent="      "
            )
        lines += [f"  Note: {note}" for note in analysis.notes]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
