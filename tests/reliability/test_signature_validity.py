"""Issue 15, section 4: signatures are checked against the time they were made, a damaged signature is
a plain verdict, and `report verify` says what document it verified."""

from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID

from recount_desktop.cli import main
from recount_desktop.reports.render import render_report
from recount_desktop.reports.report_data import build_report_data
from recount_desktop.reports.signing import SigningError, load_roots, read_document, sign_pdf, verify_pdf
from recount_desktop.store import open_election_file

NOW = dt.datetime.now(dt.UTC)
DAY = dt.timedelta(days=1)


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def make_pair(folder: Path, root_window: tuple[dt.datetime, dt.datetime],
              signer_window: tuple[dt.datetime, dt.datetime]) -> tuple[Path, Path]:
    """A root and a signer with the given validity windows, as root.pem and signer.p12 (password pw)."""
    root_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    root = (x509.CertificateBuilder().subject_name(_name("Board Root")).issuer_name(_name("Board Root"))
            .public_key(root_key.public_key()).serial_number(1)
            .not_valid_before(root_window[0]).not_valid_after(root_window[1])
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False),
                           critical=True)
            .sign(root_key, hashes.SHA256()))
    cert = (x509.CertificateBuilder().subject_name(_name("Chair Person")).issuer_name(root.subject)
            .public_key(key.public_key()).serial_number(2)
            .not_valid_before(signer_window[0]).not_valid_after(signer_window[1])
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(True, True, False, False, False, False, False, False, False),
                           critical=True)
            .sign(root_key, hashes.SHA256()))
    (folder / "root.pem").write_bytes(root.public_bytes(serialization.Encoding.PEM))
    (folder / "signer.p12").write_bytes(pkcs12.serialize_key_and_certificates(
        b"signer", key, cert, [root], serialization.BestAvailableEncryption(b"pw")))
    return folder / "root.pem", folder / "signer.p12"


@pytest.fixture
def report_pdf(filled: Path) -> bytes:
    with open_election_file(filled) as store:
        return render_report(build_report_data(store))


def _signed_at(monkeypatch: pytest.MonkeyPatch, moment: dt.datetime) -> None:
    """Make pyhanko stamp this signing time (the forger's clock)."""
    from pyhanko.sign.signers import pdf_signer

    class Clock(dt.datetime):
        @classmethod
        def now(cls, tz: dt.tzinfo | None = None) -> dt.datetime:  # type: ignore[override]
            return moment

    monkeypatch.setattr(pdf_signer, "datetime", Clock)


@pytest.mark.parametrize(("window", "said"), [((NOW - 400 * DAY, NOW - DAY), "has expired"),
                                              ((NOW + DAY, NOW + 400 * DAY), "is not valid yet")])
def test_signing_refuses_a_certificate_not_valid_now(report_pdf: bytes, tmp_path: Path, window, said) -> None:
    _, p12 = make_pair(tmp_path, (NOW - 900 * DAY, NOW + 900 * DAY), window)
    with pytest.raises(SigningError, match=said):
        sign_pdf(report_pdf, p12, b"pw", "Chair")


@pytest.mark.parametrize(("moment", "said"), [
    (dt.datetime(2019, 6, 1, tzinfo=dt.UTC), "before the certificate became valid"),
    (NOW + 3000 * DAY, "after the certificate expired"),
], ids=["signed-2019-on-a-2026-certificate", "signed-after-expiry"])
def test_a_signing_time_outside_the_certificate_is_not_trusted(report_pdf: bytes, tmp_path: Path,
                                                               monkeypatch, capsys, moment, said) -> None:
    root, p12 = make_pair(tmp_path, (dt.datetime(2018, 1, 1, tzinfo=dt.UTC), NOW + 4000 * DAY),
                          (NOW - DAY, NOW + 400 * DAY))
    _signed_at(monkeypatch, moment)
    signed = sign_pdf(report_pdf, p12, b"pw", "Chair")
    (check,) = verify_pdf(signed, load_roots([root]))
    assert not check.ok and said in check.time_problem
    out = tmp_path / "signed.pdf"
    out.write_bytes(signed)
    assert main(["report", "verify", str(out), "--trust", str(root)]) == 1
    first = capsys.readouterr().out.splitlines()[0]
    assert "NOT VERIFIED" in first and said in first


