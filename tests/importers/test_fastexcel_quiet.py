"""fastexcel's own warnings ("Could not determine dtype for column 4, falling back to string") never
reach the user's terminal: the readers judge each column themselves (issue 11 review)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from tests.importers.conftest import write_xlsx


def test_fastexcel_warnings_are_not_shown() -> None:
    assert not logging.getLogger("fastexcel.types.dtype").isEnabledFor(logging.WARNING)
    assert logging.getLogger("fastexcel.types.dtype").isEnabledFor(logging.ERROR)


def test_a_stray_count_far_down_a_blank_column_logs_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The reviewer's fz/long_row_late.xlsx: fastexcel types column F from its one cell."""
    rows: list[list[object]] = [["Precinct", "Ada", "Bob", "Carl"]]
    rows += [[f"Precinct {n}", n % 7, n % 5, n % 3] for n in range(1, 3001)]
    rows[2500] += [None, 9]
    imported = read_tally_file(write_xlsx(tmp_path / "Mayor.xlsx", {"Mayor": rows}), format="sovc")
    assert imported.results is not None
    assert [r.getMessage() for r in caplog.records if r.name.startswith("fastexcel")] == []
