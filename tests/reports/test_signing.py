"""A self-signed certificate made in the test signs a report; verification is offline."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from certs import make_certificates
from pypdf import PdfReader

from recount_desktop.reports.render import render_report
from recount_desktop.reports.report_data import build_report_data
from recount_desktop.reports.signing import SigningError, load_roots, sign_pdf, verify_pdf
from recount_desktop.store import ElectionFile


@pytest.fixture
def signed(story: ElectionFile, tmp_path: Path) -> tuple[bytes, Path]:
    root, p12 = make_certificates(tmp_path)
    pdf = render_report(build_report_data(story))
    return sign_pdf(pdf, p12, b"s3cret", role="Chair, County Recount Board"), root


def test_signed_report_is_valid_and_trusted_with_the_root(signed: tuple[bytes, Path]) -> None:
    pdf, root = signed
    (check,) = verify_pdf(pdf, load_roots([root]))
    assert check.signer == "María Escárcega"
    assert (check.intact, check.valid, check.trusted, check.covers_whole_file) == (True, True, True, True)
    assert check.ok
    assert "not changed since signing" in check.summary


def test_without_the_root_the_certificate_is_not_trusted(signed: tuple[bytes, Path]) -> None:
    pdf, _ = signed
    (check,) = verify_pdf(pdf, [])
    assert check.intact and not check.trusted and not check.ok
    assert "NOT trusted" in check.summary


def test_one_changed_byte_makes_the_signature_invalid(signed: tuple[bytes, Path]) -> None:
    pdf, root = signed
    at = pdf.index(b"(Recount Desktop)")  # the document's Creator, inside the signed bytes
    tampered = pdf[:at + 1] + b"X" + pdf[at + 2:]
    (check,) = verify_pdf(tampered, load_roots([root]))
    assert not check.intact and not check.ok
    assert "CHANGED after signing" in check.summary


def test_the_visible_stamp_names_signer_and_role(signed: tuple[bytes, Path]) -> None:
    pdf, _ = signed
    last = PdfReader(io.BytesIO(pdf)).pages[-1]
    widget = next(a.get_object() for a in last["/Annots"] if a.get_object().get("/FT") == "/Sig")
    stream = widget["/AP"]["/N"].get_object().get_data()
    # The stamp's text operators, in PDFDocEncoding with octal escapes (í = \355, á = \341, comma = \054).
    assert b"(Digitally signed by Mar\\355a Esc\\341rcega) Tj" in stream
    assert b"(Chair\\054 County Recount Board) Tj" in stream


def test_wrong_password_is_a_clear_error(story: ElectionFile, tmp_path: Path) -> None:
    _, p12 = make_certificates(tmp_path)
    pdf = render_report(build_report_data(story))
    with pytest.raises(SigningError, match="signer.p12"):
        sign_pdf(pdf, p12, b"wrong", role="Member")


def test_an_unsigned_pdf_is_reported(story: ElectionFile) -> None:
    with pytest.raises(SigningError, match="no digital signature"):
        verify_pdf(render_report(build_report_data(story)), [], source="report.pdf")


def test_a_key_without_a_certificate_is_a_clear_error(tmp_path: Path) -> None:
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.hazmat.primitives.serialization import BestAvailableEncryption, pkcs12

    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    p12 = tmp_path / "key-only.p12"
    locked = BestAvailableEncryption(b"pw")
    p12.write_bytes(pkcs12.serialize_key_and_certificates(b"k", key, None, None, locked))
    with pytest.raises(SigningError, match="holds no signing certificate"):
        sign_pdf(b"%PDF-1.4", p12, b"pw", "Chair")
