"""The statute review's findings on dates, money and wording (issue 12, items 6-17). Each case is worked
out by hand from the statute text; each failed on the engine before the fix."""

from __future__ import annotations

from datetime import date

from recount_desktop.domain import Choice, Contest, ContestKind, Election, ElectionType, State
from recount_desktop.domain.records import MeasureType, Scope
from recount_desktop.domain.rules import analysis_to_json, analyze_contest, load_rules
from recount_desktop.domain.rules.holidays import load_calendar
from recount_desktop.domain.rules.substantial_change import substantial_change_sentence
from tests.domain.rules.rules_helpers import analyze, contest, election


def _election(state: str, canvass: date | None, kind: str = "general") -> Election:
    return Election(
        State(state), "Test County", "Test 2026", date(2026, 11, 3), canvass, election_type=ElectionType(kind)
    )


# -- 6. no date known: no deadline, never counted from today ------------------------------------------
def test_no_canvass_date_means_no_deadline_and_says_what_to_set() -> None:
    totals = {"A": 4010, "B": 3990}
    finding = analyze_contest(load_rules("MT"), _election("MT", None), contest(totals), totals).finding_for(
        "B"
    )
    assert finding.deadline is None and "date_unknown" in finding.flags
    assert "not known: set the canvass date" in finding.explanation


def test_a_tally_file_without_an_election_date_counts_no_deadline() -> None:
    totals = {"A": 1000, "B": 999}
    finding = analyze_contest(
        load_rules("CO"), _election("CO", None), contest(totals), totals, election_date_known=False
    ).finding_for("B")
    assert finding.deadline is None
    assert "not known: set the election date" in finding.explanation
    as_json = analysis_to_json(
        "CO",
        [
            analyze_contest(
                load_rules("CO"), _election("CO", None), contest(totals), totals, election_date_known=False
            )
        ],
    )
    assert as_json["contests"][0]["findings"][0]["deadline"] is None


# -- 8. legal holidays ----------------------------------------------------------------------------
def test_a_deadline_on_a_legal_holiday_is_flagged_for_review() -> None:
    """Montana: canvass Friday 6 November 2026 + 5 days = Wednesday 11 November, Veterans Day
    (Mont. Code Ann. 1-1-216)."""
    totals = {"A": 4010, "B": 3990}
    finding = analyze_contest(
        load_rules("MT"), _election("MT", date(2026, 11, 6)), contest(totals), totals
    ).finding_for("B")
    assert finding.deadline is not None and finding.deadline.date() == date(2026, 11, 11)
    assert "holiday" in finding.flags and "legal holiday, Veterans Day" in finding.explanation


def test_the_calendars_know_each_states_own_holidays() -> None:
    assert load_calendar("UT").holiday_on(date(2026, 7, 24)) == "Pioneer Day"
    assert load_calendar("NE").holiday_on(date(2026, 4, 24)) == "Arbor Day"  # last Friday in April
    assert load_calendar("NE").holiday_on(date(2026, 11, 26)) == "Thanksgiving Day"
    assert load_calendar("CO").holiday_on(date(2026, 7, 3)) == "Independence Day (observed)"  # 4 July: Sat
    assert load_calendar("MT").holiday_on(date(2026, 11, 3)) == "General election day"
    assert load_calendar("OK").holiday_on(date(2026, 11, 30)) is None


# -- 9. Oklahoma deposit on an estimate -----------------------------------------------------------
def test_an_oklahoma_deposit_without_ballots_cast_says_it_is_an_estimate() -> None:
    totals = {"A": 600, "B": 400}
    analysis = analyze_contest(
        load_rules("OK"),
        election("OK"),
        contest(totals),
        totals,
        ballots_by_county={"Test County": 1000},
        ballots_estimated=True,
    )
    finding = analysis.finding_for("B")
    assert "estimated" in finding.flags
    assert "the deposit is an estimate: 1,000 ballots" in (finding.cost or "")


def test_an_oklahoma_deposit_on_ballots_cast_is_not_called_an_estimate() -> None:
    totals = {"A": 600, "B": 400}
    finding = analyze_contest(
        load_rules("OK"), election("OK"), contest(totals), totals, ballots_by_county={"Test County": 1100}
    ).finding_for("B")
    assert "estimated" not in finding.flags and "estimate" not in (finding.cost or "")


# -- 10. Oklahoma state question JSON ---------------------------------------------------------------
def test_an_oklahoma_state_question_shows_the_statutory_limit_and_margin() -> None:
    """T = 10,000, R = T/2 = 5,000, yes 5,050: margin 50, limit 1/2 of 1% of 10,000 = 50 (not 100 and 100)."""
    race = Contest(
        "SQ 1",
        (Choice("Yes"), Choice("No")),
        kind=ContestKind.QUESTION,
        scope=Scope.STATEWIDE,
        measure_type=MeasureType.STATUTORY,
    )
    totals = {"Yes": 5050, "No": 4950}
    finding = analysis_to_json("OK", [analyze_contest(load_rules("OK"), election("OK"), race, totals)])
    assert (
        finding["contests"][0]["findings"][0]["margin"],
        finding["contests"][0]["findings"][0]["threshold"],
    ) == (50, "50")
    inside = analyze_contest(load_rules("OK"), election("OK"), race, {"Yes": 5040, "No": 4960})
    assert inside.findings[0].votes_inside_trigger == 10  # 40 is 10 votes inside 50, not 20 inside 100
    odd = analyze_contest(load_rules("OK"), election("OK"), race, {"Yes": 5051, "No": 4950})
    assert analysis_to_json("OK", [odd])["contests"][0]["findings"][0]["margin"] == 50.5  # |5051 - 10001/2|
    assert "Margin 50.5 votes" in odd.findings[0].explanation


