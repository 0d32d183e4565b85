"""The wizard on a one-contest sheet that reads clean both ways (``Mayor | Ada Lovelace | Bob Smith
| Total`` over North, South, East): automatic detection refuses it naming A1, and the wizard lands
on the sheet view; the user picks the reading with units down column A from the readings list, or
the statement layout, and the file is read so, its own totals checked (issue 11)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from recount_desktop.store import open_election_file
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.pages.import_wizard import ImportDialog
from tests.importers.test_one_contest_both_ways import UNDECIDABLE, _column_totals, write_csv
from tests.ui.test_import_corrections import SHEET_VIEW, _import, _type_path_and_enter, _wait_read, _wizard
from tests.ui.test_import_corrections_rows import _pick_reading


def _refused_on_the_sheet(qtbot, window: MainWindow, source) -> ImportDialog:
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, source)
    assert not dialog.imported.ok
    assert "reads both ways" in dialog.imported.errors[0].message
    assert dialog.tabs.currentIndex() == SHEET_VIEW
    return dialog


def _read_as_statement(qtbot, dialog: ImportDialog) -> None:
    qtbot.waitUntil(lambda: dialog.imported is not None and dialog.imported.layout == "sovc", timeout=20000)
    imported = dialog.imported
    assert imported.ok, imported.errors
    assert [p.name for p in imported.results.precincts] == ["North", "South", "East"]


def test_picking_units_down_column_a_from_the_readings_reads_it(qtbot, window, tmp_path) -> None:
    source = write_csv(tmp_path / "one.csv", UNDECIDABLE)
    dialog = _refused_on_the_sheet(qtbot, window, source)
    _pick_reading(qtbot, dialog, "units in column A")
    _read_as_statement(qtbot, dialog)
    _import(qtbot, dialog)
    with open_election_file(window.store.path) as store:
        assert store.results().totals("Mayor") == _column_totals(source)


def test_choosing_the_statement_layout_reads_it(qtbot, window, tmp_path) -> None:
    source = write_csv(tmp_path / "one.csv", UNDECIDABLE)
    dialog = _refused_on_the_sheet(qtbot, window, source)
    dialog.format_choice.setFocus()
    while dialog.format_choice.currentText() != "sovc":
        before = dialog.reads_done
        qtbot.keyClick(dialog.format_choice, Qt.Key.Key_Down)  # each layout is read as it is reached
        _wait_read(qtbot, dialog, before)
    _read_as_statement(qtbot, dialog)
    assert dialog.import_button.isEnabled()


def test_the_status_line_says_precincts_could_not_be_told_from_candidates(qtbot, window, tmp_path) -> None:
    """The status line named the refused reading as 'detected layout abstract'; it now says what
    happened and what to do, and names the layout only once a reading is read."""
    source = write_csv(tmp_path / "one.csv", UNDECIDABLE)
    dialog = _refused_on_the_sheet(qtbot, window, source)
    status = dialog.layout_label.text()
    assert "could not tell precincts from candidates" in status and "choose the reading below" in status
    assert "detected layout" not in status
    summary = dialog.summary.text()
    assert "Reading tried and refused: abstract" in summary and "Read as" not in summary
    _pick_reading(qtbot, dialog, "units in column A")
    _read_as_statement(qtbot, dialog)
    assert "detected layout <b>sovc</b>" in dialog.layout_label.text()
