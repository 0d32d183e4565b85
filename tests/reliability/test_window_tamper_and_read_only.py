"""The window shows what a board must see: a file changed behind its back (loudly), a read-only file
(in the title), sheets not independent (on the reconciliation page), and never a sheet's digest."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from recount_desktop.recount.sheets import enter_sheet
from recount_desktop.store import open_election_file
from recount_desktop.ui.app import create_main_window
from recount_desktop.ui.pages.audit_page import details_text, full_entry
from tests.reliability.conftest import mayor_sheet, shell


@pytest.fixture
def window(qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("RECOUNT_DESKTOP_HOME", str(tmp_path / "home"))
    window = create_main_window(operator="clerk-a")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_a_file_whose_triggers_were_dropped_opens_with_a_loud_warning(window, filled: Path, qtbot) -> None:
    shell(filled, ["SELECT 1"])  # the guards dropped, nothing else
    assert window.open_election(filled)
    qtbot.waitUntil(window.tamper_warning.isVisible)
    assert "recount_entry_no_update was dropped" in window.tamper_warning.text()


def test_a_read_only_file_says_so_in_the_title(window, filled: Path, tmp_path: Path, qtbot) -> None:
    disc = tmp_path / "disc"
    disc.mkdir()
    shutil.copyfile(filled, disc / filled.name)
    if subprocess.run(["mount", "--bind", "-o", "ro", str(disc), str(disc)], capture_output=True,
                      check=False).returncode != 0:
        pytest.skip("read-only bind mounts are not allowed here")
    try:
        assert window.open_election(disc / filled.name)
        qtbot.waitUntil(lambda: "(read-only)" in window.windowTitle())
        window.store.close()
        window.store = None
    finally:
        subprocess.run(["umount", str(disc)], check=False)


def test_the_reconciliation_page_flags_a_sheet_not_independent(window, filled: Path, qtbot) -> None:
    with open_election_file(filled, operator="Ann") as store:  # one operator types both entries
        enter_sheet(store, mayor_sheet("M-7", "Ann", precinct="Precinct 2"))
        enter_sheet(store, mayor_sheet("M-7", "Ben", precinct="Precinct 2"))
    window.store = None
    assert window.open_election(filled)
    page = window.reconcile_page if hasattr(window, "reconcile_page") else None
    if page is None:
        from recount_desktop.ui.pages.recount_page import ReconciliationPage

        page = window.findChild(ReconciliationPage)
    page.show_snapshot(window.snapshot)
    qtbot.waitUntil(lambda: "NOT INDEPENDENT" in page.flags.text())
    assert "sheet M-7" in page.flags.text()


def test_the_audit_view_never_shows_a_sheet_digest(filled: Path) -> None:
    with open_election_file(filled) as store:
        entries = [e for e in store.audit_entries() if e.action == "sheet.enter"]
    assert entries and all("lines_hmac" in e.details for e in entries)
    for entry in entries:
        assert entry.details["lines_hmac"] not in details_text(entry) + full_entry(entry)


def test_the_audit_page_names_the_table_changed_behind_the_programs_back(window, filled: Path) -> None:
    shell(filled, ["UPDATE tally SET votes = votes + 10 WHERE rowid = 2"])  # a count without vote types
    assert window.open_election(filled)
    window.audit_page.verify()
    text = window.audit_page.result.text()
    assert "does not verify" in text and "table tally:" in text


def test_data_the_records_refuse_are_a_message_not_a_crash(window, filled: Path, monkeypatch) -> None:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a, **k: shown.append(text))
    shell(filled, ["UPDATE tally SET votes = votes + 10 WHERE rowid = 1"])  # vote types no longer add up
    assert not window.open_election(filled)
    assert shown and "audit verify" in shown[0] and window.store is None
