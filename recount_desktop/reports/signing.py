"""Digital signature of the report (PAdES, pyhanko), and its offline verification.

No network anywhere: no timestamp server, no revocation fetching. A certificate is trusted only
against the root certificates the board gives (``--trust ROOT.pem``), never the machine's store, so
the answer is the same on every computer.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from asn1crypto import pem, x509
from cryptography.hazmat.primitives.serialization import pkcs12
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import fields, signers
from pyhanko.sign.validation import validate_pdf_signature
from pyhanko.stamp import TextStampStyle
from pyhanko_certvalidator import ValidationContext

from recount_desktop.reports.pages import STAMP_BOX

FIELD_NAME = "CanvassersReportSignature"
DEFAULT_BOX = STAMP_BOX  # the certification pages of the report leave this corner empty


class SigningError(ValueError):
    """The certificate file, its password or the PDF cannot be used; the message names the file."""


@dataclass(frozen=True)
class SignatureCheck:
    """What ``report verify`` says about one signature."""

    signer: str
    signed_at: str
    intact: bool  # the signed bytes are unchanged and the signature matches them
    valid: bool  # intact and the cryptography checks out
    trusted: bool  # the certificate chains to one of the given roots
    covers_whole_file: bool  # nothing was added after signing
    modification: str  # pyhanko's judgement of any later incremental update
    summary: str
    time_problem: str = ""  # the signing time falls outside the signer's or the root's validity

    @property
    def ok(self) -> bool:
        return (self.intact and self.valid and self.trusted and self.covers_whole_file
                and not self.time_problem)


def validity(cert: x509.Certificate) -> tuple[datetime, datetime]:
    """The certificate's validity window (not before, not after), in UTC."""
    window = cert["tbs_certificate"]["validity"]
    return window["not_before"].native, window["not_after"].native


def _window_text(cert: x509.Certificate) -> str:
    start, end = validity(cert)
    return f"valid from {start:%Y-%m-%d %H:%M} to {end:%Y-%m-%d %H:%M} UTC"


def load_signer(p12: Path, password: bytes) -> signers.SimpleSigner:
    # load_pkcs12_data, not load_pkcs12: the latter logs a traceback on stderr for a missing or wrong
    # file before returning None, and a clerk must see one plain line.
    try:
        data = Path(p12).read_bytes()
    except OSError as error:
        raise SigningError(f"{p12}: cannot read the certificate ({error.strerror or error})") from error
    _require_certificate(p12, data, password)
    try:
        signer: signers.SimpleSigner = signers.SimpleSigner.load_pkcs12_data(
            data, other_certs=(), passphrase=password
        )
    except ValueError as error:
        raise SigningError(
            f"{p12}: cannot open the certificate: wrong password or not a PKCS#12 file"
        ) from error
    if signer.signing_cert is None:  # a PKCS#12 file may hold a key and no certificate
        raise SigningError(f"{p12}: the file holds no signing certificate")
    return signer


def _require_certificate(p12: Path, data: bytes, password: bytes) -> None:
    """Refuse a PKCS#12 file that holds a key but no certificate before pyHanko reads it: pyHanko
    fails on such a file with an AttributeError deep inside, not with a message a clerk can read."""
    try:
        _, cert, _ = pkcs12.load_key_and_certificates(data, password or None)
    except (ValueError, TypeError) as error:
        raise SigningError(
            f"{p12}: cannot open the certificate: wrong password or not a PKCS#12 file"
        ) from error
    if cert is None:
        raise SigningError(f"{p12}: the file holds no signing certificate")


def signer_name(signer: signers.SimpleSigner) -> str:
    cert = signer.signing_cert
    if cert is None:
        raise SigningError("the signer has no certificate")
    subject = cert.subject.native
    return str(subject.get("common_name") or cert.subject.human_friendly)


def sign_pdf(pdf: bytes, p12: Path, password: bytes, role: str, *, location: str = "",
             page: int = -1, box: tuple[int, int, int, int] = DEFAULT_BOX) -> bytes:
    """Sign ``pdf`` with a visible stamp naming the signer and role; return the signed bytes."""
    signer = load_signer(p12, password)
    start, end = validity(signer.signing_cert)
    now = datetime.now(UTC)
    if not start <= now <= end:
        when = "has expired" if now > end else "is not valid yet"
        raise SigningError(f"{p12}: the certificate {when} ({_window_text(signer.signing_cert)}); "
                           "nothing was signed")
    name = signer_name(signer)
    writer = IncrementalPdfFileWriter(io.BytesIO(pdf))
    fields.append_signature_field(writer, fields.SigFieldSpec(FIELD_NAME, on_page=page, box=box))
    meta = signers.PdfSignatureMetadata(
        field_name=FIELD_NAME, subfilter=fields.SigSeedSubFilter.PADES, name=name,
        reason=f"Canvassers' report signed by {name}, {role}", location=location or None,
    )
    stamp = TextStampStyle(stamp_text=f"Digitally signed by %(signer)s\n{role}\n%(ts)s")
    try:
        output = signers.PdfSigner(meta, signer=signer, stamp_style=stamp).sign_pdf(writer)
    except Exception as error:  # pyhanko raises several unrelated types for a bad key or PDF
        raise SigningError(f"{p12}: signing failed ({error})") from error
    return bytes(output.getbuffer())


def load_roots(paths: list[Path]) -> list[x509.Certificate]:
    roots = []
    for path in paths:
        try:
            data = path.read_bytes()
            if pem.detect(data):
                roots += [x509.Certificate.load(der) for _, _, der in pem.unarmor(data, multiple=True)]
            else:
                roots.append(x509.Certificate.load(data))
        except (OSError, ValueError) as error:
            raise SigningError(f"{path}: not a certificate ({error})") from error
    return roots


