"""Every rule file loads, every field is there, and every citation and quote matches the statute."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from recount_desktop.domain import State
from recount_desktop.domain.rules import ReadingSettings, RuleFileError, load_rules
from recount_desktop.domain.rules.ruleset import parse_rule_set
from tests.conftest import REPO

STATUTES = REPO / "resources" / "statutes"
CITATION_PREFIX = {
    State.NE: "Neb. Rev. Stat. 32-",
    State.CO: "C.R.S. 1-13.5-1306",
    State.OK: "26 O.S. 8-1",
    State.MT: "Mont. Code Ann. 13-1",
    State.UT: "Utah Code 20A-4-401",
}


def _normal(text: str) -> str:
    return " ".join(text.replace("...", " ").split()).lower()


@pytest.mark.parametrize("state", list(State))
def test_every_rule_has_every_field(state: State) -> None:
    rules = load_rules(state)
    assert rules.state is state and rules.statute and rules.version_note
    assert (STATUTES / rules.statute_file).is_file()
    assert rules.rules and len({r.id for r in rules.rules}) == len(rules.rules)
    for rule in rules.rules:
        assert rule.title and rule.requested_by and rule.quote, rule.id
        assert rule.citation.startswith(CITATION_PREFIX[state]) or "RULES" in rule.citation, rule.id
        assert rule.applies.kind, rule.id
        if rule.status in ("automatic", "on_request", "at_own_expense"):
            assert rule.file_with, f"{rule.id}: where to file"
        if rule.threshold is not None:
            assert isinstance(rule.threshold.fraction or Fraction(rule.threshold.votes or 0), Fraction)
            assert rule.threshold.boundary in ("<=", "<", "==") and rule.threshold.citation, rule.id
            assert rule.margin.measure != "none", rule.id


@pytest.mark.parametrize("state", list(State))
def test_seed_quotes_are_word_for_word(state: State) -> None:
    """A quote marked as seed text appears in the statute file exactly (whitespace aside)."""
    rules = load_rules(state)
    statute = _normal((STATUTES / rules.statute_file).read_text())
    for rule in rules.rules:
        quotes = [rule.quote] if rule.source == "seed" else []
        for part in (rule.threshold, rule.alternative):
            if rule.source == "seed" and part is not None and part.quote:
                quotes.append(part.quote)
        for quote in quotes:
            for piece in re.split(r"\.\.\.", quote):
                assert _normal(piece) in statute, f"{rule.id}: {piece[:60]!r} not in {rules.statute_file}"


def test_thresholds_are_the_statutes_fractions() -> None:
    ne = load_rules("NE").rule("NE-32-1119")
    assert (ne.threshold.fraction, ne.threshold.when_total.text()) == (Fraction(1, 100), "> 500")
    assert (ne.alternative.fraction, ne.alternative.when_total.text()) == (Fraction(2, 100), "<= 500")
    assert load_rules("CO").rule("CO-1-13.5-1306-1").threshold.fraction == Fraction(1, 200)
    mt = load_rules("MT").rule("MT-13-16-201-1a")
    assert (mt.threshold.fraction, mt.alternative.votes, mt.alternative.combine) == (
        Fraction(1, 400),
        10,
        "greater",
    )
    assert load_rules("MT").rule("MT-13-16-201-1b").alternative is None
    ut = load_rules("UT").rule("UT-20A-4-401-1b")
    assert (ut.threshold.fraction, ut.alternative.votes, ut.alternative.boundary) == (
        Fraction(1, 400),
        1,
        "==",
    )
    ok = load_rules("OK").rule("OK-26-8-111-B")
    assert (ok.alternative.votes, ok.alternative.when_total.text()) == (150, ">= 15,000")
    assert ok.signatures.count == 150 and ok.signatures.else_fraction == Fraction(1, 100)
    assert [load_rules("MT").rule(f"MT-13-16-201-1{p}").signatures.count for p in "cde"] == [10, 100, 25]


def test_every_reading_has_a_default_sentence_and_citation() -> None:
    settings = ReadingSettings()
    mapping = settings.to_mapping()
    assert mapping["reading.NE.total_votes"] == "office"
    assert mapping["reading.CO.multi_seat_denominator"] == "lowest_winner"
    assert mapping["reading.OK.additional_deposit_base"] == "total_votes"
    assert mapping["reading.NE.version_32_1121"] == "current"
    for key in mapping:
        assert "(default)" in settings.sentence(key) and "[" in settings.sentence(key)
    assert ReadingSettings.from_mapping(mapping) == ReadingSettings.from_mapping(mapping)
    changed = ReadingSettings.from_mapping({"reading.NE.total_votes": "election", "theme": "dark"})
    assert changed.value("reading.NE.total_votes") == "election" and "changed" in changed.sentence(
        "reading.NE.total_votes"
    )


def test_bad_reading_values_are_refused() -> None:
    with pytest.raises(ValueError, match="must be one of"):
        ReadingSettings.from_mapping({"reading.NE.total_votes": "ballots"})
    with pytest.raises(ValueError, match="unknown reading"):
        ReadingSettings.from_mapping({"reading.NE.nonsense": "x"})


def test_a_float_threshold_in_a_rule_file_is_refused() -> None:
    data = {
        "state": "NE",
        "name": "n",
        "statute": "s",
        "statute_file": "f",
        "version_note": "v",
        "rules": [
            {
                "id": "x",
                "title": "t",
                "status": "automatic",
                "citation": "c",
                "quote": "q",
                "source": "seed",
                "requested_by": "r",
                "applies": {"kind": ["candidate"]},
                "margin": {"measure": "to_last_seat"},
                "threshold": {"fraction": 0.01, "of": "total", "boundary": "<="},
            }
        ],
    }
    with pytest.raises(RuleFileError, match=r"NE\.toml\.rules\[0\]\.threshold\.fraction"):
        parse_rule_set(data, "NE.toml")
