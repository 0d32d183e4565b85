"""A state's recount rules as data: ``resources/rules/<STATE>.toml`` parsed into frozen records.

The statute lives in the TOML file (citations, quoted text, exact thresholds, boundaries, who may
ask, where to file, deadlines, costs, signatures, and the named readings of each ambiguity); this
module only reads and validates it, so a wrong or missing field fails loudly at load time rather
than quietly at a board meeting.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import cache
from typing import Any

from recount_desktop.domain.records import ContestKind, ElectionType, MeasureType, Scope, State, VotingMethod
from recount_desktop.domain.rules.findings import RecountStatus


class Boundary(StrEnum):
    """How a margin compares with its limit: "within" means at most, below, or exactly."""

    AT_MOST = "<="
    BELOW = "<"
    EXACTLY = "=="


class MarginMeasure(StrEnum):
    """What a rule measures its margin between (NONE: a rule with no margin test)."""

    TO_LAST_SEAT = "to_last_seat"
    BETWEEN_SIDES = "between_sides"
    TO_REQUIRED = "to_required"
    NONE = "none"


DENOMINATORS = ("top_candidate", "total", "larger_count")
SOURCES = ("seed", "src", "secondary")
ANCHORS = ("election", "canvass")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# The keys each table of a rule file may hold; any other key is a misspelling and fails the load.
TOP_KEYS = ("state", "name", "statute", "statute_file", "version_note", "readings", "rules")
READING_KEYS = ("key", "default", "values", "citation", "question", "inferred")
RULE_KEYS = (
    "id", "title", "entry", "status", "otherwise", "citation", "quote", "source", "inferred",
    "requested_by", "cost", "applies", "margin", "threshold", "alternative", "file_with", "deadline",
    "signatures", "condition_reading", "notes", "extra",
)
APPLIES_KEYS = ("kind", "scope", "election_type", "voting_method", "approval", "measure_type", "tied")
MARGIN_KEYS = ("measure", "multi_seat_reading", "majority_reading", "supermajority_reading")
THRESHOLD_KEYS = (
    "boundary", "of", "fraction", "votes", "citation", "quote", "when_total", "combine", "tie_reading",
    "total_reading", "multi_seat_reading",
)
CONDITION_KEYS = ("election_type", "scope", "filed_with")
FILE_WITH_KEYS = ("office", "citation", "when")
DEADLINE_KEYS = ("what", "anchor", "citation", "source", "time", "days", "weekday", "nth", "when")
SIGNATURES_KEYS = ("count", "citation", "counties", "when_total", "else_fraction")
CONDITION_READING_KEYS = ("key", "value")

# Figures a rule carries beyond the schema above, with their types: the code that reads them
# (state_details.py) gets the declared type, and a file that misspells or omits one fails the load.
RULE_EXTRAS: dict[str, dict[str, type]] = {
    "NE-32-1121": {
        "current_days_after_canvass": int,
        "older_days_after_canvass": int,
        "current_cost_per_precinct": int,
        "current_citation": str,
        "older_citation": str,
    },
    "OK-26-8-111-A": {
        "manual_per_block": int,
        "manual_block": int,
        "manual_citation": str,
        "manual_quote": str,
        "electronic_first": int,
        "electronic_first_block": int,
        "electronic_per_block": int,
        "electronic_block": int,
        "electronic_citation": str,
        "state_board_fee": int,
        "state_board_citation": str,
        "additional_deposit_fraction": Fraction,
        "additional_deposit_citation": str,
        "additional_deposit_quote": str,
        "primary_exception_quote": str,
    },
}

# Rule ids the code branches on by name (state_details.py). A rule file for the state must define
# each one: renaming NE-32-1119 in the TOML would otherwise silently switch off Nebraska's waivers.
RULE_IDS_NAMED_IN_CODE: dict[State, tuple[str, ...]] = {
    State.NE: ("NE-32-1119", "NE-32-1121"),
    State.OK: ("OK-26-8-111-A",),
    State.CO: ("CO-1-13.5-1306-1", "CO-1-13.5-1306-2"),
    State.MT: ("MT-13-16-301",),
}

_CONDITION = re.compile(r"^\s*(<=|<|>=|>|==)\s*(\d+)\s*$")
_FRACTION = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


class RuleFileError(ValueError):
    """A rule file that does not match the schema; the message names the file and the field."""


@dataclass(frozen=True)
class TotalCondition:
    """``T > 500``, ``T <= 400`` ...: which part of a statute applies by the size of the vote."""

    operator: str
    votes: int

    def holds(self, total: int) -> bool:
        return {
            "<=": total <= self.votes,
            "<": total < self.votes,
            ">=": total >= self.votes,
            ">": total > self.votes,
            "==": total == self.votes,
        }[self.operator]

    def text(self) -> str:
        return f"{self.operator} {self.votes:,}"

    def words(self) -> str:
        """The statutes' own way of saying it: "more than 500", "400 or fewer", "15,000 or more"."""
        n = f"{self.votes:,}"
        return {
            "<=": f"{n} or fewer",
            "<": f"fewer than {n}",
            ">=": f"{n} or more",
            ">": f"more than {n}",
            "==": f"exactly {n}",
        }[self.operator]


