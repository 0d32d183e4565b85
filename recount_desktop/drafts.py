"""The tally sheet a clerk is typing, kept on disk at every change, so a crash or a power cut loses
no typing.

A draft is not election data: nothing reaches the election file or the audit log until the clerk
saves the sheet. A draft belongs to one election file and one operator, so a second, blind entry
never shows another clerk's numbers, and it lives in the user's own data folder.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from recount_desktop.appstate import app_dir
from recount_desktop.files import write_atomically


def draft_path(election: Path, operator: str) -> Path:
    key = hashlib.sha256(f"{election.resolve()}\n{operator}".encode()).hexdigest()[:24]
    return app_dir("data") / "drafts" / f"{key}.json"


def save_draft(election: Path, operator: str, fields: Mapping[str, Any]) -> None:
    """Raises ``FileWriteError`` when the draft cannot be written (the typing itself is unaffected)."""
    path = draft_path(election, operator)
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = {
        "election": str(election.resolve()),
        "operator": operator,
        "saved_at": datetime.now().astimezone().isoformat(timespec="seconds"),
        **fields,
    }
    write_atomically(path, json.dumps(draft, indent=1).encode())


def load_draft(election: Path, operator: str) -> dict[str, Any] | None:
    """The draft left for this election and operator, or None (also for an unreadable one)."""
    try:
        draft = json.loads(draft_path(election, operator).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(draft, dict) or draft.get("election") != str(election.resolve()):
        return None
    return draft


def discard_draft(election: Path, operator: str) -> None:
    draft_path(election, operator).unlink(missing_ok=True)
