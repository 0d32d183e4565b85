"""Issue 16: the recount on an election file and on a PostgreSQL server (``election_target`` runs each
test on both): double entry, a discrepancy resolved by a third person, a voided sheet, and the
reconciliation they lead to."""

from __future__ import annotations

import pytest

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.recount.reconcile import reconcile, reconciliation_to_json
from recount_desktop.recount.sheets import (
    SheetError,
    enter_sheet,
    resolve_discrepancy,
    sheet_status,
    void_sheet,
)
from recount_desktop.store import create_election_file
from tests.reliability.conftest import fill, mayor_sheet


def test_resolve_void_and_reconcile(election_target: str, election: Election,
                                    results: ElectionResults) -> None:
    with create_election_file(election_target, election, operator="desk-1") as store:
        fill(store, results)  # M-1 verified, M-2 in discrepancy, M-3 entered once
        with pytest.raises(SheetError, match="already has entry 1|someone else"):
            enter_sheet(store, mayor_sheet("M-3", "Ann", precinct="Absentee/Early"))
        store.operator = "judge"
        resolve_discrepancy(store, "M-2", {"Ada Alvarez": 95}, reason="recounted the paper")
        void_sheet(store, "M-3", reason="wrong precinct on the sheet")
        assert sheet_status(store, "M-2").state == "resolved"
        assert sheet_status(store, "M-3").state == "voided"
        document = reconciliation_to_json(reconcile(store))
        mayor = next(c for c in document["contests"] if c["contest"] == "Mayor")
        amended = {t["choice"]: t["amended"] for t in mayor["totals"]}
        assert mayor["pending_sheets"] == 0
        assert amended["Ada Alvarez"] == 101 + 95 + 102  # P1 and P2 recounted, Absentee/Early as originally
        assert store.verify_audit().ok
