"""How a run of cells is named in messages: ``B4:B9`` in a workbook, ``lines 4 to 9`` in a CSV
file (it read ``lines 4:line 9``: second real-file check, minor)."""

from __future__ import annotations

from recount_desktop.importers.checks import cell_range
from recount_desktop.importers.source import Sheet


def test_a_column_run_in_a_csv_file_names_its_lines() -> None:
    csv = Sheet(None, [[1, 2]] * 10, lines=list(range(1, 11)))
    assert cell_range([(csv, 3, 1), (csv, 8, 1)]) == "lines 4 to 9"
    assert cell_range([(csv, 3, 1)]) == "line 4"


def test_a_column_run_in_a_workbook_names_its_cells() -> None:
    sheet = Sheet("Results", [[1, 2]] * 10)
    assert cell_range([(sheet, 3, 1), (sheet, 8, 1)]) == "B4:B9"
