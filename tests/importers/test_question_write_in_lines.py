"""A statement of votes cast prints an aggregate write-in column under every contest, questions too
(Adams and Park counties): the question stays a question, decided by its two sides."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import TALLY_HEADER, write_csv


def _levy(tmp_path: Path, write_ins: int) -> Path:
    return write_csv(tmp_path / "levy.csv", [
        TALLY_HEADER,
        ("P1", "Library Levy Question", "Yes", 505),
        ("P1", "Library Levy Question", "No", 495),
        ("P1", "Library Levy Question", "Unresolved Write-In", write_ins),
        ("P1", "Mayor", "Ada", 300),
        ("P1", "Mayor", "Write-ins", 4),
    ])


def test_an_empty_write_in_line_under_a_question_is_no_side(tmp_path: Path) -> None:
    imported = read_tally_file(_levy(tmp_path, 0))
    assert imported.results is not None
    levy = imported.results.contest("Library Levy Question")
    assert levy.is_question and levy.choice_names() == ("Yes", "No")
    assert imported.results.contest("Mayor").choice_names() == ("Ada", "Write-ins")  # a race keeps its line
    assert not any("Library Levy" in str(p) for p in (*imported.warnings, *imported.errors))


def test_votes_on_such_a_line_are_named_when_it_is_left_out(tmp_path: Path) -> None:
    imported = read_tally_file(_levy(tmp_path, 7))
    assert imported.results is not None
    assert imported.results.contest("Library Levy Question").is_question
    (warning,) = [str(p) for p in (*imported.warnings, *imported.errors) if "Library Levy" in str(p)]
    assert "'Unresolved Write-In' (7 votes" in warning and "left out" in warning


def _council(tmp_path: Path, total: int) -> Path:
    return write_csv(tmp_path / "council.csv", [
        TALLY_HEADER,
        ("P1", "Council", "Ada", 100),
        ("P1", "Council", "Bo", 90),
        ("P1", "Council", "Write-ins", 3),
        ("P1", "Council", "Scattered Write-Ins", 2),
        ("P1", "Council", "Write-Ins Total", total),
    ])


def test_a_total_of_the_write_in_lines_is_checked_not_counted(tmp_path: Path) -> None:
    imported = read_tally_file(_council(tmp_path, 5))
    assert imported.results is not None
    assert "Write-Ins Total" not in imported.results.contest("Council").choice_names()
    assert sum(imported.results.totals("Council").values()) == 195  # not 200
    assert any(note.label == "Write-Ins Total" for note in imported.notes.totals)


def test_a_write_in_total_that_does_not_add_up_is_kept_and_said(tmp_path: Path) -> None:
    imported = read_tally_file(_council(tmp_path, 9))
    assert imported.results is not None
    assert "Write-Ins Total" in imported.results.contest("Council").choice_names()
    assert any("does not equal them" in str(w) for w in imported.warnings)
