"""The statute review's findings (issue 12): each case was worked out by hand from the statute text, and
each failed on the engine before the fix."""

from __future__ import annotations

from datetime import date

from recount_desktop.domain import Choice, Contest, ContestKind, Election, ElectionType, State
from recount_desktop.domain.outcome import ChoiceOutcome
from recount_desktop.domain.records import MeasureType, Scope
from recount_desktop.domain.rules import ReadingSettings, analysis_to_json, analyze_contest, load_rules
from tests.domain.rules.rules_helpers import analyze, election


def _race(*choices: Choice, seats: int = 1, **attrs: object) -> Contest:
    return Contest("Race", choices, seats=seats, **attrs)  # type: ignore[arg-type]


# -- 1. aggregate write-in lines --------------------------------------------------------------------
def test_a_write_in_line_is_never_the_last_winner_nor_measured_against() -> None:
    """Vote For 2, A 500 / Write-in 300 / B 250 / C 248 in Nebraska: C trails B by 2, and 2 <= 1% of 500
    (the top vote-getter A; T = 1,298 > 500), so C's recount is automatic."""
    totals = {"A": 500, "Write-in": 300, "B": 250, "C": 248}
    analysis = analyze("NE", totals, seats=2)
    finding = analysis.finding_for("C")
    assert (finding.compared_with, finding.margin, finding.recount.value) == ("B", 2, "automatic")
    assert "trails B" in finding.explanation and "trails Write-in" not in finding.explanation
    assert [f.choice for f in analysis.findings] == ["C"]  # no finding of the write-in line's own
    assert analysis.outcome.outcome_of("Write-in") is ChoiceOutcome.WRITE_IN
    assert analysis.total_votes == 1298  # counted in the total under the default reading
    contest_json = analysis_to_json("NE", [analysis])["contests"][0]
    assert {"choice": "Write-in", "votes": 300, "outcome": "write_in"} in contest_json["choices"]


def test_a_write_in_line_marked_at_import_is_honoured_whatever_its_name() -> None:
    race = _race(Choice("A"), Choice("Scattered votes", aggregate_write_in=True), Choice("B"))
    analysis = analyze_contest(
        load_rules("NE"), election("NE"), race, {"A": 100, "Scattered votes": 200, "B": 99}
    )
    assert analysis.outcome.winners == ("A",)
    assert [f.choice for f in analysis.findings] == ["B"]
    assert analysis.findings[0].compared_with == "A"


def test_a_write_in_line_is_never_the_top_vote_getter() -> None:
    """NE's limit is 1% of the top vote-getter: the write-in line (900) is not that candidate; A (400) is."""
    finding = analyze("NE", {"Write-in": 900, "A": 400, "B": 396}).finding_for("B")
    assert finding.threshold == 4 and finding.recount.value == "automatic"


def test_the_write_in_reading_can_leave_the_line_out_of_the_total() -> None:
    """NE: A 260 / B 255 / Write-in 10. With the line, T = 525 > 500 -> 1% of 260 = 2.6 < 5; without it
    T = 515... both above 500; use a case at the boundary: A 250 / B 246 / Write-in 10: T 506 vs 496."""
    totals = {"A": 250, "B": 246, "Write-in": 10}
    counted = analyze("NE", totals).finding_for("B")
    left_out = analyze("NE", totals, readings={"reading.NE.aggregate_write_ins": "exclude"}).finding_for("B")
    assert counted.recount.value == "at_own_expense"  # 1% of 250 = 2.5 < 4
    assert left_out.recount.value == "automatic"  # 2% of 250 = 5 >= 4 (496 votes: 500 or fewer)
    assert "aggregate write-in line" in counted.explanation


# -- 2. partisan primaries ---------------------------------------------------------------------------
def _primary(*choices: Choice, seats: int = 1) -> tuple[Election, Contest]:
    el = Election(
        State.NE,
        "Test County",
        "Primary 2026",
        date(2026, 5, 12),
        date(2026, 5, 21),
        election_type=ElectionType.PRIMARY,
    )
    return el, _race(*choices, seats=seats)


