"""The main window opens on an election and shows what it holds."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDate, Qt

from recount_desktop import appstate
from recount_desktop.store import open_election_file
from recount_desktop.ui.app import create_main_window
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.widgets.dialogs import NewElectionDialog
from recount_desktop.ui.widgets.models import ContestRow, ContestSummaryModel


def _cell(window: MainWindow, row: int, column: int) -> str:
    model = window.table.model()
    return model.data(model.index(row, column))


def test_first_start_opens_the_bundled_sample_election(qtbot) -> None:
    window = create_main_window(operator="clerk-a")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.title.text() == "General Election 2026"
    assert window.subtitle.text() == "Cass County, Nebraska"
    assert "Precincts: 14" in window.facts.text()
    assert window.table.model().rowCount() == 5
    assert _cell(window, 3, 0) == "Plattsmouth School Board (Vote For 3)"
    assert _cell(window, 3, 2) == "3"
    assert _cell(window, 3, 5) == "Ana Lindqvist, Brent Stoll, Carla Jiménez"
    assert "All changes saved" in window.status_text()
    assert "Operator: clerk-a" in window.status_text()


def test_the_second_start_reopens_the_last_election(qtbot, election_file, results) -> None:
    election_file.replace_results(results, {"source": "fixture"})
    appstate.remember_file(election_file.path)
    window = create_main_window(operator="clerk-b")
    qtbot.addWidget(window)
    assert window.title.text() == "General Election 2026"
    assert window.subtitle.text() == "Sarpy County, Nebraska"
    assert _cell(window, 0, 5) == "Ada Alvarez"
    assert _cell(window, 0, 4) == f"{sum(results.totals('Mayor').values()):,}"


def test_opening_a_file_that_is_not_an_election_warns_and_keeps_the_old_one(
    qtbot, tmp_path: Path, election_file, warnings_shown
) -> None:
    window = create_main_window(str(election_file.path), operator="clerk-a")
    qtbot.addWidget(window)
    junk = tmp_path / "notes.canvass"
    junk.write_text("these are not votes" * 100)
    assert window.open_election(junk) is False
    assert len(warnings_shown) == 1 and "notes.canvass" in warnings_shown[0]
    assert window.title.text() == "General Election 2026"


def test_new_election_dialog_creates_the_file(qtbot, tmp_path: Path, monkeypatch) -> None:
    window = MainWindow("clerk-a")
    qtbot.addWidget(window)
    target = tmp_path / "primary.canvass"

    def fill_in(dialog: NewElectionDialog) -> int:
        dialog.state.setCurrentIndex(dialog.state.findData("UT"))
        qtbot.keyClicks(dialog.jurisdiction, "Davis County")
        qtbot.keyClicks(dialog.election_name, "Municipal Primary 2027")
        dialog.election_date.setDate(QDate(2027, 8, 10))
        dialog.canvass_date.setDate(QDate(2027, 8, 24))
        dialog.path.setText(str(target))
        dialog._accept()
        return dialog.result()

    monkeypatch.setattr(NewElectionDialog, "exec", fill_in)
    window.new_election()
    assert window.subtitle.text() == "Davis County, Utah"
    with open_election_file(target) as store:
        assert store.election().name == "Municipal Primary 2027"
        assert [e.operator for e in store.audit_entries()] == ["clerk-a"]
    assert appstate.recent_files()[0] == str(target.resolve())


def test_new_election_dialog_refuses_a_blank_jurisdiction(qtbot, tmp_path: Path) -> None:
    dialog = NewElectionDialog(folder=tmp_path)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.election_name, "General")
    dialog._accept()
    assert dialog.result() != NewElectionDialog.DialogCode.Accepted
    assert "jurisdiction" in dialog.error.text().lower()


def test_recent_menu_lists_elections_and_opens_one(qtbot, election_file, tmp_path) -> None:
    appstate.remember_file(election_file.path)
    window = MainWindow("clerk-a")
    qtbot.addWidget(window)
    window.recent_menu.aboutToShow.emit()
    actions = [a for a in window.recent_menu.actions() if a.isEnabled()]
    assert [a.text() for a in actions] == [str(election_file.path.resolve())]
    actions[0].trigger()
    assert window.title.text() == "General Election 2026"


def test_contest_model_passes_qt_model_tester(qtmodeltester, results) -> None:
    model = ContestSummaryModel(ContestRow.build(results))
    qtmodeltester.check(model)
    assert model.rowCount() == 3
    assert model.data(model.index(2, 5)) == "Approved"
    assert model.headerData(4, Qt.Orientation.Horizontal) == "Total votes"


def test_window_size_is_remembered(qtbot) -> None:
    window = MainWindow("clerk-a")
    qtbot.addWidget(window)
    window.resize(720, 520)
    window.close()
    again = MainWindow("clerk-a")
    qtbot.addWidget(again)
    assert (again.width(), again.height()) == (720, 520)


def test_the_contest_splitter_position_is_remembered(qtbot, sample_window: MainWindow) -> None:
    """A board member who drags the divider wider for the contest list finds it there the next day."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QSplitter

    splitter = sample_window.findChild(QSplitter, "contestSplitter")
    before = splitter.sizes()
    handle = splitter.handle(1)
    start = handle.rect().center()
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(handle, start + QPoint(120, 0))
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=start + QPoint(120, 0))
    dragged = splitter.sizes()
    assert dragged[0] > before[0] + 60 and dragged[1] < before[1]
    sample_window.close()

    again = MainWindow("clerk-a")
    qtbot.addWidget(again)
    again.resize(1366, 768)
    again.show()
    qtbot.waitExposed(again)
    assert again.findChild(QSplitter, "contestSplitter").sizes() == dragged


