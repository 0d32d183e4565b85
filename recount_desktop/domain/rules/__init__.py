"""The recount-trigger engine: a state's rule file (``resources/rules/<STATE>.toml``) applied to a contest.

Exact throughout (``int`` and ``Fraction``); a float given as a vote count raises ``TypeError``.
"""

from recount_desktop.domain.rules.contests import analyze_contest, analyze_election
from recount_desktop.domain.rules.engine import votes_to_flip_question
from recount_desktop.domain.rules.findings import (
    FLAG_WORDS,
    NEEDS_WORDS,
    ContestAnalysis,
    Finding,
    RecountStatus,
    decimal_text,
)
from recount_desktop.domain.rules.report_json import analysis_to_json
from recount_desktop.domain.rules.ruleset import RuleFileError, RuleSet, load_rules
from recount_desktop.domain.rules.settings import (
    ReadingSettings,
    all_readings,
    waiver_key,
    waivers_from_settings,
)
from recount_desktop.domain.rules.state_details import (
    additional_deposit_required,
    colorado_refund_due,
    oklahoma_deposit,
)

__all__ = [
    "FLAG_WORDS",
    "NEEDS_WORDS",
    "waiver_key",
    "waivers_from_settings",
    "ContestAnalysis",
    "Finding",
    "ReadingSettings",
    "RecountStatus",
    "RuleFileError",
    "RuleSet",
    "additional_deposit_required",
    "all_readings",
    "analysis_to_json",
    "analyze_contest",
    "analyze_election",
    "colorado_refund_due",
    "decimal_text",
    "load_rules",
    "oklahoma_deposit",
    "votes_to_flip_question",
]
