"""``recount-desktop analyze ... --json`` checked key by key against CONTRACT.md, in tally-file mode and on
an election file, with the totals read independently from the workbook (openpyxl) and the margins
recomputed here from those totals."""

from __future__ import annotations

import json
import re
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from recount_desktop.cli import main
from tests.conftest import REPO

SAMPLES = REPO / "sample_data"
# CONTRACT.md plus its later additions: contests[].needs, findings[].notes and flags; problems (issue 12).
TOP_KEYS = {"state", "contests", "problems"}
CONTEST_KEYS = {"contest", "kind", "seats", "total_votes", "choices", "findings", "notes", "needs"}
CHOICE_KEYS = {"choice", "votes", "outcome"}
FINDING_KEYS = {
    "choice",
    "margin",
    "recount",
    "threshold",
    "citation",
    "requested_by",
    "file_with",
    "deadline",
    "cost",
    "signatures_required",
    "explanation",
    "notes",
    "flags",
}
STATUSES = {"automatic", "on_request", "at_own_expense", "none", "not_applicable"}
DECIMAL = re.compile(r"^\d+(\.\d+)?$")
ISO_MINUTE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d$")


def _workbook_totals(path: Path) -> dict[str, dict[str, int]]:
    """The Tallies sheet summed per contest and choice, read without the importers."""
    book = openpyxl.load_workbook(path, read_only=True)
    try:
        rows = list(book["Tallies"].iter_rows(values_only=True))
    finally:
        book.close()
    header = [str(h).strip().lower() for h in rows[0]]
    contest, choice, votes = header.index("contest"), header.index("choice"), header.index("votes")
    totals: dict[str, dict[str, int]] = {}
    for row in rows[1:]:
        per = totals.setdefault(row[contest], {})
        per[row[choice]] = per.get(row[choice], 0) + int(row[votes])
    return totals


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_finding(finding: dict[str, Any]) -> None:
    assert set(finding) == FINDING_KEYS
    assert isinstance(finding["choice"], str) and _is_int(finding["margin"]) and finding["margin"] >= 0
    assert finding["recount"] in STATUSES
    threshold = finding["threshold"]
    assert threshold is None or (isinstance(threshold, str) and DECIMAL.match(threshold)), threshold
    for key in ("citation", "requested_by", "explanation"):
        assert isinstance(finding[key], str) and finding[key].strip(), key
    for key in ("file_with", "cost"):
        assert finding[key] is None or isinstance(finding[key], str), key
    assert finding["signatures_required"] is None or _is_int(finding["signatures_required"])
    deadline = finding["deadline"]
    if deadline is not None:
        assert ISO_MINUTE.match(deadline), deadline
        datetime.fromisoformat(deadline)  # a real local date and time


def _check_contest(contest: dict[str, Any], totals: dict[str, int]) -> None:
    """Keys, types, totals, one finding per loser, and the margin recomputed from the workbook's totals."""
    assert set(contest) == CONTEST_KEYS
    assert (
        contest["kind"] in ("candidate", "question") and _is_int(contest["seats"]) and contest["seats"] >= 1
    )
    choices = contest["choices"]
    assert all(set(c) == CHOICE_KEYS and _is_int(c["votes"]) for c in choices)
    assert {c["choice"]: c["votes"] for c in choices} == totals
    assert contest["total_votes"] == sum(totals.values())
    for finding in contest["findings"]:
        _check_finding(finding)
    found = [f["choice"] for f in contest["findings"]]
    assert len(found) == len(set(found))
    if contest["kind"] == "question":
        # every line carries the question's result; the losing side is No when approved, Yes when not
        results = {c["outcome"] for c in choices}
        assert results in ({"approved"}, {"rejected"})
        yes_name, no_name = sorted(totals, key=lambda k: k.lower() not in ("yes", "for"))
        assert found == [no_name if results == {"approved"} else yes_name]
        yes, no = totals[yes_name], totals[no_name]
        assert contest["findings"][0]["margin"] == abs(yes - no)
        return
    assert {c["outcome"] for c in choices} <= {"elected", "defeated", "tied"}
    losers = [c["choice"] for c in choices if c["outcome"] in ("defeated", "tied")]
    assert sorted(found) == sorted(losers)  # one finding per losing candidate
    elected = [c["votes"] for c in choices if c["outcome"] == "elected"]
    tied = [c["votes"] for c in choices if c["outcome"] == "tied"]
    last_seat = min(elected + tied) if tied else min(elected)
    for finding in contest["findings"]:
        assert finding["margin"] == last_seat - totals[finding["choice"]]


