"""Store a read tally file in an election file, with its provenance, never half of it.

A second import over existing tallies first shows what would change; it replaces them only when
the caller says so (``--replace`` on the command line, a confirmation in the window).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.gc_pause import no_cyclic_gc
from recount_desktop.importers.problems import ImportRejected
from recount_desktop.importers.reader import TallyImport
from recount_desktop.store import ElectionFile

AUDIT_WARNING_LIMIT = 500  # the audit entry keeps this many warnings verbatim, and the count of all


@dataclass(frozen=True)
class Difference:
    """One change a re-import would make; ``old``/``new`` are vote counts or None (absent)."""

    contest: str
    precinct: str | None
    choice: str | None
    old: int | None
    new: int | None

    def __str__(self) -> str:
        if self.precinct is None and self.choice is None:
            return f"contest {self.contest!r} " + ("added" if self.old is None else "removed")
        place = f"{self.contest!r}, precinct {self.precinct!r}, {self.choice!r}"
        return f"{place}: {'-' if self.old is None else self.old} -> {'-' if self.new is None else self.new}"


@dataclass(frozen=True)
class ImportOutcome:
    """``warnings``: where the file's Election sheet disagrees with the election file (kept as is)."""

    applied: bool
    differences: tuple[Difference, ...] = ()
    details: dict[str, object] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    board_members_added: int = 0


_COMPARED = {
    "state": "state",
    "election_date": "election date",
    "jurisdiction": "jurisdiction",
    "name": "election name",
}


def election_sheet_warnings(election: Election, fields: Mapping[str, object]) -> tuple[str, ...]:
    """The template's Election sheet versus the election file: a different state or date most likely
    means the wrong file; the election file's own values are kept either way."""
    found = []
    for attribute, label in _COMPARED.items():
        theirs, ours = fields.get(attribute), getattr(election, attribute)
        if theirs is not None and theirs != ours:
            shown = theirs.isoformat() if hasattr(theirs, "isoformat") else str(theirs)
            kept = ours.isoformat() if hasattr(ours, "isoformat") else str(ours)
            found.append(
                f"the file's Election sheet gives {label} {shown}, but the election file says {kept}; "
                f"the election file's {label} is kept"
            )
    return tuple(found)


def file_provenance(path: Path) -> dict[str, object]:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return {"file": path.name, "size": path.stat().st_size, "sha256": digest.hexdigest()}


def differences(old: ElectionResults, new: ElectionResults) -> tuple[Difference, ...]:
    """Contests added or removed, and every precinct/choice whose count would change."""
    found: list[Difference] = []
    old_names = {c.name for c in old.contests}
    new_names = {c.name for c in new.contests}
    found += [Difference(name, None, None, None, 1) for name in sorted(new_names - old_names)]
    found += [Difference(name, None, None, 1, None) for name in sorted(old_names - new_names)]
    old_votes, new_votes = old.votes_by_key(), new.votes_by_key()
    for key in sorted(old_votes.keys() | new_votes.keys()):
        before, after = old_votes.get(key), new_votes.get(key)
        if before != after:
            found.append(Difference(key[0], key[1], key[2], before, after))
    return tuple(found)


def import_into_election(store: ElectionFile, imported: TallyImport, replace: bool = False) -> ImportOutcome:
    """Replace the election's tallies with the import (recorded in the audit log).

    With tallies already stored, returns the differences and stores nothing unless ``replace``.
    Raises ``ImportRejected`` for an import with errors.
    """
    if imported.results is None or imported.errors:
        raise ImportRejected(imported.errors)
    election = store.election()
    sheet_warnings = election_sheet_warnings(election, imported.election_fields)
    changes: tuple[Difference, ...] = ()
    if store.counts()["tally"]:
        changes = differences(store.results(), imported.results)
        if not replace:
            return ImportOutcome(applied=False, differences=changes, warnings=sheet_warnings)
    details: dict[str, object] = {
        **file_provenance(imported.path),
        "layout": imported.layout,
        "imported_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "suppressed_cells": imported.results.suppressed_count(),
        "statistics": len(imported.results.statistics),
        "warning_count": len(imported.warnings) + len(sheet_warnings),
        "warnings": [*sheet_warnings, *(str(w) for w in imported.warnings[:AUDIT_WARNING_LIMIT])],
        "replaced_changes": len(changes),
        "sheet": imported.sheet,
    }
    if imported.differences:
        # the user accepted totals that the units do not add up to: which, and by how much
        details["accepted_differences"] = [d.as_dict() for d in imported.differences[:AUDIT_WARNING_LIMIT]]
        details["accepted_difference_count"] = len(imported.differences)
    members = imported.election_fields.get("board_members") or ()
    updated = None
    if members and not election.board_members:
        # the signature blocks come from the sheet only when the election file has none of its own
        updated = dataclasses.replace(election, board_members=tuple(members))
    with no_cyclic_gc():  # a statewide import writes close to a million rows
        store.replace_results(imported.results, details, election=updated)
    added = len(members) if updated is not None else 0
    return ImportOutcome(
        applied=True, differences=changes, details=details, warnings=sheet_warnings, board_members_added=added
    )
