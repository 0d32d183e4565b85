"""``recount-desktop audit verify ELECTION [--against REPORT.pdf | --head HASH]``.

Recomputes the audit log's hash chain, checks the guard triggers and recomputes the data digest
against the head entry. With ``--against`` or ``--head`` it also proves that the file still holds the
state a printed or signed report shows (its fingerprint is the head hash when it was made): a file
rolled back, data and log together, to an earlier state cannot be caught from the file alone.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from recount_desktop.cli.common import CommandError, open_election
from recount_desktop.store import AuditEntry, ChainReport

_HASH = re.compile(r"\b[0-9a-f]{64}\b")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("audit", help="check the audit log")
    actions = parser.add_subparsers(dest="audit_command", metavar="ACTION", required=True)
    verify = actions.add_parser(
        "verify", help="recompute the hash chain and the data digest; name the first broken entry")
    verify.add_argument("election", metavar="ELECTION")
    against = verify.add_mutually_exclusive_group()
    against.add_argument("--against", metavar="REPORT.pdf", type=Path,
                         help="also prove the file holds the state this canvassers' report shows")
    against.add_argument("--head", metavar="HASH",
                         help="also prove the file holds the state with this head hash (typed from paper)")
    verify.set_defaults(func=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    wanted = _wanted_hash(args)
    with open_election(args.election) as store:
        report = store.verify_audit()
        entries = store.audit_entries() if wanted else []
    if not report.ok:
        raise CommandError(_failure(args.election, report))
    print(f"{args.election}: audit log intact and the data match it, {report.entries} entries, "
          f"head hash {report.head_hash}")
    if report.data_bound_from is None:
        print(f"{args.election}: note: no entry records a data digest (a file from before this check), "
              "so the data are not bound by the log")
    elif report.data_bound_from > 1:
        print(f"{args.election}: note: entries 1-{report.data_bound_from - 1} were written before the "
              f"data digest existed; entry {report.data_bound_from} records the data as found then")
    if wanted:
        print(_against(args.election, wanted, entries, args.against or "--head"))
    return 0


def _failure(election: str, report: ChainReport) -> str:
    lines = []
    if report.broken_at is not None:
        lines.append(f"{election}: audit log broken at entry {report.broken_at}: {report.problem} "
                     f"({min(report.entries, report.broken_at - 1)} entries before it verify)")
    lines += [f"  {difference.describe()}" for difference in report.differences]
    lines += [f"{election}: the file's guards were changed: {problem}" for problem in report.schema_problems]
    return "\n".join(lines)


def _wanted_hash(args: argparse.Namespace) -> str | None:
    if args.head is not None:
        text = args.head.strip().lower().replace(" ", "")
        if not re.fullmatch(r"[0-9a-f]{16,64}", text):
            raise CommandError(f"--head {args.head!r}: not a head hash (64 hexadecimal digits, or at least "
                               "the first 16 as printed)")
        return str(text)
    if args.against is not None:
        return _report_fingerprint(args.against)
    return None


def _report_fingerprint(path: Path) -> str:
    """The fingerprint printed on a canvassers' report (the head hash when it was made)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CommandError(f"{path}: cannot read the report ({error.strerror or error})") from error
    import pypdfium2 as pdfium  # only here: a second's import the plain check does not need

    try:
        document = pdfium.PdfDocument(data)
        text = " ".join(document[index].get_textpage().get_text_range() for index in range(len(document)))
    except (pdfium.PdfiumError, ValueError) as error:
        raise CommandError(f"{path}: not a readable PDF ({error})") from error
    found = [m.group(0) for m in _HASH.finditer(text.replace("\r", " ").replace("\n", " "))
             if "fingerprint" in text.lower()]
    if not found:
        raise CommandError(f"{path}: no data fingerprint found: not a canvassers' report from this program")
    return found[0]


def _against(election: str, wanted: str, entries: list[AuditEntry], source: object) -> str:
    matches = [entry for entry in entries if entry.hash.startswith(wanted)]
    if not matches:
        head = entries[-1] if entries else None
        raise CommandError(
            f"{election}: the state {source} shows (head hash {wanted}) is NOT in this file: the file was "
            "rolled back to an earlier state or its log rewritten, or it is another election's file. "
            + (f"The file ends at entry {head.seq}, head hash {head.hash}" if head else "The log is empty")
        )
    signed = matches[0]
    later = entries[signed.seq:]
    if not later:
        return (f"{election}: holds exactly the state {source} shows: entry {signed.seq}, "
                f"head hash {signed.hash}")
    actions = ", ".join(f"{e.seq} {e.action} by {e.operator}" for e in later[:10])
    more = f" and {len(later) - 10} more" if len(later) > 10 else ""
    return (f"{election}: holds the state {source} shows (entry {signed.seq}) and {len(later)} later "
            f"change(s) made since: {actions}{more}")
