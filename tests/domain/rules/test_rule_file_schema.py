"""A rule file is validated data: a misspelled key, a stray extra figure or a renamed rule the program
relies on stops the load with the file and key named, instead of loading quietly and changing a finding."""

from __future__ import annotations

import copy
import re
import tomllib
from fractions import Fraction
from typing import Any

import pytest

from recount_desktop.domain import State
from recount_desktop.domain.rules import RecountStatus, RuleFileError, load_rules
from recount_desktop.domain.rules.ruleset import (
    RULE_EXTRAS,
    RULE_IDS_NAMED_IN_CODE,
    Boundary,
    MarginMeasure,
    parse_rule_set,
)
from tests.conftest import REPO

RULES_DIR = REPO / "resources" / "rules"
PACKAGE = REPO / "recount_desktop"


def _file(state: str) -> dict[str, Any]:
    with open(RULES_DIR / f"{state}.toml", "rb") as handle:
        return tomllib.load(handle)


def _rule(data: dict[str, Any], rule_id: str) -> dict[str, Any]:
    return next(rule for rule in data["rules"] if rule["id"] == rule_id)


def _index(data: dict[str, Any], rule_id: str) -> int:
    return [rule["id"] for rule in data["rules"]].index(rule_id)


def test_the_shipped_files_pass_the_strict_schema() -> None:
    for state in ("NE", "CO", "OK", "MT", "UT"):
        parse_rule_set(_file(state), f"{state}.toml")


def test_a_misspelled_boundary_is_refused_naming_the_file_and_key() -> None:
    data = _file("NE")
    threshold = _rule(data, "NE-32-1119")["threshold"]
    threshold["boundry"] = threshold.pop("boundary")
    i = _index(data, "NE-32-1119")
    with pytest.raises(RuleFileError, match=rf"NE\.toml\.rules\[{i}\]\.threshold: unknown key 'boundry'"):
        parse_rule_set(data, "NE.toml")


def test_a_misspelled_citation_on_a_rule_is_refused() -> None:
    data = _file("UT")
    data["rules"][0]["citaton"] = data["rules"][0]["citation"]
    with pytest.raises(RuleFileError, match=r"UT\.toml\.rules\[0\]: unknown key 'citaton'"):
        parse_rule_set(data, "UT.toml")


@pytest.mark.parametrize(("path", "table"), [
    ((), "OK.toml"),
    (("readings", 0), r"OK\.toml\.readings\[0\]"),
    (("rules", 0, "applies"), r"OK\.toml\.rules\[0\]\.applies"),
    (("rules", 0, "deadline", 0), r"OK\.toml\.rules\[0\]\.deadline\[0\]"),
    (("rules", 0, "file_with", 0), r"OK\.toml\.rules\[0\]\.file_with\[0\]"),
])
def test_an_unknown_key_is_refused_in_every_kind_of_table(path: tuple[Any, ...], table: str) -> None:
    data = _file("OK")
    target: Any = data
    for step in path:
        target = target[step]
    target["colour"] = "red"
    with pytest.raises(RuleFileError, match=rf"^{table}: unknown key 'colour'"):
        parse_rule_set(data, "OK.toml")


def test_an_unknown_key_is_refused_in_margin_and_signature_tables() -> None:
    data = _file("MT")
    i = next(i for i, rule in enumerate(data["rules"]) if "signatures" in rule and "margin" in rule)
    data["rules"][i]["signatures"]["county"] = 1
    with pytest.raises(RuleFileError, match=rf"MT\.toml\.rules\[{i}\]\.signatures: unknown key 'county'"):
        parse_rule_set(data, "MT.toml")
    del data["rules"][i]["signatures"]["county"]
    data["rules"][i]["margin"]["mesure"] = "to_last_seat"
    with pytest.raises(RuleFileError, match=rf"MT\.toml\.rules\[{i}\]\.margin: unknown key 'mesure'"):
        parse_rule_set(data, "MT.toml")


def test_an_unknown_key_is_refused_in_a_filing_condition() -> None:
    data = _file("NE")
    i = _index(data, "NE-32-1121")
    data["rules"][i]["file_with"][0]["when"]["filed"] = ["sos"]
    with pytest.raises(RuleFileError, match=rf"rules\[{i}\]\.file_with\[0\]\.when: unknown key 'filed'"):
        parse_rule_set(data, "NE.toml")


