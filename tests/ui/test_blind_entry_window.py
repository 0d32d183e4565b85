"""Issue 16 in the window: two clerks, each signed in to the server as their own database role, enter a
sheet blind; the same clerk's second try is refused in words with what they typed kept, the other
clerk's entry verifies it, and the first clerk's window shows that without a restart."""

from __future__ import annotations

from recount_desktop.domain import Election, ElectionResults
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import SheetState, sheet_status
from recount_desktop.store import create_election_file
from recount_desktop.ui.app import create_main_window
from recount_desktop.ui.main_window import MainWindow
from tests.store.test_server_roles import as_user, people  # noqa: F401 (the roles fixture)


def clerk_window(qtbot, url: str) -> MainWindow:
    window = create_main_window(url, operator="typed-name")
    qtbot.addWidget(window)
    window.show_page(window.pages.indexOf(window.entry_page))
    window.entry_page.choose_contest("Mayor")
    return window


def type_and_save(window: MainWindow, sheet_id: str, counts: list[str]) -> None:
    page = window.entry_page
    page.sheet_id.setText(sheet_id)
    page.precinct.setCurrentIndex(page.precinct.findText("Precinct 1"))
    for field, value in zip(page.lines.fields(), counts, strict=False):
        field.setText(value)
    page.save()


def test_two_clerks_enter_blind_in_their_windows(qtbot, server_url: str, people: dict[str, str],  # noqa: F811
                                                 election: Election, results: ElectionResults) -> None:
    with create_election_file(server_url, election) as store:
        store.replace_results(results, {"file": "county.xlsx"})
        set_scope(store, "Mayor", "all", requested_by="Bo Brandt")
    ann = clerk_window(qtbot, as_user(server_url, people["ann"]))
    assert ann.store is not None and ann.store.operator == people["ann"]  # not the typed name
    type_and_save(ann, "M-1", ["101", "98"])
    assert sheet_status(ann.store, "M-1").state is SheetState.ENTERED_ONCE
    type_and_save(ann, "M-1", ["101", "98"])  # the same clerk again
    page = ann.entry_page
    assert "made entry 1 of sheet M-1" in page.message.text() and people["ann"] in page.message.text()
    assert page.sheet_id.text() == "M-1" and page.lines.fields()[0].text() == "101"  # kept
    ben = clerk_window(qtbot, as_user(server_url, people["ben"]))
    type_and_save(ben, "M-1", ["101", "98"])
    assert sheet_status(ben.store, "M-1").state is SheetState.VERIFIED
    progress = lambda: ann.snapshot.progress.get("Mayor")  # noqa: E731
    qtbot.waitUntil(lambda: progress() is not None and progress().verified == 1, timeout=6000)
    ann.close()
    ben.close()
