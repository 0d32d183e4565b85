"""The built bundle tells the same story as the source checkout (issue 17).

A clerk's session with no Python on PATH and an empty HOME: the board creates the election, imports
Sarpy County's 2016 statement of votes cast, reads the findings, enters two recount sheets twice each,
reconciles, prints, signs and verifies the canvassers' report, prints blank tally sheets and checks the
audit log. The source checkout does the same in a place of its own, and every output must match: JSON
exactly, text and PDFs with paths, times and hashes masked (those differ between any two runs).
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook
from pypdf import PdfReader

from recount_desktop import __version__
from recount_desktop.store import open_election_file
from tests.packaging.bundle_places import REPO, Place, both
from tests.reports.certs import make_certificates

SARPY = REPO / "tests" / "data" / "real_counties" / "NE" / "2016_ne_sarpy.xlsx"
CONTEST = "Springfield Platteview Bd Member (Vote For 3)"  # third seat won by 8 votes
HEX_HASH = re.compile(r"\b[0-9a-f]{64}\b")
TIMES = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}:?\d{2}|Z| ?UTC)?")
SHORT_HASH = re.compile(r"\b[0-9a-f]{12,63}\b")


def mask(text: str) -> str:
    """Hashes and times differ between any two runs (each audit entry carries its UTC time)."""
    return SHORT_HASH.sub("<hash>", HEX_HASH.sub("<hash>", TIMES.sub("<time>", text)))


def pdf_pages(path: Path) -> list[str]:
    return [mask(page.extract_text()) for page in PdfReader(io.BytesIO(path.read_bytes())).pages]


def sheets_workbook(election: Path, target: Path) -> dict[str, int]:
    """Two paper sheets for the contest's first two precincts, each typed by Ann and again by Ben; the
    recount finds 3 votes fewer for the top candidate in the first. Returns the recounted lines."""
    store = open_election_file(election, operator="test")
    try:
        tallies = [t for t in store.results().tallies if t.contest == CONTEST]
    finally:
        store.close()
    precincts = sorted({t.precinct for t in tallies if t.votes > 0})[:2]
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Sheets"
    sheet.append(["Sheet ID", "Contest", "Precinct", "Device", "Method", "Choice", "Votes", "Entry",
                  "Entered By", "Counted By"])
    recounted: dict[str, int] = {}
    for number, precinct in enumerate(precincts, start=1):
        lines = sorted((t for t in tallies if t.precinct == precinct), key=lambda t: -t.votes)
        for entry, clerk in ((1, "Ann"), (2, "Ben")):
            for position, tally in enumerate(lines):
                votes = tally.votes - 3 if number == 1 and position == 0 else tally.votes
                recounted[f"{precinct}/{tally.choice}"] = votes
                sheet.append([f"SP-{number}", CONTEST, precinct, None, "manual", tally.choice, votes, entry,
                              clerk, "Kim; Lee"])
    book.save(target)
    return recounted


@pytest.fixture(scope="module")
def story(bundle_place: Place, source_place: Place, tmp_path_factory: pytest.TempPathFactory,
          ) -> dict[str, list[Any]]:
    """Every step from each place, in the board's order; the outputs keyed by step."""
    places = [bundle_place, source_place]
    certs = tmp_path_factory.mktemp("certs")
    root, p12 = make_certificates(certs)
    (certs / "password.txt").write_text("s3cret\n", encoding="utf-8")
    out: dict[str, list[Any]] = {}
    out["version"] = both(places, "--version")
    out["help"] = both(places, "--help")
    out["template"] = both(places, "template", "tallies", "{work}/tallies.xlsx")
    out["new"] = both(places, "new", "{work}/sarpy.canvass", "--state", "NE", "--jurisdiction",
                      "Sarpy County", "--election-name", "General Election 2016", "--election-date",
                      "2016-11-08", "--canvass-date", "2016-11-18")
    out["import"] = both(places, "import", "{work}/sarpy.canvass", str(SARPY))
    out["analyze"] = [json.loads(text) for text in both(places, "analyze", "{work}/sarpy.canvass", "--json")]
    for place in places:
        sheets_workbook(source_place.work / "sarpy.canvass", place.work / "recount-sheets.xlsx")
    out["sheets"] = both(places, "sheets", "import", "{work}/sarpy.canvass", "{work}/recount-sheets.xlsx")
    reconciled = both(places, "reconcile", "{work}/sarpy.canvass", "--json")
    out["reconcile_json"] = [json.loads(text) for text in reconciled]
    out["reconcile"] = both(places, "reconcile", "{work}/sarpy.canvass")
    out["report"] = both(places, "report", "{work}/sarpy.canvass", "--out", "{work}/report.pdf")
    out["print_sheets"] = both(places, "print-sheets", "{work}/sarpy.canvass", "--contest", CONTEST,
                               "--out", "{work}/tally-sheets.pdf")
    out["signed"] = both(places, "report", "{work}/sarpy.canvass", "--out", "{work}/signed.pdf",
                         "--sign", str(p12), "--password-file", str(certs / "password.txt"),
                         "--role", "Chair")
    out["verify"] = both(places, "report", "verify", "{work}/signed.pdf", "--trust", str(root))
    out["audit"] = both(places, "audit", "verify", "{work}/sarpy.canvass")
    return out