# -- 11. Montana wording -----------------------------------------------------------------------------
def test_a_montana_question_outside_the_limit_names_electors_not_a_candidate() -> None:
    finding = analyze("MT", {"Yes": 600, "No": 400}).finding_for("No")
    assert finding.recount.value == "none"
    assert "elector" in finding.requested_by and "candidate" not in finding.requested_by


def test_every_montana_finding_mentions_the_canvassing_boards_own_petition() -> None:
    for totals in ({"A": 4010, "B": 3990}, {"A": 9000, "B": 1000}, {"Yes": 600, "No": 400}):
        for finding in analyze("MT", totals).findings:
            assert "13-16-201(1)(f)" in finding.explanation and "13-15-403" in finding.explanation


# -- 12. Nebraska 32-1119(6) -------------------------------------------------------------------------
def test_a_substantial_change_is_counted_again_on_the_device_not_by_hand() -> None:
    text = substantial_change_sentence("Precinct 4", "Ellen Fitch", 80, 79, "0 votes")
    assert "counted using such device" in text and "by hand" not in text and "board decides" not in text
    assert "no threshold is set, so any change is flagged" in text
    assert "more than 5 votes" in substantial_change_sentence("P", "A", 1, 9, "5 votes")


# -- 13. Oklahoma primaries with a runoff ------------------------------------------------------------
def test_an_oklahoma_runoff_primary_finding_measures_second_against_third() -> None:
    """T = 1,147: a majority is 574; A has 450, 124 short. The runoff place: B 300 vs C 297, 3 votes."""
    analysis = analyze(
        "OK", {"A": 450, "B": 300, "C": 297, "D": 100}, election_type="primary", runoff_possible=True
    )
    finding = analysis.finding_for("C")
    assert "124 votes short of a majority" in finding.explanation
    assert "B 300, C 297, a distance of 3 votes" in finding.explanation


# -- 14. contests beyond the county ------------------------------------------------------------------
def test_a_statewide_contest_in_one_countys_file_is_county_part_only() -> None:
    finding = analyze("UT", {"A": 2005, "B": 1995}, scope="statewide").finding_for("B")
    assert "county_part_only" in finding.flags
    assert "county part only" in finding.explanation and "combined totals" in finding.explanation
    assert "county_part_only" not in analyze("UT", {"A": 2005, "B": 1995}).finding_for("B").flags


# -- 15. a waived Nebraska finding -------------------------------------------------------------------
def test_a_waived_nebraska_finding_keeps_no_route_text() -> None:
    finding = analyze("NE", {"A": 1000, "B": 995}, waivers=("B",)).finding_for("B")
    assert finding.waived and finding.recount.value == "none"
    assert finding.cost is None and finding.file_with is None
    assert "Paid by the political subdivisions" not in finding.explanation
    assert "may waive the recount by a written statement" not in finding.explanation


# -- 17. smaller --------------------------------------------------------------------------------------
def test_an_all_zero_contest_is_no_votes_not_an_automatic_recount() -> None:
    analysis = analyze("NE", {"A": 0, "B": 0, "C": 0}, seats=2)
    assert analysis.findings == () and any("No votes are recorded" in n for n in analysis.notes)


def test_one_precinct_is_singular() -> None:
    totals = {"A": 1000, "B": 900}
    finding = analyze_contest(load_rules("NE"), election("NE"), contest(totals), totals, precinct_count=1)
    assert "1 precinct x $100 = $100" in finding.finding_for("B").explanation


def test_a_reading_whose_base_is_missing_says_which_base_it_used() -> None:
    """MT-1 'all ballots' without ballots cast in the file: the limit cannot be on that base; say so."""
    finding = analyze("MT", {"A": 4010, "B": 3990}, readings={"reading.MT.total_votes": "all_ballots"})
    b = finding.finding_for("B")
    assert "review" in b.flags and "which the file does not give" in b.explanation


def test_a_utah_tie_shows_that_the_text_in_force_may_differ() -> None:
    finding = analyze("UT", {"A": 150, "B": 150}).finding_for("B")
    assert "version" in finding.flags and "makes a recount mandatory for a tie" in finding.explanation


# -- no developer words reach a board ----------------------------------------------------------------
def test_no_developer_words_in_any_finding() -> None:
    cases = [
        ("NE", {"A": 1000, "B": 995}, {}),
        ("NE", {"A": 1000, "B": 900}, {}),
        ("CO", {"A": 1000, "B": 999, "C": 10}, {"seats": 2}),
        ("OK", {"A": 600, "B": 400}, {}),
        ("MT", {"A": 4010, "B": 3990}, {}),
        ("UT", {"A": 150, "B": 150}, {}),
        ("MT", {"Yes": 5990, "No": 4010}, {"approval": "3/5"}),
    ]
    for state, totals, attrs in cases:
        for finding in analyze(state, totals, **attrs).findings:  # type: ignore[arg-type]
            text = " ".join((finding.explanation, finding.citation, finding.cost or "", *finding.notes))
            for word in ("RULES.md", "reading.", "self-law", "LegalFix", "seed"):
                assert word not in text, (state, word, text)
