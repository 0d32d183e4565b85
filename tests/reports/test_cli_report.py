"""``recount-desktop report``, ``report verify`` and ``print-sheets`` as CONTRACT.md gives them."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from certs import make_certificates
from pypdf import PdfReader

from recount_desktop.cli import main
from recount_desktop.store import ElectionFile


def test_report_writes_the_pdf(story: ElectionFile, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.pdf"
    printed = story.audit_entries()[-1].hash
    assert main(["report", str(story.path), "--out", str(out)]) == 0
    pages = PdfReader(out).pages
    assert f"Page 1 of {len(pages)}" in pages[0].extract_text()
    # the fingerprint is the state the report shows; its export is the entry after it
    assert printed in capsys.readouterr().out
    assert story.audit_entries()[-1].action == "report.export"


def test_signed_report_verifies_with_its_root(story: ElectionFile, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    root, p12 = make_certificates(tmp_path)
    (tmp_path / "pw.txt").write_text("s3cret\n")
    out = tmp_path / "signed.pdf"
    assert main(["report", str(story.path), "--out", str(out), "--sign", str(p12),
                 "--password-file", str(tmp_path / "pw.txt")]) == 0
    capsys.readouterr()
    assert main(["report", "verify", str(out), "--trust", str(root)]) == 0
    said = capsys.readouterr().out
    assert "signed by María Escárcega" in said
    assert "not changed since signing" in said and "certificate trusted" in said
    assert main(["report", "verify", str(out)]) == 1
    assert "NOT trusted" in capsys.readouterr().out


def test_wrong_password_exits_1_naming_the_file(story: ElectionFile, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    _, p12 = make_certificates(tmp_path)
    (tmp_path / "pw.txt").write_text("nope")
    out = tmp_path / "signed.pdf"
    assert main(["report", str(story.path), "--out", str(out), "--sign", str(p12),
                 "--password-file", str(tmp_path / "pw.txt")]) == 1
    assert "signer.p12" in capsys.readouterr().err
    assert not out.exists()


def test_verify_of_an_unsigned_pdf_exits_1(story: ElectionFile, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "plain.pdf"
    main(["report", str(story.path), "--out", str(out)])
    assert main(["report", "verify", str(out)]) == 1
    assert "plain.pdf: the PDF carries no digital signature" in capsys.readouterr().err


def test_report_without_out_is_a_usage_error(story: ElectionFile) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["report", str(story.path)])
    assert exit_info.value.code == 2


def test_missing_election_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "none.canvass"), "--out", str(tmp_path / "r.pdf")]) == 1
    assert "none.canvass" in capsys.readouterr().err


def test_print_sheets_one_page_per_precinct_with_ids(story: ElectionFile, tmp_path: Path) -> None:
    out = tmp_path / "sheets.pdf"
    assert main(["print-sheets", str(story.path), "--contest", "Mayor of Laurel", "--out", str(out)]) == 0
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(out.read_bytes())).pages]
    assert len(pages) == 3
    for number, (text, precinct) in enumerate(zip(pages, ("P1", "P2", "P3"), strict=True), start=1):
        assert f"01-MOL-000{number}" in text
        assert re.search(rf"Precinct\s+{precinct}\b", text)
        assert "Ada Alvarez (NP)" in text and "Bo Brandt (NP)" in text
        assert "Over votes" in text and "Under votes" in text and "Counting team" in text
        assert f"Page {number} of 3" in text


def test_print_sheets_for_a_contest_without_scope_exits_1(story: ElectionFile, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["print-sheets", str(story.path), "--contest", "County Sheriff",
                 "--out", str(tmp_path / "s.pdf")]) == 1
    assert "no recount scope" in capsys.readouterr().err