def test_version_is_the_checkouts(story: dict[str, list[Any]]) -> None:
    bundle, source = story["version"]
    assert bundle == source == f"recount-desktop {__version__}\n"


def test_the_bundle_has_every_command_of_the_checkout(story: dict[str, list[Any]]) -> None:
    """The command modules are found by name at run time; the bundle must carry each one."""
    bundle, source = story["help"]
    assert bundle == source
    commands = sorted(p.stem.removeprefix("cmd_").replace("_", "-")
                      for p in (REPO / "recount_desktop" / "cli").glob("cmd_*.py"))
    assert sorted(re.findall(r"^    ([a-z-]+)\s", bundle, re.MULTILINE)) == commands


def test_every_command_says_the_same_from_the_bundle(story: dict[str, list[Any]]) -> None:
    for step in ("template", "new", "import", "sheets", "reconcile", "print_sheets"):
        bundle, source = story[step]
        assert bundle == source, step
    assert "Imported" in story["import"][0] and "60 contests, 54 precincts" in story["import"][0]


def test_findings_and_reconciliation_json_match_exactly(story: dict[str, list[Any]]) -> None:
    bundle, source = story["analyze"]
    assert bundle == source
    assert len(bundle["contests"]) == 60 and bundle["state"] == "NE"
    race = next(c for c in bundle["contests"] if c["contest"] == CONTEST)
    assert [f["margin"] for f in race["findings"]][:1] == [8]
    bundle, source = story["reconcile_json"]
    assert bundle == source
    race = next(c for c in bundle["contests"] if c["contest"] == CONTEST)
    assert race["pending_sheets"] == 0 and len(race["units"]) > 0
    assert sum(unit["difference"] for unit in race["units"]) == -3


def test_the_blank_template_holds_the_same_cells(bundle_place: Place, source_place: Place,
                                                 story: dict[str, list[Any]]) -> None:
    books = [load_workbook(p.work / "tallies.xlsx") for p in (bundle_place, source_place)]
    cells = [{ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in book} for book in books]
    assert cells[0] == cells[1] and "Tallies" in cells[0]


def test_reports_and_tally_sheets_read_the_same(bundle_place: Place, source_place: Place,
                                                story: dict[str, list[Any]]) -> None:
    for name in ("report.pdf", "tally-sheets.pdf", "signed.pdf"):
        bundle, source = (pdf_pages(place.work / name) for place in (bundle_place, source_place))
        assert bundle == source, name
        assert len(bundle) >= 2
    assert any(CONTEST in page for page in pdf_pages(bundle_place.work / "tally-sheets.pdf"))


def test_the_signed_report_verifies_and_the_audit_chain_holds(story: dict[str, list[Any]]) -> None:
    bundle, source = story["verify"]
    assert mask(bundle) == mask(source)
    assert "not changed since signing" in bundle and "certificate trusted" in bundle
    assert mask(story["audit"][0]) == mask(story["audit"][1])
    assert story["signed"][0].strip() and story["report"][0].strip()


def test_pdfium_draws_a_page_when_started_as_the_window_starts_it(bundle_place: Place,
                                                                  source_place: Place,
                                                                  story: dict[str, list[Any]]) -> None:
    """ui/pdf_pages.py runs ``[sys.executable, "-m", "recount_desktop.reports.pdf_pixels", ...]``; in the
    bundle sys.executable is the bundle itself, and the page must come out pixel for pixel the same."""
    drawn = []
    for place, python in ((bundle_place, bundle_place.command), (source_place, [sys.executable])):
        done = subprocess.run([*python, "-m", "recount_desktop.reports.pdf_pixels",
                               str(source_place.work / "tally-sheets.pdf"), "36", "1"],
                              env=place.env, cwd=place.work, capture_output=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr.decode(errors="replace")
        head, meta, pixels = done.stdout.split(b"\n", 2)
        drawn.append((json.loads(head), json.loads(meta), pixels))
    (b_head, b_meta, b_pixels), (s_head, s_meta, s_pixels) = drawn
    assert b_head == s_head and b_head["pages"] >= 2
    assert b_meta == s_meta and len(b_pixels) == b_meta["size"] > 0
    assert b_pixels == s_pixels  # the same PDF drawn by the same PDFium
    assert b_pixels.count(b"\xff") < len(b_pixels)  # not a blank page


def test_a_server_election_reaches_libpq_from_the_bundle(bundle_place: Place, source_place: Place) -> None:
    """psycopg picks its libpq implementation by name at import; the bundle must carry the binary one.
    No server listens on port 1, so both runs stop at libpq's own refusal, each with a plain message."""
    url = "postgresql://127.0.0.1:1/election"
    for place in (bundle_place, source_place):
        done = place.run("audit", "verify", url)
        assert done.returncode == 1, (place.name, done.stderr)
        assert url in done.stderr and "accepting TCP/IP connections" in done.stderr, (place.name, done.stderr)
        assert "Traceback" not in done.stderr
