"""Scanned sheet IDs: which printed blank sheet an ID in the Sheet ID field belongs to.

``print-sheets`` prints a QR code of each sheet's ID; a USB scanner types it (and Enter) into the
focused field. The IDs come from the same ``blank_sheets`` that prints them, so a scan always matches
what is on paper; they are read again only when the results or a recount scope change, because a
clerk scans hundreds of sheets a day.
"""

from __future__ import annotations

from recount_desktop.reports.tally_sheets import BlankSheet, NoRecountScope, blank_sheets
from recount_desktop.store import ElectionFile
from recount_desktop.ui.snapshot import Snapshot


class PrintedSheets:
    """The blank sheets of the current recount scopes, by ID, kept until the snapshot's scopes change."""

    def __init__(self) -> None:
        self._results: object = None
        self._scopes: tuple[object, ...] = ()
        self._sheets: dict[str, BlankSheet] = {}

    def all(self, store: ElectionFile | None, snapshot: Snapshot | None) -> dict[str, BlankSheet]:
        if store is None or snapshot is None or not snapshot.scopes:
            return {}
        scopes = tuple(snapshot.scopes.values())
        if snapshot.results is not self._results or scopes != self._scopes:  # a reload or a new scope
            try:
                self._sheets = {s.sheet_id: s for s in blank_sheets(store)}
            except NoRecountScope:
                self._sheets = {}
            self._results, self._scopes = snapshot.results, scopes
        return self._sheets

    def find(self, store: ElectionFile | None, snapshot: Snapshot | None, text: str) -> BlankSheet | None:
        """The printed sheet with this ID (letter case aside: a scanner under Caps Lock), else None."""
        wanted = text.strip().upper()
        if not wanted:
            return None
        sheets = self.all(store, snapshot)
        return sheets.get(wanted) or next((s for i, s in sheets.items() if i.upper() == wanted), None)


def printed_for(sheet: BlankSheet) -> str:
    """What the sheet was printed for, as the entry screen says it."""
    unit = " / ".join(part for part in (sheet.precinct, sheet.device) if part)
    return f"{sheet.contest}, {unit}, {sheet.method} count"
