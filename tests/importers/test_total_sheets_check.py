"""The one check behind both places that meet a sheet of totals (``every_sheet`` joining sheets read
on their own, ``sheet_totals`` in one statement reading): a sheet holding fewer of a contest's units
than the others together is compared, choice by choice, with their sum."""

from __future__ import annotations

from collections import Counter

from recount_desktop.importers.total_sheets import Difference, compare_with_the_rest, named_as_total

DETAIL = {"Pct 1": Counter(Ann=5, Bob=6), "Pct 2": Counter(Ann=6, Bob=7)}


def test_a_sheet_of_the_sum_is_found_and_a_sheet_off_by_one_names_its_first_differing_choice() -> None:
    assert compare_with_the_rest({"Detail": DETAIL, "County": {"County": Counter(Ann=11, Bob=13)}}) == {
        "County": None
    }
    off = compare_with_the_rest({"Detail": DETAIL, "County": {"County": Counter(Ann=12, Bob=13)}})
    assert off == {"County": Difference("Ann", 12, 11)}


def test_the_sum_is_over_every_other_sheet_and_a_unit_on_two_sheets_counts_once() -> None:
    portions = {
        "North": DETAIL,
        "North (2)": {"Pct 2": Counter(Ann=1, Bob=1)},  # a portion of Pct 2: its counts added
        "Total": {"Countywide": Counter(Ann=12, Bob=14)},
    }
    assert compare_with_the_rest(portions)["Total"] is None


def test_like_sized_sheets_sheets_sharing_a_unit_and_one_other_unit_are_not_compared() -> None:
    assert compare_with_the_rest({"A": DETAIL, "B": {"Pct 3": Counter(), "Pct 4": Counter()}}) == {}
    assert compare_with_the_rest({"A": DETAIL, "B": {"Pct 1": Counter(Ann=11, Bob=13)}}) == {}
    assert compare_with_the_rest({"A": {"Pct 1": Counter(Ann=1)}, "B": {"County": Counter(Ann=1)}}) == {}


def test_names_of_totals() -> None:
    for name in ("County", "Countywide", "All Precincts", "Saline County", "Total", "TOTALS"):
        assert named_as_total(name), name
    for name in ("Pct 9", "Absentee", "North"):
        assert not named_as_total(name), name
