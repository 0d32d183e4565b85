"""A statement's contest sheets read without per-row Python work that the result does not need
(issue 11, speed): the unit names are not cleaned once more to look for ``<unit> - <vote type>``
rows when no name could read so, and a contest sheet's block keeps no per-count columns until a
step asks for them. The readings themselves are unchanged (``test_inline_vote_type_rows``,
``test_block_columns``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file, sovc
from recount_desktop.importers.builder import PlainBlock, ResultsBuilder
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.source import Sheet
from tests.importers.conftest import write_xlsx


def _contest(units: list[object]) -> list[list[object]]:
    rows: list[list[object]] = [["Mayor"], ["Precinct", "Ann", "Bob"]]
    rows += [[unit, 5 + i, 6 + i] for i, unit in enumerate(units)]
    rows.append(["Total:", sum(5 + i for i in range(len(units))), sum(6 + i for i in range(len(units)))])
    return rows


def test_unit_names_with_no_hyphen_are_not_cleaned_again_for_inline_types(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """180,000 unit names of a 60-sheet statement were each cleaned here (a sixth of the import's
    processor time) though none could name a vote type: none holds a hyphen."""
    cleaned: list[object] = []
    real = sovc.clean_name

    def counting(value: object) -> str:
        cleaned.append(value)
        return real(value)

    monkeypatch.setattr(sovc, "clean_name", counting)
    rows = _contest([f"Precinct {i:04d}" for i in range(50)])
    assert not sovc._has_inline_types(Sheet("Mayor", rows), range(2, len(rows)), 0)
    assert cleaned == []


@pytest.mark.parametrize(
    ("units", "inline"),
    [
        (["Pct 1 - Early", "Pct 1 - Election Day", "Pct 2 - Early", "Pct 2 - Election Day"], True),
        # a hyphen that only cleaning reveals: an HTML entity, and no-break spaces around it
        ([f"<b>Pct {n}</b> &#45; {t}" for n in (1, 2) for t in ("Early", "Total")], True),
        (["Pct 1\xa0-\xa0Early", "Pct 1\xa0-\xa0Mail", "Pct 2\xa0-\xa0Early", "Pct 2\xa0-\xa0Mail"], True),
        (["Alma - North", "Alma - South", "Bay"], False),
        (["Alma", "Bay", 7.0, None], False),
    ],
)
def test_inline_types_are_still_found_wherever_a_hyphen_may_be(units: list[object], inline: bool) -> None:
    rows = _contest(units)
    assert sovc._has_inline_types(Sheet("Mayor", rows), range(2, len(rows)), 0) is inline


def test_a_statement_block_makes_no_per_count_columns_until_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A contest sheet's block kept five lists as long as its counts (contest, unit, choice, row,
    column of each) that a statement's import never reads; they are made when asked for, the same."""
    blocks: list[PlainBlock] = []
    real = ResultsBuilder.add_plain_block

    def keeping(self: ResultsBuilder, *args: object) -> bool:
        added = real(self, *args)  # type: ignore[arg-type]
        blocks.extend(self._blocks)
        return added

    monkeypatch.setattr(ResultsBuilder, "add_plain_block", keeping)
    path = write_xlsx(tmp_path / "s.xlsx", {"1": _contest(["P1", "P2", "P3"])})
    imported = read_tally_file(path)
    assert imported.errors == () and imported.results is not None
    assert blocks and all(block._columns is None for block in blocks)
    block = blocks[0]
    assert list(block.keys()) == [
        ("Mayor", (None, unit), choice) for unit in ("P1", "P2", "P3") for choice in ("Ann", "Bob")
    ]
    assert block.rows == [2, 2, 3, 3, 4, 4] and block.cols == [1, 2] * 3
    assert block.votes == [5, 6, 6, 7, 7, 8]


def test_a_block_refuses_counts_not_one_per_unit_and_choice() -> None:
    builder = ResultsBuilder(ProblemLog("test.xlsx"))
    cells = [(1, "Ada", None), (2, "Bo", None)]
    with pytest.raises(ValueError, match="a count of each choice for each unit"):
        units = [(None, "P1"), (None, "P2")]
        builder.add_plain_block(Sheet("1", []), "Mayor", cells, [2, 3], units, [[1, 2]])


@pytest.mark.parametrize(
    ("units", "inline"),
    [
        (["Pct 1 - Early", "Pct 1 - Mail", "Pct 2 - Early", "Pct 2 - Mail"], True),
        (["Pct 1", "Pct 2", "Pct 3"], False),
    ],
)
def test_a_sheet_read_by_columns_is_looked_at_through_its_unit_column(units: list[str], inline: bool) -> None:
    from recount_desktop.importers.sheet_columns import BodyColumns

    rows = _contest(units)
    sheet = Sheet("Mayor", rows)
    body = rows[2:]
    sheet.body = BodyColumns(2, [list(column) for column in zip(*body, strict=True)], [None, None, None])
    assert sovc._has_inline_types(sheet, range(2, len(rows)), 0) is inline
