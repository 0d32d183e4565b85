"""Issue 16: File > Open on Server opens an election in a PostgreSQL database and remembers its address."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog

from recount_desktop import appstate
from recount_desktop.store import create_election_file
from recount_desktop.ui.app import create_main_window


def test_open_on_server_shows_the_election_and_is_remembered(qtbot, monkeypatch, server_url, election,
                                                              results) -> None:
    with create_election_file(server_url, election) as store:
        store.replace_results(results, {"file": "county.xlsx"})
    window = create_main_window(operator="clerk-b")
    qtbot.addWidget(window)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (server_url, True))
    window.choose_server_and_open()
    assert window.title.text() == "General Election 2026"
    assert window.store is not None and str(window.store.path) == server_url
    assert appstate.recent_files()[0] == server_url  # offered under File > Open Recent, reopened next start
    window.store.close()


def test_an_unreachable_server_is_a_message_not_a_crash(qtbot, monkeypatch, warnings_shown) -> None:
    window = create_main_window(operator="clerk-b")
    qtbot.addWidget(window)
    url = "postgresql://nobody@/no_such_database?host=/nonexistent&connect_timeout=2"
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (url, True))
    window.choose_server_and_open()
    assert warnings_shown and "cannot reach the election's server" in warnings_shown[0]


def test_a_sheet_saved_at_another_workstation_shows_without_a_restart(qtbot, monkeypatch, server_url,
                                                                     election, results) -> None:
    from recount_desktop.recount.scope import set_scope
    from recount_desktop.recount.sheets import enter_sheet
    from recount_desktop.store import open_election_file
    from tests.reliability.conftest import mayor_sheet

    with create_election_file(server_url, election) as store:
        store.replace_results(results, {"file": "county.xlsx"})
        set_scope(store, "Mayor", "all", requested_by="Bo Brandt")
    window = create_main_window(operator="clerk-b")
    qtbot.addWidget(window)
    assert window.open_election(server_url)
    heard: list[str] = []
    monkeypatch.setattr(window, "recount_changed", heard.append)
    with open_election_file(server_url) as elsewhere:  # another workstation
        enter_sheet(elsewhere, mayor_sheet("M-1", "Ann"))
    qtbot.waitUntil(lambda: heard == ["Mayor"], timeout=5000)  # the window's own two-second poll
    window.store.close()
