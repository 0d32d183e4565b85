"""Boundaries written from the statute text: at the limit and one vote beyond, both directions."""

from __future__ import annotations

from datetime import datetime

from recount_desktop.domain.rules import ReadingSettings, analyze_contest, load_rules
from tests.domain.rules.rules_helpers import analyze, contest, election, status


# -- Nebraska 32-1119(1): "one percent or less" (more than 500 votes), "two percent or less" (500 or fewer)
def test_ne_one_percent_of_the_top_vote_getter_is_inclusive() -> None:
    assert status("NE", {"A": 1000, "B": 990}) == "automatic"  # 10 <= 1% of 1000
    assert status("NE", {"A": 1000, "B": 989}) == "at_own_expense"  # 11 > 10: 32-1121 at own expense


def test_ne_two_percent_when_five_hundred_or_fewer_votes() -> None:
    assert status("NE", {"A": 250, "B": 245}) == "automatic"  # T=495, 5 <= 2% of 250
    assert status("NE", {"A": 250, "B": 244}) == "at_own_expense"  # 6 > 5


def test_ne_five_hundred_total_votes_switches_two_percent_to_one_percent() -> None:
    assert status("NE", {"A": 250, "B": 246, "C": 4}) == "automatic"  # T=500: 4 <= 5 (2%)
    assert status("NE", {"A": 250, "B": 246, "C": 5}) == "at_own_expense"  # T=501: 4 > 2.5 (1%)


def test_ne_total_votes_reading_both_settings() -> None:
    rules, totals = load_rules("NE"), {"A": 250, "B": 246}
    race = contest(totals)
    office = analyze_contest(rules, election("NE"), race, totals, election_total_votes=20000)
    literal = analyze_contest(
        rules,
        election("NE"),
        race,
        totals,
        election_total_votes=20000,
        settings=ReadingSettings.from_mapping({"reading.NE.total_votes": "election"}),
    )
    assert office.finding_for("B").recount.value == "automatic"
    assert literal.finding_for("B").recount.value == "at_own_expense"
    assert "reading.NE.total_votes" in office.finding_for("B").readings_used
    assert (
        "Under the other reading" in office.finding_for("B").explanation
    )  # NE-1: show both when they differ


def test_ne_multi_seat_margin_reading_both_settings() -> None:
    totals = {"A": 2000, "B": 1000, "C": 995}  # vote for 2: C trails B by 5, A by 1005
    assert status("NE", totals, "C", seats=2) == "automatic"  # 5 <= 1% of 2000
    top = {"reading.NE.multi_seat_margin": "top_candidate"}
    assert status("NE", totals, "C", seats=2, readings=top) == "at_own_expense"


def test_ne_waiver_removes_the_automatic_recount() -> None:
    analysis = analyze("NE", {"A": 1000, "B": 995}, waivers=("B",))
    finding = analysis.finding_for("B")
    assert (finding.recount.value, finding.waived) == ("none", True)
    assert any("waived" in note for note in analysis.notes)


def test_ne_tie_each_tied_candidate_qualifies() -> None:
    analysis = analyze("NE", {"A": 300, "B": 300})
    assert {f.choice: (f.margin, f.recount.value) for f in analysis.findings} == {
        "A": (0, "automatic"),
        "B": (0, "automatic"),
    }


def test_ne_sos_candidates_recounted_fifth_wednesday_9am() -> None:
    rules, totals = load_rules("NE"), {"A": 1000, "B": 995}
    el = election("NE").__class__(
        election("NE").state,
        "Lancaster County",
        "General Election 2020",
        datetime(2020, 11, 3).date(),
        datetime(2020, 11, 16).date(),
    )
    finding = analyze_contest(rules, el, contest(totals, filed_with="sos"), totals).finding_for("B")
    assert finding.deadline == datetime(2020, 12, 2, 9, 0)
    county = analyze_contest(rules, el, contest(totals), totals).finding_for("B")
    assert county.deadline is None and "as soon as possible" in county.explanation


