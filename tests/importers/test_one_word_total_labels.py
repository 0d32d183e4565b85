"""Third review, finding 1: a column headed by one word that names a total ("Overall", "Sum",
"Cast", "Combined", "Count", "County", "Co.") is read as the file's total by its label when its
counts sum the choices before it, in however few rows; but one word could be a candidate's name, so
it is never dropped silently: a warning names the cell and says it was not read as a candidate."""

from __future__ import annotations

from pathlib import Path

import pytest

from recount_desktop.importers import read_tally_file
from recount_desktop.importers.headers import TOTAL_COLUMN_LABELS, TOTAL_LABELS_WARNED
from tests.importers.conftest import write_xlsx


def _statement(tmp_path: Path, third: str) -> Path:
    """The review's a_*.xlsx: the third column equals Ada's plus Bob's in every precinct row, two
    of them with votes for both."""
    mayor = [
        ["Mayor"],
        ["Precinct", "Ada Lovelace", "Bob Smith", third],
        ["Precinct 1", 1, 2, 3],
        ["Precinct 2", 4, 5, 9],
        ["Precinct 3", 10, 0, 10],
        ["Total", 15, 7, 22],
    ]
    council = [["Council"], ["Precinct", "Dee", "Eve"], ["Precinct 1", 3, 3], ["Precinct 2", 9, 9]]
    return write_xlsx(tmp_path / "one_word.xlsx", {"Mayor": mayor, "Council": council})


@pytest.mark.parametrize("label", ["Overall", "Sum", "Cast", "Combined", "Count", "County", "Co.", "Votes"])
def test_a_one_word_total_label_is_the_total_but_never_silently(tmp_path: Path, label: str) -> None:
    imported = read_tally_file(_statement(tmp_path, label))
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("Mayor") == {"Ada Lovelace": 15, "Bob Smith": 7}
    [warning] = [str(w) for w in imported.warnings if repr(label) in str(w)]
    assert "cell D2" in warning and f"not as a candidate named {label!r}" in warning


def test_every_one_word_total_label_is_warned_of() -> None:
    one_word = {label for label in TOTAL_COLUMN_LABELS if " " not in label}
    assert one_word and one_word <= TOTAL_LABELS_WARNED
