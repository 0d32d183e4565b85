"""A large .xlsx sheet read through fastexcel's columns into the very rows python-calamine gives.

python-calamine's read of a statement of votes cast (60 contest sheets, 720,000 counts) costs
about a sixth of the import; fastexcel reads the same cells (calamine underneath) into Arrow
columns in about 60 % of that processor time, mostly because it does not copy each shared string.
Every reader works on ``Sheet.rows``, so the columns are turned back into rows here, and only when
they are provably the rows ``source`` would have made: otherwise this returns None and the sheet
is read by python-calamine as before.

How: the sheet's first rows are read from its XML (``xlsx_first_row``'s helpers); the rows above
the first one holding a number are the head and must hold text only (shared or inline strings,
or nothing), with a text in A1, so the sheet's range starts at A1 for both readers. fastexcel reads
the rest with the last head row as its header, each column typed from all of its cells, one kind
of cell only (``strict``). The body is taken only when every column is all text or all numbers
(floats, as calamine gives an .xlsx number), with no blank, error, boolean or date cell, and
fastexcel's column names are the head's last row as read here (a check of this module's reading
of the XML). A head text holding a carriage return (an XML parser reads a line end as "\n",
``&#13;`` as "\r": a regular expression cannot tell them apart) or an ``_xHHHH_`` escape (the two
readers' calamine versions may treat it differently) declines.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from recount_desktop.importers.xlsx_errors import _REL, _SHEET, _unescape
from recount_desktop.importers.xlsx_first_row import _cells, _shared_strings, _text

MIN_BYTES = 1 << 14  # a sheet's compressed XML below this (about 600 rows): calamine's read is as quick
_HEAD_BYTES = 1 << 14  # a statement's head and its first rows of counts
_SAMPLE_ROWS = 8  # rows of counts looked at before fastexcel is asked
_ROW = re.compile(rb"<(?:\w+:)?row\b([^>]*?)(?:/>|>(.*?)</(?:\w+:)?row>)", re.DOTALL)
_ROW_NUMBER = re.compile(rb'\br="(\d+)"')
_ESCAPE = r"_x[0-9A-Fa-f]{4}_"
_TEXT_KINDS = (b"s", b"inlineStr", b"str")
_BODY_TYPES = ("string", "float")
_INT64_END = 2.0**63  # the first float past int64: a count at or above it is no whole count here

Rows = list[list[object]]


def available() -> bool:
    """fastexcel, pyarrow and numpy are installed (the ``columnar`` extra)."""
    try:
        import fastexcel  # noqa: F401
        import numpy  # noqa: F401
        import pyarrow.compute  # noqa: F401
    except ImportError:
        return False
    return True


class BodyColumns:
    """A sheet's rows from ``start`` on, by column: their cells (``values``, as in the rows) and
    fastexcel's arrays of numbers (``arrays``: floats with no blank; None for a column of text,
    whose array is not kept: a long table's names would hold tens of megabytes)."""

    def __init__(self, start: int, values: list[list[object]], arrays: list[Any | None]) -> None:
        self.start = start
        self.values = values
        self.arrays = arrays

    def whole_counts(self, column: int, first: int) -> list[int] | None:
        """The column's numbers from row ``first`` on as whole counts, as ``int(cell)`` of each; None
        when one is text, not a whole number, negative, or beyond 64 bits."""
        import numpy as np
        import pyarrow as pa

        whole_column = self.arrays[column]
        if whole_column is None:
            return None  # text
        array = whole_column.slice(first - self.start)
        if not pa.types.is_floating(array.type) or len(array) == 0:
            return None
        # One pass of numpy over the column's own buffer (no nulls: ``_rows`` declined them), not
        # three pyarrow calls each costing more to dispatch than a statement's column to check.
        # In [0, 2**63) and whole is what a safe cast to int64 then ``min >= 0`` accepted: a NaN
        # fails every comparison, an infinity the upper bound. The buffer is viewed, not taken by
        # ``Array.to_numpy``: that imports pandas when it is installed (0.4 s of processor time).
        numbers = _float64_view(array)
        if numbers is None:
            return None
        whole = (numbers >= 0) & (numbers < _INT64_END) & (np.trunc(numbers) == numbers)
        if not whole.all():
            return None
        counts: list[int] = numbers.astype(np.int64).tolist()
        return counts


def _float64_view(array: Any) -> Any | None:
    """A float64 column with no nulls as a numpy array over its own data buffer; None otherwise."""
    import numpy as np
    import pyarrow as pa

    if not isinstance(array, pa.Array) or array.type != pa.float64() or array.null_count:
        return None  # a chunked column (fastexcel gives a record batch's arrays), or not float64
    data = array.buffers()[1]
    return np.frombuffer(data, dtype=np.float64, count=len(array), offset=array.offset * 8)


