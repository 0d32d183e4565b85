"""One way to analyse a stored election: the window's snapshot, ``analyze``, the report and the
after-recount findings read the same readings and waivers and report the same problems (issue 13 §4),
and the after-recount findings say the recount has been held (issue 12, items 7 and 16)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.domain import Choice, Contest, Election, ElectionResults, Precinct, State, Tally
from recount_desktop.recount.after_recount import after_recount
from recount_desktop.recount.analysis import analyse_stored, readings_from_settings, settings_for_board
from recount_desktop.reports.sources import margin_findings
from recount_desktop.store import ElectionFile, create_election_file
from recount_desktop.ui.snapshot import take_snapshot


def _ne_file(tmp_path: Path) -> ElectionFile:
    """Nebraska, Mayor: Ada 1,000, Bo 995 (5 <= 1% of 1,000: automatic unless Bo waives)."""
    election = Election(State.NE, "Test County", "General 2026", date(2026, 11, 3), date(2026, 11, 16))
    store = create_election_file(tmp_path / "ne.canvass", election, operator="clerk")
    mayor = Contest("Mayor", (Choice("Ada"), Choice("Bo")))
    results = ElectionResults(
        (mayor,), (Precinct("P1"),), (Tally("P1", "Mayor", "Ada", 1000), Tally("P1", "Mayor", "Bo", 995))
    )
    store.replace_results(results, {"file": "test"})
    return store


def test_a_bad_stored_reading_keeps_the_others_and_every_view_says_the_same(tmp_path: Path) -> None:
    with _ne_file(tmp_path) as store:
        store.set_setting("reading.NE.total_votes", "ballots")  # not a value this reading allows
        store.set_setting("reading.NE.multi_seat_margin", "top_candidate")  # a good one, kept
        store.set_setting("waivers.Mayor", "Bo")
        analysed = analyse_stored(store)
        assert analysed.readings.value("reading.NE.multi_seat_margin") == "top_candidate"
        assert len(analysed.problems) == 1 and "its default is used" in analysed.problems[0]
        assert "reading.NE" not in analysed.problems[0]  # named by its question, not its key
        bo = analysed.by_contest()["Mayor"].finding_for("Bo")
        assert bo.waived  # the waiver stored in the file applies
        snapshot = take_snapshot(store)
        report = margin_findings(store, store.election(), store.results())
        assert snapshot.problem == report.problem == analysed.problems[0]
        assert snapshot.analyses["Mayor"].finding_for("Bo").explanation == bo.explanation
        assert report.by_contest["Mayor"][0].explanation == bo.explanation


def test_a_waiver_for_someone_not_on_the_ballot_is_a_problem(tmp_path: Path) -> None:
    with _ne_file(tmp_path) as store:
        store.set_setting("waivers.Mayor", "Cy")
        assert any("'Cy'" in p and "does not apply" in p for p in analyse_stored(store).problems)


def test_readings_from_settings_refuses_only_the_bad_one() -> None:
    readings, problems = readings_from_settings(
        {"reading.NE.total_votes": "election", "reading.XX.nothing": "1", "theme": "dark"}
    )
    assert readings.value("reading.NE.total_votes") == "election" and len(problems) == 1


def test_settings_for_board_show_words_not_keys() -> None:
    lines = settings_for_board(
        {"recount.single_entry": "yes", "reading.NE.total_votes": "office", "waivers.Mayor": "Bo\nCy"}
    )
    assert lines == [
        ("Tally sheets entered once (no second, blind entry)", "yes"),
        ("Written waivers filed, Mayor", "Bo, Cy"),
    ]


# -- analyze ---------------------------------------------------------------------------------------------
def test_analyze_an_election_file_uses_its_readings_and_waivers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with _ne_file(tmp_path) as store:
        store.set_setting("waivers.Mayor", "Bo")
        path = str(store.path)
    assert main(["analyze", path, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    finding = data["contests"][0]["findings"][0]
    assert finding["recount"] == "none" and "waived" in finding["flags"] and data["problems"] == []
    assert main(["analyze", path, "--reading", "reading.NE.total_votes=election"]) == 1
    assert "--reading applies to a tally file" in capsys.readouterr().err


def test_analyze_a_tally_file_takes_readings_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 2-seat NE race C 300, D 150, E 148: under the reading given on the command line E's margin is
    the distance to the top vote-getter, 152, not the 2 to the last seat."""
    tallies = tmp_path / "t.csv"
    tallies.write_text(
        "Precinct,Contest,Choice,Votes\n"
        "P1,Board (Vote For 2),C,300\nP1,Board (Vote For 2),D,150\nP1,Board (Vote For 2),E,148\n"
    )
    assert (
        main(
            [
                "analyze",
                str(tallies),
                "--state",
                "NE",
                "--json",
                "--reading",
                "reading.NE.multi_seat_margin=top_candidate",
            ]
        )
        == 0
    )
    captured = capsys.readouterr()
    finding = json.loads(captured.out)["contests"][0]["findings"][0]
    assert finding["choice"] == "E" and finding["margin"] == 152  # to the top vote-getter, C 300
    assert finding["deadline"] is None  # no Election Date in the file: nothing counted from today
    assert "no deadline is counted" in captured.err
    assert (
        main(["analyze", str(tallies), "--state", "NE", "--reading", "reading.NE.total_votes=ballots"]) == 1
    )
    assert "must be one of" in capsys.readouterr().err
    assert main(["analyze", str(tallies), "--state", "NE", "--reading", "nonsense"]) == 1
    assert "KEY=VALUE" in capsys.readouterr().err


