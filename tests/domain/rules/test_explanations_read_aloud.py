"""The explanation a board member reads aloud: margin, limit (2 decimals, compared exactly), the statute,
who may ask, by when and at what cost, in plain sentences with thousands separators."""

from __future__ import annotations

import re

import pytest

from tests.domain.rules.test_statute_cases import CASES, Case, analyse

STATUS_TOKENS = ("at_own_expense", "on_request", "not_applicable")


@pytest.mark.parametrize(
    "case", CASES[::3], ids=lambda c: f"{c.state}-{'-'.join(map(str, c.totals.values()))}"
)
def test_every_explanation_is_clean_prose(case: Case) -> None:
    finding = analyse(case).finding_for(case.loser)
    text = finding.explanation
    assert finding.citation in text  # the statute is named
    assert ".." not in text and " ," not in text and "  " not in text and "None" not in text
    assert not any(token in text for token in STATUS_TOKENS)  # statuses in words, not identifiers
    assert text.endswith(".")
    assert f"{case.totals[case.loser]:,}" in text  # the loser's count, with thousands separators
    for votes in case.totals.values():
        if votes >= 1000:  # counts are never read as bare digits
            assert re.search(rf"(?<![\d,.]){votes}(?![\d,])", text) is None


def _text(case: Case) -> str:
    return analyse(case).finding_for(case.loser).explanation


def test_nebraska_wheeler_reads_aloud() -> None:
    text = _text(Case("NE", {"A": 228, "B": 222}, "B", "", 0, None, None))
    assert text.startswith("Margin 6 votes: B trails A (B 222, A 228).")
    assert (
        "Limit under Neb. Rev. Stat. 32-1119(1)(b): 2% of 228 votes received by the top vote-getter, A "
        "(450 votes cast for all candidates: 500 or fewer, so this limit applies) = 4.56 votes. "
        "6 > 4.56, so the margin is not within this limit." in text
    )
    assert "at the requester's expense (Neb. Rev. Stat. 32-1121" in text
    assert "Who may ask: the losing candidate (certified written request)." in text
    assert "by the end of Thursday 19 November 2026 (no hour is stated)" in text
    assert "Cost: $100 per precinct voting in the contest" in text
    assert "The margin is 2 votes outside the limit" in text and "7 more votes for B would change" in text


def test_nebraska_automatic_names_the_applied_paragraph_and_the_recount_day() -> None:
    case = Case("NE", {"A": 250, "B": 246}, "B", "", 0, None, None, filed_with="sos")
    finding = analyse(case).finding_for("B")
    assert finding.citation == "Neb. Rev. Stat. 32-1119(1)(b)"  # T=496: the 2% paragraph applied
    assert (
        "The recount is automatic (Neb. Rev. Stat. 32-1119(1)(b)): no request is needed;"
        in finding.explanation
    )
    assert "Wednesday 2 December 2026 at 9:00 a.m. [Neb. Rev. Stat. 32-1119(3)]" in finding.explanation


def test_utah_limit_shown_to_two_decimals_but_compared_exactly() -> None:
    # UT (1)(b): T = 8,540 + 8,535 + 2 = 17,077 -> 17,077 / 400 = 42.6925, read as 42.69
    text = _text(Case("UT", {"A": 8540, "B": 8535, "C": 2}, "B", "", 0, None, None))
    assert (
        "1/4 of 1% of 17,077 votes cast for all candidates (more than 400 votes, so this limit applies) "
        "= 42.69 votes. 5 <= 42.69, so the margin is within this limit." in text
    )
    assert "Who may ask: the losing candidate." in text and "File with: county clerk." in text
    assert "Monday 23 November 2026 at 5:00 p.m." in text
    # 10 > 9.9975 reads as 10 > 9.99 (cut down, never rounded up to a misleading 10.00)
    assert "= 9.99 votes. 10 > 9.99" in _text(
        Case("UT", {"A": 2000, "B": 1990, "C": 9}, "B", "", 0, None, None)
    )


def test_utah_outside_the_limit_offers_no_deadline_or_office() -> None:
    finding = analyse(Case("UT", {"A": 2000, "B": 1990, "C": 9}, "B", "", 0, None, None)).finding_for("B")
    assert (finding.deadline, finding.file_with, finding.cost, finding.signatures_required) == (
        None,
        None,
        None,
        None,
    )
    assert "No recount is available under Utah Code 20A-4-401(1)(b): the margin is outside its limit." in (
        finding.explanation
    )
    small = analyse(Case("UT", {"A": 200, "B": 199, "C": 1}, "B", "", 0, None, None)).finding_for("B")
    assert small.citation == "Utah Code 20A-4-401(1)(c)"  # T=400: the one-vote paragraph applied


def test_colorado_reads_aloud() -> None:
    text = _text(Case("CO", {"A": 12000, "B": 11950}, "B", "", 0, None, None))
    assert "1/2 of 1% of 12,000 votes for A, the highest count compared = 60 votes. 50 <= 60" in text
    assert "The recount is automatic (C.R.S. 1-13.5-1306(1)): no request is needed; the designated" in text
    assert "by the end of Tuesday 1 December 2026" in text and "Cost: Paid by the governing body" in text
    requested = _text(Case("CO", {"A": 12000, "B": 11900}, "B", "", 0, None, None))
    assert "Who may ask: any interested party" in requested and "Friday 20 November 2026" in requested


def test_oklahoma_reads_aloud() -> None:
    text = _text(Case("OK", {"A": 6000, "B": 4000}, "B", "", 0, None, None))
    assert "Who may ask: a candidate whose name was printed on the ballot for that office." in text
    assert "Friday 6 November 2026 at 5:00 p.m." in text and "secondary source" in text
    assert "10,000 ballots" in text and "manual recount $2,400" in text  # 600 x ceil(10,000 / 3,000) = 2,400
    question = _text(Case("OK", {"Yes": 7574, "No": 7425}, "No", "", 0, None, None, kind="question"))
    assert (
        "1% of 14,999 votes cast for and against (14,999 or fewer votes, so this limit applies) = 149.99"
        in (question)
    )
    assert "Petition signatures required: 150" in question and "for the 'No' side would change" in question


def test_montana_reads_aloud() -> None:
    text = _text(Case("MT", {"A": 4011, "B": 3990}, "B", "", 0, None, None))
    assert "or 10 votes, whichever is greater = 20.00 votes. 21 > 20.00" in text  # 20.0025 cut to 2 decimals
    assert "Limit under Mont. Code Ann. 13-16-211: 1/2 of 1% of 8,001 votes" in text and "21 <= 40.00" in text
    assert "Who may ask: the defeated candidate, by petition with a bond." in text
    assert "by the end of Saturday 21 November 2026" in text and "weekend" in text
    court = _text(Case("MT", {"A": 506, "B": 495}, "B", "", 0, None, None))
    assert "There is no recount route by request (Mont. Code Ann. 13-16-301)" in court
    assert "The margin is 1 vote outside the limit" in court  # nearest limit: the 10-vote floor