@dataclass(frozen=True)
class Reading:
    """A named reading of an ambiguity: its values, each with a sentence a board member can read."""

    key: str
    default: str
    values: tuple[tuple[str, str], ...]
    citation: str
    question: str
    inferred: bool

    def sentence(self, value: str) -> str:
        return dict(self.values)[value]


@dataclass(frozen=True)
class Applies:
    """Which contests a rule covers; an empty tuple means "any"."""

    kind: tuple[ContestKind, ...]
    scope: tuple[Scope, ...] = ()
    election_type: tuple[ElectionType, ...] = ()
    voting_method: tuple[VotingMethod, ...] = ()
    approval: tuple[str, ...] = ()  # "majority", "supermajority"
    measure_type: tuple[str, ...] = ()  # "statutory", "constitutional", "unset"
    tied: bool | None = None  # True: only candidates tied at the last seat


@dataclass(frozen=True)
class Margin:
    measure: MarginMeasure
    multi_seat_reading: str | None = None
    majority_reading: str | None = None
    supermajority_reading: str | None = None  # a question needing more than a majority (RULES.md MT-4)


@dataclass(frozen=True)
class Threshold:
    """The limit as an exact fraction of a denominator (or a fixed number of votes)."""

    boundary: Boundary
    of: str | None = None
    fraction: Fraction | None = None
    votes: int | None = None
    citation: str = ""
    quote: str = ""
    when_total: TotalCondition | None = None
    combine: str | None = None  # "greater": Montana's "whichever is greater"
    tie_reading: str | None = None
    total_reading: str | None = None
    multi_seat_reading: str | None = None


@dataclass(frozen=True)
class Condition:
    """Optional filters on a deadline or filing office: election type, scope, where candidates filed."""

    election_type: tuple[str, ...] = ()
    scope: tuple[str, ...] = ()
    filed_with: tuple[str, ...] = ()

    def matches(self, election_type: str, scope: str, filed_with: str) -> bool:
        return (
            (not self.election_type or election_type in self.election_type)
            and (not self.scope or scope in self.scope)
            and (not self.filed_with or filed_with in self.filed_with)
        )


@dataclass(frozen=True)
class FilingOffice:
    office: str
    citation: str
    when: Condition = Condition()


@dataclass(frozen=True)
class DeadlineRule:
    what: str
    anchor: str
    citation: str
    source: str
    time: str | None = None  # "HH:MM"; None means the end of the day (no hour stated)
    days: int | None = None
    weekday: str | None = None
    nth: int | None = None
    when: Condition = Condition()


