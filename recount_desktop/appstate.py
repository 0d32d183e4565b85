"""Per-user state kept between sessions: recent election files, window geometry, the sample election.

Stored under the platform's user folders (platformdirs); ``RECOUNT_DESKTOP_HOME`` overrides the
location, which is how tests and a portable install keep it apart from the user's own.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import platformdirs

MAX_RECENT = 8


def app_dir(kind: str = "data") -> Path:
    override = os.environ.get("RECOUNT_DESKTOP_HOME")
    if override:
        path = Path(override) / kind
    elif kind == "config":
        path = Path(platformdirs.user_config_dir("recount-desktop", appauthor=False))
    else:
        path = Path(platformdirs.user_data_dir("recount-desktop", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def _state_file() -> Path:
    return app_dir("config") / "state.json"


def load_state() -> dict[str, Any]:
    try:
        state = json.loads(_state_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}


def save_state(state: dict[str, Any]) -> None:
    """Write atomically so a crash never leaves a half-written state file."""
    target = _state_file()
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".state-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(state, handle, indent=2)
    os.replace(tmp, target)


def recent_files() -> list[str]:
    return [p for p in load_state().get("recent", []) if isinstance(p, str)
            and (p.startswith(("postgresql://", "postgres://")) or Path(p).is_file())]


def remember_file(path: str | Path) -> None:
    state = load_state()
    # An election on a server is remembered by its address (printed without any password).
    on_server = str(path).startswith(("postgresql://", "postgres://"))
    resolved = str(path) if on_server else str(Path(path).resolve())
    recent = [p for p in state.get("recent", []) if p != resolved]
    state["recent"] = [resolved, *recent][:MAX_RECENT]
    save_state(state)
