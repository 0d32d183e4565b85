"""Layout profiles: a county's layout, saved once (by the wizard, or by hand) so its next file
imports in one step (``import --profile FILE``).

A small TOML file, in the terms the user sees on screen (rows from 1, columns as letters)::

    name = "Alamosa County abstract"
    format = "abstract"          # auto, template, long, sovc, wide, abstract
    sheet = "Elec. Results"      # optional: the sheet (one election of a workbook of several)

    [reading]                    # optional: how the sheet is read (see reading.Reading)
    units = "columns"
    header_rows = [1]
    unit_columns = ["B", "C", "D"]
    total_columns = ["J"]
    skipped_columns = []
    label_columns = ["A"]
    party_column = "B"           # optional
    office_column = "A"          # optional
    skip_rows = [40, 41]

Units as rows (format ``long``, ``sovc`` or ``wide``) name the unit column instead, and a long
table names its other columns::

    format = "long"
    [reading]
    header_rows = [5]
    unit_column = "A"
    contest_column = "B"         # long only: contest, choice, votes (or vote-type columns) needed;
    choice_column = "C"          # county, party, vote_type, district optional
    votes_column = "E"
    skip_rows = [9]              # any format: rows left out; skipped_columns too

A ``sovc`` reading's header row and unit column apply to every contest sheet (or to ``sheet``);
a ``wide`` reading has one to three header rows: contest names first, choice names last (a
middle row holds "Vote for N"). Unknown keys, and keys another format reads, are errors naming
the key, so a typo never passes silently.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.reading import LONG_COLUMN_FIELDS, UNITS_AS_ROWS, Reading

PROFILE_SUFFIX = ".toml"
_TOP_KEYS = {"name", "format", "sheet", "reading"}
_COMMON_KEYS = {"units", "header_rows", "skipped_columns", "skip_rows"}
_ABSTRACT_KEYS = {"unit_columns", "total_columns", "label_columns", "party_column", "office_column"}
_LONG_KEYS = {f"{name}_column" for name in LONG_COLUMN_FIELDS if name != "precinct"}
_READING_KEYS = {
    "abstract": _COMMON_KEYS | _ABSTRACT_KEYS,
    "long": _COMMON_KEYS | {"unit_column"} | _LONG_KEYS,
    "sovc": _COMMON_KEYS | {"unit_column"},
    "wide": _COMMON_KEYS | {"unit_column"},
}
_LETTERS = re.compile(r"^[A-Z]{1,3}$")
PROFILE_FORMATS = ("auto", "template", "long", "sovc", "wide", "abstract")


class ProfileError(ValueError):
    """A profile that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class LayoutProfile:
    name: str
    format: str = "auto"
    sheet: str | None = None
    reading: Reading | None = None


def profiles_folder() -> Path:
    """Where the wizard keeps saved profiles: ``layout-profiles`` in the user's data folder."""
    from recount_desktop.appstate import app_dir

    folder = app_dir("data") / "layout-profiles"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def list_profiles(folder: Path | None = None) -> list[Path]:
    """Saved profiles, by name."""
    return sorted((folder or profiles_folder()).glob(f"*{PROFILE_SUFFIX}"))