@dataclass(frozen=True)
class Signatures:
    count: int
    citation: str
    counties: int | None = None
    when_total: TotalCondition | None = None
    else_fraction: Fraction | None = None  # rounded up: "equal to ... or more"


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    entry: bool
    status: RecountStatus
    otherwise: str
    citation: str
    quote: str
    source: str
    inferred: bool
    requested_by: str
    cost: str | None
    applies: Applies
    margin: Margin
    threshold: Threshold | None
    alternative: Threshold | None
    file_with: tuple[FilingOffice, ...]
    deadlines: tuple[DeadlineRule, ...]
    signatures: Signatures | None
    condition_reading: tuple[str, str] | None
    notes: tuple[str, ...]
    extra: Mapping[str, int | str | Fraction]  # typed as declared in RULE_EXTRAS


@dataclass(frozen=True)
class RuleSet:
    state: State
    name: str
    statute: str
    statute_file: str
    version_note: str
    readings: tuple[Reading, ...]
    rules: tuple[Rule, ...]

    def rule(self, rule_id: str) -> Rule:
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)

    def reading(self, key: str) -> Reading:
        for reading in self.readings:
            if reading.key == key:
                return reading
        raise KeyError(key)


def parse_fraction(text: object, where: str) -> Fraction:
    """Exact fractions only, written ``"1/400"``: a float in a rule file is a mistake."""
    if not isinstance(text, str) or not (match := _FRACTION.match(text)):
        raise RuleFileError(f'{where}: a threshold must be an exact fraction such as "1/400", not {text!r}')
    numerator, denominator = int(match.group(1)), int(match.group(2))
    if denominator == 0:
        raise RuleFileError(f"{where}: fraction {text!r} divides by zero")
    return Fraction(numerator, denominator)


def parse_condition(text: object, where: str) -> TotalCondition:
    if not isinstance(text, str) or not (match := _CONDITION.match(text)):
        raise RuleFileError(f'{where}: a condition must read like "<= 500", not {text!r}')
    return TotalCondition(match.group(1), int(match.group(2)))


class _Fields:
    """Typed access to one TOML table that names the file and field in every error."""

    def __init__(self, table: Mapping[str, Any], where: str) -> None:
        if not isinstance(table, Mapping):
            raise RuleFileError(f"{where}: expected a table")
        self.table, self.where = table, where

    def only(self, known: tuple[str, ...]) -> None:
        """Refuse any key the schema does not declare: a misspelled ``boundry`` must not load silently."""
        for key in self.table:
            if key not in known:
                raise RuleFileError(f"{self.where}: unknown key {key!r} (known keys: {', '.join(known)})")

    def text(self, key: str, default: str | None = None, required: bool = True) -> str:
        value = self.table.get(key, default)
        if value is None and not required:
            return ""
        if not isinstance(value, str) or not value.strip():
            raise RuleFileError(f"{self.where}.{key}: expected non-empty text, found {value!r}")
        return value.strip()

    def optional_text(self, key: str) -> str | None:
        return self.text(key) if key in self.table else None

    def choice(self, key: str, allowed: tuple[str, ...], default: str | None = None) -> str:
        value = self.text(key, default)
        if value not in allowed:
            raise RuleFileError(f"{self.where}.{key}: {value!r} is not one of {', '.join(allowed)}")
        return value

    def integer(self, key: str) -> int | None:
        value = self.table.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleFileError(f"{self.where}.{key}: expected a whole number, found {value!r}")
        return value

    def boolean(self, key: str, default: bool) -> bool:
        value = self.table.get(key, default)
        if not isinstance(value, bool):
            raise RuleFileError(f"{self.where}.{key}: expected true or false, found {value!r}")
        return value

    def strings(self, key: str, allowed: tuple[str, ...] | None = None) -> tuple[str, ...]:
        value = self.table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise RuleFileError(f"{self.where}.{key}: expected a list of text")
        if allowed is not None:
            for item in value:
                if item not in allowed:
                    raise RuleFileError(f"{self.where}.{key}: {item!r} is not one of {', '.join(allowed)}")
        return tuple(value)

    def sub(self, key: str) -> _Fields | None:
        if key not in self.table:
            return None
        return _Fields(self.table[key], f"{self.where}.{key}")

    def tables(self, key: str) -> list[_Fields]:
        value = self.table.get(key, [])
        if not isinstance(value, list):
            raise RuleFileError(f"{self.where}.{key}: expected an array of tables")
        return [_Fields(item, f"{self.where}.{key}[{i}]") for i, item in enumerate(value)]


