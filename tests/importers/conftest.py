"""Helpers for importer tests: small workbooks and CSV files written on the fly."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from openpyxl import Workbook

TALLY_HEADER = ("Precinct", "Contest", "Choice", "Votes")


def write_xlsx(path: Path, sheets: dict[str, Sequence[Sequence[object]]]) -> Path:
    workbook = Workbook()
    workbook.remove(workbook.active)
    for name, rows in sheets.items():
        sheet = workbook.create_sheet(name)
        for row in rows:
            sheet.append(list(row))
    workbook.save(path)
    return path


def write_csv(path: Path, rows: Sequence[Sequence[object]], sep: str = ",", encoding: str = "utf-8") -> Path:
    text = "\r\n".join(sep.join(str(c) for c in row) for row in rows) + "\r\n"
    path.write_bytes(text.encode(encoding))
    return path


@pytest.fixture
def tally_rows() -> list[tuple[object, ...]]:
    return [
        TALLY_HEADER,
        ("P1", "Mayor", "Ada", 120),
        ("P1", "Mayor", "Bo", 80),
        ("P2", "Mayor", "Ada", 50),
        ("P2", "Mayor", "Bo", 70),
    ]
