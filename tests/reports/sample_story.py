"""The bundled sample election (Cass County, NE) with a machine recount of the Mayor of Plattsmouth race.

Canvass: Ellen Fitch 1502, Gary Novak 1497 (5 votes: within 1% of the top candidate, an automatic
recount under Neb. Rev. Stat. 32-1119(1)). Recount on the devices, one sheet per precinct, two entries
each; it finds Precinct 04 Fitch 80 -> 79, Novak 105 -> 106 and Early Voting Novak 290 -> 292.
Amended: Fitch 1501, Novak 1500; the outcome does not change.
"""

from __future__ import annotations

from pathlib import Path

from recount_desktop.domain import Election
from recount_desktop.importers import import_into_election, read_tally_file
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
from recount_desktop.sample import sample_workbook
from recount_desktop.store import ElectionFile, create_election_file

MAYOR = "Mayor of Plattsmouth"
CHANGES = {"Precinct 04": {"Ellen Fitch": -1, "Gary Novak": +1}, "Early Voting": {"Gary Novak": +2}}


def make_sample(path: Path) -> ElectionFile:
    imported = read_tally_file(sample_workbook())
    store = create_election_file(path, Election(**imported.election_fields), operator="janet.weber")
    import_into_election(store, imported, replace=True)
    set_scope(store, MAYOR, "all", method="machine", requested_by="automatic (32-1119(1))")
    for number, (precinct, votes) in enumerate(store.results().precinct_votes(MAYOR).items(), start=1):
        counts = {choice: count + CHANGES.get(precinct, {}).get(choice, 0) for choice, count in votes.items()}
        for clerk in ("ann.kraus", "ben.olsen"):
            store.operator = clerk  # each clerk signed in at their own desk (else: "not independent")
            enter_sheet(store, TallySheetEntry(f"MP-{number:03d}", MAYOR, counts, precinct=precinct,
                                               method="machine", counted_by="Board: M. Holm; L. Ortega",
                                               entered_by=clerk))
    store.operator = "janet.weber"
    return store