class ReadByColumns(NamedTuple):
    rows: Rows
    body: BodyColumns


class ColumnReader:
    """One workbook's large sheets read by columns: its zip listing, sheet parts, shared strings
    and fastexcel reader are opened once for all its sheets."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._archive: zipfile.ZipFile | None = None
        self._targets: dict[str, str] = {}
        self._shared: list[str] = []
        self._fast: Any = None

    def close(self) -> None:
        """Let go of the file (a later read opens it again)."""
        if self._archive is not None:
            self._archive.close()
        self._archive, self._fast = None, None

    def read_rows(self, sheet_name: str) -> Rows | None:
        """The sheet's rows as python-calamine's ``to_python(skip_empty_area=False)`` gives them,
        read by columns; None when the sheet is small or its rows could differ (read it by rows)."""
        read = self.read(sheet_name)
        return None if read is None else read.rows

    def read(self, sheet_name: str) -> ReadByColumns | None:
        """``read_rows``'s rows, with the body's columns they were made from."""
        head = self._head(sheet_name)
        if head is None:
            return None
        rows, body_start, sample = head
        if not _looks_regular(sample):
            return None  # blanks or mixed cells below the head: fastexcel would decline after its read
        return self._with_body(sheet_name, rows, body_start)

    def _head(self, sheet_name: str) -> tuple[Rows, int, list[dict[int, tuple[bytes, bytes]]]] | None:
        """The head rows (text only, "" for nothing, as calamine gives them), the index of the
        first body row, and the body rows of the XML sample by their cells; None when the sheet is
        small, the head holds anything but text, A1 is empty, or no number shows in the sample."""
        xml = self._sheet_sample(sheet_name)
        if xml is None:
            return None
        head: dict[int, dict[int, tuple[bytes, bytes]]] = {}
        sample: list[dict[int, tuple[bytes, bytes]]] = []
        body_start = None
        for r, cells in _rows_of(xml):
            if body_start is None and _holds_number(cells):
                body_start = r
            if body_start is None:
                head[r] = cells
            else:
                sample.append(cells)
                if len(sample) == _SAMPLE_ROWS:
                    break
        if body_start is None or not head or head.get(0, {}).get(0, (b"", b""))[1] == b"":
            return None  # no body in sight, or the range would not start at A1
        texts = _head_texts(self._shared_strings, [head.get(r, {}) for r in range(body_start)])
        return None if texts is None else (texts, body_start, sample)

    def _sheet_sample(self, sheet_name: str) -> bytes | None:
        """The first bytes of the sheet's XML, when the sheet is large enough to be worth it."""
        try:
            if self._archive is None:
                self._archive = zipfile.ZipFile(self.path)
                self._targets = _sheet_targets(self._archive)
            target = self._targets.get(sheet_name)
            if target is None or self._archive.getinfo(target).compress_size < MIN_BYTES:
                return None
            with self._archive.open(target) as stream:
                return stream.read(_HEAD_BYTES)
        except (zipfile.BadZipFile, KeyError, OSError):
            return None

    def _shared_strings(self, count: int) -> list[str] | None:
        if len(self._shared) < count:
            self._shared = _shared_strings(self.path, count) or []
        return self._shared if len(self._shared) >= count else None

    def _with_body(self, sheet_name: str, head: Rows, body_start: int) -> ReadByColumns | None:
        """``head`` and fastexcel's body below it as rows, when fastexcel read it as asked."""
        try:
            if self._fast is None:
                import fastexcel

                self._fast = fastexcel.read_excel(self.path)
            sheet = self._fast.load_sheet(
                sheet_name,
                header_row=body_start - 1,
                schema_sample_rows=None,  # each column's type from all of its cells
                dtype_coercion="strict",  # and one kind of cell per column
            )
            batch = sheet.to_arrow()
            infos = sheet.selected_columns
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException:  # a column of mixed cells, an odd sheet, or a panic in fastexcel's Rust code
            return None
        return _rows(head, infos, batch)