def _enum_values(enum: Any) -> tuple[str, ...]:
    return tuple(member.value for member in enum)


def _applies(fields: _Fields) -> Applies:
    fields.only(APPLIES_KEYS)
    tied = fields.table.get("tied")
    if tied is not None and not isinstance(tied, bool):
        raise RuleFileError(f"{fields.where}.tied: expected true or false")
    kinds = fields.strings("kind", _enum_values(ContestKind))
    if not kinds:
        raise RuleFileError(f"{fields.where}.kind: name at least one contest kind")
    return Applies(
        kind=tuple(ContestKind(k) for k in kinds),
        scope=tuple(Scope(s) for s in fields.strings("scope", _enum_values(Scope))),
        election_type=tuple(
            ElectionType(e) for e in fields.strings("election_type", _enum_values(ElectionType))
        ),
        voting_method=tuple(
            VotingMethod(v) for v in fields.strings("voting_method", _enum_values(VotingMethod))
        ),
        approval=fields.strings("approval", ("majority", "supermajority")),
        measure_type=fields.strings("measure_type", (*_enum_values(MeasureType), "unset")),
        tied=tied,
    )


def _threshold(fields: _Fields) -> Threshold:
    fields.only(THRESHOLD_KEYS)
    fraction = (
        parse_fraction(fields.table["fraction"], f"{fields.where}.fraction")
        if "fraction" in fields.table
        else None
    )
    votes = fields.integer("votes")
    if fraction is None and votes is None:
        raise RuleFileError(f"{fields.where}: a threshold needs a fraction or a number of votes")
    of = fields.choice("of", DENOMINATORS) if fraction is not None else fields.optional_text("of")
    when = fields.table.get("when_total")
    combine = fields.optional_text("combine")
    if combine not in (None, "greater"):
        raise RuleFileError(f'{fields.where}.combine: only "greater" is known')
    return Threshold(
        boundary=Boundary(fields.choice("boundary", _enum_values(Boundary))),
        of=of,
        fraction=fraction,
        votes=votes,
        citation=fields.text("citation", required=False),
        quote=fields.text("quote", required=False),
        when_total=parse_condition(when, f"{fields.where}.when_total") if when is not None else None,
        combine=combine,
        tie_reading=fields.optional_text("tie_reading"),
        total_reading=fields.optional_text("total_reading"),
        multi_seat_reading=fields.optional_text("multi_seat_reading"),
    )


def _condition(fields: _Fields | None) -> Condition:
    if fields is None:
        return Condition()
    fields.only(CONDITION_KEYS)
    return Condition(
        election_type=fields.strings("election_type", _enum_values(ElectionType)),
        scope=fields.strings("scope", _enum_values(Scope)),
        filed_with=fields.strings("filed_with", ("sos", "county")),
    )


def _deadline(fields: _Fields) -> DeadlineRule:
    fields.only(DEADLINE_KEYS)
    time = fields.optional_text("time")
    if time is not None and not re.fullmatch(r"\d\d:\d\d", time):
        raise RuleFileError(f"{fields.where}.time: expected HH:MM, found {time!r}")
    weekday = fields.optional_text("weekday")
    if weekday is not None and weekday not in WEEKDAYS:
        raise RuleFileError(f"{fields.where}.weekday: {weekday!r} is not a weekday")
    days, nth = fields.integer("days"), fields.integer("nth")
    if (days is None) == (weekday is None):
        raise RuleFileError(f"{fields.where}: give either days or weekday (with nth)")
    return DeadlineRule(
        what=fields.text("what"),
        anchor=fields.choice("anchor", ANCHORS),
        citation=fields.text("citation"),
        source=fields.choice("source", SOURCES),
        time=time,
        days=days,
        weekday=weekday,
        nth=nth if weekday is None else (nth or 1),
        when=_condition(fields.sub("when")),
    )


