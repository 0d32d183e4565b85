"""The rules engine re-run on the amended totals: Colorado's refund, Oklahoma's who pays, Utah's
declaration."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from recount_desktop.domain import State, rules
from recount_desktop.recount.reconcile import ContestReconciliation, reconcile
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
from recount_desktop.store import ElectionFile


def recount_p3(store: ElectionFile, ada: int, bo: int, requested_by: str) -> ContestReconciliation:
    """Mayor stands Ada 180, Bo 179; P3 (originally 30-30) is recounted to ada-bo."""
    set_scope(store, "Mayor", ["P3"], method="manual", requested_by=requested_by)
    for who in ("Ann", "Ben"):
        enter_sheet(store, TallySheetEntry("M-P3", "Mayor", {"Ada": ada, "Bo": bo}, precinct="P3",
                                           entered_by=who))
    return reconcile(store).contest("Mayor")


def test_colorado_refunds_a_requester_whom_the_recount_elects(
        store_for: Callable[[State], ElectionFile]) -> None:
    mayor = recount_p3(store_for(State.CO), 30, 32, "Bo (candidate)")  # Ada 180, Bo 181
    assert mayor.outcome_changed
    assert mayor.after_recount[0].startswith(
        "C.R.S. 1-13.5-1306(2)(d): the requester's payment must be refunded")
    assert [f.choice for f in mayor.findings_after] == ["Ada"]


def test_colorado_refunds_when_the_amended_count_is_inside_the_automatic_margin(
        store_for: Callable[[State], ElectionFile]) -> None:
    # 1-13.5-1306(1): a recount is automatic when the margin is <= 0.5% of the highest count.
    outside = recount_p3(store_for(State.CO), 30, 28, "Bo")  # Ada 180, Bo 177: 3 > 0.9
    assert outside.after_recount[0].startswith("C.R.S. 1-13.5-1306(2)(d): no refund is due")
    unchanged = recount_p3(store_for(State.CO), 30, 30, "Bo")  # Ada 180, Bo 179: 1 > 0.9
    assert "no refund" in unchanged.after_recount[0]
    tied = recount_p3(store_for(State.CO), 29, 30, "Bo")  # Ada 179, Bo 179: 0 <= 0.895
    assert "must be refunded" in tied.after_recount[0]


def test_oklahoma_says_who_pays(store_for: Callable[[State], ElectionFile]) -> None:
    won = recount_p3(store_for(State.OK), 30, 32, "Bo")
    assert "the petitioner Bo succeeded, so the county" in won.after_recount[0]
    lost = recount_p3(store_for(State.OK), 30, 30, "Bo")
    assert "Bo was not successful: the expenses are deducted from the deposit" in lost.after_recount[0]


def test_utah_declares_the_winner_on_the_recount(store_for: Callable[[State], ElectionFile]) -> None:
    mayor = recount_p3(store_for(State.UT), 30, 32, "Bo")
    assert mayor.after_recount == ("Utah Code 20A-4-401(1)(e)(iv): declared elected on the recount: Bo.",)
    assert mayor.findings_after[0].choice == "Ada" and mayor.findings_after[0].margin == 1


def test_reconciliation_works_when_the_rule_file_cannot_be_read(store: ElectionFile, monkeypatch) -> None:
    def broken(state: object) -> None:
        raise rules.RuleFileError("no rule file")

    monkeypatch.setattr(rules, "load_rules", broken)
    mayor = recount_p3(store, 30, 32, "Bo")
    assert mayor.amended_totals == {"Ada": 180, "Bo": 181} and mayor.findings_after == ()
    assert mayor.rules_note == "The recount rules were not applied to the amended totals (no rule file)."


def test_nebraska_waiver_and_reading_apply_to_the_amended_totals(
        store_for: Callable[[State], ElectionFile]) -> None:
    # Amended Mayor: Ada 180, Bo 181; Ada failed by 1. Office total 361 (500 or fewer): limit 2% of 181.
    plain = recount_p3(store_for(State.NE), 30, 32, "")
    (finding,) = plain.findings_after
    assert (finding.choice, finding.recount, finding.threshold) == ("Ada", rules.RecountStatus.AUTOMATIC,
                                                                   Fraction(181 * 2, 100))
    # 32-1119(1): a losing candidate may waive; the board's waiver is stored as "waivers.<contest>".
    waived_store = store_for(State.NE)
    waived_store.set_setting("waivers.Mayor", "Ada\n")
    (waived,) = recount_p3(waived_store, 30, 32, "").findings_after
    assert waived.waived and waived.recount is rules.RecountStatus.NONE
    # The "whole election" reading: 361 + 299 (Council) + 239 (Levy) = 899 votes, more than 500: 1%.
    literal = store_for(State.NE)
    literal.set_setting("reading.NE.total_votes", "election")
    (read_literally,) = recount_p3(literal, 30, 32, "").findings_after
    assert read_literally.threshold == Fraction(181, 100)


def test_a_refused_reading_setting_falls_back_to_the_defaults_and_says_so(store: ElectionFile) -> None:
    store.set_setting("reading.CO.no_such_reading", "x")
    mayor = recount_p3(store, 30, 32, "Bo")
    assert mayor.findings_after and "a statutory reading this version does not know" in mayor.rules_note
