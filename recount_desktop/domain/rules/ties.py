"""How each state breaks a tie that remains after the recount (``resources/ties.toml``), said in the
finding of every tied candidate so the board knows what follows a tie, and by whom."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from recount_desktop.domain.records import State

_KEYS = {"text", "source"}
_SOURCES = {"statute", "secondary"}


class TieFileError(ValueError):
    """``ties.toml`` does not match its schema; the message names the file and the key."""


@dataclass(frozen=True)
class TieRule:
    text: str
    secondary: bool  # the words come from a statute this program does not ship


@cache
def tie_rule(state: State | str) -> TieRule:
    """The tie sentence for one state, read once from ``resources/ties.toml``."""
    from recount_desktop.paths import read_resource_toml

    path, data = read_resource_toml("the tie rules", TieFileError, "ties.toml")
    code = State(state).value
    entry = data.get(code)
    if not isinstance(entry, dict):
        raise TieFileError(f"{path}: no [{code}] table")
    unknown = set(entry) - _KEYS
    if unknown:
        raise TieFileError(f"{path}: [{code}] has unknown key(s) {', '.join(sorted(unknown))}")
    text, source = entry.get("text"), entry.get("source")
    if not isinstance(text, str) or not text.strip() or source not in _SOURCES:
        raise TieFileError(f"{path}: [{code}] needs text and source ({' or '.join(sorted(_SOURCES))})")
    return TieRule(text.strip(), source == "secondary")
