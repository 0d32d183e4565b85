"""Where bundled files live: rules, templates, fonts, the sample election."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any


def resource_path(*parts: str) -> Path:
    """A file under ``resources/``, whether running from a checkout or an installed package."""
    packaged = Path(str(resources.files("recount_desktop.resources")))
    return packaged.joinpath(*parts)


def read_resource_toml(what: str, error: type[ValueError], *parts: str) -> tuple[Path, dict[str, Any]]:
    """A TOML file under ``resources/`` and its data; a file that cannot be read or parsed raises
    ``error`` naming the file and ``what`` it is."""
    path = resource_path(*parts)
    try:
        with open(path, "rb") as handle:
            return path, tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as problem:
        raise error(f"{path}: cannot read {what} ({problem})") from problem
