"""Excel error cells (``#DIV/0!``, ``#REF!``...) that python-calamine reads as blank.

A blank vote cell is left out with a warning, but an error value must be refused: the count it
stands for is unknown. Only consulted when a vote cell reads blank, so big clean files never pay.

Only ``.xlsx`` is covered: python-calamine 0.9 has no error value in what it hands to Python (its
``CellValue`` is int, float, str, bool, date/time or empty), so an error cell of an ``.xls`` or
``.ods`` workbook reads as blank and is left out with the "row(s) with no vote count" warning,
which names its cell. An ``.ods`` error whose displayed text ("#DIV/0!") is read as a string is
refused by ``parse_count`` like any text starting with "#".
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from pathlib import Path

_SHEET = re.compile(rb'<sheet\b[^>]*?name="([^"]*)"[^>]*?r:id="([^"]*)"')
_REL = re.compile(
    rb'<Relationship\b[^>]*?Id="([^"]*)"[^>]*?Target="([^"]*)"|'
    rb'<Relationship\b[^>]*?Target="([^"]*)"[^>]*?Id="([^"]*)"'
)
_ERROR_CELL = re.compile(
    rb'<c\b[^>]*?r="([A-Z]+[0-9]+)"[^>]*?t="e"[^>]*>(?:<f[^<]*</f>|<f[^>]*/>)?<v>([^<]*)</v>'
)


def error_cells(path: Path, sheet_name: str) -> dict[str, str]:
    """Cell reference -> error text for one sheet of an .xlsx file; empty for anything else."""
    try:
        with zipfile.ZipFile(path) as archive:
            target = _sheet_target(archive, sheet_name)
            if target is None:
                return {}
            data = archive.read(target)
    except (zipfile.BadZipFile, KeyError, OSError):
        return {}
    return {ref.decode(): value.decode(errors="replace") for ref, value in _ERROR_CELL.findall(data)}


def _sheet_target(archive: zipfile.ZipFile, sheet_name: str) -> str | None:
    workbook = archive.read("xl/workbook.xml")
    rels = archive.read("xl/_rels/workbook.xml.rels")
    targets = {}
    for a, b, c, d in _REL.findall(rels):
        targets[(a or d).decode()] = (b or c).decode()
    for name, rid in _SHEET.findall(workbook):
        if _unescape(name.decode()) == sheet_name and rid.decode() in targets:
            target = targets[rid.decode()]
            return target.lstrip("/") if target.startswith("/") else posixpath.join("xl", target)
    return None


def _unescape(text: str) -> str:
    return (
        text.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", '"')
        .replace("&apos;", "'")
    )
