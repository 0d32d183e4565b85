"""The import wizard: a real county workbook read, previewed and imported in the background."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import openpyxl
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from recount_desktop.domain import Election, State
from recount_desktop.store import create_election_file, open_election_file
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.pages.import_wizard import ImportDialog, PreviewContestModel, ProblemModel
from tests.conftest import REAL_DATA

SARPY = REAL_DATA / "NE" / "2016_ne_sarpy.xlsx"
ADAMS = REAL_DATA / "CO" / "Adams-2020-General-SOVC_Redacted.xlsx"


def _file_totals(path: Path, sheet: str) -> dict[str, int]:
    """Each candidate's 'Total Votes' on the sheet's own 'Total:' row, read with plain openpyxl."""
    rows = list(
        openpyxl.load_workbook(path, read_only=True, data_only=True)[sheet].iter_rows(values_only=True)
    )
    names, total_row = rows[1], next(r for r in rows if r[0] == "Total:")
    return {name: int(total_row[col + 3]) for col, name in enumerate(names) if isinstance(name, str) and name}



@pytest.fixture
def empty_window(qtbot, tmp_path: Path) -> MainWindow:
    election = Election(
        State.NE, "Sarpy County", "General Election 2016", date(2016, 11, 8), date(2016, 11, 18)
    )
    create_election_file(tmp_path / "sarpy.canvass", election, operator="clerk-a").close()
    window = MainWindow("clerk-a")
    qtbot.addWidget(window)
    window.open_election(tmp_path / "sarpy.canvass")
    return window


def _read(qtbot, dialog: ImportDialog, path: Path) -> None:
    dialog.path.setFocus()
    qtbot.keyClicks(dialog.path, str(path))
    qtbot.keyClick(dialog.path, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: dialog.imported is not None, timeout=20000)


@pytest.mark.slow
def test_import_the_sarpy_workbook_and_see_its_contests_with_their_statuses(qtbot, empty_window) -> None:
    dialog = empty_window.import_results()
    qtbot.addWidget(dialog)
    _read(qtbot, dialog, SARPY)
    assert "detected layout sovc" in dialog.layout_label.text().replace("<b>", "").replace("</b>", "")
    assert dialog.contests.rowCount() == 60
    assert dialog.import_button.isEnabled()
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result() == ImportDialog.DialogCode.Accepted, timeout=20000)
    page = empty_window.contests_page
    assert page.proxy.rowCount() == 60
    board = "Springfield Platteview Bd Member (Vote For 3)"
    page.select_contest(board)
    row = page.table.currentIndex().row()
    assert page.proxy.index(row, 6).data() == "Automatic recount"
    totals = _file_totals(SARPY, "42")
    ranked = sorted((v, k) for k, v in totals.items() if k != "WRITE-IN")
    margin = ranked[-3][0] - ranked[-4][0]  # last of three winners against the first loser
    assert f"Margin: {margin} votes (to {ranked[-3][1]})" in page.findings.toPlainText()
    with open_election_file(empty_window.store.path) as store:
        assert store.audit_entries()[-1].action == "results.replace"
        assert store.audit_entries()[-1].details["file"] == SARPY.name


def test_reimport_lists_the_differences_and_keeps_the_results_when_refused(
        qtbot, sample_window, monkeypatch) -> None:
    asked: list[str] = []

    def refuse(_parent, _title, text, *_args):
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", refuse)
    dialog = sample_window.import_results()
    qtbot.addWidget(dialog)
    _read(qtbot, dialog, REAL_DATA / "NE" / "20161108__ne__general__wheeler__precinct.csv")
    dialog.import_button.click()
    qtbot.waitUntil(lambda: bool(asked), timeout=20000)
    qtbot.waitUntil(dialog.import_button.isEnabled)
    assert "changes 462 count(s)" in asked[0] and "Replace the stored results?" in asked[0]
    assert "Nothing was replaced" in dialog.layout_label.text()
    with open_election_file(sample_window.store.path) as store:
        assert len(store.results().contests) == 5
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Yes)
    dialog.import_button.click()
    qtbot.waitUntil(lambda: dialog.result() == ImportDialog.DialogCode.Accepted, timeout=20000)
    assert "Mayor of Plattsmouth" not in [r.contest.name for r in sample_window.contests_page.contests.rows()]


def test_cancelling_a_long_import_leaves_the_election_unchanged(qtbot, sample_window) -> None:
    before = sample_window.store.counts()
    dialog = sample_window.import_results()
    qtbot.addWidget(dialog)
    dialog.path.setText(str(ADAMS))
    dialog.read_button.click()
    dialog.task.dialog.findChild(type(dialog.read_button)).click()  # the progress dialog's Cancel
    qtbot.waitUntil(lambda: dialog.task.done, timeout=20000)
    assert dialog.imported is None and not dialog.import_button.isEnabled()
    assert "cancelled" in dialog.layout_label.text()
    assert sample_window.store.counts() == before


def test_errors_name_their_cell_and_show_the_row(qtbot, sample_window, tmp_path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "county,precinct,office,district,party,candidate,votes\n"
        "Cass,P1,Mayor,,,Ann,10\nCass,P1,Mayor,,,Bob,abc\nCass,P2,Mayor,,,Ann,5\n",
        encoding="utf-8",
    )
    dialog = sample_window.import_results()
    qtbot.addWidget(dialog)
    _read(qtbot, dialog, bad)
    assert not dialog.import_button.isEnabled()
    assert dialog.problems.data(dialog.problems.index(0, 0)) == "Error"
    assert dialog.problems.data(dialog.problems.index(0, 2)) == "line 3"
    dialog.problem_table.setFocus()
    qtbot.keyClick(dialog.problem_table, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.problem_table, Qt.Key.Key_Home)
    dialog.problem_table.selectRow(0)
    assert "Cass  |  P1  |  Mayor" in dialog.cell_row.text() and "abc" in dialog.cell_row.text()


def test_import_models_pass_the_model_tester(qtmodeltester, qtbot, sample_window, tmp_path) -> None:
    dialog = sample_window.import_results()
    qtbot.addWidget(dialog)
    _read(qtbot, dialog, REAL_DATA / "NE" / "20161108__ne__general__wheeler__precinct.csv")
    for model in (dialog.contests, dialog.tallies, dialog.problems):
        qtmodeltester.check(model)
    assert isinstance(dialog.contests, PreviewContestModel) and isinstance(dialog.problems, ProblemModel)
    assert dialog.tallies.rowCount() > 0
