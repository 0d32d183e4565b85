"""The printed report: what a reader finds in the PDF's text, page by page."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest
from pypdf import PdfReader

from recount_desktop.reports.render import render_report
from recount_desktop.reports.report_data import build_report_data
from recount_desktop.store import ElectionFile


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture
def story_pdf(story: ElectionFile) -> tuple[bytes, list[str]]:
    pdf = render_report(build_report_data(story))
    return pdf, page_texts(pdf)


def test_every_page_is_numbered_and_carries_the_fingerprint(story: ElectionFile, story_pdf) -> None:
    _, pages = story_pdf
    head = story.audit_entries()[-1].hash
    total = len(pages)
    assert total >= 5
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {total}" in text
        assert head in text
        assert "Municipal General Election 2026" in text


def test_contests_totals_and_outcome_are_printed(story_pdf) -> None:
    _, pages = story_pdf
    text = "\n".join(pages)
    for contest in ("Mayor of Laurel", "County Sheriff", "Park Levy"):
        assert contest in text
    summary = pages[1]
    assert re.search(r"Ada Alvarez\s+180\s+179\s+-1", summary)
    assert re.search(r"Bo Brandt\s+179\s+181\s+\+2", summary)
    assert "After the recount: Elected: Bo Brandt. THE OUTCOME CHANGED." in summary


def test_precinct_table_and_sheets_are_printed(story_pdf) -> None:
    _, pages = story_pdf
    recount = next(p for p in pages if "Recount: Mayor of Laurel" in p)
    assert re.search(r"P2\s+50\s+50\s+0\s+51\s+53\s+\+2", recount)
    assert re.search(r"Total recounted\s+180\s+179\s+-1\s+179\s+181\s+\+2", recount)
    assert "precinct number" in recount and "written wrong" in recount
    assert "Resolved by cy" in recount


def test_certification_names_each_board_member_with_title(story_pdf) -> None:
    _, pages = story_pdf
    last = pages[-1]
    assert "Mont. Code Ann. § 13-16-418" in last
    for name, title in (("María Escárcega", "Chair, County Recount Board"),
                        ("Tom LIDÓN", "Member, County Recount Board"),
                        ("Ruth Lund", "Election Administrator")):
        assert name in last  # non-ASCII names survive the embedded font
        assert title in last
    assert "Attest:" in last and "(seal)" in last


def test_source_file_and_its_hash_are_in_the_notes(story_pdf) -> None:
    _, pages = story_pdf
    notes = next(p for p in pages if "Method and notes" in p)
    assert "laurel-canvass.xlsx" in notes
    assert "ab" * 32 in notes
    assert "a total row was skipped" in notes


def test_the_font_is_embedded(story_pdf) -> None:
    pdf, _ = story_pdf
    assert b"/FontFile2" in pdf
    assert b"DejaVuSans" in pdf


def test_same_election_file_gives_the_same_bytes(story: ElectionFile) -> None:
    first = render_report(build_report_data(story))
    second = render_report(build_report_data(story))
    assert first == second
    prepared = build_report_data(story).title.prepared_on
    assert f"/CreationDate (D:{prepared:%Y%m%d}000000+00'00')".encode() in first


def test_a_change_to_the_election_changes_the_fingerprint(story: ElectionFile) -> None:
    before = render_report(build_report_data(story))
    story.set_setting("report.note", "x")
    after = render_report(build_report_data(story))
    assert before != after
    assert story.audit_entries()[-1].hash in page_texts(after)[0]


@pytest.mark.slow
def test_another_process_writes_the_same_bytes(story: ElectionFile) -> None:
    """Reproducible across runs, not just within one process (font subsets, IDs, dates)."""
    here = render_report(build_report_data(story))
    script = ("import sys; from recount_desktop.store import open_election_file as o;"
              "from recount_desktop.reports.report_data import build_report_data as b;"
              "from recount_desktop.reports.render import render_report as r;"
              "sys.stdout.buffer.write(r(b(o(sys.argv[1]))))")
    there = subprocess.run([sys.executable, "-c", script, str(story.path)], capture_output=True, check=True,
                           env={"PYTHONHASHSEED": "123", "PATH": ""}).stdout
    assert there == here
