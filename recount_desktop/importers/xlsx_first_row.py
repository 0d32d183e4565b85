"""The first row of an .xlsx sheet, read from the first bytes of the sheet's XML (and the first
shared strings), before fastexcel reads the whole sheet.

The columnar read (``long_columnar``) needs it twice: a table that starts lower than row 1 is
left to the row path, and the header's names say which columns hold counts, so that fastexcel can
be asked for names as text and for counts typed from their cells. A text that this module reads
otherwise than fastexcel only costs the fast path: the columnar read checks fastexcel's own header
against the columns it typed, and declines on any difference.
"""

from __future__ import annotations

import html
import posixpath
import re
import zipfile
from pathlib import Path

from recount_desktop.importers.xlsx_errors import _sheet_target

_FIRST_ROW = re.compile(rb"<(?:\w+:)?row\b([^>]*?)(/?)>(.*?)</(?:\w+:)?row>", re.DOTALL)
_VALUE = re.compile(rb"<(?:\w+:)?(?:v|is)>")
_CELL = re.compile(rb"<(?:\w+:)?c\b([^>]*?)(?:/>|>(.*?)</(?:\w+:)?c>)", re.DOTALL)
_REFERENCE = re.compile(rb'\br="([A-Z]{1,3})\d+"')
_KIND = re.compile(rb'\bt="(\w+)"')
_V = re.compile(rb"<(?:\w+:)?v>(.*?)</(?:\w+:)?v>", re.DOTALL)
_T = re.compile(rb"<(?:\w+:)?t\b[^>]*?(?:/>|>(.*?)</(?:\w+:)?t>)", re.DOTALL)
_PHONETIC = re.compile(rb"<(?:\w+:)?rPh\b.*?</(?:\w+:)?rPh>", re.DOTALL)  # a reading aid, not text
_SHARED = re.compile(rb"<(?:\w+:)?si\s*/>|<(?:\w+:)?si>(.*?)</(?:\w+:)?si>", re.DOTALL)
_RELATION = re.compile(rb"<Relationship\b[^>]*>")
_HEAD_BYTES = 1 << 16


def first_row_is_header(head: bytes) -> bool:
    """The first ``<row>`` of a sheet's XML is row 1 and holds three or more values (an empty
    ``<row r="1"/>`` is not: the table would start lower than fastexcel's ``header_row=0`` says)."""
    first = _FIRST_ROW.search(head)
    if first is None or first.group(2):
        return False
    number = re.search(rb'\br="(\d+)"', first.group(1))
    return (number is None or number.group(1) == b"1") and len(_VALUE.findall(first.group(3))) >= 3


def first_row_texts(path: Path, sheet_name: str) -> list[str | None] | None:
    """The texts of an .xlsx sheet's header row, by column from A (None for an empty cell; a cell
    that is not text as its value is written, which names no field), when its first row is row 1
    with three or more values, the header of a table that starts at the top as fastexcel's
    ``header_row=0`` reads it; None for any other sheet, or when the row cannot be read from the
    sheet's first bytes and the first shared strings."""
    head = _sheet_head(path, sheet_name)
    if head is None or not first_row_is_header(head):
        return None
    first = _FIRST_ROW.search(head)
    assert first is not None
    cells = _cells(first.group(3))
    wanted = [int(raw) for kind, raw in cells.values() if kind == b"s" and raw.isdigit()]
    shared = _shared_strings(path, max(wanted, default=-1) + 1)
    if shared is None:
        return None
    texts: list[str | None] = [None] * (max(cells, default=-1) + 1)
    for column, (kind, raw) in cells.items():
        if kind == b"s":
            texts[column] = shared[int(raw)] if raw.isdigit() and int(raw) < len(shared) else None
        elif kind == b"inlineStr":
            texts[column] = _text(raw)
        elif raw:  # a formula's text, or a number, boolean, error or date as written in the file
            texts[column] = html.unescape(raw.decode(errors="replace"))
    return texts


def _sheet_head(path: Path, sheet_name: str) -> bytes | None:
    try:
        with zipfile.ZipFile(path) as archive:
            target = _sheet_target(archive, sheet_name)
            if target is None:
                return None
            with archive.open(target) as stream:
                return stream.read(_HEAD_BYTES)
    except (zipfile.BadZipFile, KeyError, OSError):
        return None


def _cells(row: bytes) -> dict[int, tuple[bytes, bytes]]:
    """Column index -> (cell type, the cell's value XML: ``<v>`` text, or ``<is>`` for an inline
    string) of one row's XML; a cell without a reference follows the one before it."""
    cells: dict[int, tuple[bytes, bytes]] = {}
    column = -1
    for found in _CELL.finditer(row):
        attributes, inner = found.group(1), found.group(2) or b""
        reference = _REFERENCE.search(attributes)
        column = _column_index(reference.group(1)) if reference else column + 1
        kind = _KIND.search(attributes)
        value = _V.search(inner)
        cells[column] = (
            kind.group(1) if kind else b"n",
            inner if kind and kind.group(1) == b"inlineStr" else (value.group(1) if value else b""),
        )
    return cells


def _column_index(letters: bytes) -> int:
    index = 0
    for letter in letters:
        index = index * 26 + letter - ord("A") + 1
    return index - 1


def _text(xml: bytes) -> str:
    """The text of a shared or inline string: its runs' ``<t>`` joined, phonetic runs left out."""
    parts = _T.findall(_PHONETIC.sub(b"", xml))
    return html.unescape(b"".join(parts).decode(errors="replace"))


def _shared_strings(path: Path, count: int) -> list[str] | None:
    """The workbook's first ``count`` shared strings, read only as far as they go (a header's
    strings are usually the first ones); None when they cannot be found."""
    if count <= 0:
        return []
    try:
        with zipfile.ZipFile(path) as archive:
            target = _shared_target(archive)
            if target is None:
                return None
            strings: list[str] = []
            buffer = b""
            with archive.open(target) as stream:
                while len(strings) < count:
                    chunk = stream.read(_HEAD_BYTES)
                    buffer += chunk
                    end = 0
                    for found in _SHARED.finditer(buffer):
                        strings.append(_text(found.group(1) or b""))
                        end = found.end()
                    buffer = buffer[end:]
                    if not chunk:
                        break
    except (zipfile.BadZipFile, KeyError, OSError):
        return None
    return strings[:count] if len(strings) >= count else None


def _shared_target(archive: zipfile.ZipFile) -> str | None:
    """The shared strings part named in the workbook's relationships."""
    for tag in _RELATION.findall(archive.read("xl/_rels/workbook.xml.rels")):
        kind, target = re.search(rb'\bType="([^"]*)"', tag), re.search(rb'\bTarget="([^"]*)"', tag)
        if kind and target and kind.group(1).endswith(b"/sharedStrings"):
            name = target.group(1).decode()
            return name.lstrip("/") if name.startswith("/") else posixpath.join("xl", name)
    return None