def _signatures(fields: _Fields | None) -> Signatures | None:
    if fields is None:
        return None
    fields.only(SIGNATURES_KEYS)
    count = fields.integer("count")
    if count is None:
        raise RuleFileError(f"{fields.where}.count: the number of signatures is required")
    when = fields.table.get("when_total")
    else_fraction = fields.table.get("else_fraction")
    return Signatures(
        count=count,
        citation=fields.text("citation"),
        counties=fields.integer("counties"),
        when_total=parse_condition(when, f"{fields.where}.when_total") if when is not None else None,
        else_fraction=parse_fraction(else_fraction, f"{fields.where}.else_fraction")
        if else_fraction is not None
        else None,
    )


def _margin(fields: _Fields | None) -> Margin:
    if fields is None:
        return Margin(measure=MarginMeasure.NONE)
    fields.only(MARGIN_KEYS)
    measures = tuple(m for m in _enum_values(MarginMeasure) if m != MarginMeasure.NONE)
    return Margin(
        measure=MarginMeasure(fields.choice("measure", measures)),
        multi_seat_reading=fields.optional_text("multi_seat_reading"),
        majority_reading=fields.optional_text("majority_reading"),
        supermajority_reading=fields.optional_text("supermajority_reading"),
    )


def _extra(rule: _Fields, rule_id: str) -> dict[str, int | str | Fraction]:
    """The rule's declared extra figures (RULE_EXTRAS), each checked and converted to its type."""
    declared = RULE_EXTRAS.get(rule_id)
    fields = rule.sub("extra")
    if fields is None:
        if declared:
            raise RuleFileError(f"{rule.where}.extra: missing (rule {rule_id} needs {', '.join(declared)})")
        return {}
    if declared is None:
        raise RuleFileError(f"{fields.where}: rule {rule_id} declares no extra keys (RULE_EXTRAS)")
    fields.only(tuple(declared))
    values: dict[str, int | str | Fraction] = {}
    for key, kind in declared.items():
        if key not in fields.table:
            raise RuleFileError(f"{fields.where}.{key}: missing (rule {rule_id} needs it)")
        if kind is int:
            number = fields.integer(key)
            assert number is not None  # present, checked above
            values[key] = number
        elif kind is Fraction:
            values[key] = parse_fraction(fields.table[key], f"{fields.where}.{key}")
        else:
            values[key] = fields.text(key)
    return values


def _rule(fields: _Fields) -> Rule:
    fields.only(RULE_KEYS)
    rule_id = fields.text("id")
    margin = _margin(fields.sub("margin"))
    threshold = fields.sub("threshold")
    alternative = fields.sub("alternative")
    condition = fields.sub("condition_reading")
    if condition is not None:
        condition.only(CONDITION_READING_KEYS)
    applies = fields.sub("applies")
    if applies is None:
        raise RuleFileError(f"{fields.where}.applies: every rule names the contests it covers")
    if threshold is not None and margin.measure is MarginMeasure.NONE:
        raise RuleFileError(f"{fields.where}.margin: a rule with a threshold must define its margin")
    return Rule(
        id=rule_id,
        title=fields.text("title"),
        entry=fields.boolean("entry", True),
        status=RecountStatus(fields.choice("status", _enum_values(RecountStatus))),
        otherwise=fields.text("otherwise", "none"),
        citation=fields.text("citation"),
        quote=fields.text("quote"),
        source=fields.choice("source", SOURCES),
        inferred=fields.boolean("inferred", False),
        requested_by=fields.text("requested_by"),
        cost=fields.optional_text("cost"),
        applies=_applies(applies),
        margin=margin,
        threshold=_threshold(threshold) if threshold is not None else None,
        alternative=_threshold(alternative) if alternative is not None else None,
        file_with=tuple(_filing_office(f) for f in fields.tables("file_with")),
        deadlines=tuple(_deadline(d) for d in fields.tables("deadline")),
        signatures=_signatures(fields.sub("signatures")),
        condition_reading=(condition.text("key"), condition.text("value")) if condition else None,
        notes=fields.strings("notes"),
        extra=_extra(fields, rule_id),
    )


