"""``recount-desktop reconcile ELECTION [--json]``: original vs recount, amended totals, outcome."""

from __future__ import annotations

import argparse
import json

from recount_desktop.cli.common import CommandError, add_operator_option, open_election, require_tallies
from recount_desktop.domain.outcome import ContestOutcome
from recount_desktop.domain.rules.substantial_change import (
    checked_percent,
    checked_votes,
    substantial_change_sentence,
)
from recount_desktop.recount.reconcile import (
    SUBSTANTIAL_PERCENT,
    SUBSTANTIAL_VOTES,
    ContestReconciliation,
    reconcile,
    reconciliation_to_json,
)
from recount_desktop.store import ElectionFile


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("reconcile", help="original vs recount per unit, amended totals")
    parser.add_argument("election", metavar="ELECTION")
    parser.add_argument("--json", action="store_true", help="CONTRACT.md reconcile --json")
    parser.add_argument("--substantial-change-votes", metavar="N",
                        help="Nebraska 32-1119(6): flag a machine-recounted unit where a choice moved by "
                             "more than N votes (0: any change); stored in the election, audited")
    parser.add_argument("--substantial-change-percent", metavar="P",
                        help="the same, as more than P%% of the original count (empty: not used)")
    add_operator_option(parser)
    parser.set_defaults(func=run)


def _set_thresholds(store: ElectionFile, args: argparse.Namespace) -> None:
    """The board's substantial-change thresholds (32-1119(6) leaves "substantial" undefined)."""
    try:
        if args.substantial_change_votes is not None:
            store.set_setting(SUBSTANTIAL_VOTES, checked_votes(args.substantial_change_votes))
        if args.substantial_change_percent is not None:
            store.set_setting(SUBSTANTIAL_PERCENT, checked_percent(args.substantial_change_percent))
    except ValueError as error:
        raise CommandError(f"{args.election}: {error}; nothing was changed") from error


def run(args: argparse.Namespace) -> int:
    with open_election(args.election, args.operator) as store:
        require_tallies(store, args.election, "reconcile")
        _set_thresholds(store, args)
        result = reconcile(store)
    if not result.contests:
        raise CommandError(
            f"{args.election}: no recount scope or tally sheets yet, so there is nothing to reconcile; "
            f"enter sheets with `recount-desktop sheets import {args.election} FILE`"
        )
    if args.json:
        print(json.dumps(reconciliation_to_json(result), indent=2, ensure_ascii=False))
        return 0
    if result.single_entry:
        print("Single-entry mode: each sheet was entered once, without a second independent entry.")
    if result.same_operator_sheets:
        print(f"{result.same_operator_sheets} sheet(s) had both entries made by the same person "
              "(allowed by the election's settings).")
    if result.not_independent:
        print(f"NOT INDEPENDENT: {len(result.not_independent)} sheet(s) whose two entries share a clerk, "
              "an operator or an import file:")
        for sheet_id, contest, reason in result.not_independent:
            print(f"  sheet {sheet_id} ({contest}): {reason}")
    for item in result.contests:
        print()
        print("\n".join(contest_lines(item)))
    return 0


def _number(value: int | None, signed: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value:+,}" if signed else f"{value:,}"


def _winners(outcome: ContestOutcome) -> str:
    tie = f" (tie for the last seat: {', '.join(outcome.tied)})" if outcome.tied else ""
    return (", ".join(outcome.winners) or "none") + tie


def contest_lines(item: ContestReconciliation) -> list[str]:
    """A readable table for one contest: units, totals, winners, pending sheets, flags, findings."""
    lines = [item.contest, "=" * len(item.contest)]
    width = max([len(u.precinct or u.device or "") for u in item.units] + [len("Precinct/device")])
    cwidth = max([len(t.choice) for t in item.totals] + [len("Choice")])
    if item.units:
        lines.append(f"{'Precinct/device':<{width}}  {'Choice':<{cwidth}}  {'Original':>9}  {'Recount':>9}  "
                     f"{'Change':>7}")
        for u in item.units:
            label = u.precinct + (f" / {u.device}" if u.device else "") if u.precinct else (u.device or "")
            lines.append(f"{label:<{width}}  {u.choice:<{cwidth}}  {_number(u.original):>9}  "
                         f"{_number(u.recount):>9}  {_number(u.difference, True):>7}")
        lines.append("")
    lines.append(f"{'Choice':<{cwidth}}  {'Original':>9}  {'Amended':>9}  {'Change':>7}")
    for t in item.totals:
        lines.append(f"{t.choice:<{cwidth}}  {_number(t.original):>9}  {_number(t.amended):>9}  "
                     f"{_number(t.difference, True):>7}")
    lines.append("")
    lines.append(f"Winners before: {_winners(item.outcome_before)}; after: {_winners(item.outcome_after)}")
    lines.append("Outcome CHANGED by the recount." if item.outcome_changed
                 else f"Outcome unchanged; margin {_number(item.margin_before)} before, "
                      f"{_number(item.margin_after)} after.")
    if item.whole_contest_retabulated:
        lines.append("Some devices name no precinct: the amended totals are the recount totals alone, "
                     "right only if every ballot in the contest was retabulated.")
    if item.pending_sheets:
        lines.append(f"{item.pending_sheets} sheet(s) not yet counted (awaiting a second entry or a "
                     "resolution): their precincts keep the original count.")
    if item.units_without_sheet:
        lines.append("No sheet yet for: " + ", ".join(u.label for u in item.units_without_sheet))
    for flag in item.substantial_changes:
        unit = flag.precinct or flag.device or ""
        lines.append(
            substantial_change_sentence(unit, flag.choice, flag.original, flag.recount, flag.threshold))
    for finding in item.findings_after:
        lines.append(f"On the amended totals, {finding.choice}: {finding.explanation}")
    lines.extend(item.after_recount)
    if item.rules_note:
        lines.append(item.rules_note)
    return lines