def test_a_new_election_is_set_up_in_full_from_the_dialog(qtbot, tmp_path: Path, monkeypatch) -> None:
    """State, type and board members typed in the dialog: no command line needed before importing."""
    from PySide6.QtWidgets import QDialogButtonBox

    from recount_desktop.domain.records import ElectionType

    window = MainWindow("clerk-a")
    qtbot.addWidget(window)
    target = tmp_path / "special.canvass"

    def fill_in(dialog: NewElectionDialog) -> int:
        assert dialog.election_type.currentData() == "general"  # the default
        dialog.state.setCurrentIndex(dialog.state.findData("MT"))
        qtbot.keyClicks(dialog.jurisdiction, "Gallatin County")
        qtbot.keyClicks(dialog.election_name, "Special Election 2027")
        dialog.election_date.setDate(QDate(2027, 5, 4))
        dialog.canvass_date.setDate(QDate(2027, 5, 18))
        dialog.election_type.setFocus()
        qtbot.keyClicks(dialog.election_type, "special")  # a closed combo box picks by typing
        qtbot.keyClicks(dialog.members, "Ann Lee, Chair")
        qtbot.keyClick(dialog.members, Qt.Key.Key_Return)
        qtbot.keyClicks(dialog.members, "Bo Park, Clerk and Recorder")
        dialog.path.selectAll()
        qtbot.keyClicks(dialog.path, str(target))
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
        return dialog.result()

    monkeypatch.setattr(NewElectionDialog, "exec", fill_in)
    window.new_election()
    assert window.subtitle.text() == "Gallatin County, Montana"
    with open_election_file(target) as store:
        election = store.election()
    assert election.election_type is ElectionType.SPECIAL
    assert [(m.name, m.title) for m in election.board_members] == [
        ("Ann Lee", "Chair"), ("Bo Park", "Clerk and Recorder")
    ]
    assert election.canvass_date.isoformat() == "2027-05-18"


def test_the_new_election_dialog_refuses_a_canvass_before_the_election(qtbot, tmp_path: Path) -> None:
    dialog = NewElectionDialog(folder=tmp_path)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.jurisdiction, "Gallatin County")
    qtbot.keyClicks(dialog.election_name, "Special Election 2027")
    dialog.election_date.setDate(QDate(2027, 5, 4))
    dialog.canvass_date.setDate(QDate(2027, 5, 1))
    dialog.buttons.accepted.emit()
    assert "before the election date" in dialog.error.text()
    assert dialog.result() != NewElectionDialog.DialogCode.Accepted
    assert not (tmp_path / "election.canvass").exists()


def test_an_unexpected_error_is_a_message_and_a_log_entry_not_a_traceback(
    qtbot, private_home: Path, monkeypatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from recount_desktop.ui.app import show_unexpected_error

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: shown.append(text))
    try:
        raise KeyError("Precinct 99")
    except KeyError as error:
        show_unexpected_error(KeyError, error, error.__traceback__)
    assert len(shown) == 1 and "Something went wrong: 'Precinct 99'" in shown[0]
    assert "Traceback" not in shown[0]
    log = (private_home / "data" / "errors.log").read_text(encoding="utf-8")
    assert "Traceback" in log and "KeyError: 'Precinct 99'" in log