def _analyze_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["analyze", *args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == TOP_KEYS
    return data


def test_tally_file_mode_matches_the_contract(capsys: pytest.CaptureFixture[str]) -> None:
    path = SAMPLES / "sample_ne.xlsx"
    data = _analyze_json([str(path)], capsys)
    totals = _workbook_totals(path)
    assert data["state"] == "NE"
    assert [c["contest"] for c in data["contests"]] == list(totals)
    for contest in data["contests"]:
        _check_contest(contest, totals[contest["contest"]])
    by_name = {c["contest"]: c for c in data["contests"]}
    # NE 32-1119(1)(a): T=3,980 > 500 -> 1% of 2,000 = 20; margin 2,000-1,980 = 20 -> automatic, exactly at it
    hadley = by_name["County Commissioner District 2"]["findings"][0]
    assert (hadley["margin"], hadley["recount"], hadley["threshold"]) == (20, "automatic", "20")
    # NE 32-1119(3): filed with the SOS, recount on the fifth Wednesday after 3 Nov 2026, 9 a.m.
    iverson = by_name["Public Service Commissioner District 2"]["findings"][0]
    assert iverson["deadline"] == "2026-12-02T09:00"
    # NE-4 tie 410-410: T=820 -> 1% of 410 = 4.1, written as an exact decimal string
    nrd = by_name["NRD Subdistrict 4"]["findings"]
    assert [(f["margin"], f["threshold"]) for f in nrd] == [(0, "4.1"), (0, "4.1")]
    assert Fraction(nrd[0]["threshold"]) == Fraction(
        410, 100
    )  # exact: Fraction reads a decimal string exactly
    # 32-1119 covers candidates only: the bond question has no route and no limit
    bond = by_name["Library Bond Question"]["findings"][0]
    assert (bond["choice"], bond["recount"], bond["threshold"], bond["deadline"]) == (
        "No",
        "none",
        None,
        None,
    )


@pytest.mark.parametrize("state", ["UT", "MT"])
def test_election_file_mode_matches_the_contract(
    state: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = SAMPLES / f"sample_{state.lower()}.xlsx"
    election = tmp_path / f"{state}.canvass"
    assert (
        main(
            [
                "new",
                str(election),
                "--state",
                state,
                "--jurisdiction",
                "Test County",
                "--election-name",
                "General Election 2026",
                "--election-date",
                "2026-11-03",
                "--canvass-date",
                "2026-11-16",
                "--operator",
                "auditor",
            ]
        )
        == 0
    )
    assert main(["import", str(election), str(sample), "--operator", "auditor"]) == 0
    capsys.readouterr()
    data = _analyze_json([str(election)], capsys)
    totals = _workbook_totals(sample)
    assert data["state"] == state and [c["contest"] for c in data["contests"]] == list(totals)
    for contest in data["contests"]:
        _check_contest(contest, totals[contest["contest"]])
    findings = [f for c in data["contests"] for f in c["findings"]]
    if state == "UT":
        # UT (1)(d)(ii) / UT-3: before 5 p.m. on the seventh day after the 16 Nov canvass
        open_routes = [f for f in findings if f["recount"] in ("on_request", "at_own_expense")]
        assert open_routes and all(f["deadline"] == "2026-11-23T17:00" for f in open_routes)
    else:
        # MT 13-16-201(1): within 5 days after the 16 Nov canvass, no hour stated
        petitions = [f for f in findings if f["recount"] == "on_request"]
        assert petitions and all(f["deadline"] == "2026-11-21T23:59" for f in petitions)
    # a finding with no route offers no deadline, office or petition (it would read as an open route)
    for finding in findings:
        if finding["recount"] == "none":
            assert finding["signatures_required"] is None
            assert finding["deadline"] is None or "13-16-301" in finding["citation"]
