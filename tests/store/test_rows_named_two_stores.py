"""Issue 15 on both stores: `audit verify` names the results rows edited behind the program's back
(precinct or contest, and the row's key) the same way on an election file and on a server; an election
file from before the group digests, published to a server, moves to them at its next change there."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.store import create_election_file, open_election_file
from recount_desktop.store.dialect import is_server_url
from recount_desktop.store.server import publish
from tests.pg_testing import raw
from tests.reliability.conftest import fill

EDITS = [
    "UPDATE tally SET votes = votes + 5 WHERE choice_id = 2 AND precinct_id = 2",
    "DELETE FROM tally_vote_type WHERE choice_id = 1 AND precinct_id = 1 AND vote_type = 'Early'",
    "INSERT INTO contest_statistics (contest_id, precinct_id, registered_voters, ballots_cast, over_votes,"
    " under_votes) VALUES (1, 3, 700, 300, 0, 0)",
]
NAMED = {
    "tally": ("choice 'Bo Brandt' (Mayor), precinct 'Precinct 2': changed",),
    "tally_vote_type": ("choice 'Ada Alvarez' (Mayor), precinct 'Precinct 1', vote type 'Early': removed",),
    "contest_statistics": ("contest 'Mayor', precinct 'Absentee/Early': added",),
}


def _behind_the_back(target: str, statements: list[str]) -> None:
    """The results tables have no guard triggers: a database user with write access just edits them."""
    if is_server_url(target):
        for statement in statements:
            raw(target).execute(statement)  # type: ignore[attr-defined]
        return
    conn = sqlite3.connect(target)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def test_edited_results_rows_are_named_on_both_stores(election_target: str, election: Election,
                                                     results: ElectionResults) -> None:
    with create_election_file(election_target, election) as store:
        fill(store, results)
        assert store.verify_audit().ok
    _behind_the_back(election_target, EDITS)
    with open_election_file(election_target) as store:
        report = store.verify_audit()
    assert not report.ok
    assert {d.table: d.rows for d in report.differences} == NAMED


def test_an_old_file_published_to_a_server_moves_to_the_group_digests_there(tmp_path: Path,
                                                                             server_url: str) -> None:
    old = tmp_path / "old.canvass"
    shutil.copyfile(Path(__file__).parents[1] / "data" / "store" / "definition-1.canvass", old)
    with open_election_file(old) as source:
        head = publish(source, server_url).head_hash
    with open_election_file(server_url) as store:
        assert store.head_hash() == head
        store.set_setting("recount.single_entry", "yes")
        assert store.audit_entries()[-1].data_digest.startswith("2:")  # type: ignore[union-attr]
        assert store.verify_audit().ok
    _behind_the_back(server_url, EDITS[:1])
    with open_election_file(server_url) as store:
        [difference] = store.verify_audit().differences
    assert difference.rows == NAMED["tally"]
