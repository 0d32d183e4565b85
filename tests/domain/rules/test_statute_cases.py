"""An independent table of recount cases, each worked out by hand from the statute text and RULES.md.

Nothing here was read off the engine's output: every row states the subsection, the total T, the
limit and the comparison done by hand. The engine must agree with every row. Conventions checked
(RULES.md, "Engine-wide conventions", X-1, X-2, section 8):

* margin: the loser's distance to the lowest winner (a question: between the sides, or to the number
  required for approval); votes to change: the fewest votes added to the loser that reverse the outcome
  (W - L + 1; 1 for a tied candidate; a question's loser: no - yes + 1 for yes, yes - no for no).
* threshold: the exact limit in votes of the rule that decided, written as a decimal string; where no
  route is left (``none``), the nearest limit the margin failed (the one it came closest to meeting);
  ``None`` where the statute sets no limit (Oklahoma candidates, Montana certified ties, questions
  with no route).

The election is on Tuesday 3 November 2026 and canvassed on Monday 16 November 2026.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime

import pytest

from recount_desktop.domain import (
    Approval,
    Choice,
    Contest,
    ContestKind,
    ContestStatistics,
    Election,
    ElectionType,
    State,
)
from recount_desktop.domain.records import FiledWith, MeasureType, Scope, VotingMethod
from recount_desktop.domain.rules import (
    ContestAnalysis,
    ReadingSettings,
    additional_deposit_required,
    analyze_contest,
    load_rules,
)
from recount_desktop.domain.rules.facts import build_facts

ELECTION_DAY = date(2026, 11, 3)  # a Tuesday
CANVASS_DAY = date(2026, 11, 16)  # a Monday


@dataclass(frozen=True)
class Case:
    state: str
    totals: dict[str, int]
    loser: str
    status: str
    margin: int
    threshold: str | None
    to_change: int | None
    seats: int = 1
    kind: str = "candidate"
    scope: str = "county"
    election_type: str = "general"
    filed_with: str = "county"
    approval: str = "majority"
    voting_method: str = "plurality"
    measure_type: str | None = None
    readings: dict[str, str] = field(default_factory=dict)
    election_total_votes: int | None = None
    ballots_cast: int | None = None
    signatures: int | None = None


def Q(
    state: str,
    yes: int,
    no: int,
    loser: str,
    status: str,
    margin: int,
    threshold: str | None,
    to_change: int | None,
    **kw: object,
) -> Case:  # a row builder, read like a table
    """A question row: Yes/No totals; ``loser`` is the losing side."""
    return Case(
        state, {"Yes": yes, "No": no}, loser, status, margin, threshold, to_change, kind="question", **kw
    )  # type: ignore[arg-type]


def analyse(case: Case) -> ContestAnalysis:
    election = Election(
        State(case.state),
        "Test County",
        "Test Election 2026",
        ELECTION_DAY,
        CANVASS_DAY,
        election_type=ElectionType(case.election_type),
    )
    contest = Contest(
        "Race",
        tuple(Choice(name) for name in case.totals),
        kind=ContestKind(case.kind),
        seats=case.seats,
        scope=Scope(case.scope),
        voting_method=VotingMethod(case.voting_method),
        approval=Approval.parse(case.approval),
        measure_type=MeasureType(case.measure_type) if case.measure_type else None,
        filed_with=FiledWith(case.filed_with),
    )
    stats = (
        ContestStatistics("Race", None, ballots_cast=case.ballots_cast)
        if case.ballots_cast is not None
        else None
    )
    return analyze_contest(
        load_rules(case.state),
        election,
        contest,
        dict(case.totals),
        stats,
        ReadingSettings.from_mapping(case.readings),
        election_total_votes=case.election_total_votes,
    )


NE_ELECTION = {"reading.NE.total_votes": "election"}
NE_TOP = {"reading.NE.multi_seat_margin": "top_candidate"}
CO_TOP = {"reading.CO.multi_seat_denominator": "top_candidate"}
MT_BALLOTS = {"reading.MT.total_votes": "all_ballots"}
UT_LITERAL = {"reading.UT.small_race_tie": "literal"}
OK_NO_FUND = {"reading.OK.state_question_fund": "not_available"}
OK_PLUS_ONE = {"reading.OK.majority_required": "half_plus_one"}

CASES: list[Case] = [
    # ---- Nebraska 32-1119(1): automatic within 1% (T > 500) or 2% (T <= 500) of the top vote-getter H,
    #      inclusive ("or less"); outside it, 32-1121 at the candidate's expense.
    #      T = votes for the office (NE-1).
    # NE 32-1119(1)(a): T=1990 > 500 -> 1% of H 1000 = 10; margin 10 <= 10 -> automatic (at the limit)
    Case("NE", {"A": 1000, "B": 990}, "B", "automatic", 10, "10", 11),
    # NE 32-1119(1)(a): T=1991 -> 1% of 1000 = 10; margin 9 <= 10 -> automatic (one inside)
    Case("NE", {"A": 1000, "B": 991}, "B", "automatic", 9, "10", 10),
    # NE 32-1119(1)(a) / 32-1121: T=1989 -> 10; margin 11 > 10 -> at_own_expense (one outside)
    Case("NE", {"A": 1000, "B": 989}, "B", "at_own_expense", 11, "10", 12),
    # NE 32-1119(1)(b): T=450 <= 500 -> 2% of top 228 = 4.56; margin 6 > 4.56 -> at_own_expense (Wheeler)
    Case("NE", {"A": 228, "B": 222}, "B", "at_own_expense", 6, "4.56", 7),
    # NE 32-1119(1)(b): T=451 -> 4.56; margin 5 > 4.56 -> at_own_expense (one outside the fractional limit)
    Case("NE", {"A": 228, "B": 223}, "B", "at_own_expense", 5, "4.56", 6),
    # NE 32-1119(1)(b): T=452 -> 4.56; margin 4 <= 4.56 -> automatic (the largest whole margin inside)
    Case("NE", {"A": 228, "B": 224}, "B", "automatic", 4, "4.56", 5),
    # NE 32-1119(1)(b): T=500 exactly ("five hundred or less") -> 2% of 250 = 5; margin 5 <= 5 -> automatic
    Case("NE", {"A": 250, "B": 245, "C": 5}, "B", "automatic", 5, "5", 6),
    # NE 32-1119(1)(b): T=500 -> 5; margin 6 > 5 -> at_own_expense
    Case("NE", {"A": 250, "B": 244, "C": 6}, "B", "at_own_expense", 6, "5", 7),
    # NE 32-1119(1)(a): T=501 ("more than five hundred") -> 1% of 250 = 2.5; margin 5 > 2.5 -> at_own_expense
    Case("NE", {"A": 250, "B": 245, "C": 6}, "B", "at_own_expense", 5, "2.5", 6),
    # NE 32-1119(1)(a): T=501 -> 2.5; margin 2 <= 2.5 -> automatic
    Case("NE", {"A": 250, "B": 248, "C": 3}, "B", "automatic", 2, "2.5", 3),
    # NE 32-1119(1)(a): T=501 -> 2.5; margin 3 > 2.5 -> at_own_expense
    Case("NE", {"A": 250, "B": 247, "C": 4}, "B", "at_own_expense", 3, "2.5", 4),
    # NE-1 default (office): T=496 <= 500 -> 2% of 250 = 5; margin 4 <= 5 -> automatic
    Case("NE", {"A": 250, "B": 246}, "B", "automatic", 4, "5", 5, election_total_votes=20000),
    # NE-1 literal (election): election T=20,000 > 500 -> 1% of 250 = 2.5; margin 4 > 2.5 -> at_own_expense
    Case(
        "NE",
        {"A": 250, "B": 246},
        "B",
        "at_own_expense",
        4,
        "2.5",
        5,
        readings=NE_ELECTION,
        election_total_votes=20000,
    ),
    # NE-1 literal: election T=500 -> 2% of 250 = 5; margin 4 <= 5 -> automatic
    Case(
        "NE",
        {"A": 250, "B": 246},
        "B",
        "automatic",
        4,
        "5",
        5,
        readings=NE_ELECTION,
        election_total_votes=500,
    ),
    # NE-1 literal: election T=501 -> 1% of 250 = 2.5; margin 4 > 2.5 -> at_own_expense
    Case(
        "NE",
        {"A": 250, "B": 246},
        "B",
        "at_own_expense",
        4,
        "2.5",
        5,
        readings=NE_ELECTION,
        election_total_votes=501,
    ),
    # NE-2/NE-3 vote for 3: H=1000 (top), T=3190 -> 10; D trails last winner C by 10 <= 10 -> automatic
    Case("NE", {"A": 1000, "B": 800, "C": 700, "D": 690}, "D", "automatic", 10, "10", 11, seats=3),
    # NE-3 vote for 3: T=3189 -> 1% of 1000 = 10; D trails C by 11 > 10 -> at_own_expense
    Case("NE", {"A": 1000, "B": 800, "C": 700, "D": 689}, "D", "at_own_expense", 11, "10", 12, seats=3),
    # NE-3 other reading (top candidate): D trails A by 307 > 10 -> at_own_expense; to change still 8
    Case(
        "NE",
        {"A": 1000, "B": 800, "C": 700, "D": 693},
        "D",
        "at_own_expense",
        307,
        "10",
        8,
        seats=3,
        readings=NE_TOP,
    ),
    # NE-3 default on the same totals: 700-693 = 7 <= 10 -> automatic
    Case("NE", {"A": 1000, "B": 800, "C": 700, "D": 693}, "D", "automatic", 7, "10", 8, seats=3),
    # NE-4 tie: T=600 -> 1% of 300 = 3; each tied candidate has margin 0 <= 3 -> automatic; 1 vote decides
    Case("NE", {"A": 300, "B": 300}, "A", "automatic", 0, "3", 1),
    Case("NE", {"A": 300, "B": 300}, "B", "automatic", 0, "3", 1),
    # NE-4 tie for the last of 2 seats: T=1300 -> 1% of top 500 = 5; B and C margin 0 -> automatic
    Case("NE", {"A": 500, "B": 400, "C": 400}, "C", "automatic", 0, "5", 1, seats=2),
    # NE primary ("nominated"): T=1194 -> 1% of 600 = 6; margin 6 <= 6 -> automatic
    Case("NE", {"A": 600, "B": 594}, "B", "automatic", 6, "6", 7, election_type="primary"),
    # X-1 write-ins: T=501 with the Write-in line -> 1% of 250 = 2.5; margin 4 > 2.5 -> at_own_expense
    Case("NE", {"A": 250, "B": 246, "Write-in": 5}, "B", "at_own_expense", 4, "2.5", 5),
    # X-1 write-ins: T=500 -> 2% of 250 = 5; margin 4 <= 5 -> automatic
    Case("NE", {"A": 250, "B": 246, "Write-in": 4}, "B", "automatic", 4, "5", 5),
    # X-1 as the real county files spell the aggregate line: T=501 -> 2.5; margin 4 > 2.5 -> at_own_expense
    Case("NE", {"A": 250, "B": 246, "Unresolved\nWrite-In": 5}, "B", "at_own_expense", 4, "2.5", 5),
    # NE 1.1: measures are not covered by 32-1119/32-1121 -> none; Yes 500 > No 499, 1 more No makes a tie
    Q("NE", 500, 499, "No", "none", 1, None, 1),
    # ---- Colorado 1-13.5-1306(1): automatic when H - N <= 1/2 of 1% of H (inclusive); otherwise (2)(a) on
    #      written request at the requester's expense.
    #      Multi-seat (CO-2): last winner vs loser, base = last winner.
    # CO (1): H=200 -> 1/200*200 = 1; margin 1 <= 1 -> automatic
    Case("CO", {"A": 200, "B": 199}, "B", "automatic", 1, "1", 2),
    # CO (1): H=199 -> 0.995; margin 1 > 0.995 -> at_own_expense (a one-vote margin needs H >= 200)
    Case("CO", {"A": 199, "B": 198}, "B", "at_own_expense", 1, "0.995", 2),
    # CO (1): H=400 -> 2; margin 2 <= 2 -> automatic
    Case("CO", {"A": 400, "B": 398}, "B", "automatic", 2, "2", 3),
    # CO (1): H=400 -> 2; margin 3 > 2 -> at_own_expense
    Case("CO", {"A": 400, "B": 397}, "B", "at_own_expense", 3, "2", 4),
    # CO (1): H=10,000 -> 50; margin 49 <= 50 -> automatic
    Case("CO", {"A": 10000, "B": 9951}, "B", "automatic", 49, "50", 50),
    # CO (1): H=10,000 -> 50; margin 51 > 50 -> at_own_expense
    Case("CO", {"A": 10000, "B": 9949}, "B", "at_own_expense", 51, "50", 52),
    # CO (1): H=1001 -> 5.005; margin 5 <= 5.005 -> automatic
    Case("CO", {"A": 1001, "B": 996}, "B", "automatic", 5, "5.005", 6),
    # CO-2 default: vote for 2, C trails last winner B (400) by 3; 1/200 of 400 = 2; 3 > 2 -> at_own_expense
    Case("CO", {"A": 1000, "B": 400, "C": 397}, "C", "at_own_expense", 3, "2", 4, seats=2),
    # CO-2 default: C trails B by 2 <= 2 -> automatic
    Case("CO", {"A": 1000, "B": 400, "C": 398}, "C", "automatic", 2, "2", 3, seats=2),
    # CO-2 top-candidate base: 1/200 of 1000 = 5; margin 3 <= 5 -> automatic
    Case("CO", {"A": 1000, "B": 400, "C": 397}, "C", "automatic", 3, "5", 4, seats=2, readings=CO_TOP),
    # CO-2 top-candidate base: 5; margin 6 > 5 -> at_own_expense
    Case("CO", {"A": 1000, "B": 400, "C": 394}, "C", "at_own_expense", 6, "5", 7, seats=2, readings=CO_TOP),
    # CO tie: H=500 -> 2.5; margin 0 -> automatic for each tied candidate
    Case("CO", {"A": 500, "B": 500}, "A", "automatic", 0, "2.5", 1),
    # CO-1 question: larger side No 1005 -> 5.025; margin 5 <= 5.025 -> automatic; Yes needs 6 to pass
    Q("CO", 1000, 1005, "Yes", "automatic", 5, "5.025", 6),
    # CO-1 question: No 1006 -> 5.03; margin 6 > 5.03 -> at_own_expense
    Q("CO", 1000, 1006, "Yes", "at_own_expense", 6, "5.03", 7),
    # CO-1 question: Yes 200 approved over 199 -> 1 <= 1 -> automatic; 1 more No ties (rejects)
    Q("CO", 200, 199, "No", "automatic", 1, "1", 1),
    # ---- Oklahoma 8-111(A): a candidate printed on the ballot may petition at any margin, with a deposit
    # OK (A): no margin test; margin 1 -> at_own_expense, no threshold
    Case("OK", {"A": 1000, "B": 999}, "B", "at_own_expense", 1, None, 2),
    # OK (A): margin 4,900 -> still at_own_expense
    Case("OK", {"A": 5000, "B": 100}, "B", "at_own_expense", 4900, None, 4901),
    # OK (A), primary: the same route; C trails the single winner A by 480-297 = 183
    Case(
        "OK", {"A": 480, "B": 300, "C": 297}, "C", "at_own_expense", 183, None, 184, election_type="primary"
    ),
    # ---- Oklahoma 8-111(B): local majority question;
    #      T >= 15,000: margin <= 150; T <= 14,999: margin <= 1% of T
    # OK (B)(2): T=14,999 -> 149.99; margin 149 <= 149.99 -> on_request; signatures ceil(149.99) = 150
    Q("OK", 7574, 7425, "No", "on_request", 149, "149.99", 149, signatures=150),
    # OK (B)(2): T=14,999 -> 149.99; margin 151 > 149.99 -> none (150 is impossible: T is odd)
    Q("OK", 7575, 7424, "No", "none", 151, "149.99", 151, signatures=None),
    # OK (B)(1): T=15,000 -> 150 votes; margin 150 <= 150 -> on_request; 150 signatures
    Q("OK", 7575, 7425, "No", "on_request", 150, "150", 150, signatures=150),
    # OK (B)(1): T=15,000 -> 150; margin 152 > 150 -> none (151 is impossible: T is even)
    Q("OK", 7576, 7424, "No", "none", 152, "150", 152),
    # OK (B)(1): T=15,000 -> 150; margin 148 -> on_request
    Q("OK", 7574, 7426, "No", "on_request", 148, "150", 148, signatures=150),
    # OK (B)(2): T=10,000 -> 100; margin 100 <= 100 -> on_request; signatures 1% of 10,000 = 100
    Q("OK", 5050, 4950, "No", "on_request", 100, "100", 100, signatures=100),
    # OK (B)(2): T=10,000 -> 100; margin 102 > 100 -> none
    Q("OK", 5051, 4949, "No", "none", 102, "100", 102),
    # OK (B)(2): T=10,001 -> 100.01; margin 99 -> on_request; signatures ceil(100.01) = 101
    Q("OK", 5050, 4951, "No", "on_request", 99, "100.01", 99, signatures=101),
    # OK (B)(2): rejected question, T=10,001: No 5051 - Yes 4950 = 101 > 100.01 -> none; Yes needs 102
    Q("OK", 4950, 5051, "Yes", "none", 101, "100.01", 102),
    # ---- Oklahoma 8-111(C): more than a majority; margin = |yes - number required for approval| (OK-6)
    # OK (C)(2): 3/5 of T=10,000 -> R=6,000; yes 5,900 -> margin 100 <= 100 -> on_request;
    #            Yes needs x with 5(5900+x) >= 3(10000+x) -> x >= 250
    Q("OK", 5900, 4100, "Yes", "on_request", 100, "100", 250, approval="3/5", signatures=100),
    # OK (C)(2): R=6,000; yes 5,899 -> margin 101 > 100 -> none; x >= 252.5 -> 253
    Q("OK", 5899, 4101, "Yes", "none", 101, "100", 253, approval="3/5"),
    # OK (C)(2): approved 6,100 >= 6,000; margin 100 -> on_request; No needs 6100/(10000+x) < 3/5 -> x = 167
    Q("OK", 6100, 3900, "No", "on_request", 100, "100", 167, approval="3/5"),
    # OK (C)(2) required:7100: T=10,000 -> 100; yes 7,000 -> margin 100 -> on_request; Yes needs 100 more
    Q("OK", 7000, 3000, "Yes", "on_request", 100, "100", 100, approval="required:7100"),
    # OK (C)(2) required:7101: margin 101 > 100 -> none
    Q("OK", 7000, 3000, "Yes", "none", 101, "100", 101, approval="required:7101"),
    # OK (C)(1): 2/3 of T=15,000 -> R=10,000; yes 10,000 -> margin 0 <= 150 -> on_request; 1 more No rejects
    Q("OK", 10000, 5000, "No", "on_request", 0, "150", 1, approval="2/3", signatures=150),
    # ---- Oklahoma 8-111(E)(2): statewide question, automatic if |yes - R| <= 1/2% (statutory) or 1%
    #      (constitutional) of T, fund >= $250,000; otherwise (E)(1) Governor/AG at their expense.
    #      OK-8 default R = T/2. The margin and the limit are the statute's own (CONTRACT.md): |yes - T/2|
    #      against T/200, not yes minus no against a doubled limit (issue 12, item 10).
    # OK (E)(2)(a): T=10,000, |5050 - 5000| = 50 <= 50 -> automatic
    Q("OK", 5050, 4950, "No", "automatic", 50, "50", 100, scope="statewide", measure_type="statutory"),
    # OK (E)(2)(a): |5051 - 5000| = 51 > 50 -> (E)(1) at_own_expense
    Q("OK", 5051, 4949, "No", "at_own_expense", 51, "50", 102, scope="statewide", measure_type="statutory"),
    # OK (E)(2)(b) constitutional: 1% of 10,000 = 100 = |5100 - 5000| -> automatic
    Q("OK", 5100, 4900, "No", "automatic", 100, "100", 200, scope="statewide", measure_type="constitutional"),
    # OK (E)(2)(b): |5101 - 5000| = 101 > 100 -> at_own_expense
    Q(
        "OK",
        5101,
        4899,
        "No",
        "at_own_expense",
        101,
        "100",
        202,
        scope="statewide",
        measure_type="constitutional",
    ),
    # OK (E)(2): fund under $250,000 -> no automatic recount; (E)(1) Governor/AG only
    Q(
        "OK",
        5050,
        4950,
        "No",
        "at_own_expense",
        50,
        "50",
        100,
        scope="statewide",
        measure_type="statutory",
        readings=OK_NO_FUND,
    ),
    # OK-8 R = floor(T/2)+1 = 5,001: |5050 - 5001| = 49 <= 50 -> automatic
    Q(
        "OK",
        5050,
        4950,
        "No",
        "automatic",
        49,
        "50",
        100,
        scope="statewide",
        measure_type="statutory",
        readings=OK_PLUS_ONE,
    ),
    # OK-8 R = 5,001: rejected 4,950 vs 5,050: |4950 - 5001| = 51 > 50 -> at_own_expense; Yes needs 101
    Q(
        "OK",
        4950,
        5050,
        "Yes",
        "at_own_expense",
        51,
        "50",
        101,
        scope="statewide",
        measure_type="statutory",
        readings=OK_PLUS_ONE,
    ),
    # OK-8 R = T/2 on the same totals: |4950 - 5000| = 50 <= 50 -> automatic
    Q("OK", 4950, 5050, "Yes", "automatic", 50, "50", 101, scope="statewide", measure_type="statutory"),
    # ---- Montana 13-16-201(1)(a): single-county office, m <= max(T/400, 10) -> on_request (petition, county
    #      pays); else 13-16-211 bond band T/400 < m <= T/200 -> at_own_expense; else none (court only, 301).
    # MT (1)(a): T=8000 -> max(20, 10) = 20; margin 20 <= 20 -> on_request
    Case("MT", {"A": 4010, "B": 3990}, "B", "on_request", 20, "20", 21),
    # MT (1)(a): T=7999 -> 19.9975; margin 19 -> on_request
    Case("MT", {"A": 4009, "B": 3990}, "B", "on_request", 19, "19.9975", 20),
    # MT (1)(a) -> 211: T=8001 -> 20.0025; margin 21 > 20.0025; 211: 21 <= 40.005 -> at_own_expense (bond)
    Case("MT", {"A": 4011, "B": 3990}, "B", "at_own_expense", 21, "40.005", 22),
    # MT (1)(a) floor: T=1000 -> max(2.5, 10) = 10; margin 10 <= 10 -> on_request
    Case("MT", {"A": 505, "B": 495}, "B", "on_request", 10, "10", 11),
    # MT (1)(a) floor: T=1001 -> 10; margin 11 > 10; 211 limit 5.005 < 11 -> none; nearest limit: floor 10
    Case("MT", {"A": 506, "B": 495}, "B", "none", 11, "10", 12),
    # MT-2: T=1800: 1/2% = 9 < 10-vote floor; margin 12 > 10 and > 9 -> none; nearest limit 10
    Case("MT", {"A": 906, "B": 894}, "B", "none", 12, "10", 13),
    # MT (1)(a) vs 211 above the floor: T=2400 -> max(6, 10) = 10; margin 11 > 10; 211: 6 < 11 <= 12 -> bond
    Case("MT", {"A": 1205, "B": 1194, "C": 1}, "B", "at_own_expense", 11, "12", 12),
    # MT (1)(a) vote for 2: T=6990 -> 17.475; C trails B by 10 -> on_request
    Case("MT", {"A": 3000, "B": 2000, "C": 1990}, "C", "on_request", 10, "17.475", 11, seats=2),
    # MT-1 all ballots: 1/4% of 8,400 ballots = 21; margin 21 <= 21 -> on_request
    Case(
        "MT", {"A": 4011, "B": 3990}, "B", "on_request", 21, "21", 22, readings=MT_BALLOTS, ballots_cast=8400
    ),
    # MT (1)(b) legislative, no floor: T=1000 -> 2.5; margin 2 -> on_request
    Case("MT", {"A": 501, "B": 499}, "B", "on_request", 2, "2.5", 3, scope="legislative"),
    # MT (1)(b): T=2001 -> 5.0025; margin 5 -> on_request (211 needs a margin exceeding 1/4%)
    Case("MT", {"A": 1003, "B": 998}, "B", "on_request", 5, "5.0025", 6, scope="legislative"),
    # MT (1)(b) -> 211: T=1999 -> 4.9975 < 5; 211: 5 <= 9.995 -> at_own_expense
    Case("MT", {"A": 1002, "B": 997}, "B", "at_own_expense", 5, "9.995", 6, scope="legislative"),
    # MT 211: T=2000 -> 5 < 10 <= 10 -> at_own_expense (upper end of the band, inclusive)
    Case("MT", {"A": 1005, "B": 995}, "B", "at_own_expense", 10, "10", 11, scope="multi_county"),
    # MT 211: T=2001 -> 10.005; margin 11 > 10.005 -> none
    Case("MT", {"A": 1006, "B": 995}, "B", "none", 11, "10.005", 12, scope="congressional"),
    # MT (1)(b) district judge, no floor: T=1000, margin 10 > 2.5 and > 5 -> none (the floor would allow it)
    Case("MT", {"A": 505, "B": 495}, "B", "none", 10, "5", 11, scope="judicial_district"),
    # MT 13-16-203 / MT-6: certified tie is recounted as if petitioned; no margin limit
    Case("MT", {"A": 700, "B": 700, "C": 10}, "A", "automatic", 0, None, 1),
    Case("MT", {"A": 700, "B": 700, "C": 10}, "B", "automatic", 0, None, 1),
    # MT: C trails the tied pair by 690; T=1410 -> max(3.525, 10) = 10; 211 7.05 -> none; nearest limit 10
    Case("MT", {"A": 700, "B": 700, "C": 10}, "C", "none", 690, "10", 691),
    # MT-6 tie for the last of 2 seats
    Case("MT", {"A": 900, "B": 500, "C": 500}, "C", "automatic", 0, None, 1, seats=2),
    # MT (1)(c) county question: T=4000 -> 10; margin 10 -> on_request, 10 signatures
    Q("MT", 2005, 1995, "No", "on_request", 10, "10", 10, signatures=10),
    # MT (1)(c): T=4000 -> 10; margin 12 > 10 -> none (court only)
    Q("MT", 2006, 1994, "No", "none", 12, "10", 12),
    # MT (1)(c): T=4001 -> 10.0025; margin 11 -> none
    Q("MT", 2006, 1995, "No", "none", 11, "10.0025", 11),
    # MT (1)(c): tie 2000-2000 rejects; margin 0 -> on_request; Yes needs 1
    Q("MT", 2000, 2000, "Yes", "on_request", 0, "10", 1, signatures=10),
    # MT (1)(d) statewide question: 100 signers from at least 5 counties
    Q("MT", 2005, 1995, "No", "on_request", 10, "10", 10, scope="statewide", signatures=100),
    # MT (1)(e) multicounty district question: 25 signers from at least 2 counties
    Q("MT", 2005, 1995, "No", "on_request", 10, "10", 10, scope="multi_county", signatures=25),
    # ---- Utah 20A-4-401(1)(b): T > 400 -> m <= T/400 (inclusive);
    #      (1)(c): T <= 400 -> m == 1 (UT-2: 0 allowed)
    # UT (1)(b): T=4000 -> 10; margin 10 -> on_request
    Case("UT", {"A": 2000, "B": 1990, "C": 10}, "B", "on_request", 10, "10", 11),
    # UT (1)(b): T=3999 -> 9.9975; margin 10 > 9.9975 -> none
    Case("UT", {"A": 2000, "B": 1990, "C": 9}, "B", "none", 10, "9.9975", 11),
    # UT (1)(b): T=4001 -> 10.0025; margin 9 -> on_request
    Case("UT", {"A": 2000, "B": 1991, "C": 10}, "B", "on_request", 9, "10.0025", 10),
    # UT (1)(b): T=401 -> 1.0025; margin 1 -> on_request
    Case("UT", {"A": 201, "B": 200}, "B", "on_request", 1, "1.0025", 2),
    # UT (1)(b): T=401 -> 1.0025; margin 2 -> none
    Case("UT", {"A": 201, "B": 199, "C": 1}, "B", "none", 2, "1.0025", 3),
    # UT (1)(c): T=400, difference exactly one vote -> on_request
    Case("UT", {"A": 200, "B": 199, "C": 1}, "B", "on_request", 1, "1", 2),
    # UT (1)(c): T=400, difference 2 -> none
    Case("UT", {"A": 200, "B": 198, "C": 2}, "B", "none", 2, "1", 3),
    # UT-2 tie at T=300 (default allow): 0 <= 1 -> on_request
    Case("UT", {"A": 150, "B": 150}, "A", "on_request", 0, "1", 1),
    # UT-2 literal: a tie is not "one vote" -> none
    Case("UT", {"A": 150, "B": 150}, "A", "none", 0, "1", 1, readings=UT_LITERAL),
    # UT (1)(b) X-2 vote for 2: T=6997 -> 17.4925; C trails lowest winner B by 3 -> on_request
    Case("UT", {"A": 3000, "B": 2000, "C": 1997}, "C", "on_request", 3, "17.4925", 4, seats=2),
    # UT-4 / X-1: the aggregate "Write-in: Not Assigned" line counts in T=4000 -> 10; margin 10 -> on_request
    Case("UT", {"A": 2000, "B": 1990, "Write-in: Not Assigned": 10}, "B", "on_request", 10, "10", 11),
    # UT-4: a named write-in candidate is a candidate: T=4000 -> 10; trails A by 1,990 -> none
    Case(
        "UT",
        {"A": 2000, "B": 1990, "Write-in: STEVE M. JOHNSON": 10},
        "Write-in: STEVE M. JOHNSON",
        "none",
        1990,
        "10",
        1991,
    ),
    # UT (1)(a): instant runoff -> not_applicable
    Case("UT", {"A": 2000, "B": 1999}, "B", "not_applicable", 1, None, 2, voting_method="irv"),
    # UT (2)(a) proposition: T=4000 -> 10; margin 10 -> any 10 voters, who pay
    Q("UT", 2005, 1995, "No", "at_own_expense", 10, "10", 10, signatures=10),
    # UT (2)(a): T=4000 -> 10; margin 12 -> none
    Q("UT", 2006, 1994, "No", "none", 12, "10", 12),
    # UT (2)(b): T=399 <= 400, difference one vote -> at_own_expense
    Q("UT", 200, 199, "No", "at_own_expense", 1, "1", 1, signatures=10),
    # UT (2)(b): T=400, difference 2 -> none
    Q("UT", 201, 199, "No", "none", 2, "1", 2),
    # UT-2 proposition tie 200-200 (rejected, 20A-4-304): default allow -> at_own_expense; literal -> none
    Q("UT", 200, 200, "Yes", "at_own_expense", 0, "1", 1, signatures=10),
    Q("UT", 200, 200, "Yes", "none", 0, "1", 1, readings=UT_LITERAL),
]


def _row_id(case: Case) -> str:
    sides = "-".join(f"{n}{v}" for n, v in case.totals.items())
    extra = "".join(f",{k.split('.')[-1]}={v}" for k, v in case.readings.items())
    return f"{case.state}:{case.scope}:{sides}:{case.loser}{extra}"


@pytest.mark.parametrize("case", CASES, ids=_row_id)
def test_statute_case(case: Case) -> None:
    finding = analyse(case).finding_for(case.loser)
    got = (finding.recount.value, finding.margin, finding.threshold_text, finding.votes_to_change_outcome)
    assert got == (case.status, case.margin, case.threshold, case.to_change)
    if case.signatures is not None:
        assert finding.signatures_required == case.signatures


def test_the_table_is_large_and_covers_every_state() -> None:
    assert len(CASES) >= 80
    assert {c.state for c in CASES} == {"NE", "CO", "OK", "MT", "UT"}


# ---- Oklahoma 8-111(A)(6) additional deposit: 10% or greater, under each OK-1 base ----------------------
def _ok_facts(totals: dict[str, int], primary: bool = False, runoff: bool = False):  # type: ignore[no-untyped-def]
    election = Election(
        State.OK,
        "Test County",
        "Test",
        ELECTION_DAY,
        CANVASS_DAY,
        election_type=ElectionType.PRIMARY if primary else ElectionType.GENERAL,
    )
    contest = Contest("Race", tuple(Choice(n) for n in totals), runoff_possible=runoff)
    return build_facts(election, contest, totals, None, None, None, None)


def _base(value: str) -> ReadingSettings:
    return ReadingSettings.from_mapping({"reading.OK.additional_deposit_base": value})


@pytest.mark.parametrize(
    ("totals", "base", "required"),
    [
        # T=1100, lead 100: 10% of T = 110 -> no; of first 550 = 55 -> yes; of top two 1000 = 100 -> yes
        ({"A": 550, "B": 450, "C": 100}, "total_votes", False),
        ({"A": 550, "B": 450, "C": 100}, "first_place", True),
        ({"A": 550, "B": 450, "C": 100}, "top_two", True),
        # lead 99: 10% of 1099 = 109.9 -> no; of 549 = 54.9 -> yes; of 999 = 99.9 -> no
        ({"A": 549, "B": 450, "C": 100}, "total_votes", False),
        ({"A": 549, "B": 450, "C": 100}, "first_place", True),
        ({"A": 549, "B": 450, "C": 100}, "top_two", False),
        # T=1000, lead 100 = 10% of 1000 -> yes ("or greater"); lead 98 -> no
        ({"A": 550, "B": 450}, "total_votes", True),
        ({"A": 549, "B": 451}, "total_votes", False),
    ],
)
def test_ok_additional_deposit_base_settings(totals: dict[str, int], base: str, required: bool) -> None:
    assert additional_deposit_required(_ok_facts(totals), _base(base))[0] is required


@pytest.mark.parametrize(
    ("totals", "required"),
    [
        # primary, runoff possible, 3 candidates: 2nd-3rd 300-297 = 3, 100*3 < 1077 -> exception, no deposit
        ({"A": 480, "B": 300, "C": 297}, False),
        # 2nd-3rd 10 = 1% of 1000 exactly: "less than" is strict -> no exception; lead 180 >= 100 -> deposit
        ({"A": 540, "B": 235, "C": 225}, True),
        # first place 510 of 1000 = 51%, within 1% of a majority (OK-2, inclusive) -> exception
        ({"A": 510, "B": 300, "C": 190}, False),
        # first place 511 of 1000 = 51.1% -> no exception; lead 211 -> deposit
        ({"A": 511, "B": 300, "C": 189}, True),
    ],
)
def test_ok_additional_deposit_primary_exceptions(totals: dict[str, int], required: bool) -> None:
    facts = _ok_facts(totals, primary=True, runoff=True)
    assert additional_deposit_required(facts, ReadingSettings())[0] is required


def test_ok_primary_exception_needs_a_possible_runoff() -> None:
    # the same 480/300/297 race without a possible runoff: lead 180 >= 107.7 -> deposit required
    facts = _ok_facts({"A": 480, "B": 300, "C": 297}, primary=True, runoff=False)
    assert additional_deposit_required(facts, ReadingSettings())[0]


# ---- Deadlines, computed by hand from a calendar -------------------------------------------------------
def _deadline(case: Case, election_day: date = ELECTION_DAY) -> datetime | None:
    election = Election(
        State(case.state), "X", "X", election_day, CANVASS_DAY, election_type=ElectionType(case.election_type)
    )
    contest = Contest(
        "Race",
        tuple(Choice(n) for n in case.totals),
        kind=ContestKind(case.kind),
        filed_with=FiledWith(case.filed_with),
        scope=Scope(case.scope),
    )
    analysis = analyze_contest(load_rules(case.state), election, contest, case.totals)
    return analysis.finding_for(case.loser).deadline


def _c(state: str, totals: dict[str, int], **kw: object) -> Case:
    kind = "question" if "Yes" in totals else "candidate"
    loser = "No" if kind == "question" else "B"
    return Case(state, totals, loser, "", 0, None, None, kind=kind, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("case", "election_day", "expected"),
    [
        # NE 32-1119(3): Wednesdays after Tue 3 Nov 2026: 4, 11, 18, 25 Nov, 2 Dec -> 2 Dec 2026 9 a.m.
        (_c("NE", {"A": 1000, "B": 995}, filed_with="sos"), ELECTION_DAY, datetime(2026, 12, 2, 9, 0)),
        # NE 32-1119(3): 2018 primary Tue 15 May: 16, 23, 30 May, 6, 13 June -> 13 June 2018 9 a.m. (reported)
        (
            _c("NE", {"A": 1000, "B": 995}, filed_with="sos", election_type="primary"),
            date(2018, 5, 15),
            datetime(2018, 6, 13, 9, 0),
        ),
        # NE 32-1119(4): county-filed candidates: as soon as possible after the board adjourns -> no date
        (_c("NE", {"A": 1000, "B": 995}), ELECTION_DAY, None),
        # NE 32-1121 (current): third day after the canvass 16 Nov -> 19 Nov 2026, no hour stated
        (_c("NE", {"A": 1000, "B": 900}), ELECTION_DAY, datetime(2026, 11, 19, 23, 59)),
        # NE 32-1121 (current) for an SOS-filed candidate: the state board meets on the fourth Monday after
        # 3 Nov (9, 16, 23, 30 Nov; 32-1037) -> third day after 30 Nov = 3 Dec 2026 (NE-5, inferred)
        (_c("NE", {"A": 1000, "B": 900}, filed_with="sos"), ELECTION_DAY, datetime(2026, 12, 3, 23, 59)),
        # CO (1): completed by the 28th day following 3 Nov -> 1 Dec 2026
        (_c("CO", {"A": 400, "B": 398}), ELECTION_DAY, datetime(2026, 12, 1, 23, 59)),
        # CO (2)(a): request within seventeen days after 3 Nov -> 20 Nov 2026
        (_c("CO", {"A": 400, "B": 300}), ELECTION_DAY, datetime(2026, 11, 20, 23, 59)),
        # UT (1)(d)(ii) / UT-3: canvass 16 Nov + 7 days = 23 Nov 2026, before 5 p.m.
        (_c("UT", {"A": 2000, "B": 1995}), ELECTION_DAY, datetime(2026, 11, 23, 17, 0)),
        # UT (1)(d)(i): municipal primary, canvass 16 Nov + 3 days = 19 Nov 2026, before 5 p.m.
        (
            _c("UT", {"A": 2000, "B": 1995}, election_type="municipal_primary"),
            ELECTION_DAY,
            datetime(2026, 11, 19, 17, 0),
        ),
        # UT (2)(a): propositions, seven days after the day of the canvass -> 23 Nov 2026 5 p.m.
        (_c("UT", {"Yes": 2005, "No": 1995}), ELECTION_DAY, datetime(2026, 11, 23, 17, 0)),
        # MT (1)(a): within 5 days after the official canvass 16 Nov -> 21 Nov 2026 (no hour stated)
        (_c("MT", {"A": 505, "B": 495}), ELECTION_DAY, datetime(2026, 11, 21, 23, 59)),
        # MT (1)(c): question, 5 days after canvass -> 21 Nov 2026
        (_c("MT", {"Yes": 2005, "No": 1995}), ELECTION_DAY, datetime(2026, 11, 21, 23, 59)),
        # OK 8-109 (secondary): 5 p.m. Friday after Tue 3 Nov -> Fri 6 Nov 2026
        (_c("OK", {"A": 1000, "B": 999}), ELECTION_DAY, datetime(2026, 11, 6, 17, 0)),
        # OK (B): local question petition, the same Friday
        (_c("OK", {"Yes": 5050, "No": 4950}), ELECTION_DAY, datetime(2026, 11, 6, 17, 0)),
        # OK 8-109 for a 24 June 2025 (Tue) primary -> Fri 27 June 2025 5 p.m.
        (
            _c("OK", {"A": 1000, "B": 999}, election_type="primary"),
            date(2025, 6, 24),
            datetime(2025, 6, 27, 17, 0),
        ),
    ],
)
def test_deadline_by_hand(case: Case, election_day: date, expected: datetime | None) -> None:
    assert _deadline(case, election_day) == expected


def test_utah_filing_office_by_election_type_and_scope() -> None:
    # UT (1)(d)(i)/(ii)(A)-(D)
    def office(**kw: object) -> str | None:
        case = Case("UT", {"A": 2000, "B": 1995}, "B", "", 0, None, None, **kw)  # type: ignore[arg-type]
        return analyse(case).finding_for("B").file_with

    assert office(election_type="municipal_primary", scope="municipal") == "municipal clerk"
    assert office(election_type="municipal_general", scope="municipal") == "municipal clerk"
    assert office(election_type="local_district", scope="local_district") == "local district clerk"
    assert office() == "county clerk"
    assert office(scope="statewide") == "lieutenant governor"
    assert office(scope="multi_county") == "lieutenant governor"


@pytest.mark.parametrize(
    "line",
    [
        "Write-in",
        "WRITE-IN",
        "Write-ins",
        "Unresolved\nWrite-In",
        "Write-in: Not Assigned",
        "Scattering",
    ],
)
def test_aggregate_write_in_lines_count_in_the_total_but_get_no_finding(line: str) -> None:
    # T = 250 + 246 + 5 = 501 > 500 -> 1% of 250 = 2.5; the aggregate line is never "the candidate"
    analysis = analyse(Case("NE", {"A": 250, "B": 246, line: 5}, "B", "", 0, None, None))
    assert [f.choice for f in analysis.findings] == ["B"] and analysis.total_votes == 501
    assert analysis.finding_for("B").threshold_text == "2.5"


@pytest.mark.parametrize("line", ["Write-in: NON-VALID WRITE-IN", "Invalid Write-ins"])
def test_write_ins_the_county_declares_invalid_are_not_votes_cast(line: str) -> None:
    # Davis UT's statement prints "Write-in: NON-VALID WRITE-IN": votes for no candidate, like an
    # overvote. T = 250 + 246 = 496 <= 500 -> NE's 2% of 250 = 5, not the 1% rule a total of 501 gives
    analysis = analyse(Case("NE", {"A": 250, "B": 246, line: 5}, "B", "", 0, None, None))
    assert [f.choice for f in analysis.findings] == ["B"] and analysis.total_votes == 496
    assert analysis.finding_for("B").threshold_text == "5"
    assert any("declares them invalid" in note and repr(line) in note for note in analysis.notes)