def load_profile(path: str | Path) -> LayoutProfile:
    """Read a profile; ``ProfileError`` names the file and the key for anything unusable."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ProfileError(f"{path}: cannot read the profile ({error.strerror or error})") from error
    except tomllib.TOMLDecodeError as error:
        raise ProfileError(f"{path}: not a valid TOML file ({error})") from error
    _no_unknown(path, data, _TOP_KEYS, "")
    fmt = str(data.get("format", "auto"))
    if fmt not in PROFILE_FORMATS:
        raise ProfileError(f"{path}: format must be one of {', '.join(PROFILE_FORMATS)}, not {fmt!r}")
    sheet = data.get("sheet")
    reading = None
    if "reading" in data:
        reading = _reading(path, data["reading"], fmt, str(sheet) if sheet is not None else None)
    return LayoutProfile(
        str(data.get("name", path.stem)), fmt, str(sheet) if sheet is not None else None, reading
    )


def save_profile(profile: LayoutProfile, path: str | Path) -> Path:
    """Write ``profile`` as TOML (the inverse of ``load_profile``)."""
    lines = [f"name = {_quote(profile.name)}", f"format = {_quote(profile.format)}"]
    if profile.sheet is not None:
        lines.append(f"sheet = {_quote(profile.sheet)}")
    if profile.reading is not None:
        lines += ["", "[reading]", *_reading_lines(profile.reading)]
    path = Path(path)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _reading_lines(reading: Reading) -> list[str]:
    """The reading's keys for its layout, rows 1-based and columns as letters."""
    lines = [f"units = {_quote(reading.units)}", f"header_rows = {[r + 1 for r in reading.header_rows]}"]
    keys = ["skipped_columns"]
    if reading.layout == "abstract":
        keys = ["unit_columns", "total_columns", "skipped_columns", "label_columns"]
    for key in keys:
        letters = [column_letters(c) for c in getattr(reading, key)]
        lines.append(f"{key} = [{', '.join(_quote(x) for x in letters)}]")
    singles: dict[str, int | None] = {"unit_column": reading.unit_column}
    if reading.layout == "abstract":
        singles = {"party_column": reading.party_column, "office_column": reading.office_column}
    singles.update({f"{name}_column": c for name, c in reading.fields if name != "precinct"})
    for key, value in singles.items():
        if value is not None:
            lines.append(f"{key} = {_quote(column_letters(value))}")
    lines.append(f"skip_rows = {[r + 1 for r in reading.skip_rows]}")
    return lines


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _no_unknown(path: Path, data: Mapping[str, object], known: set[str], section: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        where = f"[{section}] " if section else ""
        raise ProfileError(
            f"{path}: unknown key {where}{unknown[0]!r}; known keys: {', '.join(sorted(known))}"
        )


def _reading(path: Path, data: object, fmt: str, sheet: str | None) -> Reading:
    if not isinstance(data, dict):
        raise ProfileError(f"{path}: [reading] must be a table")
    if fmt not in _READING_KEYS:
        raise ProfileError(
            f"{path}: a [reading] needs format = 'long', 'sovc', 'wide' or 'abstract', not {fmt!r}"
        )
    _no_unknown_for(path, data, fmt)
    units = str(data.get("units", "rows" if fmt in UNITS_AS_ROWS else "columns"))
    wanted = "rows" if fmt in UNITS_AS_ROWS else "columns"
    if units != wanted:
        raise ProfileError(f"{path}: [reading] units must be {wanted!r} for format {fmt!r}, not {units!r}")
    header_rows = _rows(path, data, "header_rows")
    common = {
        "header_rows": header_rows,
        "skipped_columns": _columns(path, data, "skipped_columns"),
        "skip_rows": _rows(path, data, "skip_rows"),
    }
    if fmt == "abstract":
        return Reading(sheet, units, **common, **_abstract_parts(path, data))  # type: ignore[arg-type]
    unit_column = _column(path, "unit_column", data["unit_column"]) if "unit_column" in data else None
    fields = tuple(
        (name, _column(path, f"{name}_column", data[f"{name}_column"]))
        for name in LONG_COLUMN_FIELDS
        if f"{name}_column" in data
    )
    _needs(path, fmt, header_rows, unit_column, dict(fields))
    return Reading(sheet, units, **common, layout=fmt, unit_column=unit_column, fields=fields)  # type: ignore[arg-type]


def _abstract_parts(path: Path, data: Mapping[str, object]) -> dict[str, object]:
    return {
        "unit_columns": _columns(path, data, "unit_columns"),
        "total_columns": _columns(path, data, "total_columns"),
        "label_columns": _columns(path, data, "label_columns"),
        "party_column": _column(path, "party_column", data["party_column"])
        if "party_column" in data
        else None,
        "office_column": _column(path, "office_column", data["office_column"])
        if "office_column" in data
        else None,
    }


def _needs(
    path: Path, fmt: str, header_rows: tuple[int, ...], unit_column: int | None, fields: Mapping[str, int]
) -> None:
    """Units as rows: what the layout cannot be read without."""
    most = 3 if fmt == "wide" else 1
    if not 1 <= len(header_rows) <= most:
        count = "one to three header rows" if fmt == "wide" else "one header row"
        raise ProfileError(f"{path}: [reading] header_rows: a {fmt} reading names {count}")
    if unit_column is None:
        raise ProfileError(f"{path}: [reading] unit_column: a {fmt} reading names the column of unit names")
    missing = [f"{name}_column" for name in ("contest", "choice") if name not in fields]
    if fmt == "long" and missing:
        raise ProfileError(
            f"{path}: [reading] {missing[0]}: a long reading names its contest and choice columns"
        )


def _no_unknown_for(path: Path, data: Mapping[str, object], fmt: str) -> None:
    """An unknown key, or a key another format reads, names the key and the formats that read it."""
    for key in sorted(data):
        if key in _READING_KEYS[fmt]:
            continue
        readers = [name for name, keys in _READING_KEYS.items() if key in keys]
        if readers:
            raise ProfileError(
                f"{path}: [reading] {key!r} is read only for format {' or '.join(repr(r) for r in readers)}, "
                f"not {fmt!r}"
            )
        known = ", ".join(sorted(_READING_KEYS[fmt]))
        raise ProfileError(f"{path}: unknown key [reading] {key!r}; known keys for {fmt!r}: {known}")


def _rows(path: Path, data: Mapping[str, object], key: str) -> tuple[int, ...]:
    values = data.get(key, [])
    if not isinstance(values, list):
        raise ProfileError(f"{path}: [reading] {key} must be a list of row numbers")
    return tuple(_row(path, key, r) for r in values)


def _row(path: Path, key: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ProfileError(f"{path}: [reading] {key}: {value!r} is not a row number (1 or more)")
    return value - 1


def _columns(path: Path, data: Mapping[str, object], key: str) -> tuple[int, ...]:
    values = data.get(key, [])
    if not isinstance(values, list):
        raise ProfileError(f"{path}: [reading] {key} must be a list of column letters")
    return tuple(_column(path, key, v) for v in values)


def _column(path: Path, key: str, value: object) -> int:
    if not isinstance(value, str) or not _LETTERS.match(value.strip().upper()):
        raise ProfileError(f"{path}: [reading] {key}: {value!r} is not a column letter such as 'C'")
    number = 0
    for letter in value.strip().upper():
        number = number * 26 + ord(letter) - 64
    return number - 1