def test_a_partisan_primary_is_one_nomination_contest_per_party() -> None:
    """REP: R1 600, R2 597; DEM: D1 300, D2 250. Across parties R2 would trail R1 and D1 would trail R1 too;
    within parties each party nominates its own: R1 and D1 win, R2 trails R1 by 3, D2 trails D1 by 50."""
    el, race = _primary(Choice("R1", "REP"), Choice("R2", "REP"), Choice("D1", "DEM"), Choice("D2", "DEM"))
    totals = {"R1": 600, "R2": 597, "D1": 300, "D2": 250}
    analysis = analyze_contest(load_rules("NE"), el, race, totals)
    assert set(analysis.outcome.winners) == {"R1", "D1"}
    assert {f.choice: (f.compared_with, f.margin) for f in analysis.findings} == {
        "R2": ("R1", 3),
        "D2": ("D1", 50),
    }
    d2 = analysis.finding_for("D2")
    # 2% of 300 (the DEM top vote-getter; 550 DEM votes > 500 -> 1%) = 3 < 50: at the candidate's expense.
    assert d2.threshold == 3 and "DEM nomination" in d2.explanation


def test_a_primary_without_party_data_says_so_in_the_finding() -> None:
    el, race = _primary(Choice("A"), Choice("B"))
    finding = analyze_contest(load_rules("NE"), el, race, {"A": 100, "B": 99}).finding_for("B")
    assert "no party is recorded" in finding.explanation and "party_missing" in finding.flags


def test_a_primary_candidate_without_a_party_is_named() -> None:
    el, race = _primary(Choice("A", "REP"), Choice("B", "REP"), Choice("C"))
    analysis = analyze_contest(load_rules("NE"), el, race, {"A": 100, "B": 99, "C": 500})
    assert analysis.outcome.winners == ("A",)
    assert "no party is recorded for C" in analysis.finding_for("B").explanation
    assert "party" in analysis.needs


# -- 3. Colorado: subsection (1) orders the whole contest recounted ------------------------------------
def test_colorado_no_paid_request_when_subsection_1_already_orders_a_recount() -> None:
    """Vote For 2: A 1000, B 800, C 799, D 500. C is within 1/2 of 1% of B (799 vs 800: 200*1 <= 800), so
    (1) orders the recount; D (300 behind) is recounted under (1) too and is not offered (2)(a)."""
    analysis = analyze("CO", {"A": 1000, "B": 800, "C": 799, "D": 500}, seats=2)
    assert analysis.finding_for("C").recount.value == "automatic"
    d = analysis.finding_for("D")
    assert d.recount.value == "automatic" and d.citation == "C.R.S. 1-13.5-1306(1)"
    assert "recounted under C.R.S. 1-13.5-1306(1)" in d.explanation
    assert "Under the other reading" not in d.explanation  # C stays within under either base
    assert "seventeen days" not in d.explanation and d.cost is not None and "requester" not in d.cost


# -- 4. Oklahoma state question with no measure type -----------------------------------------------
def _state_question(measure: MeasureType | None) -> Contest:
    return Contest(
        "SQ 1",
        (Choice("Yes"), Choice("No")),
        kind=ContestKind.QUESTION,
        scope=Scope.STATEWIDE,
        measure_type=measure,
    )


def test_an_oklahoma_state_question_without_a_measure_type_is_never_assumed_statutory() -> None:
    """T = 10,000, R = 5,000: yes 5,080 is 80 from R. Statutory limit 50 (1/2%): not within, so only the
    Governor/AG may ask; constitutional limit 100 (1%): within, automatic. The type decides."""
    totals = {"Yes": 5080, "No": 4920}
    rules, el = load_rules("OK"), election("OK")
    unset = analyze_contest(rules, el, _state_question(None), totals)
    finding = unset.finding_for("No")
    assert unset.needs == ("measure_type",)
    assert "needs_attribute" in finding.flags and "measure type is not set" in finding.explanation
    assert "statutory" in finding.explanation and "constitutional" in finding.explanation
    as_json = analysis_to_json("OK", [unset])["contests"][0]
    assert as_json["needs"] == ["measure_type"]
    statutory = analyze_contest(rules, el, _state_question(MeasureType.STATUTORY), totals)
    assert statutory.needs == () and statutory.finding_for("No").recount.value == "at_own_expense"