def test_extra_figures_arrive_with_their_declared_types() -> None:
    extra = load_rules(State.OK).rule("OK-26-8-111-A").extra
    assert extra["manual_per_block"] == 600 and type(extra["manual_per_block"]) is int
    assert extra["additional_deposit_fraction"] == Fraction(1, 10)
    assert isinstance(extra["manual_citation"], str)
    assert load_rules(State.NE).rule("NE-32-1121").extra["current_days_after_canvass"] == 3


def test_an_undeclared_extra_key_is_refused() -> None:
    data = _file("NE")
    _rule(data, "NE-32-1121")["extra"]["curent_cost_per_precinct"] = 100
    with pytest.raises(RuleFileError, match=r"\.extra: unknown key 'curent_cost_per_precinct'"):
        parse_rule_set(data, "NE.toml")


def test_an_extra_figure_of_the_wrong_type_is_refused() -> None:
    data = _file("OK")
    _rule(data, "OK-26-8-111-A")["extra"]["manual_block"] = "3,000"
    with pytest.raises(RuleFileError, match=r"\.extra\.manual_block: expected a whole number"):
        parse_rule_set(data, "OK.toml")


def test_a_missing_extra_figure_is_refused() -> None:
    data = _file("OK")
    del _rule(data, "OK-26-8-111-A")["extra"]["state_board_fee"]
    with pytest.raises(RuleFileError, match=r"\.extra\.state_board_fee: missing"):
        parse_rule_set(data, "OK.toml")


def test_extra_figures_on_a_rule_that_declares_none_are_refused() -> None:
    data = _file("UT")
    data["rules"][0]["extra"] = {"fee": 5}
    with pytest.raises(RuleFileError, match=r"UT\.toml\.rules\[0\]\.extra: rule .* declares no extra keys"):
        parse_rule_set(data, "UT.toml")


def test_renaming_a_rule_the_program_relies_on_fails_the_load() -> None:
    data = _file("NE")
    _rule(data, "NE-32-1119")["id"] = "NE-32-1119-renamed"
    with pytest.raises(RuleFileError, match=r"NE\.toml: no rule NE-32-1119;"):
        parse_rule_set(data, "NE.toml")


def test_status_boundary_and_measure_are_enums() -> None:
    rule = load_rules(State.NE).rule("NE-32-1119")
    assert rule.status is RecountStatus.AUTOMATIC
    assert rule.threshold is not None and isinstance(rule.threshold.boundary, Boundary)
    assert isinstance(rule.margin.measure, MarginMeasure)
    assert load_rules(State.NE).rule("NE-measures").margin.measure is MarginMeasure.NONE


def test_an_unknown_status_is_refused() -> None:
    data = copy.deepcopy(_file("CO"))
    data["rules"][0]["status"] = "automatc"
    with pytest.raises(RuleFileError, match=r"CO\.toml\.rules\[0\]\.status: 'automatc' is not one of"):
        parse_rule_set(data, "CO.toml")


def test_every_rule_id_named_in_the_code_is_declared() -> None:
    """A new branch on a rule id must be declared, so the load-time check covers it too."""
    ids_in_files = {rule["id"] for state in ("NE", "CO", "OK", "MT", "UT") for rule in _file(state)["rules"]}
    declared = {rule_id for ids in RULE_IDS_NAMED_IN_CODE.values() for rule_id in ids} | set(RULE_EXTRAS)
    named = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name == "ruleset.py":
            continue
        for literal in re.findall(r"""["']([A-Z]{2}-[^"'\s]+)["']""", path.read_text(encoding="utf-8")):
            if literal in ids_in_files:
                named.add(literal)
    assert named, "the scan found no rule id at all: the pattern is wrong"
    assert named <= declared


def test_every_declared_rule_id_exists_in_its_state_file() -> None:
    for state, ids in RULE_IDS_NAMED_IN_CODE.items():
        rule_set = load_rules(state)
        for rule_id in ids:
            assert rule_set.rule(rule_id).id == rule_id
    for rule_id in RULE_EXTRAS:
        assert load_rules(rule_id[:2]).rule(rule_id).extra
