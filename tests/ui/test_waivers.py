"""Nebraska written waivers on the Contests & findings page (issue 4; RULES.md NE-7; 32-1119(1)).

The story: the Mayor of Plattsmouth race in the Cass County sample is inside Nebraska's automatic
recount margin for Gary Novak. He files a written waiver; the board records it with the button, his
finding is no longer automatic and the contest's badge changes; withdrawing it brings both back.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton

from recount_desktop.domain import State
from recount_desktop.domain.rules import RecountStatus, waiver_key
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.widgets.waivers import RECORD_TEXT, WITHDRAW_TEXT, waivable, waivers_text

CONTEST = "Mayor of Plattsmouth"
CANDIDATE = "Gary Novak"


def novak(window: MainWindow):
    assert window.snapshot is not None
    return next(f for f in window.snapshot.analyses[CONTEST].findings if f.choice == CANDIDATE)


def badge(window: MainWindow) -> RecountStatus | None:
    """The status the contest list shows for the contest (its badge), read from the list's model."""
    rows = [r for r in window.contests_page.contests.rows() if r.contest.name == CONTEST]
    assert len(rows) == 1
    return rows[0].status


def waiver_button(window: MainWindow) -> QPushButton:
    window.contests_page.select_contest(CONTEST)
    buttons = window.contests_page.waivers.buttons
    assert list(buttons) == [CANDIDATE]
    return buttons[CANDIDATE]


@pytest.fixture
def questions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The confirmation each click asks, answered Yes."""
    asked: list[str] = []

    def answer_yes(_parent, _title, text, *args, **kwargs):
        asked.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", answer_yes)
    return asked


def test_record_then_withdraw_a_waiver_changes_the_finding_and_the_badge(sample_window, qtbot, questions):
    assert sample_window.snapshot.election.state is State.NE
    assert novak(sample_window).recount is RecountStatus.AUTOMATIC
    assert badge(sample_window) is RecountStatus.AUTOMATIC
    button = waiver_button(sample_window)
    assert button.isVisible()
    assert button.text().startswith(RECORD_TEXT)

    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    assert len(questions) == 1
    assert CANDIDATE in questions[0] and "32-1119(1)" in questions[0]
    assert novak(sample_window).recount is not RecountStatus.AUTOMATIC
    assert novak(sample_window).waived
    assert badge(sample_window) is RecountStatus.NONE  # no qualifying candidate left without a waiver
    store = sample_window.store
    assert store.settings()[waiver_key(CONTEST)] == CANDIDATE
    last = store.audit_entries()[-1]
    assert last.action == "setting.set"
    assert last.details["key"] == waiver_key(CONTEST)
    assert last.details["value"] == CANDIDATE
    assert store.verify_audit().broken_at is None
    # the page still shows the contest, now with the withdraw button and the finding waived
    assert sample_window.contests_page.current_contest() == CONTEST
    button = waiver_button(sample_window)
    assert button.text().startswith(WITHDRAW_TEXT)

    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    assert len(questions) == 2
    assert novak(sample_window).recount is RecountStatus.AUTOMATIC
    assert not novak(sample_window).waived
    assert badge(sample_window) is RecountStatus.AUTOMATIC
    assert store.settings()[waiver_key(CONTEST)] == ""
    assert store.audit_entries()[-1].details["previous"] == CANDIDATE
    assert waiver_button(sample_window).text().startswith(RECORD_TEXT)


def test_answering_no_stores_nothing(sample_window, qtbot, monkeypatch):
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    entries = len(sample_window.store.audit_entries())
    qtbot.mouseClick(waiver_button(sample_window), Qt.MouseButton.LeftButton)
    assert waiver_key(CONTEST) not in sample_window.store.settings()
    assert len(sample_window.store.audit_entries()) == entries
    assert novak(sample_window).recount is RecountStatus.AUTOMATIC


def test_only_automatic_or_waived_nebraska_findings_offer_a_waiver(sample_window):
    snapshot = sample_window.snapshot
    findings = [f for a in snapshot.analyses.values() for f in a.findings]
    automatic = [f for f in findings if f.recount is RecountStatus.AUTOMATIC]
    others = [f for f in findings if f.recount is not RecountStatus.AUTOMATIC and not f.waived]
    assert automatic and others
    assert all(waivable(State.NE, f) for f in automatic)
    assert not any(waivable(State.NE, f) for f in others)
    assert not any(waivable(State.CO, f) for f in automatic)


def test_waivers_text_adds_and_removes_one_name_a_line():
    assert waivers_text("", "Gary Novak", True) == "Gary Novak"
    assert waivers_text("Ann Lee\nGary Novak", "Gary Novak", True) == "Ann Lee\nGary Novak"
    assert waivers_text("Ann Lee\n Gary Novak \n", "Gary Novak", False) == "Ann Lee"
