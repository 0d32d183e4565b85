"""Layout profiles: a county's layout, saved once (by the wizard, or by hand) so its next file
imports in one step (``import --profile FILE``).

A small TOML file, in the terms the user sees on screen (rows from 1, columns as letters)::

    name = "Alamosa County abstract"
    format = "abstract"          # auto, template, long, sovc, wide, abstract
    sheet = "Elec. Results"      # optional: the sheet (one election of a workbook of several)

    [reading]                    # optional: how the sheet is read (see grid.Reading)
    units = "columns"
    header_rows = [1]
    unit_columns = ["B", "C", "D"]
    total_columns = ["J"]
    skipped_columns = []
    label_columns = ["A"]
    party_column = "B"           # optional
    office_column = "A"          # optional
    skip_rows = [40, 41]

Unknown keys are errors naming the key, so a typo never passes silently.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from recount_desktop.importers.problems import column_letters
from recount_desktop.importers.reading import Reading

PROFILE_SUFFIX = ".toml"
_TOP_KEYS = {"name", "format", "sheet", "reading"}
_READING_KEYS = {
    "units",
    "header_rows",
    "unit_columns",
    "total_columns",
    "skipped_columns",
    "label_columns",
    "party_column",
    "office_column",
    "skip_rows",
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
        reading = _reading(path, data["reading"], str(sheet) if sheet is not None else None)
    return LayoutProfile(
        str(data.get("name", path.stem)), fmt, str(sheet) if sheet is not None else None, reading
    )


def save_profile(profile: LayoutProfile, path: str | Path) -> Path:
    """Write ``profile`` as TOML (the inverse of ``load_profile``)."""
    lines = [f"name = {_quote(profile.name)}", f"format = {_quote(profile.format)}"]
    if profile.sheet is not None:
        lines.append(f"sheet = {_quote(profile.sheet)}")
    reading = profile.reading
    if reading is not None:
        lines += [
            "",
            "[reading]",
            f"units = {_quote(reading.units)}",
            f"header_rows = {[r + 1 for r in reading.header_rows]}",
        ]
        for key in ("unit_columns", "total_columns", "skipped_columns", "label_columns"):
            letters = [column_letters(c) for c in getattr(reading, key)]
            lines.append(f"{key} = [{', '.join(_quote(x) for x in letters)}]")
        for key in ("party_column", "office_column"):
            value = getattr(reading, key)
            if value is not None:
                lines.append(f"{key} = {_quote(column_letters(value))}")
        lines.append(f"skip_rows = {[r + 1 for r in reading.skip_rows]}")
    path = Path(path)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _no_unknown(path: Path, data: Mapping[str, object], known: set[str], section: str) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        where = f"[{section}] " if section else ""
        raise ProfileError(
            f"{path}: unknown key {where}{unknown[0]!r}; known keys: {', '.join(sorted(known))}"
        )


def _reading(path: Path, data: object, sheet: str | None) -> Reading:
    if not isinstance(data, dict):
        raise ProfileError(f"{path}: [reading] must be a table")
    _no_unknown(path, data, _READING_KEYS, "reading")
    units = str(data.get("units", "columns"))
    if units not in ("rows", "columns"):
        raise ProfileError(f"{path}: [reading] units must be 'rows' or 'columns', not {units!r}")
    if units == "rows":
        raise ProfileError(
            f"{path}: [reading] units = 'rows' is read by the sovc and wide layouts; "
            "give format = 'sovc' or 'wide' instead of a reading"
        )
    return Reading(
        sheet,
        units,
        header_rows=tuple(_row(path, "header_rows", r) for r in data.get("header_rows", [])),
        unit_columns=_columns(path, data, "unit_columns"),
        total_columns=_columns(path, data, "total_columns"),
        skipped_columns=_columns(path, data, "skipped_columns"),
        label_columns=_columns(path, data, "label_columns"),
        party_column=_column(path, "party_column", data["party_column"]) if "party_column" in data else None,
        office_column=_column(path, "office_column", data["office_column"])
        if "office_column" in data
        else None,
        skip_rows=tuple(_row(path, "skip_rows", r) for r in data.get("skip_rows", [])),
    )


def _row(path: Path, key: str, value: object) -> int:
    if not isinstance(value, int) or value < 1:
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
