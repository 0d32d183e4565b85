"""Issue 16: a window on a server election shows, within a few seconds and without a restart, what
other workstations commit (sheets, scopes, settings, set-up, imports), never refilling a sheet being
typed; and several server windows in one process open, work, close and reopen without a hang."""

from __future__ import annotations

from dataclasses import replace

import pytest

from recount_desktop import appstate
from recount_desktop.domain import Election, ElectionResults
from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import enter_sheet
from recount_desktop.store import create_election_file, open_election_file
from recount_desktop.ui.app import create_main_window, election_to_open
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.server_watch import heard_changes
from tests.reliability.conftest import mayor_sheet

SECONDS = 6000  # the window polls every two seconds


@pytest.fixture
def on_server(server_url: str, election: Election, results: ElectionResults) -> str:
    with create_election_file(server_url, election) as store:
        store.replace_results(results, {"file": "county.xlsx"})
        set_scope(store, "Mayor", "all", requested_by="Bo Brandt")
    return server_url


def window_on(qtbot, url: str) -> MainWindow:
    window = create_main_window(url, operator="clerk-b")
    qtbot.addWidget(window)
    assert window.store is not None and str(window.store.path) == url
    return window


def verified(window: MainWindow) -> int:
    progress = window.snapshot.progress.get("Mayor") if window.snapshot else None
    return progress.verified if progress else -1


def test_changes_made_elsewhere_are_read_off_the_gui_thread(qtbot, on_server: str,
                                                           election: Election) -> None:
    window = window_on(qtbot, on_server)
    before = window.snapshot
    with open_election_file(on_server) as elsewhere:
        elsewhere.update_election(replace(election, name="General Election 2026 (amended)"))
    window.show_changes_from_elsewhere()
    window.show_changes_from_elsewhere()  # heard again while reading: read once more afterwards
    assert window.snapshot is before  # the call returned at once: the reading runs in the background
    qtbot.waitUntil(lambda: window.title.text() == "General Election 2026 (amended)", timeout=SECONDS)
    qtbot.waitUntil(lambda: not window._catching_up, timeout=SECONDS)
    window.close()


def test_a_change_of_set_up_elsewhere_shows_without_a_restart(qtbot, on_server: str,
                                                             election: Election) -> None:
    window = window_on(qtbot, on_server)
    with open_election_file(on_server) as elsewhere:
        elsewhere.update_election(replace(election, name="General Election 2026 (amended)"))
    qtbot.waitUntil(lambda: window.title.text() == "General Election 2026 (amended)", timeout=SECONDS)
    window.close()


def test_sheets_and_a_setting_elsewhere_show_and_the_sheet_being_typed_stays(qtbot, on_server: str) -> None:
    window = window_on(qtbot, on_server)
    entry = window.entry_page
    window.show_page(window.pages.indexOf(entry))
    entry.choose_contest("Mayor")
    entry.sheet_id.setText("M-9")
    entry.lines.fields()[0].setText("55")
    with open_election_file(on_server) as elsewhere:
        enter_sheet(elsewhere, mayor_sheet("M-1", "Ann"))
        enter_sheet(elsewhere, mayor_sheet("M-1", "Ben"))
    qtbot.waitUntil(lambda: verified(window) == 1, timeout=SECONDS)
    qtbot.waitUntil(lambda: entry.sheets.rowCount() == 1, timeout=SECONDS)  # the list shows M-1
    with open_election_file(on_server) as elsewhere:
        elsewhere.set_setting("recount.allow_same_operator", "yes")
    qtbot.waitUntil(lambda: window.snapshot.settings.get("recount.allow_same_operator") == "yes",
                    timeout=SECONDS)
    assert entry.sheet_id.text() == "M-9" and entry.lines.fields()[0].text() == "55"  # the draft
    assert entry.contest.currentText() == "Mayor"
    window.close()