def test_an_unset_measure_type_that_does_not_matter_needs_nothing() -> None:
    unset = analyze_contest(
        load_rules("OK"), election("OK"), _state_question(None), {"Yes": 5020, "No": 4980}
    )
    assert unset.needs == () and unset.finding_for("No").recount.value == "automatic"
    assert "both give the same result" in unset.finding_for("No").explanation


# -- 5. questions that need more than a majority -----------------------------------------------------
def test_a_three_fifths_levy_is_measured_to_the_number_required() -> None:
    """Montana (1)(c), a 3/5 levy, Yes 5,990 / No 4,010: 6,000 yes votes are required, so the margin is 10;
    1/4 of 1% of 10,000 = 25 >= 10: a recount on petition. 10 votes changing side decide it."""
    analysis = analyze("MT", {"Yes": 5990, "No": 4010}, approval="3/5")
    finding = analysis.finding_for("Yes")
    assert (finding.margin, finding.threshold, finding.recount.value) == (10, 25, "on_request")
    assert "review" in finding.flags
    assert "distance between the yes votes and the number required for approval" in finding.explanation
    assert "10 votes changing from 'No' to 'Yes'" in finding.explanation
    assert "reading." not in finding.explanation  # a reading is named in words, never by its key


def test_the_for_minus_against_reading_is_the_alternative() -> None:
    readings = {"reading.MT.supermajority_margin": "for_minus_against"}
    finding = analyze("MT", {"Yes": 5990, "No": 4010}, approval="3/5", readings=readings)
    assert (finding := finding.finding_for("Yes")).margin == 1980 and finding.recount.value == "none"
    assert "review" in finding.flags


def test_colorado_and_utah_take_the_same_default() -> None:
    co = analyze("CO", {"Yes": 5990, "No": 4010}, approval="3/5").finding_for("Yes")
    ut = analyze("UT", {"Yes": 5990, "No": 4010}, approval="3/5").finding_for("Yes")
    assert co.margin == ut.margin == 10
    assert ut.recount.value == "at_own_expense"  # 10 <= 25 (1/4 of 1% of 10,000)


def test_json_carries_notes_and_flags() -> None:
    analysis = analyze("MT", {"Yes": 5990, "No": 4010}, approval="3/5")
    finding = analysis_to_json("MT", [analysis])["contests"][0]["findings"][0]
    assert "review" in finding["flags"] and any("more than a simple majority" in n for n in finding["notes"])


def test_settings_name_every_new_reading_with_a_plain_sentence() -> None:
    settings = ReadingSettings()
    for state in ("NE", "CO", "OK", "MT", "UT"):
        key = f"reading.{state}.aggregate_write_ins"
        assert settings.value(key) == "include"
        assert "reading." not in settings.sentence(key) and "RULES.md" not in settings.sentence(key)


def test_the_outcome_of_a_primary_is_decided_per_party_everywhere() -> None:
    """Reconciliation and the after-recount statements decide a primary as the findings do."""
    from recount_desktop.domain.outcome import election_outcome

    el, race = _primary(Choice("R1", "REP"), Choice("R2", "REP"), Choice("D1", "DEM"))
    outcome = election_outcome(el, race, {"R1": 600, "R2": 597, "D1": 100})
    assert set(outcome.winners) == {"R1", "D1"}
    general = Election(State.NE, "Test County", "General 2026", date(2026, 11, 3))
    assert election_outcome(general, race, {"R1": 600, "R2": 597, "D1": 100}).winners == ("R1",)
