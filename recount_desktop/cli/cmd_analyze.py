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
from recount_desktop.domain import Election, State
from recount_desktop.domain.rules import (
    FLAG_WORDS,
    NEEDS_WORDS,
    ContestAnalysis,
    ReadingSettings,
    analysis_to_json,
)
from recount_desktop.recount.analysis import ElectionAnalysis, analyse_results, analyse_stored
from recount_desktop.store.dialect import is_server_url
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
    parser.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a statutory reading for a tally file (e.g. reading.NE.total_votes=election); "
        "an election file uses the readings stored in it",
    )
    parser.add_argument("--json", action="store_true", help="print the JSON of CONTRACT.md")
    parser.set_defaults(func=run)


def _is_election_file(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError as error:
        raise CommandError(f"{path}: cannot read the file ({error.strerror or error})") from error


def _from_election_file(args: argparse.Namespace) -> ElectionAnalysis:
    if args.reading:
        raise CommandError(
            f"{args.source}: --reading applies to a tally file; an election file uses its own readings "
            "(change them under Election set-up)"
        )
    with open_election(args.source) as store:
        require_tallies(store, args.source, "analyse")
        if args.state and State(args.state) is not store.election().state:
            state = store.election().state
            raise CommandError(f"{args.source}: the election is in {state}, not {args.state}")
        return analyse_stored(store)


def parse_readings(pairs: Sequence[str], state: State) -> ReadingSettings:
    """``--reading KEY=VALUE`` options, each checked against the state's rule file."""
    settings = ReadingSettings()
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not sep:
            raise CommandError(
                f"--reading {pair!r}: write it as KEY=VALUE, e.g. reading.NE.total_votes=election"
            )
        if not key.startswith(f"reading.{state.value}."):
            raise CommandError(f"--reading {key}: not a reading of {state.value}'s rules")
        try:
            settings = settings.with_value(key, value)
        except ValueError as error:
            raise CommandError(f"--reading {key}: {error}") from error
    return settings


def _from_tally_file(args: argparse.Namespace) -> ElectionAnalysis:
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
    readings = parse_readings(args.reading, State(state))
    date_known = "election_date" in fields
    if not date_known:
        print(
            f"recount-desktop: {args.source}: no Election Date in the file; no deadline is counted",
            file=sys.stderr,
        )
    fields.update(state=State(state))
    fields.setdefault("jurisdiction", Path(args.source).stem)
    fields.setdefault("name", "Election")
    fields.setdefault("election_date", date.today())  # a placeholder the rules never count from
    try:
        election = Election(**fields)
    except ValueError as error:
        raise CommandError(f"{args.source}: Election sheet: {error}") from error
    return analyse_results(
        election, imported.results, {}, readings=readings, election_date_known=date_known
    )


def run(args: argparse.Namespace) -> int:
    path = Path(args.source)
    on_server = is_server_url(args.source)  # an election on a PostgreSQL server
    if not on_server and path.is_dir():
        raise CommandError(f"{path}: is a folder; give an election file or a tally file")
    if not on_server and not path.is_file():
        raise CommandError(f"{path}: no such file")
    from_election = on_server or _is_election_file(path)
    result = _from_election_file(args) if from_election else _from_tally_file(args)
    for problem in result.problems:
        print(f"recount-desktop: {args.source}: {problem}", file=sys.stderr)
    if args.json:
        document = analysis_to_json(result.election.state, result.analyses)
        document["problems"] = list(result.problems)
        print(json.dumps(document, indent=2, ensure_ascii=False))
    else:
        print(format_table(result.election, result.analyses))
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
            flags = "".join(f" [{flag.replace('_', ' ')}]" for flag in finding.flags)
            lines.append(
                f"  {finding.choice:<28} margin {finding.margin:>7,}  {finding.recount.value:<15}"
                f" limit {limit:>10}  deadline {deadline}  {finding.citation}{flags}"
            )
            lines += textwrap.wrap(
                finding.explanation, width=100, initial_indent="      ", subsequent_indent="      "
            )
            review = "; ".join(FLAG_WORDS[flag] for flag in finding.flags if flag in FLAG_WORDS)
            if review:
                lines += textwrap.wrap(f"Check: {review}.", width=100, initial_indent="      ",
                                       subsequent_indent="      ")
        lines += [f"  Note: {note}" for note in analysis.notes]
        lines += [f"  Needs: {NEEDS_WORDS.get(need, need)}" for need in analysis.needs]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
