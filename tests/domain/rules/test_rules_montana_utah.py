"""Montana 13-16-201/-203/-211 and Utah 20A-4-401 boundaries, from the statute text."""

from __future__ import annotations

from datetime import datetime

from recount_desktop.domain import ContestStatistics
from recount_desktop.domain.rules import ReadingSettings, analyze_contest, load_rules
from tests.domain.rules.rules_helpers import analyze, contest, election, status


# -- Montana (1)(a): "not exceeding 1/4 of 1% ... or ... not exceeding 10 votes, whichever is greater"
def test_mt_single_county_quarter_percent() -> None:
    assert status("MT", {"A": 4010, "B": 3990}) == "on_request"  # T=8000: 20 <= 20
    assert status("MT", {"A": 4011, "B": 3990}) == "at_own_expense"  # 21 > 20.0025: bond under 13-16-211


def test_mt_single_county_ten_vote_floor() -> None:
    assert status("MT", {"A": 505, "B": 495}) == "on_request"  # T=1000: 10 <= max(2.5, 10)
    assert status("MT", {"A": 506, "B": 495}) == "none"  # 11 > 10; 211 limit 5.005: court only


def test_mt_multi_county_has_no_floor_and_bond_band() -> None:
    kw = {"scope": "legislative"}
    assert status("MT", {"A": 501, "B": 499}, **kw) == "on_request"  # 2 <= 2.5
    assert status("MT", {"A": 502, "B": 499}, **kw) == "at_own_expense"  # 3 > 2.5, <= 1/2% (5.005)
    assert status("MT", {"A": 503, "B": 498}, **kw) == "at_own_expense"  # 5 <= 5.005
    assert status("MT", {"A": 504, "B": 498}, **kw) == "none"  # 6 > 5.01


def test_mt_filing_and_deadline() -> None:
    local = analyze("MT", {"A": 505, "B": 495}).finding_for("B")
    state = analyze("MT", {"A": 501, "B": 499}, scope="legislative").finding_for("B")
    assert (local.file_with, state.file_with) == ("election administrator", "secretary of state")
    assert local.deadline == datetime(2026, 11, 21, 23, 59)  # 5 days after the 16 Nov canvass
    school = analyze("MT", {"A": 505, "B": 495}, scope="school_district").finding_for("B")
    assert school.file_with == "school election filing officer"


def test_mt_questions_signatures_and_counties() -> None:
    local = analyze("MT", {"Yes": 2005, "No": 1995}).finding_for("No")  # 10 <= 1/4% of 4000
    assert (local.recount.value, local.signatures_required) == ("on_request", 10)
    assert status("MT", {"Yes": 2006, "No": 1994}, "No") == "none"  # 12 > 10
    statewide = analyze("MT", {"Yes": 2005, "No": 1995}, scope="statewide").finding_for("No")
    assert statewide.signatures_required == 100 and "at least 5 counties" in statewide.explanation
    district = analyze("MT", {"Yes": 2005, "No": 1995}, scope="multi_county").finding_for("No")
    assert district.signatures_required == 25 and "at least 2 counties" in district.explanation


def test_mt_certified_tie_is_recounted_automatically() -> None:
    analysis = analyze("MT", {"A": 700, "B": 700, "C": 10})
    assert {f.choice: f.recount.value for f in analysis.findings} == {
        "A": "automatic",
        "B": "automatic",
        "C": "none",
    }


def test_mt_total_votes_reading_both_settings() -> None:
    rules, totals = load_rules("MT"), {"A": 4011, "B": 3990}  # 21 votes; T=8001 for the office
    stats = ContestStatistics("Race", None, ballots_cast=8400)  # 1/4% of 8400 = 21
    office = analyze_contest(rules, election("MT"), contest(totals), totals, stats)
    ballots = analyze_contest(
        rules,
        election("MT"),
        contest(totals),
        totals,
        stats,
        settings=ReadingSettings.from_mapping({"reading.MT.total_votes": "all_ballots"}),
    )
    assert office.finding_for("B").recount.value == "at_own_expense"
    assert ballots.finding_for("B").recount.value == "on_request"


# -- Utah (1)(b) "equal to or less than .25%"; (1)(c) "one vote" at 400 or fewer
def test_ut_quarter_percent_of_all_candidates() -> None:
    assert status("UT", {"A": 2000, "B": 1990, "C": 10}) == "on_request"  # T=4000: 10 <= 10
    assert status("UT", {"A": 2000, "B": 1990, "C": 9}) == "none"  # T=3999: 10 > 9.9975


def test_ut_four_hundred_or_fewer_needs_exactly_one_vote() -> None:
    assert status("UT", {"A": 200, "B": 199, "C": 1}) == "on_request"  # T=400, difference 1
    assert status("UT", {"A": 200, "B": 198, "C": 2}) == "none"  # difference 2
    assert status("UT", {"A": 201, "B": 200}) == "on_request"  # T=401: 1 <= 1.0025
    assert status("UT", {"A": 202, "B": 199}) == "none"  # T=401: 3 > 1.0025


def test_ut_tie_in_a_small_race_both_readings() -> None:
    assert status("UT", {"A": 150, "B": 150}, "A") == "on_request"
    literal = {"reading.UT.small_race_tie": "literal"}
    assert status("UT", {"A": 150, "B": 150}, "A", readings=literal) == "none"
    assert status("UT", {"Yes": 200, "No": 200}, "Yes") == "at_own_expense"
    assert status("UT", {"Yes": 200, "No": 200}, "Yes", readings=literal) == "none"


def test_ut_multi_seat_compares_with_the_lowest_winner() -> None:
    finding = analyze("UT", {"A": 3000, "B": 2000, "C": 1997}, seats=2).finding_for("C")
    assert (finding.compared_with, finding.margin, finding.recount.value) == ("B", 3, "on_request")


def test_ut_propositions_any_ten_voters_who_pay() -> None:
    finding = analyze("UT", {"Yes": 2005, "No": 1995}).finding_for("No")
    assert (finding.recount.value, finding.signatures_required) == ("at_own_expense", 10)
    assert "pay" in finding.cost
    assert status("UT", {"Yes": 2006, "No": 1994}, "No") == "none"


def test_ut_instant_runoff_excluded() -> None:
    assert status("UT", {"A": 2000, "B": 1999}, voting_method="irv") == "not_applicable"


def test_ut_filing_office_and_deadline_by_election_type_and_scope() -> None:
    primary = analyze("UT", {"A": 2000, "B": 1995}, election_name="Municipal Primary 2026",
                      election_type="municipal_primary").finding_for("B")
    assert primary.file_with == "municipal clerk" and primary.deadline == datetime(2026, 11, 19, 17, 0)
    general = analyze("UT", {"A": 2000, "B": 1995}).finding_for("B")
    assert general.file_with == "county clerk" and general.deadline == datetime(2026, 11, 23, 17, 0)
    assert (
        analyze("UT", {"A": 2000, "B": 1995}, scope="statewide").finding_for("B").file_with
        == "lieutenant governor"
    )
    assert (
        analyze("UT", {"A": 2000, "B": 1995}, election_type="local_district", scope="multi_county")
        .finding_for("B")
        .file_with
        == "local district clerk"
    )


def test_suppressed_cells_mark_findings_as_resting_on_incomplete_data() -> None:
    analysis = analyze("UT", {"A": 2000, "B": 1995}, incomplete_precinct_data=True)
    finding = analysis.finding_for("B")
    assert finding.incomplete_data and "incomplete data" in finding.explanation
    assert not analyze("UT", {"A": 2000, "B": 1995}).finding_for("B").incomplete_data
