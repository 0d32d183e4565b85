"""Election set-up (board members, readings, contest attributes) and the audit log viewer."""

from __future__ import annotations

import sqlite3

from PySide6.QtCore import Qt

from recount_desktop.store import open_election_file
from recount_desktop.ui.pages.audit_page import AuditModel

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
    from recount_desktop.ui.widgets.dialogs import about_text

    text = about_text(__version__)
    assert __version__ in text and "32-1119" in text
    assert all(state in text for state in ("(NE)", "(CO)", "(OK)", "(MT)", "(UT)"))


def test_every_page_has_a_shortcut(sample_window, qtbot) -> None:
    for number in range(sample_window.pages.count()):
        qtbot.keyClick(sample_window, Qt.Key(Qt.Key.Key_1 + number), Qt.KeyboardModifier.ControlModifier)
        assert sample_window.pages.currentIndex() == number


QUESTION = "State Question 901"


def _oklahoma_window(qtbot, tmp_path):
    """An Oklahoma state question carried 5,075 to 4,925: 75 past half, between 1/2% and 1% of 10,000."""
    from datetime import date

    from recount_desktop.domain import (
        Choice,
        Contest,
        ContestKind,
        Election,
        ElectionResults,
        Precinct,
        State,
        Tally,
    )
    from recount_desktop.domain.records import Scope
    from recount_desktop.store import create_election_file
    from recount_desktop.ui.main_window import MainWindow

    question = Contest(QUESTION, (Choice("Yes"), Choice("No")), kind=ContestKind.QUESTION,
                       scope=Scope.STATEWIDE)
    precincts = (Precinct("Precinct 1"), Precinct("Precinct 2"))
    tallies = (Tally("Precinct 1", QUESTION, "Yes", 2575), Tally("Precinct 1", QUESTION, "No", 2425),
               Tally("Precinct 2", QUESTION, "Yes", 2500), Tally("Precinct 2", QUESTION, "No", 2500))
    path = tmp_path / "ok.canvass"
    with create_election_file(path, Election(State.OK, "Tulsa County", "General Election 2026",
                                             date(2026, 11, 3)), operator="clerk-a") as store:
        store.replace_results(ElectionResults((question,), precincts, tallies), {"source": "test"})
    window = MainWindow("clerk-a")
    qtbot.addWidget(window)
    assert window.open_election(path)
    return window


def test_measure_type_is_stored_and_changes_the_finding(qtbot, tmp_path) -> None:
    window = _oklahoma_window(qtbot, tmp_path)
    page = window.setup_page
    window.show_page(5)
    page.contest.setCurrentIndex(page.contest.findText(QUESTION))
    assert page.measure_type.isEnabled() and page.measure_type.currentData() == ""
    # unset is never assumed statutory (issue 12 item 4): statutory 75 > 1/2% of 10,000 but constitutional
    # 75 <= 1%, so the type decides; the stronger route is shown and the contest needs its measure type
    assert window.snapshot.strongest_status(QUESTION).value == "automatic"
    assert window.snapshot.analyses[QUESTION].needs == ("measure_type",)
    page.measure_type.setFocus()
    qtbot.keyClicks(page.measure_type, "constitutional")
    qtbot.mouseClick(page.apply_button, Qt.MouseButton.LeftButton)
    assert window.snapshot.results.contest(QUESTION).measure_type.value == "constitutional"
    assert window.snapshot.strongest_status(QUESTION).value == "automatic"  # 75 <= 1% of 10,000
    assert window.snapshot.analyses[QUESTION].needs == ()
    with open_election_file(window.store.path) as store:
        assert store.results().contest(QUESTION).measure_type.value == "constitutional"
        entry = store.audit_entries()[-1]
    assert entry.action == "contest.update"
    assert entry.details["changes"]["measure_type"] == {"old": None, "new": "constitutional"}


def test_measure_type_is_for_questions_only(sample_window) -> None:
    page = sample_window.setup_page
    page.contest.setCurrentIndex(page.contest.findText("Mayor of Plattsmouth"))
    assert not page.measure_type.isEnabled()
    page.contest.setCurrentIndex(page.contest.findText("Library Levy Question"))
    assert page.measure_type.isEnabled()


def test_the_board_edits_the_election_itself(sample_window, qtbot) -> None:
    form = sample_window.setup_page.election_form
    sample_window.show_page(5)
    assert form.name.hasFocus() and form.name.text() == "General Election 2026"
    form.name.selectAll()
    qtbot.keyClicks(form.name, "Statewide General Election 2026")
    form.election_type.setFocus()
    qtbot.keyClicks(form.election_type, "special")
    qtbot.mouseClick(form.save_button, Qt.MouseButton.LeftButton)
    assert sample_window.title.text() == "Statewide General Election 2026"
    election = sample_window.snapshot.election
    assert election.election_type.value == "special" and len(election.board_members) == 3
    with open_election_file(sample_window.store.path) as store:
        assert store.election().name == "Statewide General Election 2026"
        assert store.audit_entries()[-1].action == "election.update"


def test_a_canvass_before_the_election_is_refused_and_nothing_stored(sample_window, qtbot) -> None:
    page = sample_window.setup_page
    form = page.election_form
    entries = len(sample_window.store.audit_entries())
    form.canvass_date.setFocus()
    form.canvass_date.selectAll()
    qtbot.keyClicks(form.canvass_date, "2026-10-30")
    assert form.canvass_date.date().toString("yyyy-MM-dd") == "2026-10-30"
    qtbot.mouseClick(form.save_button, Qt.MouseButton.LeftButton)
    assert "canvass date 2026-10-30 is before the election date 2026-11-03" in page.message.text()
    assert len(sample_window.store.audit_entries()) == entries
    assert sample_window.snapshot.election.canvass_date.isoformat() == "2026-11-13"
