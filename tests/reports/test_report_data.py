"""The report's data model for a recount story, field by field (tests/reports/conftest.py has the numbers)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

from report_story import story_election, story_results

from recount_desktop.reports import sources
from recount_desktop.reports.model import ChoiceTotals, SheetRecord, Signatory, UnitLine, UnitVotes
from recount_desktop.reports.report_data import build_report_data, long_date
from recount_desktop.store import ElectionFile, create_election_file


def test_title_block_names_the_recount_and_its_statute(story: ElectionFile) -> None:
    title = build_report_data(story).title
    assert (title.state, title.state_name, title.jurisdiction) == ("MT", "Montana", "Yellowstone County")
    assert title.election_name == "Municipal General Election 2026"
    assert (title.election_date, title.canvass_date) == (date(2026, 11, 3), date(2026, 11, 13))
    assert title.report_kind == "recount"
    assert title.title == "Certificate of the County Recount Board"
    assert title.statute == "Mont. Code Ann. § 13-16-418"
    # The date prepared comes from the data (the last audit entry), never from the clock.
    assert title.prepared_on == date.fromisoformat(story.audit_entries()[-1].ts[:10])


def test_summary_of_the_recounted_mayor_race(story: ElectionFile) -> None:
    mayor = build_report_data(story).summary[0]
    assert mayor.contest == "Mayor of Laurel"
    assert (mayor.kind, mayor.seats, mayor.total_votes) == ("candidate", 1, 359)
    assert mayor.totals == (ChoiceTotals("Ada Alvarez", 180, 179), ChoiceTotals("Bo Brandt", 179, 181))
    assert mayor.totals[1].difference == 2
    assert mayor.recounted is True
    assert mayor.declared == "Elected: Ada Alvarez"
    assert mayor.declared_after == "Elected: Bo Brandt"
    assert mayor.outcome_changed is True
    assert mayor.pending_sheets == 0


def test_contests_not_recounted_keep_their_canvass_totals(story: ElectionFile) -> None:
    _, sheriff, levy = build_report_data(story).summary
    assert sheriff.totals == (ChoiceTotals("Carla Jiménez", 530, None),
                              ChoiceTotals("Dale Kruger", 420, None))
    assert (sheriff.recounted, sheriff.declared_after, sheriff.outcome_changed) == (False, None, None)
    assert sheriff.declared == "Elected: Carla Jiménez"
    assert (levy.kind, levy.total_votes, levy.declared) == ("question", 239, "Approved")


def test_per_precinct_table_of_the_recount(story: ElectionFile) -> None:
    (section,) = build_report_data(story).recounts
    assert (section.contest, section.method) == ("Mayor of Laurel", "manual")
    assert section.requested_by == "Bo Brandt"
    assert section.choices == ("Ada Alvarez", "Bo Brandt")
    assert section.units == (
        UnitLine("P1", None, (UnitVotes("Ada Alvarez", 100, 99), UnitVotes("Bo Brandt", 98, 98)),
                 over_votes=(0, 1), under_votes=(3, 2)),
        UnitLine("P2", None, (UnitVotes("Ada Alvarez", 50, 50), UnitVotes("Bo Brandt", 51, 53))),
        UnitLine("P3", None, (UnitVotes("Ada Alvarez", 30, 30), UnitVotes("Bo Brandt", 30, 30))),
    )
    assert [v.difference for u in section.units for v in u.votes] == [-1, 0, 0, 2, 0, 0]


def test_tally_sheets_with_entries_discrepancy_and_void(story: ElectionFile) -> None:
    (section,) = build_report_data(story).recounts
    team = "Team A: Ann Ames; Ben Bell"
    assert section.sheets == (
        SheetRecord("S-1", "P1", "manual", team, "ann", "ben", "verified"),
        SheetRecord("S-2", "P2", "manual", team, "ann", "ben", "resolved", discrepancies="Bo Brandt: 53 / 52",
                    resolution="cy: checked against the paper sheet"),
        SheetRecord("S-3", "P3", "manual", team, "ann", "", "voided",
                    void_reason="precinct number written wrong"),
        SheetRecord("S-4", "P3", "manual", team, "ann", "ben", "verified"),
    )


def test_certification_signature_blocks_and_attesting_officer(story: ElectionFile) -> None:
    cert = build_report_data(story).certification
    assert cert.board == (Signatory("María Escárcega", "Chair, County Recount Board"),
                          Signatory("Tom LIDÓN", "Member, County Recount Board"))
    assert cert.attesting == Signatory("Ruth Lund", "Election Administrator")
    assert cert.minimum_signatures == 2  # 13-16-418: at least two members sign
    assert cert.statute == "Mont. Code Ann. § 13-16-418"
    assert "“Mayor of Laurel”" in cert.wording
    assert "held on November 3, 2026" in cert.wording
    assert "Yellowstone County recount board" in cert.wording


def test_notes_list_the_source_file_and_its_warnings(story: ElectionFile) -> None:
    notes = build_report_data(story).notes
    (source,) = notes.sources
    assert (source.name, source.sha256, source.imported_by) == ("laurel-canvass.xlsx", "ab" * 32, "clerk")
    assert source.imported_at == "2026-11-13T15:00:00Z"
    assert source.warnings == ("Sheet 'Mayor' row 9: a total row was skipped",)


def test_fingerprint_is_the_audit_log_head_hash(story: ElectionFile) -> None:
    data = build_report_data(story)
    entries = story.audit_entries()
    assert data.fingerprint == entries[-1].hash == story.verify_audit().head_hash
    assert data.audit_entries == len(entries)
    assert data.election_file == "laurel.canvass"
    assert data.short_fingerprint == entries[-1].hash[:16]


def test_canvass_report_without_recount(canvass_only: ElectionFile) -> None:
    data = build_report_data(canvass_only)
    assert data.title.report_kind == "canvass"
    assert data.title.statute == "Mont. Code Ann. § 13-15-404"
    assert data.recounts == ()
    assert all(not s.recounted for s in data.summary)
    assert "all contests" in data.certification.wording


def test_single_entry_and_settings_are_reported(story: ElectionFile) -> None:
    story.set_setting("recount.single_entry", "yes")
    notes = build_report_data(story).notes
    assert ("Tally sheets entered once (no second, blind entry)", "yes") in notes.settings  # words, not a key
    assert any(w.startswith("Single-entry mode") for w in notes.warnings)


def test_suppressed_cells_are_a_data_warning(tmp_path: Path) -> None:
    results = story_results()
    tallies = tuple(replace(t, votes=0, suppressed=True) if (t.precinct, t.choice) == ("P3", "No") else t
                    for t in results.tallies)
    with create_election_file(tmp_path / "s.canvass", story_election()) as store:
        store.replace_results(replace(results, tallies=tallies), {})
        warnings = build_report_data(store).notes.warnings
    assert any(w.startswith("Park Levy: 1 suppressed cell") for w in warnings)


def test_finding_adapter_reads_the_rules_engine_finding() -> None:
    finding = SimpleNamespace(choice="Bo Brandt", margin=1, recount=SimpleNamespace(value="on_request"),
                              threshold=Fraction(359, 400), citation="Mont. Code Ann. 13-16-201(1)(a)",
                              explanation="within 1/4 of 1%")
    line = sources._finding_line(finding)
    assert (line.choice, line.margin, line.status) == ("Bo Brandt", 1, "on_request")
    assert line.threshold == "0.8975"
    assert line.citation == "Mont. Code Ann. 13-16-201(1)(a)"


def test_threshold_text_is_exact() -> None:
    assert sources.threshold_text(Fraction(12345, 100)) == "123.45"
    assert sources.threshold_text(Fraction(10)) == "10"
    assert sources.threshold_text(Fraction(1, 3)) == "1/3"
    assert sources.threshold_text(None) is None


def test_long_date_spells_the_month() -> None:
    assert long_date(date(2026, 11, 3)) == "November 3, 2026"


def test_a_primary_declares_each_partys_nominee() -> None:
    """In a partisan primary the report declares one nominee per party, as the findings decide it."""
    from recount_desktop.domain import Choice, Contest, Election, ElectionResults, ElectionType, State
    from recount_desktop.reports.report_data import declared_text

    race = Contest("Governor", (Choice("R1", "REP"), Choice("R2", "REP"), Choice("D1", "DEM")))
    results = ElectionResults(contests=(race,))
    totals = {"R1": 600, "R2": 597, "D1": 100}
    primary = Election(State.NE, "Test County", "Primary 2026", date(2026, 5, 12),
                       election_type=ElectionType.PRIMARY)
    assert declared_text(primary, results, "Governor", totals) == "Nominated: R1, D1"
    general = replace(primary, election_type=ElectionType.GENERAL)
    assert declared_text(general, results, "Governor", totals) == "Elected: R1"
