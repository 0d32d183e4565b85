"""The wizard's correction view for an abstract whose corner cell names its header row ("Precinct"
in A1): the automatic reading is refused naming A1 and lands on the sheet view; the user picks the
abstract reading there, or the abstract layout, and the file is read, its own total column checked."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from recount_desktop.store import open_election_file
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.pages.import_wizard import ImportDialog
from tests.importers.test_abstract_unit_corner import _abstract, _totals_column
from tests.ui.test_import_corrections import (
    SHEET_VIEW,
    _import,
    _press,
    _select,
    _type_path_and_enter,
    _wait_read,
    _wizard,
)
from tests.ui.test_import_corrections_rows import _pick_reading


def _refused_on_the_sheet(qtbot, window: MainWindow, source: Path) -> ImportDialog:
    dialog = _wizard(qtbot, window)
    _type_path_and_enter(qtbot, dialog, source)
    assert not dialog.imported.ok
    assert dialog.imported.errors[0].cell == "A1"
    assert dialog.tabs.currentIndex() == SHEET_VIEW
    return dialog


def _read_clean(dialog: ImportDialog, source: Path) -> None:
    imported = dialog.imported
    assert imported.ok, imported.errors
    assert imported.layout == "abstract"
    assert [c.name for c in imported.results.contests] == ["Mayor", "Clerk"]  # "Precinct" is a caption
    assert {c: imported.results.totals(c) for c in ("Mayor", "Clerk")} == _totals_column(source)


def test_picking_the_abstract_by_hand_and_its_header_row_reads_it(qtbot, window, tmp_path) -> None:
    source = _abstract(tmp_path / "abstract.xlsx", "Precinct")
    dialog = _refused_on_the_sheet(qtbot, window, source)
    _pick_reading(qtbot, dialog, "pick by hand: precincts as columns (abstract)")
    assert "Still to do: pick the header row" in dialog.preview.status.text()
    before = dialog.reads_done
    _select(qtbot, dialog, 0, 1)  # B1: "North", in the row of unit names
    _press(qtbot, dialog, Qt.Key.Key_H)
    _wait_read(qtbot, dialog, before)
    _read_clean(dialog, source)
    _import(qtbot, dialog)
    with open_election_file(window.store.path) as store:
        assert store.results().totals("Mayor") == _totals_column(source)["Mayor"]


def test_choosing_the_abstract_layout_reads_it(qtbot, window, tmp_path) -> None:
    source = _abstract(tmp_path / "abstract.xlsx", "Ward")
    dialog = _refused_on_the_sheet(qtbot, window, source)
    assert "choose the abstract layout in the import wizard" in dialog.imported.errors[0].message
    dialog.format_choice.setFocus()
    while dialog.format_choice.currentText() != "abstract":
        before = dialog.reads_done
        qtbot.keyClick(dialog.format_choice, Qt.Key.Key_Down)  # each layout is read as it is reached
        _wait_read(qtbot, dialog, before)
    _read_clean(dialog, source)
    assert dialog.import_button.isEnabled()