def test_ne_32_1121_version_reading_both_settings() -> None:
    rules, totals = load_rules("NE"), {"A": 1000, "B": 900}
    current = analyze_contest(rules, election("NE"), contest(totals), totals, precinct_count=12).finding_for(
        "B"
    )
    assert current.deadline == datetime(2026, 11, 19, 23, 59) and "$1,200" in current.cost
    older = analyze_contest(
        rules,
        election("NE"),
        contest(totals),
        totals,
        precinct_count=12,
        settings=ReadingSettings.from_mapping({"reading.NE.version_32_1121": "older"}),
    )
    assert older.finding_for("B").deadline == datetime(2026, 11, 26, 23, 59)
    assert "refunded" in older.finding_for("B").cost


def test_ne_measures_have_no_recount_route() -> None:
    finding = analyze("NE", {"Yes": 500, "No": 499}).finding_for("No")
    assert finding.recount.value == "none" and "32-1031" in finding.citation


def test_ne_explanation_reads_aloud() -> None:
    text = analyze("NE", {"A": 1000, "B": 995}).finding_for("B").explanation
    assert text.startswith("Margin 5 votes: B trails A")
    assert "1% of 1,000 votes received by the top vote-getter, A" in text and "5 <= 10" in text


# -- Colorado 1-13.5-1306(1): "less than or equal to one-half of one percent of the highest number"
def test_co_half_percent_of_the_highest_count() -> None:
    assert status("CO", {"A": 200, "B": 199}) == "automatic"  # 200*1 <= 200
    assert status("CO", {"A": 199, "B": 198}) == "at_own_expense"  # 200*1 > 199
    assert status("CO", {"A": 400, "B": 398}) == "automatic"  # 2 <= 2
    assert status("CO", {"A": 400, "B": 397}) == "at_own_expense"  # 3 > 2


def test_co_deadlines_twenty_eighth_and_seventeenth_day() -> None:
    automatic = analyze("CO", {"A": 400, "B": 398}).finding_for("B")
    requested = analyze("CO", {"A": 400, "B": 300}).finding_for("B")
    assert automatic.deadline == datetime(2026, 12, 1, 23, 59)  # 28 days after 3 Nov
    assert requested.deadline == datetime(2026, 11, 20, 23, 59)  # 17 days after 3 Nov
    assert "Refunded" in requested.cost and "governing body" in automatic.cost


def test_co_questions_use_the_larger_side() -> None:
    assert status("CO", {"Yes": 200, "No": 199}, "No") == "automatic"
    assert status("CO", {"Yes": 199, "No": 198}, "No") == "at_own_expense"


def test_co_multi_seat_denominator_reading_both_settings() -> None:
    totals = {"A": 1000, "B": 400, "C": 397}  # C trails B by 3; 1/2% of 400 = 2, of 1000 = 5
    assert status("CO", totals, "C", seats=2) == "at_own_expense"
    top = {"reading.CO.multi_seat_denominator": "top_candidate"}
    assert status("CO", totals, "C", seats=2, readings=top) == "automatic"


def test_co_refund_after_recount() -> None:
    from recount_desktop.domain.rules import colorado_refund_due

    rules, race = load_rules("CO"), contest({"A": 400, "B": 390})
    args = (rules, election("CO"), race, {"A": 400, "B": 390})
    assert colorado_refund_due(*args, {"A": 395, "B": 396}, "B")  # reversed in B's favour
    assert colorado_refund_due(*args, {"A": 400, "B": 398}, "B")  # now within 1/2%: refund
    assert not colorado_refund_due(*args, {"A": 400, "B": 397}, "B")  # still outside


def test_aggregate_write_ins_count_in_the_total_but_get_no_finding() -> None:
    analysis = analyze("NE", {"A": 250, "B": 246, "Write-in": 5})  # T=501: the 1% rule
    assert [f.choice for f in analysis.findings] == ["B"]
    assert analysis.finding_for("B").recount.value == "at_own_expense"
