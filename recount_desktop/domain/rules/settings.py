"""Named readings of the statutes' ambiguities (RULES.md section 7), changeable per election.

They are stored as text in the election file (``reading.NE.total_votes = office``); every finding
that depends on one names it, so the board sees which reading it rests on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from recount_desktop.domain.records import State
from recount_desktop.domain.rules.ruleset import Reading, load_rules

READING_PREFIX = "reading."


def all_readings() -> tuple[Reading, ...]:
    """Every reading defined by the five rule files, in file order."""
    return tuple(reading for state in State for reading in load_rules(state).readings)


def _definitions() -> dict[str, Reading]:
    return {reading.key: reading for reading in all_readings()}


@dataclass(frozen=True)
class ReadingSettings:
    """The chosen value of every reading; anything not chosen takes the RULES.md default."""

    chosen: tuple[tuple[str, str], ...] = field(default=())

    def __post_init__(self) -> None:
        definitions = _definitions()
        for key, value in self.chosen:
            if key not in definitions:
                raise ValueError(f"unknown reading {key!r}")
            allowed = [v for v, _ in definitions[key].values]
            if value not in allowed:
                raise ValueError(f"reading {key!r} must be one of {', '.join(allowed)}, not {value!r}")

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, str]) -> ReadingSettings:
        """Pick the ``reading.*`` keys out of an election file's settings; other keys are not ours."""
        return cls(
            tuple(sorted((k, str(v).strip()) for k, v in mapping.items() if k.startswith(READING_PREFIX)))
        )

    def to_mapping(self) -> dict[str, str]:
        """Every reading with its current value, defaults included, ready to store as text."""
        return {key: self.value(key) for key in _definitions()}

    def with_value(self, key: str, value: str) -> ReadingSettings:
        chosen = dict(self.chosen)
        chosen[key] = value
        return ReadingSettings(tuple(sorted(chosen.items())))

    def value(self, key: str) -> str:
        chosen = dict(self.chosen)
        return chosen[key] if key in chosen else _definitions()[key].default

    def is_default(self, key: str) -> bool:
        return self.value(key) == _definitions()[key].default

    def sentence(self, key: str) -> str:
        """The reading in words with its citation, for the GUI and every finding that uses it."""
        reading = _definitions()[key]
        default = " (default)" if self.is_default(key) else " (changed for this election)"
        return f"{reading.sentence(self.value(key)).rstrip('.')}{default} [{reading.citation}]."

    @staticmethod
    def definition(key: str) -> Reading:
        return _definitions()[key]


WAIVER_PREFIX = "waivers."


def waiver_key(contest: str) -> str:
    """The election setting that lists a contest's waivers (Neb. Rev. Stat. 32-1119(1))."""
    return WAIVER_PREFIX + contest


def waivers_from_settings(settings: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Contest -> candidates who filed a written waiver, from the settings ``waivers.<contest>``
    (one candidate name a line)."""
    return {
        key.removeprefix(WAIVER_PREFIX): tuple(n.strip() for n in value.splitlines() if n.strip())
        for key, value in settings.items()
        if key.startswith(WAIVER_PREFIX)
    }
