"""The state's certification wording, kept as an editable file in ``resources/certification``.

The words above the signature lines are the county's to adjust, so they live in data, not code;
this module only reads one file per state and checks every key is there.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

from recount_desktop.domain import State
from recount_desktop.paths import resource_path

_KEYS = ("recount_statute", "canvass_statute", "recount_title", "canvass_title", "recount_wording",
         "canvass_wording", "board_title", "attest_title")


class CertificationFileError(ValueError):
    """A certification file that is missing or lacks a key; the message names the file and key."""


@dataclass(frozen=True)
class CertificationText:
    state: str
    recount_statute: str
    canvass_statute: str
    recount_title: str
    canvass_title: str
    recount_wording: str
    canvass_wording: str
    board_title: str
    attest_title: str
    minimum_signatures: int = 1

    def statute(self, recount: bool) -> str:
        return self.recount_statute if recount else self.canvass_statute

    def title(self, recount: bool) -> str:
        return self.recount_title if recount else self.canvass_title

    def wording(self, recount: bool, **fields: str) -> str:
        """The paragraph with the election's own names filled in."""
        template = self.recount_wording if recount else self.canvass_wording
        return template.format(**fields)


def load_certification(state: State | str) -> CertificationText:
    """Read ``resources/certification/<STATE>.toml``."""
    code = State(state).value
    path = resource_path("certification", f"{code}.toml")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as error:
        raise CertificationFileError(f"{path}: no certification wording for {code}") from error
    except tomllib.TOMLDecodeError as error:
        raise CertificationFileError(f"{path}: {error}") from error
    missing = [key for key in _KEYS if not str(data.get(key, "")).strip()]
    if missing:
        raise CertificationFileError(f"{path}: missing {', '.join(missing)}")
    minimum = data.get("minimum_signatures", 1)
    if isinstance(minimum, bool) or not isinstance(minimum, int) or minimum < 1:
        raise CertificationFileError(f"{path}: minimum_signatures must be a whole number >= 1")
    texts = {key: " ".join(str(data[key]).split()) for key in _KEYS}
    return CertificationText(state=code, minimum_signatures=minimum, **texts)
