"""A self-signed root and a signer certificate made in the test (cryptography), as files."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import NameOID


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Yellowstone County")])


def make_certificates(folder: Path, password: bytes = b"s3cret") -> tuple[Path, Path]:
    """Write ``root.pem`` and ``signer.p12`` (signer: María Escárcega); return their paths."""
    now = dt.datetime.now(dt.UTC)
    root_key = ec.generate_private_key(ec.SECP256R1())
    root_name = _name("Test County Root")
    root = (x509.CertificateBuilder().subject_name(root_name).issuer_name(root_name)
            .public_key(root_key.public_key()).serial_number(1)
            .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False),
                           critical=True)
            .sign(root_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(_name("María Escárcega")).issuer_name(root.subject)
            .public_key(key.public_key()).serial_number(2)
            .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(True, True, False, False, False, False, False, False, False),
                           critical=True)
            .sign(root_key, hashes.SHA256()))
    root_path, p12_path = folder / "root.pem", folder / "signer.p12"
    root_path.write_bytes(root.public_bytes(serialization.Encoding.PEM))
    p12_path.write_bytes(pkcs12.serialize_key_and_certificates(
        b"signer", key, cert, [root], serialization.BestAvailableEncryption(password)))
    return root_path, p12_path
