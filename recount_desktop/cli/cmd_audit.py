"""``recount-desktop audit verify ELECTION``: recompute the audit log's hash chain."""

from __future__ import annotations

import argparse

from recount_desktop.cli.common import CommandError, open_election


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("audit", help="check the audit log")
    actions = parser.add_subparsers(dest="audit_command", metavar="ACTION", required=True)
    verify = actions.add_parser("verify", help="recompute the hash chain and name the first broken entry")
    verify.add_argument("election", metavar="ELECTION")
    verify.set_defaults(func=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    with open_election(args.election) as store:
        report = store.verify_audit()
    if not report.ok:
        raise CommandError(
            f"{args.election}: audit log broken at entry {report.broken_at}: {report.problem} "
            f"({report.entries} entries before it verify)"
        )
    print(f"{args.election}: audit log intact, {report.entries} entries, head hash {report.head_hash}")
    return 0