def test_the_windows_own_changes_are_not_heard_again() -> None:
    heard = heard_changes(["41\tsheet.enter\tMayor", "7\tsetting.set\t", "7\tsheet.void\tLevy"], own_pid=7)
    assert heard.contests == {"Mayor"} and not heard.reload
    assert heard_changes(["9\tresults.replace\t"], own_pid=7).reload
    only_log = heard_changes(["9\treport.export\t"], own_pid=7)
    assert only_log.log and not only_log.reload and not only_log.contests
    assert heard_changes(["Mayor"], own_pid=7).reload  # a form it does not know: read everything


def test_two_server_windows_in_one_process_open_work_close_and_reopen(qtbot, on_server: str,
                                                                      server_url: str) -> None:
    first = window_on(qtbot, on_server)
    second = window_on(qtbot, on_server)  # the same election twice
    enter_sheet(first.store, mayor_sheet("M-1", "Ann"))
    enter_sheet(second.store, mayor_sheet("M-1", "Ben"))
    qtbot.waitUntil(lambda: verified(first) == 1, timeout=SECONDS)
    second.close()
    third = window_on(qtbot, on_server)  # reopened
    enter_sheet(third.store, mayor_sheet("M-2", "Cy", precinct="Precinct 2"))
    enter_sheet(first.store, mayor_sheet("M-2", "Di", precinct="Precinct 2"))
    qtbot.waitUntil(lambda: verified(third) == 2, timeout=SECONDS)
    assert verified(first) == 2
    first.close()
    third.close()


def test_the_last_server_election_is_reopened_at_start(qtbot, on_server: str, warnings_shown) -> None:
    window = window_on(qtbot, on_server)
    window.close()
    assert appstate.recent_files()[0] == on_server
    assert election_to_open(None, "clerk-b") == on_server  # its address, not a folded file path
    again = create_main_window(operator="clerk-b")  # a second window, as the program starts one
    qtbot.addWidget(again)
    assert not warnings_shown  # was: "Cannot open election", a modal box the start waited on
    assert again.store is not None and str(again.store.path) == on_server
    again.close()


def test_set_up_being_typed_is_not_overwritten_by_a_change_elsewhere(qtbot, on_server: str,
                                                                    election: Election) -> None:
    window = window_on(qtbot, on_server)
    setup = window.setup_page
    window.show_page(window.pages.indexOf(setup))
    assert not setup.has_unsaved_edits()
    setup.election_form.jurisdiction.setText("Sarpy County, Nebraska")  # typed, not saved
    with open_election_file(on_server) as elsewhere:
        elsewhere.update_election(replace(election, name="General Election 2026 (amended)"))
    qtbot.waitUntil(lambda: window.title.text() == "General Election 2026 (amended)", timeout=SECONDS)
    assert setup.election_form.jurisdiction.text() == "Sarpy County, Nebraska"  # still what was typed
    window.close()


def test_on_a_server_the_operator_is_the_role_signed_in(qtbot, monkeypatch, on_server: str) -> None:
    from PySide6.QtWidgets import QMessageBox

    from recount_desktop.ui import main_window

    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _p, _t, text, *a, **k: told.append(text))
    monkeypatch.setattr(main_window, "ask_operator", lambda *_a: "Mallory")
    window = window_on(qtbot, on_server)  # started with the typed name clerk-b
    role = window.store.operator
    assert role != "clerk-b" and f"Operator: {role}" in window.status_text()
    window.change_operator()
    assert told and f"({role})" in told[0] and "their own role" in told[0]
    assert window.store.operator == role
    assert not [e for e in window.store.audit_entries() if e.action == "operator.change"]
    window.close()


def test_the_status_bar_says_changes_wait_for_the_sheet_being_typed(qtbot, on_server: str,
                                                                   election: Election) -> None:
    window = window_on(qtbot, on_server)
    entry = window.entry_page
    window.show_page(window.pages.indexOf(entry))
    entry.choose_contest("Mayor")
    entry.sheet_id.setText("M-9")
    with open_election_file(on_server) as elsewhere:
        elsewhere.update_election(replace(election, name="General Election 2026 (amended)"))
    qtbot.waitUntil(lambda: "show once this is saved" in window.status_text(), timeout=SECONDS)
    entry.sheet_id.setText("")  # the clerk clears the sheet: the page catches up
    assert "show once this is saved" not in window.status_text()
    window.close()
