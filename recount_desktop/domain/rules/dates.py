"""Deadlines and recount dates from a rule's day count (RULES.md X-3: calendar days)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from recount_desktop.domain.rules.facts import ContestFacts
from recount_desktop.domain.rules.ruleset import WEEKDAYS, DeadlineRule, Rule

END_OF_DAY = time(23, 59)


def nth_weekday_after(day: date, weekday: str, nth: int) -> date:
    """The nth given weekday strictly after ``day``: the first Wednesday after a Tuesday election is the
    next day, so Nebraska's 3 November 2020 election has its fifth Wednesday on 2 December (32-1119(3))."""
    target = WEEKDAYS.index(weekday)
    first = day + timedelta(days=(target - day.weekday() - 1) % 7 + 1)
    return first + timedelta(weeks=nth - 1)


def pick_deadline(rule: Rule, facts: ContestFacts) -> DeadlineRule | None:
    for deadline in rule.deadlines:
        if deadline.when.matches(
            facts.election_type.value, facts.contest.scope.value, facts.contest.filed_with.value
        ):
            return deadline
    return None


def deadline_time(
    deadline: DeadlineRule, facts: ContestFacts, extra_days: int | None = None
) -> datetime | None:
    """The local date and time, or None when the anchor (e.g. the canvass date) is not known yet."""
    anchor = facts.election.election_date if deadline.anchor == "election" else facts.election.canvass_date
    if anchor is None:
        return None
    if deadline.weekday is not None:
        day = nth_weekday_after(anchor, deadline.weekday, deadline.nth or 1)
    else:
        day = anchor + timedelta(days=extra_days if extra_days is not None else (deadline.days or 0))
    clock = time.fromisoformat(deadline.time) if deadline.time else END_OF_DAY
    return datetime.combine(day, clock)


def clock_words(moment: datetime) -> str:
    """17:00 -> "5:00 p.m.", 09:00 -> "9:00 a.m.": the statutes' own way of naming the hour."""
    hour = moment.hour % 12 or 12
    return f"{hour}:{moment.minute:02d} {'a.m.' if moment.hour < 12 else 'p.m.'}"


def day_words(day: datetime) -> str:
    """ "Tuesday 1 December 2026": no leading zero, so it reads aloud as written."""
    return f"{day:%A} {day.day} {day:%B %Y}"


def deadline_words(deadline: DeadlineRule, when: datetime | None) -> str:
    source = " (secondary source; confirm against the statute)" if deadline.source == "secondary" else ""
    what = deadline.what[:1].upper() + deadline.what[1:]
    if when is None:
        unknown = f"the date is not known until the {deadline.anchor} date is set"
        return f"{what} [{deadline.citation}]: {unknown}{source}."
    if deadline.time is None:
        moment = f"by the end of {day_words(when)} (no hour is stated)"
    else:
        moment = f"{day_words(when)} at {clock_words(when)}"
    text = f"{what}: {moment} [{deadline.citation}]{source}."
    if when.weekday() >= 5:
        text += " This falls on a weekend: check whether the deadline moves (RULES.md X-3)."
    return text
