"""Drafts of a tally sheet being typed: kept per election file and operator, never shared."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.drafts import discard_draft, draft_path, load_draft, save_draft


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RECOUNT_DESKTOP_HOME", str(tmp_path / "home"))


def test_a_draft_is_read_back_by_its_own_operator_and_election_only(tmp_path: Path) -> None:
    election, other = tmp_path / "a.canvass", tmp_path / "b.canvass"
    save_draft(election, "clerk-a", {"sheet_id": "S-1", "lines": {"line:Ann": "12"}})
    draft = load_draft(election, "clerk-a")
    assert draft is not None and draft["sheet_id"] == "S-1" and draft["lines"] == {"line:Ann": "12"}
    assert draft["saved_at"]
    assert load_draft(election, "clerk-b") is None
    assert load_draft(other, "clerk-a") is None
    discard_draft(election, "clerk-a")
    assert load_draft(election, "clerk-a") is None
    discard_draft(election, "clerk-a")  # nothing there: no error


def test_a_damaged_draft_is_ignored(tmp_path: Path) -> None:
    election = tmp_path / "a.canvass"
    save_draft(election, "clerk-a", {"sheet_id": "S-1"})
    draft_path(election, "clerk-a").write_text('{"sheet_id": "S-', encoding="utf-8")  # cut off mid-write
    assert load_draft(election, "clerk-a") is None
