"""Each state's legal holidays (``resources/calendars/<STATE>.toml``), so a deadline that falls on one is
flagged for review, as a weekend is (RULES.md X-3). A deadline is never moved: whether it moves is the
state's own computation rule, which a person must check."""

from __future__ import annotations

import calendar
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from typing import Any

from recount_desktop.domain.records import State

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


class CalendarFileError(ValueError):
    """A holiday calendar that does not match its schema; the message names the file and the entry."""


@dataclass(frozen=True)
class Holiday:
    name: str
    month: int
    day: int | None = None  # a fixed date, or
    weekday: str | None = None  # the nth weekday of the month (nth -1: the last)
    nth: int = 1
    after_monday: bool = False  # "the first Tuesday after the first Monday"
    even_years: bool = False

    def date_in(self, year: int) -> date | None:
        if self.even_years and year % 2:
            return None
        if self.day is not None:
            return date(year, self.month, self.day)
        assert self.weekday is not None
        target = _WEEKDAYS.index(self.weekday)
        if self.after_monday:
            return _nth_weekday(year, self.month, 0, 1) + timedelta(days=(target - 0) % 7 or 7)
        return _nth_weekday(year, self.month, target, self.nth)


def _nth_weekday(year: int, month: int, weekday: int, nth: int) -> date:
    days = [
        d
        for d in range(1, calendar.monthrange(year, month)[1] + 1)
        if date(year, month, d).weekday() == weekday
    ]
    return date(year, month, days[nth - 1] if nth > 0 else days[nth])


@dataclass(frozen=True)
class HolidayCalendar:
    state: State
    citation: str
    holidays: tuple[Holiday, ...]

    def holiday_on(self, day: date) -> str | None:
        """The holiday (or the day it is observed) that falls on ``day``, by name; None on a working day."""
        for holiday in self.holidays:
            actual = holiday.date_in(day.year)
            if actual is None:
                continue
            if actual == day:
                return holiday.name
            if _observed(actual) == day:
                return f"{holiday.name} (observed)"
        return None


def _observed(actual: date) -> date:
    if actual.weekday() == 5:
        return actual - timedelta(days=1)
    if actual.weekday() == 6:
        return actual + timedelta(days=1)
    return actual


def _holiday(entry: Mapping[str, Any], where: str) -> Holiday:
    known = {"name", "month", "day", "weekday", "nth", "after_monday", "even_years"}
    unknown = set(entry) - known
    if unknown:
        raise CalendarFileError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    try:
        holiday = Holiday(
            name=str(entry["name"]),
            month=int(entry["month"]),
            day=int(entry["day"]) if "day" in entry else None,
            weekday=str(entry["weekday"]) if "weekday" in entry else None,
            nth=int(entry.get("nth", 1)),
            after_monday=bool(entry.get("after_monday", False)),
            even_years=bool(entry.get("even_years", False)),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise CalendarFileError(f"{where}: {error}") from error
    if (holiday.day is None) == (holiday.weekday is None) or (
        holiday.weekday is not None and holiday.weekday not in _WEEKDAYS
    ):
        raise CalendarFileError(f"{where}: give either day or a weekday with nth")
    holiday.date_in(2024)  # an impossible date (30 February) fails here, at load time
    return holiday


@cache
def load_calendar(state: State | str) -> HolidayCalendar:
    """Read ``resources/calendars/<STATE>.toml`` (cached)."""
    from recount_desktop.paths import read_resource_toml

    state = State(state)
    file = f"{state.value}.toml"
    path, data = read_resource_toml("the holiday calendar", CalendarFileError, "calendars", file)
    entries = data.get("holidays", [])
    holidays = tuple(_holiday(entry, f"{path}: holidays[{i}]") for i, entry in enumerate(entries))
    return HolidayCalendar(state, str(data.get("citation", "")), holidays)
