"""The template's Election sheet on import: a different state or date is a warning (the election
file keeps its own), and board members fill an election file that has none."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

from recount_desktop.cli import main as cli_main
from recount_desktop.domain import Election, State
from recount_desktop.importers import import_into_election, read_tally_file
from recount_desktop.store import create_election_file, open_election_file
from tests.importers.conftest import write_xlsx

TALLIES = [("Precinct", "Contest", "Choice", "Votes"), ("P1", "Mayor", "Ada", 12), ("P1", "Mayor", "Bo", 9)]


def _template(path: Path, *election_rows: tuple[str, object]) -> Path:
    return write_xlsx(path, {"Tallies": TALLIES, "Election": [("Field", "Value"), *election_rows]})


def test_a_different_state_and_date_are_warned_about_and_not_applied(
    tmp_path: Path, election: Election
) -> None:
    source = _template(
        tmp_path / "t.xlsx",
        ("State", "CO"),
        ("Election Date", "2026-11-04"),
        ("Jurisdiction", election.jurisdiction),
    )
    imported = read_tally_file(source)
    assert imported.election_fields["state"] == State.CO
    with create_election_file(tmp_path / "e.canvass", election, "clerk") as store:
        outcome = import_into_election(store, imported)
        assert outcome.applied and len(outcome.warnings) == 2
        assert "state CO, but the election file says NE" in outcome.warnings[0]
        assert "election date 2026-11-04, but the election file says 2026-11-03" in outcome.warnings[1]
        assert store.election() == election
        entry = store.audit_entries()[-1]
    assert "state CO" in str(entry)


def test_board_members_from_the_sheet_fill_an_election_without_any(
    tmp_path: Path, election: Election
) -> None:
    source = _template(
        tmp_path / "t.xlsx",
        ("Board Member", "Ann Able, Chair"),
        ("Board Member", "Ben Bell, Clerk"),
        ("State", "NE"),
        ("Election Date", date(2026, 11, 3)),
    )
    imported = read_tally_file(source)
    with create_election_file(
        tmp_path / "none.canvass", replace(election, board_members=()), "clerk"
    ) as store:
        outcome = import_into_election(store, imported)
        assert outcome.warnings == () and outcome.board_members_added == 2
        assert [(m.name, m.title) for m in store.election().board_members] == [
            ("Ann Able", "Chair"),
            ("Ben Bell", "Clerk"),
        ]
    with create_election_file(tmp_path / "own.canvass", election, "clerk") as store:
        assert import_into_election(store, imported).board_members_added == 0
        assert store.election().board_members == election.board_members


def test_the_import_command_prints_the_election_sheet_warning(
    tmp_path: Path, election: Election, capsys
) -> None:
    source = _template(tmp_path / "t.xlsx", ("State", "UT"))
    target = tmp_path / "e.canvass"
    create_election_file(target, election, "clerk").close()
    assert cli_main(["import", str(target), str(source), "--operator", "clerk"]) == 0
    err = capsys.readouterr().err
    assert "sheet 'Election'" in err and "state UT, but the election file says NE" in err
    with open_election_file(target, "clerk") as store:
        assert store.election().state == State.NE and store.counts()["tally"] == 2


def test_the_election_type_is_read_from_the_sheet(tmp_path: Path) -> None:
    imported = read_tally_file(_template(tmp_path / "t.xlsx", ("Election Type", "Municipal Primary")))
    assert imported.errors == ()
    assert imported.election_fields["election_type"] == "municipal_primary"


def test_an_unknown_election_type_names_its_cell(tmp_path: Path) -> None:
    imported = read_tally_file(
        _template(tmp_path / "t.xlsx", ("State", "UT"), ("Election Type", "runoff-ish"))
    )
    assert imported.results is None
    assert "sheet 'Election', cell B3" in str(imported.errors[0])
    assert "election type must be one of general, primary" in str(imported.errors[0])