def verify_pdf(pdf: bytes, roots: list[x509.Certificate], source: str = "the PDF") -> list[SignatureCheck]:
    """Check every signature offline against ``roots``; an unsigned PDF is an error."""
    try:
        reader = PdfFileReader(io.BytesIO(pdf), strict=False)
        embedded = reader.embedded_signatures
    except Exception as error:  # a damaged file fails in many ways inside the PDF parser
        raise SigningError(f"{source}: not a readable PDF ({error})") from error
    if not embedded:
        raise SigningError(f"{source}: the PDF carries no digital signature")
    context = ValidationContext(trust_roots=roots, allow_fetching=False, revocation_mode="soft-fail")
    # pyhanko logs an untrusted chain with a 20-line traceback on stderr; the summary already says it
    quiet = logging.getLogger("pyhanko")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    try:
        return [_check(sig, context, roots) for sig in embedded]
    finally:
        quiet.setLevel(level)


def _check(sig: object, context: ValidationContext, roots: list[x509.Certificate]) -> SignatureCheck:
    try:
        status = validate_pdf_signature(sig, context)  # type: ignore[arg-type]
    except Exception as error:  # a damaged signature value fails in many ways inside the CMS parser
        reason = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
        return SignatureCheck("unknown", "unknown", False, False, False, False, "UNKNOWN",
                              f"the signature is DAMAGED and cannot be checked ({reason})")
    cert = status.signing_cert
    signer = "unknown"
    if cert is not None:
        signer = str(cert.subject.native.get("common_name") or cert.subject.human_friendly)
    whole = status.coverage is not None and status.coverage.name == "ENTIRE_FILE"
    modification = status.modification_level.name if status.modification_level is not None else "UNKNOWN"
    signed_at = status.signer_reported_dt.isoformat() if status.signer_reported_dt else "unknown"
    time_problem = _time_problem(cert, roots, status.signer_reported_dt) if cert is not None else ""
    check = SignatureCheck(signer, signed_at, bool(status.intact), bool(status.valid), bool(status.trusted),
                           whole, modification, "", time_problem)
    return SignatureCheck(**{**check.__dict__, "summary": _summary(check)})


def _time_problem(cert: x509.Certificate, roots: list[x509.Certificate], signed: datetime | None) -> str:
    """The signing time checked against the signer's certificate and the root it chains to: a
    certificate is no proof of who signed outside its validity, and an expired root vouches for nothing."""
    if signed is None:
        return "the signature carries no signing time"
    start, end = validity(cert)
    if not start <= signed <= end:
        side = "before the certificate became valid" if signed < start else "after the certificate expired"
        return f"signed {side} (signing time {signed:%Y-%m-%d %H:%M}; certificate {_window_text(cert)})"
    issuer = cert.issuer.dump()
    for root in roots:
        if root.subject.dump() == issuer:
            root_start, root_end = validity(root)
            if not root_start <= signed <= root_end:
                return (f"the trusted root {root.subject.human_friendly} was not valid at the signing time "
                        f"({_window_text(root)})")
    return ""


def _summary(check: SignatureCheck) -> str:
    parts = [f"signed by {check.signer} at {check.signed_at}"]
    if not check.intact:
        parts.append("CHANGED after signing: the signed content no longer matches the signature")
    elif not check.covers_whole_file:
        parts.append(f"content added after signing ({check.modification.lower().replace('_', ' ')})")
    else:
        parts.append("not changed since signing")
    if check.intact and not check.valid:
        parts.append("signature INVALID")
    if check.time_problem:
        parts.append(f"NOT VALID AT THE SIGNING TIME: {check.time_problem}")
    parts.append("certificate trusted" if check.trusted
                 else "certificate NOT trusted (no matching --trust root)")
    return "; ".join(parts)


@dataclass(frozen=True)
class ReportDocument:
    """What a PDF says it is, from its own metadata: a canvassers' report of this program, or not."""

    is_report: bool
    title: str
    jurisdiction: str
    fingerprint: str
    pages: int

    def describe(self) -> str:
        if not self.is_report:
            return (f"not a canvassers' report from Recount Desktop (title {self.title or 'none'!r}, "
                    f"{self.pages} pages)")
        fingerprint = self.fingerprint or "none recorded"
        return f"{self.title}, {self.jurisdiction}; fingerprint {fingerprint}; {self.pages} pages"


def read_document(pdf: bytes) -> ReportDocument:
    """The report's title, jurisdiction, fingerprint and page count from the PDF's own metadata."""
    try:
        reader = PdfFileReader(io.BytesIO(pdf), strict=False)
        trailer = reader.trailer_view
        info: Any = trailer["/Info"] if "/Info" in trailer else {}  # noqa: SIM401 ([] dereferences, get does not)
        pages = int(reader.root["/Pages"]["/Count"])
    except Exception as error:  # a damaged file fails in many ways inside the PDF parser
        raise SigningError(f"not a readable PDF ({error})") from error

    def text(key: str) -> str:
        try:
            return str(info[key]) if key in info else ""
        except Exception:  # a damaged metadata entry: treated as absent
            return ""

    keywords = text("/Keywords")
    fingerprint = keywords.split("fingerprint", 1)[1].strip().split()[0] if "fingerprint" in keywords else ""
    # Reports from this version on say so in their keywords; older ones are known by their creator and
    # by not being the program's other PDF, the blank tally sheets.
    ours = text("/Creator") == "Recount Desktop"
    tally_sheets = text("/Title").startswith("Recount tally sheets")
    is_report = ours and ("canvassers report" in keywords or not tally_sheets)
    return ReportDocument(is_report, text("/Title"), text("/Author"), fingerprint, pages)
