"""Fixtures for the report tests: the recount story of report_story.py in a temporary election file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from report_story import make_story, story_election, story_results

from recount_desktop.store import ElectionFile, create_election_file


@pytest.fixture
def story(tmp_path: Path) -> Iterator[ElectionFile]:
    store = make_story(tmp_path / "laurel.canvass")
    yield store
    store.close()


@pytest.fixture
def canvass_only(tmp_path: Path) -> Iterator[ElectionFile]:
    store = create_election_file(tmp_path / "canvass.canvass", story_election(), operator="clerk")
    store.replace_results(story_results(), {"file": "laurel-canvass.xlsx", "sha256": "cd" * 32})
    yield store
    store.close()