# -- after a recount -----------------------------------------------------------------------------------
def _mayor() -> Contest:
    return Contest("Mayor", (Choice("Ada"), Choice("Bo")))


def test_findings_after_a_recount_offer_no_second_route() -> None:
    """Utah: amended Ada 2,003 / Bo 1,997 is still within .25% (6 <= 10), but the recount has been held:
    no filing office, no deadline counted from the canvass."""
    election = Election(State.UT, "Test County", "General 2026", date(2026, 11, 3), date(2026, 11, 16))
    after = after_recount(election, _mayor(), {"Ada": 2005, "Bo": 1995}, {"Ada": 2003, "Bo": 1997})
    finding = after.findings[0]
    assert finding.deadline is None and finding.file_with is None and "recount_held" in finding.flags
    assert "already been held" in finding.explanation and "seven days" not in finding.explanation


def test_colorado_leftover_funds_when_the_recount_changes_the_result() -> None:
    """C.R.S. 1-13.5-1306(2)(f) returns unused funds only "if ... the recount does not change the result".
    Ada 1,000 / Bo 990 becomes Ada 990 / Bo 1,000, requested by Ada (the loser now): no (2)(d) refund
    (not reversed in Ada's favour; 10 > 5, outside (1)), and (2)(f) does not apply."""
    election = Election(State.CO, "Test County", "General 2026", date(2026, 11, 3), date(2026, 11, 16))
    after = after_recount(election, _mayor(), {"Ada": 1000, "Bo": 990}, {"Ada": 990, "Bo": 1000}, "Ada")
    assert "no refund is due" in after.statements[0]
    assert "(2)(f)" in after.statements[0] and "does not apply" in after.statements[0]
    unchanged = after_recount(election, _mayor(), {"Ada": 1000, "Bo": 990}, {"Ada": 1001, "Bo": 989}, "Bo")
    assert "unused portion of the deposit is returned under (2)(f)" in unchanged.statements[0]


# -- Nebraska 32-1119(6) thresholds from the command line -------------------------------------------------
def test_reconcile_sets_the_substantial_change_thresholds(
    ne_store: ElectionFile, capsys: pytest.CaptureFixture[str]
) -> None:
    from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet

    for who in ("Ann", "Ben"):  # a machine recount moves Bo in P1 from 98 to 95
        enter_sheet(ne_store, TallySheetEntry("M-P1", "Mayor", {"Ada": 100, "Bo": 95}, precinct="P1",
                                              method="machine", entered_by=who))
    path = str(ne_store.path)
    assert main(["reconcile", path]) == 0
    out = capsys.readouterr().out
    assert "P1, Bo 98 -> 95 (no threshold is set, so any change is flagged)" in out
    assert "counted using such device" in out
    assert main(["reconcile", path, "--substantial-change-votes", "3"]) == 0
    assert "Substantial change" not in capsys.readouterr().out  # 3 is not more than 3
    assert ne_store.settings()["recount.substantial_change_votes"] == "3"
    assert main(["reconcile", path, "--substantial-change-votes", "three"]) == 1
    assert "must be a whole number" in capsys.readouterr().err
    assert main(["reconcile", path, "--substantial-change-percent", "2.5%"]) == 0  # 3 > 2.5% of 98
    assert "more than 3 votes or 2.5% of the original" in capsys.readouterr().out
