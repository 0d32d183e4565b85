"""The interpreter: the first case's reading is kept when it reads clean (read once, no other case
looked for); when it has errors, another case's reading replaces it only if that one reads clean and
its own totals reconcile; the readings not kept come back as alternatives."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.cli import main
from recount_desktop.domain import Election
from recount_desktop.importers import interpret, read_tally_file
from recount_desktop.importers.reading import Reading
from recount_desktop.importers.source import Book
from recount_desktop.store import create_election_file
from tests.importers.conftest import write_xlsx


def _abstract(path: Path, total: object = "Total") -> Path:
    rows: list[list[object]] = [
        ["", "North", "South", total],
        ["Mayor", None, None, None],
        ["Ada", 10, 20, 30],
        ["Bo", 5, 6, 11],
    ]
    if total is None:
        rows = [row[:3] for row in rows]
    return write_xlsx(path, {"Abstract": rows})


def _long_first(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A long reading offered first (its reader finds no long header in these sheets: an error),
    and a record of which cases were asked for candidates."""
    asked: list[str] = []
    cases = dict(interpret._CANDIDATES)

    def long_first(book: Book) -> list[Reading]:
        asked.append("long")
        return [Reading(book.sheet_names[0], "rows", (0,), layout="long", unit_column=0)]

    def counted(case: str):  # type: ignore[no-untyped-def]
        def found(book: Book) -> list[Reading]:
            asked.append(case)
            return cases[case](book)

        return found

    monkeypatch.setitem(interpret._CANDIDATES, "long", long_first)
    for case in ("sovc", "wide", "abstract"):
        monkeypatch.setitem(interpret._CANDIDATES, case, counted(case))
    return asked


def test_a_clean_first_reading_is_kept_and_no_other_case_is_looked_for(tmp_path: Path, tally_rows) -> None:
    source = write_xlsx(tmp_path / "long.xlsx", {"Results": tally_rows})
    imported = read_tally_file(source)
    assert imported.ok and imported.layout == "long" and imported.alternatives == ()
    assert imported.reading is not None and imported.reading.roles()["unit names column"] == ["A"]


def test_a_reading_with_errors_gives_way_to_one_whose_totals_reconcile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _long_first(monkeypatch)
    imported = read_tally_file(_abstract(tmp_path / "abstract.xlsx"))
    assert asked == ["long", "sovc", "wide", "abstract"]
    assert imported.ok and imported.layout == "abstract"
    assert imported.results is not None and imported.results.totals("Mayor") == {"Ada": 30, "Bo": 11}
    assert [r.layout for r in imported.alternatives] == ["long"]


def test_without_totals_to_reconcile_the_first_reading_and_its_errors_stay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _long_first(monkeypatch)
    imported = read_tally_file(_abstract(tmp_path / "abstract.xlsx", total=None))
    assert "abstract" in asked
    assert imported.results is None and imported.layout == "long"
    assert "could not recognise the long layout" in imported.errors[0].message
    assert [r.layout for r in imported.alternatives] == ["abstract"]


def test_a_forced_format_reads_only_that_case(tmp_path: Path) -> None:
    imported = read_tally_file(_abstract(tmp_path / "abstract.xlsx"), format="wide")
    assert imported.results is None and imported.layout == "wide"
    assert "could not recognise the wide layout" in imported.errors[0].message


def test_nothing_readable_names_every_layout_sought(tmp_path: Path) -> None:
    source = write_xlsx(tmp_path / "notes.xlsx", {"Notes": [["minutes of the meeting"], ["no numbers"]]})
    imported = read_tally_file(source)
    assert imported.results is None and imported.reading is None
    message = imported.errors[0].message
    assert "could not recognise the layout" in message
    for sought in ("'Tallies' sheet", "(long)", "statement of votes cast", "(wide)", "(abstract)"):
        assert sought in message


def test_the_cli_says_how_the_file_was_read_and_what_else_it_could_be_read_as(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, election: Election, capsys: pytest.CaptureFixture[str]
) -> None:
    election_path = tmp_path / "e.canvass"
    create_election_file(election_path, election, operator="clerk").close()
    assert main(["import", str(election_path), str(_abstract(tmp_path / "a.xlsx"))]) == 0
    assert "Read as abstract on 'Abstract': header row 1, 2 unit columns (B-C)" in capsys.readouterr().out
    _long_first(monkeypatch)
    assert main(["import", str(election_path), str(_abstract(tmp_path / "b.xlsx", total=None))]) == 1
    err = capsys.readouterr().err
    assert "the file could also be read as:\n  abstract on 'Abstract'" in err
    assert "--profile FILE" in err


def test_the_wizard_api_lists_every_cases_readings_of_a_sheet(tmp_path: Path, tally_rows) -> None:
    from recount_desktop.importers.preview import preview_sheet, reread

    source = write_xlsx(tmp_path / "long.xlsx", {"Results": [("County results",), *tally_rows]})
    preview = preview_sheet(source)
    assert preview.readings[0].layout == "long" and preview.readings[0].header_rows == (1,)
    imported = reread(source, preview.readings[0])
    assert imported.ok and imported.layout == "long"
    assert imported.results is not None and imported.results.totals("Mayor") == {"Ada": 170, "Bo": 150}
