"""Nebraska 32-1119(6): the words every view prints for a substantial change found by the machine recount.

The statute does not define "substantial" (RULES.md NE-6): the board sets the thresholds that flag a
change. What follows a substantial change is in the statute, though, and it is not a hand count: the
ballots "shall then be counted using such device in any precinct which might reflect a substantial change".
"""

from __future__ import annotations

from fractions import Fraction

CITATION = "Neb. Rev. Stat. 32-1119(6)"
CONSEQUENCE = (
    "the statute says the ballots 'shall then be counted using such device in any precinct which might "
    "reflect a substantial change', so count this unit's ballots again on the vote counting device"
)


def threshold_words(threshold: str) -> str:
    """The board's threshold in words; none set means any change is flagged."""
    if threshold in ("", "0 votes"):
        return "no threshold is set, so any change is flagged"
    return f"more than {threshold}"


def substantial_change_sentence(unit: str, choice: str, original: int, recount: int, threshold: str) -> str:
    """One flagged unit: where, what moved, the threshold, and what the statute says follows."""
    return (
        f"Substantial change ({CITATION}): {unit}, {choice} {original:,} -> {recount:,} "
        f"({threshold_words(threshold)}); {CONSEQUENCE}."
    )


def checked_votes(text: str) -> str:
    """The votes threshold as stored: a whole number of votes, 0 meaning any change."""
    value = text.strip().replace(",", "")
    if not value.isdigit():
        raise ValueError(f"the substantial-change threshold in votes must be a whole number, not {text!r}")
    return str(int(value))


def checked_percent(text: str) -> str:
    """The percent threshold as stored: an exact number between 0 and 100 ("1.5" or "1.5%"); empty: none."""
    value = text.strip().rstrip("%").strip()
    if not value:
        return ""
    what = "the substantial-change threshold in percent"
    try:
        percent = Fraction(value)
    except ValueError:
        raise ValueError(f"{what} must be a number, not {text!r}") from None
    if not 0 <= percent <= 100:
        raise ValueError(f"{what} must lie between 0 and 100, not {text!r}")
    return value