def test_an_expired_root_vouches_for_nothing(report_pdf: bytes, tmp_path: Path) -> None:
    root, p12 = make_pair(tmp_path, (NOW - 900 * DAY, NOW - DAY), (NOW - 10 * DAY, NOW + 400 * DAY))
    (check,) = verify_pdf(sign_pdf(report_pdf, p12, b"pw", "Chair"), load_roots([root]))
    assert not check.ok and "root" in check.time_problem


def test_a_good_signature_says_what_document_it_covers(report_pdf: bytes, tmp_path: Path, filled: Path,
                                                       capsys) -> None:
    root, p12 = make_pair(tmp_path, (NOW - 900 * DAY, NOW + 900 * DAY), (NOW - DAY, NOW + 400 * DAY))
    out = tmp_path / "signed.pdf"
    out.write_bytes(sign_pdf(report_pdf, p12, b"pw", "Chair"))
    assert main(["report", "verify", str(out), "--trust", str(root)]) == 0
    lines = capsys.readouterr().out.splitlines()
    with open_election_file(filled) as store:
        head = store.head_hash()
    assert "VERIFIED" in lines[0] and "NOT" not in lines[0]
    assert "Sarpy County" in lines[1] and head in lines[1] and re.search(r"\d+ pages", lines[1])
    assert read_document(out.read_bytes()).fingerprint == head
    # ... and `audit verify --against` proves the file still holds what the board signed.
    assert main(["audit", "verify", str(filled), "--against", str(out)]) == 0
    assert "holds exactly the state" in capsys.readouterr().out


def test_a_pdf_that_is_not_a_report_is_said_to_be_so(tmp_path: Path, capsys) -> None:
    from reportlab.pdfgen import canvas

    plain = tmp_path / "letter.pdf"
    page = canvas.Canvas(str(plain))
    page.drawString(72, 720, "Dear board")
    page.save()
    root, p12 = make_pair(tmp_path, (NOW - 900 * DAY, NOW + 900 * DAY), (NOW - DAY, NOW + 400 * DAY))
    plain.write_bytes(sign_pdf(plain.read_bytes(), p12, b"pw", "Chair", page=0))
    assert main(["report", "verify", str(plain), "--trust", str(root)]) == 1
    assert "not a canvassers' report" in capsys.readouterr().out.splitlines()[0]


def _flipped(signed: bytes, at: int) -> bytes:
    """Another hex digit at ``at``: pyhanko writes upper case, and PDF hex strings ignore case, so an
    "A" made "a" would be no change at all (it once made this test fail at random)."""
    other = b"1" if signed[at:at + 1] in (b"0",) else b"0"
    return signed[:at] + other + signed[at + 1:]


def test_random_flips_in_the_signature_value_never_give_a_traceback(report_pdf: bytes, tmp_path: Path,
                                                                    capsys) -> None:
    root, p12 = make_pair(tmp_path, (NOW - 900 * DAY, NOW + 900 * DAY), (NOW - DAY, NOW + 400 * DAY))
    signed = sign_pdf(report_pdf, p12, b"pw", "Chair")
    start = signed.index(b"/Contents <") + len(b"/Contents <")
    end = signed.index(b">", start)
    used = len(signed[start:end].rstrip(b"0"))
    rng = random.Random(15)
    for flip in range(16):
        at = start + rng.randrange(used)
        damaged = _flipped(signed, at)
        path = tmp_path / f"flip{flip}.pdf"
        path.write_bytes(damaged)
        # A flip in a certificate the signature carries but does not sign (the root's copy) changes
        # nothing that is checked: that file still verifies. Every other flip must fail.
        status = main(["report", "verify", str(path), "--trust", str(root)])
        captured = capsys.readouterr()
        assert "Traceback" not in captured.err + captured.out
        # One plain verdict: a signature that cannot be checked, or a PDF no longer readable as signed.
        verdict = (captured.out.splitlines() or captured.err.splitlines())[0]
        assert ("VERIFIED" in verdict) == (status == 0) or "NOT VERIFIED" in verdict or "PDF" in verdict
    # Where a random flip lands depends on this run's fresh keys, so how many of the 16 fail varies. A
    # flip inside the signature value itself (the ECDSA r and s that end the CMS structure) always fails.
    for flip in range(8):
        at = start + used - 100 + rng.randrange(90)
        damaged = _flipped(signed, at)
        path = tmp_path / f"value{flip}.pdf"
        path.write_bytes(damaged)
        assert main(["report", "verify", str(path), "--trust", str(root)]) == 1
        captured = capsys.readouterr()
        assert "Traceback" not in captured.err + captured.out
        assert "NOT VERIFIED" in (captured.out.splitlines() or captured.err.splitlines())[0]
