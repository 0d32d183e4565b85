"""Oklahoma 26 O.S. 8-111: deposits, the 10% additional deposit, question margins and signatures."""

from __future__ import annotations

from recount_desktop.domain.rules import additional_deposit_required, load_rules, oklahoma_deposit
from tests.domain.rules.rules_helpers import analyze, status

EXTRA = load_rules("OK").rule("OK-26-8-111-A").extra


def test_candidates_may_ask_at_any_margin_with_a_deposit() -> None:
    finding = analyze("OK", {"A": 9000, "B": 1000}).finding_for("B")
    assert finding.recount.value == "at_own_expense" and finding.threshold is None
    assert finding.deadline is not None and finding.deadline.strftime("%a %H:%M") == "Fri 17:00"
    assert finding.secondary and "secondary" in finding.explanation


def test_manual_deposit_600_per_3000_ballots_or_fraction() -> None:
    assert oklahoma_deposit(3000, True, EXTRA) == 600
    assert oklahoma_deposit(3001, True, EXTRA) == 1200
    assert oklahoma_deposit(6000, True, EXTRA) == 1200


def test_electronic_deposit_secondary_formula_both_roundings() -> None:
    assert oklahoma_deposit(3000, False, EXTRA) == 600
    assert oklahoma_deposit(3001, False, EXTRA) == 900
    assert oklahoma_deposit(8000, False, EXTRA) == 900
    assert oklahoma_deposit(8001, False, EXTRA) == 1200
    assert oklahoma_deposit(3001, False, EXTRA, round_up=False) == 600


def test_state_election_board_filing_adds_300() -> None:
    sos = analyze("OK", {"A": 1500, "B": 1499}, filed_with="sos").finding_for("B")
    county = analyze("OK", {"A": 1500, "B": 1499}).finding_for("B")
    assert "$900" in sos.cost and "$600" in county.cost


def _facts(totals: dict[str, int], **attrs: object):  # type: ignore[no-untyped-def]
    from recount_desktop.domain.rules.facts import build_facts
    from tests.domain.rules.rules_helpers import contest, election

    kind = "primary" if attrs.pop("primary", False) else "general"
    return build_facts(
        election("OK", f"{kind.title()} Election 2026", kind), contest(totals, **attrs), totals,
        None, None, None, None,
    )


def test_additional_deposit_at_ten_percent_or_greater() -> None:
    from recount_desktop.domain.rules import ReadingSettings

    settings = ReadingSettings()
    assert additional_deposit_required(_facts({"A": 550, "B": 450}), settings)[0]  # 100 = 10% of 1000
    assert not additional_deposit_required(_facts({"A": 549, "B": 451}), settings)[0]  # 98 < 100
    first = ReadingSettings.from_mapping({"reading.OK.additional_deposit_base": "first_place"})
    assert additional_deposit_required(_facts({"A": 550, "B": 495}), first)[0]  # 55 = 10% of 550
    assert not additional_deposit_required(_facts({"A": 550, "B": 496}), first)[0]  # 54 < 55
    assert not additional_deposit_required(_facts({"A": 550, "B": 495}), settings)[0]  # 55 < 104.5


def test_additional_deposit_primary_exceptions() -> None:
    from recount_desktop.domain.rules import ReadingSettings

    settings = ReadingSettings()
    near_majority = {"A": 510, "B": 400, "C": 90}  # A is exactly 1% above a majority
    assert not additional_deposit_required(
        _facts(near_majority, primary=True, runoff_possible=True), settings
    )[0]
    assert additional_deposit_required(_facts(near_majority), settings)[0]  # a general election: no exception
    beyond = {"A": 511, "B": 399, "C": 90}  # 1.1% above a majority
    assert additional_deposit_required(_facts(beyond, primary=True, runoff_possible=True), settings)[0]
    close_second = {"A": 700, "B": 151, "C": 149}  # 2 < 1% of 1000, strict
    assert not additional_deposit_required(
        _facts(close_second, primary=True, runoff_possible=True), settings
    )[0]
    apart = {"A": 700, "B": 155, "C": 145}  # 10 = 1% of 1000: not "less than"
    assert additional_deposit_required(_facts(apart, primary=True, runoff_possible=True), settings)[0]


