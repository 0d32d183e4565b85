"""The wizard's status line names the workbook's other sheets that were read on their own and
joined: before, only the CLI and the counts said so, and a clerk could not tell from the wizard
that 'Sheet2' was read too (issue 11, the other-sheets step)."""

from __future__ import annotations

from tests.importers.conftest import write_xlsx
from tests.importers.test_every_sheet_read import FEDERAL, LOCAL, _wide
from tests.ui.test_import_wizard import _read, empty_window  # noqa: F401  (the fixture)


def test_the_status_line_says_which_other_sheets_were_also_read(qtbot, empty_window, tmp_path) -> None:  # noqa: F811
    path = write_xlsx(tmp_path / "juab.xlsx", {"Sheet1": _wide(FEDERAL), "Sheet2": _wide(LOCAL)})
    dialog = empty_window.import_results()
    qtbot.addWidget(dialog)
    _read(qtbot, dialog, path)
    status = dialog.layout_label.text()
    assert "4 contests" in status
    assert "also read: 'Sheet2' (2 contest(s), 2,130 votes)" in status
