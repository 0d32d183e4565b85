"""Golden text of every page of the sample election's report, with dates and hashes masked.

Update after an intended change with ``RECOUNT_UPDATE_GOLDEN=1 pytest tests/reports/test_golden_sample.py``
and review the diff of ``tests/reports/golden/``.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from sample_story import make_sample

from recount_desktop.reports.render import render_report
from recount_desktop.reports.report_data import ReportData, build_report_data, long_date

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("RECOUNT_UPDATE_GOLDEN") == "1"


@pytest.fixture(scope="module")
def sample_report(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ReportData, bytes]]:
    store = make_sample(tmp_path_factory.mktemp("sample") / "sample.canvass")
    data = build_report_data(store)
    yield data, render_report(data)
    store.close()


def masked(text: str, data: ReportData) -> str:
    text = re.sub(r"\b[0-9a-f]{64}\b", "<SHA256>", text)
    text = re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", "<TIMESTAMP>", text)
    return text.replace(long_date(data.title.prepared_on), "<DATE PREPARED>")


def test_pages_match_the_golden_text(sample_report: tuple[ReportData, bytes]) -> None:
    data, pdf = sample_report
    pages = [masked(p.extract_text(), data) for p in PdfReader(io.BytesIO(pdf)).pages]
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        for old in GOLDEN.glob("sample_page_*.txt"):
            old.unlink()
        for number, text in enumerate(pages, start=1):
            (GOLDEN / f"sample_page_{number:02d}.txt").write_text(text + "\n", encoding="utf-8")
    expected = sorted(GOLDEN.glob("sample_page_*.txt"))
    assert len(expected) == len(pages), "page count changed: update the golden files with the flag"
    for number, (path, text) in enumerate(zip(expected, pages, strict=True), start=1):
        assert text + "\n" == path.read_text(encoding="utf-8"), f"page {number} differs from {path.name}"


def test_sample_recount_numbers(sample_report: tuple[ReportData, bytes]) -> None:
    data, _ = sample_report
    mayor = next(s for s in data.summary if s.contest == "Mayor of Plattsmouth")
    assert [(t.choice, t.original, t.amended) for t in mayor.totals] == [
        ("Ellen Fitch", 1502, 1501), ("Gary Novak", 1497, 1500)]
    assert mayor.outcome_changed is False
    (section,) = data.recounts
    assert len(section.units) == 14 and len(section.sheets) == 14
    assert any("Substantial change" in note and "Precinct 04" in note for note in section.notes)