def _sheet_targets(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> the part holding its XML, as ``xlsx_errors`` finds one sheet's."""
    workbook = archive.read("xl/workbook.xml")
    rels = archive.read("xl/_rels/workbook.xml.rels")
    targets = {(a or d).decode(): (b or c).decode() for a, b, c, d in _REL.findall(rels)}
    found: dict[str, str] = {}
    for name, rid in _SHEET.findall(workbook):
        target = targets.get(rid.decode())
        if target is not None:
            part = target.lstrip("/") if target.startswith("/") else posixpath.join("xl", target)
            found.setdefault(_unescape(name.decode()), part)
    return found


def _holds_number(cells: dict[int, tuple[bytes, bytes]]) -> bool:
    return any(kind == b"n" and raw for kind, raw in cells.values())


def _rows_of(xml: bytes) -> Iterator[tuple[int, dict[int, tuple[bytes, bytes]]]]:
    """Each complete row in ``xml``: its index (from 0) and its cells."""
    index = -1
    for found in _ROW.finditer(xml):
        number = _ROW_NUMBER.search(found.group(1))
        index = int(number.group(1)) - 1 if number else index + 1
        yield index, _cells(found.group(2) or b"")


def _head_texts(
    shared_strings: Callable[[int], list[str] | None], head: list[dict[int, tuple[bytes, bytes]]]
) -> Rows | None:
    """The head's cells as calamine's values: text, or "" for an empty cell; None when one is
    anything else (a number, a boolean, an error, a date) or a text could be read otherwise."""
    kinds = {kind for row in head for kind, raw in row.values() if raw}
    if not kinds <= set(_TEXT_KINDS):
        return None
    wanted = [int(raw) for row in head for kind, raw in row.values() if kind == b"s" and raw.isdigit()]
    shared = shared_strings(max(wanted, default=-1) + 1)
    if shared is None:
        return None
    rows: Rows = []
    for cells in head:
        row: list[object] = [""] * (max(cells, default=-1) + 1)
        for column, (kind, raw) in cells.items():
            if not raw:
                continue
            if kind == b"s" and not raw.isdigit():
                return None
            text = shared[int(raw)] if kind == b"s" else _text(raw) if kind == b"inlineStr" else _plain(raw)
            if "\r" in text or re.search(_ESCAPE, text):
                return None  # an XML parser reads a line end as "\n", and "&#13;" as "\r"
            row[column] = text
        rows.append(row)
    return rows


def _plain(raw: bytes) -> str:
    return _text(b"<t>" + raw + b"</t>")


def _looks_regular(sample: list[dict[int, tuple[bytes, bytes]]]) -> bool:
    """Every sampled body row holds a value in each column up to the widest: no blank that would
    make fastexcel's read a wasted one."""
    width = max((max(cells, default=-1) + 1 for cells in sample), default=0)
    return bool(sample) and all(
        len(cells) == width and all(raw for _kind, raw in cells.values()) for cells in sample
    )


def _rows(head: Rows, infos: list[Any], batch: Any) -> ReadByColumns | None:
    """``head`` over the body fastexcel read (``infos``, its columns; ``batch``, their arrays), as
    rows, when fastexcel read it as asked."""
    import pyarrow.compute as pc

    width = len(infos)
    if not _named_as_read(infos, head[-1], width) or batch.num_rows == 0:
        return None
    columns = batch.columns
    if any(column.null_count for column in columns):
        return None  # an empty or error cell: "" to calamine, not told apart here
    for info, column in zip(infos, columns, strict=True):
        maybe_escaped = info.dtype == "string" and pc.any(pc.match_substring(column, "_x")).as_py()
        if maybe_escaped and pc.any(pc.match_substring_regex(column, _ESCAPE)).as_py():
            return None
    if any(text != "" for row in head for text in row[width:]):
        return None  # a text right of the columns read: the range is not what fastexcel read
    values = [column.to_pylist() for column in columns]
    body = list(map(list, zip(*values, strict=True)))
    rows = [_to_width(row, width) for row in head] + body
    numbers = [column if info.dtype == "float" else None for info, column in zip(infos, columns, strict=True)]
    return ReadByColumns(rows, BodyColumns(len(head), values, numbers))


def _named_as_read(infos: list[Any], header: list[object], width: int) -> bool:
    """fastexcel read columns A onwards, each all text or all numbers, and named them as the head's
    last row reads here (an empty cell ``__UNNAMED__<i>``, a name met before ``<name>_<n>``)."""
    if [info.absolute_index for info in infos] != list(range(width)):
        return False
    seen: dict[str, int] = {}
    for info in infos:
        text = header[info.absolute_index] if info.absolute_index < len(header) else ""
        if info.dtype not in _BODY_TYPES or info.dtype_from != "guessed":
            return False
        if text == "":
            expected, source = f"__UNNAMED__{info.absolute_index}", "generated"
        else:
            assert isinstance(text, str)
            count = seen.get(text, 0)
            seen[text] = count + 1
            expected, source = (text if count == 0 else f"{text}_{count}"), "looked_up"
        if info.name != expected or info.column_name_from != source:
            return False
    return True


def _to_width(row: list[object], width: int) -> list[object]:
    """A head row as wide as the range: "" for the empty cells, none for styled cells beyond it."""
    return row[:width] + [""] * (width - len(row))