def _filing_office(fields: _Fields) -> FilingOffice:
    fields.only(FILE_WITH_KEYS)
    return FilingOffice(fields.text("office"), fields.text("citation"), _condition(fields.sub("when")))


def _reading(fields: _Fields) -> Reading:
    fields.only(READING_KEYS)
    values = fields.sub("values")
    if values is None or not values.table:
        raise RuleFileError(f"{fields.where}.values: a reading lists its values with a sentence each")
    pairs = tuple((key, values.text(key)) for key in values.table)
    default = fields.text("default")
    if default not in dict(pairs):
        raise RuleFileError(f"{fields.where}.default: {default!r} is not one of its values")
    key = fields.text("key")
    if not re.fullmatch(r"reading\.[A-Z]{2}\.[a-z_0-9]+", key):
        raise RuleFileError(f"{fields.where}.key: expected reading.XX.name, found {key!r}")
    return Reading(
        key,
        default,
        pairs,
        fields.text("citation"),
        fields.text("question"),
        fields.boolean("inferred", True),
    )


def _check_references(rule_set: RuleSet, where: str) -> None:
    ids = [r.id for r in rule_set.rules]
    if len(set(ids)) != len(ids):
        raise RuleFileError(f"{where}: a rule id appears twice")
    reading_keys = {r.key for r in rule_set.readings}
    for rule in rule_set.rules:
        if rule.otherwise not in (*ids, "none") or rule.otherwise == rule.id:
            raise RuleFileError(f"{where}: rule {rule.id}: otherwise {rule.otherwise!r} is not a rule id")
        used = [
            rule.margin.multi_seat_reading,
            rule.margin.majority_reading,
            rule.margin.supermajority_reading,
            rule.condition_reading[0] if rule.condition_reading else None,
        ]
        for limit in (rule.threshold, rule.alternative):
            if limit is not None:
                used += [limit.tie_reading, limit.total_reading, limit.multi_seat_reading]
        for key in filter(None, used):
            if key not in reading_keys:
                raise RuleFileError(f"{where}: rule {rule.id} uses reading {key!r}, not defined in the file")
    for rule_id in RULE_IDS_NAMED_IN_CODE.get(rule_set.state, ()):
        if rule_id not in ids:
            raise RuleFileError(f"{where}: no rule {rule_id}; the program relies on it by that id")


def parse_rule_set(data: Mapping[str, Any], where: str) -> RuleSet:
    """Validate a parsed rule file; ``where`` names the file in every error message."""
    top = _Fields(data, where)
    top.only(TOP_KEYS)
    state_text = top.choice("state", _enum_values(State))
    rule_set = RuleSet(
        state=State(state_text),
        name=top.text("name"),
        statute=top.text("statute"),
        statute_file=top.text("statute_file"),
        version_note=top.text("version_note"),
        readings=tuple(_reading(r) for r in top.tables("readings")),
        rules=tuple(_rule(r) for r in top.tables("rules")),
    )
    if not rule_set.rules:
        raise RuleFileError(f"{where}: the file defines no rules")
    _check_references(rule_set, where)
    return rule_set


@cache
def load_rules(state: State | str) -> RuleSet:
    """Read and validate ``resources/rules/<STATE>.toml`` (cached: rule files do not change at run time)."""
    from recount_desktop.paths import resource_path

    state = State(state)
    path = resource_path("rules", f"{state.value}.toml")
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise RuleFileError(f"{path}: cannot read the rule file ({error})") from error
    except tomllib.TOMLDecodeError as error:
        raise RuleFileError(f"{path}: not valid TOML ({error})") from error
    rule_set = parse_rule_set(data, str(path))
    if rule_set.state is not state:
        raise RuleFileError(f"{path}: the file is for {rule_set.state}, not {state}")
    return rule_set