def test_local_question_150_votes_at_15000_or_more() -> None:
    assert status("OK", {"Yes": 7575, "No": 7425}, "No") == "on_request"  # T=15000, 150
    assert status("OK", {"Yes": 7576, "No": 7424}, "No") == "none"  # 152 > 150
    assert status("OK", {"Yes": 7425, "No": 7575}, "Yes") == "on_request"


def test_local_question_one_percent_at_14999_or_fewer() -> None:
    assert status("OK", {"Yes": 7574, "No": 7425}, "No") == "on_request"  # T=14999, 149 <= 149.99
    assert status("OK", {"Yes": 7575, "No": 7424}, "No") == "none"  # 151
    assert status("OK", {"Yes": 505, "No": 495}, "No") == "on_request"  # 10 <= 10
    assert status("OK", {"Yes": 506, "No": 494}, "No") == "none"  # 12 > 10


def test_petition_signatures() -> None:
    assert analyze("OK", {"Yes": 7575, "No": 7425}).finding_for("No").signatures_required == 150
    assert (
        analyze("OK", {"Yes": 7574, "No": 7425}).finding_for("No").signatures_required == 150
    )  # ceil(149.99)
    assert analyze("OK", {"Yes": 505, "No": 495}).finding_for("No").signatures_required == 10
    # T=1001, margin 9 <= 10.01: ceil(10.01) = 11 signatures
    assert analyze("OK", {"Yes": 505, "No": 496}).finding_for("No").signatures_required == 11
    # margin 11 > 10.01: no recount is authorized, so no petition is asked for
    assert analyze("OK", {"Yes": 506, "No": 495}).finding_for("No").signatures_required is None


def test_supermajority_question_measured_from_the_number_required() -> None:
    # 3/5 of 1000 = 600 required; 1% of 1000 = 10.
    assert status("OK", {"Yes": 590, "No": 410}, "Yes", approval="3/5") == "on_request"
    assert status("OK", {"Yes": 589, "No": 411}, "Yes", approval="3/5") == "none"
    assert status("OK", {"Yes": 610, "No": 390}, "No", approval="3/5") == "on_request"
    assert status("OK", {"Yes": 611, "No": 389}, "No", approval="3/5") == "none"


def test_state_question_automatic_when_funded_both_majority_readings() -> None:
    kw = {"scope": "statewide", "measure_type": "statutory"}
    assert status("OK", {"Yes": 5050, "No": 4950}, "No", **kw) == "automatic"  # |5050-5000| = 50 <= 50
    assert status("OK", {"Yes": 5051, "No": 4949}, "No", **kw) == "at_own_expense"  # 51: Governor/AG only
    plus_one = {"reading.OK.majority_required": "half_plus_one"}
    assert status("OK", {"Yes": 5051, "No": 4949}, "No", readings=plus_one, **kw) == "automatic"  # 5051-5001
    assert status("OK", {"Yes": 5052, "No": 4948}, "No", readings=plus_one, **kw) == "at_own_expense"


def test_state_question_constitutional_one_percent_and_fund_reading() -> None:
    kw = {"scope": "statewide", "measure_type": "constitutional"}
    assert status("OK", {"Yes": 5100, "No": 4900}, "No", **kw) == "automatic"
    assert status("OK", {"Yes": 5101, "No": 4899}, "No", **kw) == "at_own_expense"
    unfunded = {"reading.OK.state_question_fund": "not_available"}
    finding = analyze("OK", {"Yes": 5000, "No": 4999}, readings=unfunded, **kw).finding_for("No")
    assert (
        finding.recount.value == "at_own_expense"
        and finding.requested_by == "the Governor or the Attorney General"
    )
