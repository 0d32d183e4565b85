"""Deadlines and recount dates from a rule's day count (RULES.md X-3: calendar days)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from recount_desktop.domain.records import State
from recount_desktop.domain.rules.facts import ContestFacts
from recount_desktop.domain.rules.holidays import load_calendar
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
    """The local date and time, or None when the anchor (e.g. the canvass date) is not known yet: a deadline
    is never counted from today."""
    if not facts.election_date_known:
        return None
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


def deadline_words(deadline: DeadlineRule, when: datetime | None, state: State | None = None) -> str:
    source = " (secondary source; confirm against the statute)" if deadline.source == "secondary" else ""
    what = deadline.what[:1].upper() + deadline.what[1:]
    if when is None:
        return f"{what} [{deadline.citation}]: not known: set the {deadline.anchor} date{source}."
    if deadline.time is None:
        moment = f"by the end of {day_words(when)} (no hour is stated)"
    else:
        moment = f"{day_words(when)} at {clock_words(when)}"
    return f"{what}: {moment} [{deadline.citation}]{source}.{day_warning(when, state)}"


def day_warning(when: datetime, state: State | None) -> str:
    """A sentence when the day is a weekend or a legal holiday: the statute does not say whether the
    deadline moves, so a person checks (RULES.md X-3)."""
    if when.weekday() >= 5:
        return " This falls on a weekend: check whether the deadline moves to the next working day."
    holiday = load_calendar(state).holiday_on(when.date()) if state is not None else None
    if holiday:
        citation = load_calendar(state).citation if state is not None else ""
        return (
            f" This falls on a legal holiday, {holiday} [{citation}]: check whether the deadline moves to "
            "the "
            "next working day."
        )
    return ""


def deadline_flags(when: datetime | None, state: State) -> list[str]:
    """Review flags for a deadline: not yet known, on a weekend, on a legal holiday."""
    if when is None:
        return ["date_unknown"]
    if when.weekday() >= 5:
        return ["weekend"]
    return ["holiday"] if load_calendar(state).holiday_on(when.date()) else []
