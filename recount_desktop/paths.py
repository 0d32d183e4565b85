"""Where bundled files live: rules, templates, fonts, the sample election."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def resource_path(*parts: str) -> Path:
    """A file under ``resources/``, whether running from a checkout or an installed package."""
    packaged = Path(str(resources.files("recount_desktop.resources")))
    return packaged.joinpath(*parts)
