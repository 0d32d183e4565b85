"""Election set-up (board members, readings, contest attributes) and the audit log viewer."""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import Qt

from recount_desktop.store import open_election_file
from recount_desktop.ui.audit_page import AuditModel

BOARD = "Plattsmouth School Board (Vote For 3)"


def _finding_statuses(window, contest: str) -> dict[str, str]:
    return {f.choice: f.recount.value for f in window.snapshot.analyses[contest].findings}


def test_changing_seats_changes_the_findings_at_once(sample_window, qtbot) -> None:
    page = sample_window.setup_page
    sample_window.show_page(5)
    page.contest.setCurrentIndex(page.contest.findText(BOARD))
    assert page.seats.value() == 3
    assert _finding_statuses(sample_window, BOARD)["Dwight Amos"] == "automatic"
    page.seats.setFocus()
    page.seats.selectAll()
    qtbot.keyClicks(page.seats, "4")
    qtbot.mouseClick(page.apply_button, Qt.MouseButton.LeftButton)
    assert "Dwight Amos" not in _finding_statuses(sample_window, BOARD)  # he now wins the fourth seat
    assert "Evelyn Marsh" in _finding_statuses(sample_window, BOARD)
    sample_window.contests_page.select_contest(BOARD)
    assert "4 seats" in sample_window.contests_page.summary.text()
    with open_election_file(sample_window.store.path) as store:
        assert store.audit_entries()[-1].action == "contest.update"


def test_changing_the_scope_is_stored_and_shown(sample_window, qtbot) -> None:
    page = sample_window.setup_page
    page.contest.setCurrentIndex(page.contest.findText("Mayor of Plattsmouth"))
    page.attr["scope"].setCurrentIndex(page.attr["scope"].findData("municipal"))
    page.apply_button.click()
    assert sample_window.snapshot.results.contest("Mayor of Plattsmouth").scope.value == "municipal"


def test_a_bad_approval_is_refused_with_a_message(sample_window) -> None:
    page = sample_window.setup_page
    page.contest.setCurrentIndex(page.contest.findText("Library Levy Question"))
    page.approval.setText("most")
    page.apply_button.click()
    assert "approval" in page.message.text()
    assert sample_window.snapshot.results.contest("Library Levy Question").approval.to_text() == "majority"


def test_reading_settings_show_their_sentence_and_change_the_finding(sample_window) -> None:
    page = sample_window.setup_page
    key = "reading.NE.multi_seat_margin"
    assert (
        "distance to the last candidate who won a seat"
        in page.findChild(type(page.message), f"sentence:{key}").text()
    )
    combo = page.reading_combos[key]
    combo.setCurrentIndex(combo.findData("top_candidate"))
    assert sample_window.snapshot.settings[key] == "top_candidate"
    assert _finding_statuses(sample_window, BOARD)["Dwight Amos"] == "at_own_expense"


def test_board_members_are_saved(sample_window, qtbot) -> None:
    page = sample_window.setup_page
    page.members.setPlainText("")
    qtbot.keyClicks(page.members, "Ann Lee, Chair")
    page.save_members.click()
    assert [(m.name, m.title) for m in sample_window.snapshot.election.board_members] == [
        ("Ann Lee", "Chair")
    ]


def test_audit_log_filters_and_verifies(sample_window, qtbot, qtmodeltester) -> None:
    page = sample_window.audit_page
    sample_window.show_page(6)
    assert page.proxy.rowCount() == len(sample_window.store.audit_entries()) >= 2
    qtbot.keyClicks(page.filter, "results.replace")
    assert page.proxy.rowCount() == 1
    qtbot.mouseClick(page.verify_button, Qt.MouseButton.LeftButton)
    assert "intact" in page.result.text()
    qtmodeltester.check(page.entries)
    assert isinstance(page.entries, AuditModel)


def test_a_tampered_log_is_reported(sample_window) -> None:
    conn = sqlite3.connect(sample_window.store.path)
    conn.execute("DROP TRIGGER audit_log_no_update")  # what a tamperer with file access could do
    conn.execute("UPDATE audit_log SET operator = 'mallory' WHERE seq = 1")
    conn.commit()
    conn.close()
    sample_window.audit_page.verify()
    assert "broken at entry 1" in sample_window.audit_page.result.text()


def test_about_names_the_version_and_every_rule_file(sample_window) -> None:
    from recount_desktop import __version__
    from recount_desktop.ui.dialogs import about_text

    text = about_text(__version__)
    assert __version__ in text and "32-1119" in text
    assert all(state in text for state in ("(NE)", "(CO)", "(OK)", "(MT)", "(UT)"))


def test_every_page_has_a_shortcut(sample_window, qtbot) -> None:
    for number in range(sample_window.pages.count()):
        qtbot.keyClick(sample_window, Qt.Key(Qt.Key.Key_1 + number), Qt.KeyboardModifier.ControlModifier)
        assert sample_window.pages.currentIndex() == number
