"""The per-state sample elections give the findings they were designed for; ``analyze`` prints them."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import openpyxl
import pytest

from recount_desktop.cli import main
from recount_desktop.domain import Approval, Choice, Contest, ContestKind, Election, State
from recount_desktop.domain.rules import analyze_contest, load_rules
from sample_data.make_state_samples import ELECTIONS, EXPECTED, write_state_sample
from tests.domain.rules.test_analyze_json_contract import CONTEST_KEYS, FINDING_KEYS


def _read_sample(path: Path) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, object]]]:
    book = openpyxl.load_workbook(path, read_only=True)
    try:
        totals: dict[str, dict[str, int]] = {}
        for _, contest, choice, votes, *_ in list(book["Tallies"].iter_rows(values_only=True))[1:]:
            totals.setdefault(contest, {}).setdefault(choice, 0)
            totals[contest][choice] += votes
        rows = list(book["Contests"].iter_rows(values_only=True))
        attrs = {row[0]: dict(zip(rows[0], row, strict=True)) for row in rows[1:]}
    finally:
        book.close()
    return totals, attrs


@pytest.mark.parametrize("state", list(ELECTIONS))
def test_sample_election_gives_the_designed_findings(state: str, tmp_path: Path) -> None:
    totals, attrs = _read_sample(write_state_sample(state, tmp_path))
    jurisdiction, name, election_date, canvass_date, designed = ELECTIONS[state]
    assert totals == {contest: t for contest, (t, _) in designed.items()}
    election = Election(
        State(state), jurisdiction, name, date.fromisoformat(election_date), date.fromisoformat(canvass_date)
    )
    for contest_name, (choice, status) in EXPECTED[state].items():
        row = attrs[contest_name]
        contest = Contest(
            contest_name,
            tuple(Choice(n) for n in totals[contest_name]),
            kind=ContestKind(row["Kind"]),
            seats=int(row["Seats"]),
            scope=row["Scope"],
            voting_method=row["Voting Method"],
            approval=Approval.parse(str(row["Approval"] or "majority")),
            measure_type=row["Measure Type"] or None,
            filed_with=row["Filed With"],
        )
        analysis = analyze_contest(load_rules(state), election, contest, totals[contest_name])
        assert analysis.finding_for(choice).recount.value == status, contest_name


def test_analyze_tally_file_json_matches_the_contract(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_state_sample("UT", tmp_path)
    assert main(["analyze", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["state"] == "UT" and set(data) == {"state", "contests", "problems"}
    contest = next(c for c in data["contests"] if c["contest"] == "County Council Seat A")
    assert set(contest) == CONTEST_KEYS
    assert contest["total_votes"] == 4000
    finding = next(f for f in contest["findings"] if f["choice"] == "Bea Bell")
    assert set(finding) == FINDING_KEYS
    assert (finding["margin"], finding["recount"], finding["threshold"]) == (10, "on_request", "10")
    assert finding["deadline"] == "2026-11-24T17:00" and finding["file_with"] == "county clerk"


def test_analyze_election_file_uses_stored_readings(
    election_file,
    results,
    tmp_path: Path,  # type: ignore[no-untyped-def]
    capsys: pytest.CaptureFixture[str],
) -> None:
    election_file.replace_results(results, {"file": "test"})
    election_file.set_setting("reading.NE.multi_seat_margin", "top_candidate")
    path = str(election_file.path)
    assert main(["analyze", path]) == 0
    table = " ".join(capsys.readouterr().out.split())  # the explanation is wrapped at 100 columns
    assert "School Board (Vote For 2)" in table and "changed for this election" in table
    assert main(["analyze", path, "--state", "UT"]) == 1
    assert "not UT" in capsys.readouterr().err


def test_analyze_tally_file_without_state_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tallies.csv"
    path.write_text("Precinct,Contest,Choice,Votes\nP1,Mayor,A,10\nP1,Mayor,B,9\n")
    assert main(["analyze", str(path)]) == 1
    assert "--state" in capsys.readouterr().err
    assert main(["analyze", str(path), "--state", "CO"]) == 0
    assert "Mayor" in capsys.readouterr().out
