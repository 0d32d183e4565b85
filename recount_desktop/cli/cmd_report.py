"""``recount-desktop report ELECTION --out FILE.pdf [--sign CERT.p12 --password-file FILE]`` and
``recount-desktop report verify FILE.pdf [--trust ROOT.pem]`` (CONTRACT.md).

One argparse subcommand serves both forms: a first positional ``verify`` followed by a PDF means the
check of a signed report; anything else is an election file.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import Any

from recount_desktop.cli.common import (
    CommandError,
    add_operator_option,
    open_election,
    require_tallies,
    write_atomically,
)
from recount_desktop.reports.certification import CertificationFileError
from recount_desktop.reports.render import render_report
from recount_desktop.reports.report_data import build_report_data
from recount_desktop.store import ElectionFile
from recount_desktop.store.errors import ElectionFileError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "report", help="write the canvassers' report PDF, or check a signed one ('report verify FILE.pdf')",
        description="report ELECTION --out FILE.pdf [--sign CERT.p12 --password-file FILE]\n"
                    "report verify FILE.pdf [--trust ROOT.pem]",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("target", metavar="ELECTION|verify", help="the election file, or 'verify'")
    parser.add_argument("pdf", metavar="FILE.pdf", nargs="?", help="with 'verify': the signed report")
    parser.add_argument("--out", metavar="FILE.pdf", help="where to write the report")
    parser.add_argument("--sign", metavar="CERT.p12", type=Path, help="sign with this PKCS#12 certificate")
    parser.add_argument("--password-file", metavar="FILE", type=Path,
                        help="file holding the certificate password")
    parser.add_argument("--role", default="", help="role printed in the signature stamp "
                        "(default: the attesting officer's title)")
    parser.add_argument("--trust", metavar="ROOT.pem", type=Path, action="append", default=[],
                        help="with 'verify': a trusted root certificate (repeatable)")
    add_operator_option(parser)
    parser.set_defaults(func=run, parser=parser)


def run(args: argparse.Namespace) -> int:
    if args.target == "verify" and args.pdf is not None:
        return run_verify(args)
    parser: argparse.ArgumentParser = args.parser
    if args.pdf is not None:
        parser.error(f"unexpected argument {args.pdf!r} (did you mean 'report verify {args.pdf}'?)")
    if not args.out:
        parser.error("--out FILE.pdf is required")
    if args.sign and not args.password_file:
        parser.error("--sign needs --password-file FILE")
    if args.trust:
        parser.error("--trust belongs to 'report verify'")
    return run_report(args)


def run_report(args: argparse.Namespace) -> int:
    with open_election(args.target, args.operator) as store:
        require_tallies(store, args.target, "report")
        try:
            data = build_report_data(store)
        except CertificationFileError as error:
            raise CommandError(str(error)) from error
        pdf = _rendered(args, data)
        write_atomically(Path(args.out), pdf)
        recorded = _record_export(store, args, pdf, data.fingerprint)
    signed = " (digitally signed)" if args.sign else ""
    print(f"{args.out}: {data.title.title}{signed}, fingerprint {data.fingerprint}")
    if recorded:
        print(recorded, file=sys.stderr)
    return 0


def _record_export(store: ElectionFile, args: argparse.Namespace, pdf: bytes, fingerprint: str) -> str:
    """What left the program goes into the audit log, as the window records it ("report.export"); the
    report's fingerprint is the state before this entry, which ``audit verify --against`` accepts."""
    if store.read_only:
        return "(the election is on read-only media: the export is not recorded in its audit log)"
    details = {"file": str(Path(args.out).resolve()), "sha256": hashlib.sha256(pdf).hexdigest(),
               "fingerprint": fingerprint, "signed": bool(args.sign)}
    try:
        with store.transaction("report.export", details):
            pass  # the record is the change: nothing else in the election moves
    except ElectionFileError as error:
        return f"warning: the report was written but is not recorded in the audit log: {error}"
    return ""


def _rendered(args: argparse.Namespace, data: Any) -> bytes:
    pdf = render_report(data)
    if args.sign:
        # pyhanko takes a second to import: load it only when a signature is made or checked.
        from recount_desktop.reports.signing import SigningError, sign_pdf

        role = args.role or data.certification.attesting.title
        location = f"{data.title.jurisdiction}, {data.title.state_name}"
        try:
            pdf = sign_pdf(pdf, args.sign, read_password(args.password_file), role, location=location)
        except SigningError as error:
            raise CommandError(str(error)) from error
    return pdf


def read_password(path: Path) -> bytes:
    try:
        return path.read_bytes().rstrip(b"\r\n")
    except OSError as error:
        raise CommandError(f"{path}: cannot read the password file ({error.strerror})") from error


def run_verify(args: argparse.Namespace) -> int:
    """One verdict line, then the document and each signature's details."""
    from recount_desktop.reports.signing import SigningError, load_roots, read_document, verify_pdf

    path = Path(args.pdf)
    try:
        pdf = path.read_bytes()
    except OSError as error:
        raise CommandError(f"{path}: cannot read the file ({error.strerror})") from error
    try:
        document = read_document(pdf)
        checks = verify_pdf(pdf, load_roots(list(args.trust)), source=str(path))
    except SigningError as error:
        message = str(error)
        raise CommandError(message if message.startswith(str(path)) else f"{path}: {message}") from error
    good = document.is_report and all(check.ok for check in checks)
    if good:
        print(f"{path}: VERIFIED: {document.title}, signed, unchanged since signing and trusted")
    else:
        print(f"{path}: NOT VERIFIED: {_first_problem(document.is_report, checks)}")
    print(f"  document: {document.describe()}")
    for number, check in enumerate(checks, start=1):
        print(f"  signature {number}: {check.summary}")
    if not good:
        raise CommandError(f"{path}: the signature check failed")
    return 0


def _first_problem(is_report: bool, checks: list[Any]) -> str:
    if not is_report:
        return "the PDF is not a canvassers' report from Recount Desktop"
    failing = next(check for check in checks if not check.ok)
    return str(failing.summary)
