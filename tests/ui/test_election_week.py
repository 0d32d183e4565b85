"""Issue 14: what a board and its clerks hit in a full recount, each driven as the user did it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QInputDialog, QMessageBox

from recount_desktop.recount.scope import set_scope
from recount_desktop.recount.sheets import SheetState, sheet_status
from recount_desktop.reports.tally_sheets import blank_sheets
from recount_desktop.ui.main_window import MainWindow
from recount_desktop.ui.pages.tally_entry import TallyEntryPage
from recount_desktop.ui.widgets.dialogs import OperatorDialog, recent_operators

MAYOR = "Mayor of Plattsmouth"


@pytest.fixture
def entry(sample_window: MainWindow) -> TallyEntryPage:
    sample_window.show_page(1)
    sample_window.entry_page.choose_contest(MAYOR)
    return sample_window.entry_page


def printed(window: MainWindow, precinct: str) -> str:
    set_scope(window.store, MAYOR, "all", method="machine")
    window.reload()
    return next(s.sheet_id for s in blank_sheets(window.store, MAYOR) if s.precinct == precinct)


def type_lines(qtbot, page: TallyEntryPage, values: list[str]) -> None:
    for value in values:
        focused = page.focusWidget()
        qtbot.keyClicks(focused, value)
        qtbot.keyClick(focused, Qt.Key.Key_Return)


# -- item 1: a printed sheet's ID decides the unit however the field is left ---------------------
def test_tab_out_of_a_printed_id_fills_and_locks_the_unit(sample_window, entry, qtbot) -> None:
    sheet = printed(sample_window, "Precinct 05")
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 01"))  # the previous sheet's
    entry.method.setCurrentIndex(entry.method.findData("manual"))
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, sheet)
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Tab)  # Tab, not Enter
    assert entry.precinct.currentText() == "Precinct 05"
    assert entry.method.currentData() == "machine"
    assert not entry.precinct.isEnabled() and not entry.method.isEnabled() and not entry.device.isEnabled()
    assert entry.unlock_button.isVisible()
    entry.lines.fields()[0].setFocus()
    type_lines(qtbot, entry, ["40", "41", "", "", "", ""])
    status = sheet_status(sample_window.store, sheet)
    assert status.unit.precinct == "Precinct 05" and status.state is SheetState.ENTERED_ONCE
    assert entry.precinct.isEnabled() and not entry.unlock_button.isVisible()  # the next sheet is open


def test_a_click_elsewhere_fills_it_too(sample_window, entry, qtbot) -> None:
    sheet = printed(sample_window, "Precinct 07")
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, sheet)
    qtbot.mouseClick(entry.counted_by, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: entry.precinct.currentText() == "Precinct 07")
    assert not entry.precinct.isEnabled()


def test_unlocking_asks_why_and_the_reason_is_in_the_audit_log(
        sample_window, entry, qtbot, monkeypatch) -> None:
    sheet = printed(sample_window, "Precinct 05")
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, sheet)
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Tab)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("", True))
    qtbot.mouseClick(entry.unlock_button, Qt.MouseButton.LeftButton)
    assert not entry.precinct.isEnabled()  # no reason, no unlock
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("sheet mislabelled, board checked", True))
    qtbot.mouseClick(entry.unlock_button, Qt.MouseButton.LeftButton)
    assert entry.precinct.isEnabled()
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 06"))
    entry.lines.fields()[0].setFocus()
    type_lines(qtbot, entry, ["1", "2", "", "", "", ""])
    assert sheet_status(sample_window.store, sheet).unit.precinct == "Precinct 06"
    last = [e for e in sample_window.store.audit_entries() if e.action == "sheet.unit_unlocked"]
    assert last and last[-1].details["reason"] == "sheet mislabelled, board checked"


def test_entries_that_differ_on_the_precinct_let_the_resolver_choose(sample_window, entry, qtbot) -> None:
    for clerk, precinct in (("clerk-a", "Precinct 03"), ("clerk-b", "Precinct 04")):
        sample_window.set_operator(clerk)
        entry.precinct.setCurrentIndex(entry.precinct.findText(precinct))
        entry.sheet_id.setFocus()
        qtbot.keyClicks(entry.sheet_id, "HAND-77")
        qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)
        type_lines(qtbot, entry, ["10", "12", "", "", "", ""])
    assert sheet_status(sample_window.store, "HAND-77").state is SheetState.DISCREPANCY
    sample_window.set_operator("supervisor")
    entry.sheet_table.selectRow(0)
    dialog = entry.resolve()
    qtbot.addWidget(dialog)
    combo = dialog.unit_choices["Precinct"]
    assert [combo.itemText(i) for i in range(combo.count())] == ["choose…", "Precinct 03", "Precinct 04"]
    qtbot.keyClicks(dialog.reason, "the paper says Precinct 04")
    dialog.resolve()
    assert "Choose the right precinct" in dialog.error.text()  # nothing kept silently
    assert sheet_status(sample_window.store, "HAND-77").state is SheetState.DISCREPANCY
    combo.setCurrentIndex(2)
    dialog.resolve()
    status = sheet_status(sample_window.store, "HAND-77")
    assert status.state is SheetState.RESOLVED and status.unit.precinct == "Precinct 04"


# -- item 2: the same clerk is told at once -------------------------------------------------------
def test_the_same_clerk_is_told_as_soon_as_the_sheet_id_is_known(sample_window, entry, qtbot) -> None:
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 02"))
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, "HAND-2")
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)
    type_lines(qtbot, entry, ["5", "6", "", "", "", ""])
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, "HAND-2")
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Tab)
    assert "you (clerk-a) made the first entry" in entry.sheet_note.text()
    assert all(f.text() == "" for f in entry.lines.fields())  # said before any line is typed


# -- item 3: leaving a half-typed sheet asks first; the status bar says a draft is kept ----------
def test_quit_and_change_operator_ask_with_a_half_typed_sheet(
        sample_window, entry, qtbot, monkeypatch) -> None:
    assert sample_window.status_text().endswith("All changes saved")
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, "HAND-9")
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)
    qtbot.keyClicks(entry.focusWidget(), "17")
    assert "not saved yet (a draft is kept" in sample_window.status_text()
    asked: list[str] = []

    def answer_no(_parent, title, text, *args):
        asked.append(title + ": " + text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", answer_no)
    qtbot.keyClick(entry.focusWidget(), Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert asked and "HAND-9" in asked[0] and sample_window.isVisible()
    sample_window.change_operator()
    assert len(asked) == 2 and sample_window.operator == "clerk-a"
    assert entry.lines.fields()[0].text() == "17"


# -- item 4: the operator prompt ------------------------------------------------------------------
def test_the_operator_prompt_offers_recent_names_and_never_the_login_name(qtbot, sample_window) -> None:
    dialog = OperatorDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.name.currentText() == "" and dialog.name.count() == 0
    qtbot.keyClicks(dialog.name.lineEdit(), "  Dana   Ruiz ")
    qtbot.keyClick(dialog.name.lineEdit(), Qt.Key.Key_Return)
    assert dialog.result() == OperatorDialog.DialogCode.Accepted and dialog.chosen() == "Dana Ruiz"
    again = OperatorDialog()
    qtbot.addWidget(again)
    assert recent_operators() == ["Dana Ruiz"]
    assert again.name.currentText() == "" and again.name.itemText(0) == "Dana Ruiz"


def test_an_operator_change_is_an_audit_entry(sample_window) -> None:
    sample_window.set_operator("clerk-b")
    entry = sample_window.store.audit_entries()[-1]
    assert entry.action == "operator.change" and dict(entry.details) == {"from": "clerk-a", "to": "clerk-b"}
    assert entry.operator == "clerk-b"


# -- item 5 and 7: a 25-ticket contest fits a 1366x768 screen; the chart shows the margin that matters --
PRESIDENT = "President and Vice President of the United States"
TICKETS = tuple(f"Ticket {n:02d}: Candidate Longname {n} and Running Mate Longername {n}" for n in range(25))


def add_presidential_race(window: MainWindow) -> None:
    """25 tickets over the sample's precincts: the top two 117 votes apart (1% limit: 143), the rest far."""
    from recount_desktop.domain import Choice, Contest, ElectionResults, Tally

    results = window.store.results()
    precincts = [p.name for p in results.precincts]
    totals = {TICKETS[0]: 14_300, TICKETS[1]: 14_183, **{t: 300 + 7 * n for n, t in enumerate(TICKETS[2:])}}
    tallies = list(results.tallies)
    for ticket, total in totals.items():
        share, rest = divmod(total, len(precincts))
        for number, precinct in enumerate(precincts):
            tallies.append(Tally(precinct, PRESIDENT, ticket, share + (rest if number == 0 else 0)))
    contest = Contest(PRESIDENT, tuple(Choice(t) for t in TICKETS))
    window.store.replace_results(ElectionResults((*results.contests, contest), results.precincts,
                                                 tuple(tallies), results.statistics), {"source": "test"})
    window.reload()


def test_every_page_and_the_largest_contest_fit_a_laptop_screen(sample_window, qtbot) -> None:
    add_presidential_race(sample_window)
    sample_window.contests_page.select_contest(PRESIDENT)
    assert sample_window.contests_page.heading.text() == PRESIDENT
    for number in range(sample_window.pages.count()):
        sample_window.nav.setFocus()
        sample_window.show_page(number)
        qtbot.waitUntil(lambda n=number: sample_window.pages.currentIndex() == n)
        # 768 less a title bar and a panel: nothing may ask for more
        assert sample_window.minimumSizeHint().height() <= 690, sample_window.nav.item(number).text()
        assert sample_window.height() <= 768
    chart = sample_window.contests_page.chart
    assert chart.height() <= 6 * chart.ROW + chart.AXIS + chart.SUMMARY + 6


def test_the_chart_draws_the_close_margin_in_red_and_summarises_the_far_losers(sample_window) -> None:
    add_presidential_race(sample_window)
    sample_window.show_page(0)
    sample_window.contests_page.select_contest(PRESIDENT)
    chart = sample_window.contests_page.chart
    close = chart.drawn[0]
    assert (close.choice, close.margin, close.within) == (TICKETS[1], 117, True)
    assert len(chart.drawn) == 1  # the other 23 are thousands of votes outside: summarised, not drawn
    assert "23 other losers" in chart.summary and "far outside the limit" in chart.summary
    image = chart.grab().toImage()
    reds = sum(1 for x in range(0, image.width(), 2) if image.pixelColor(x, 4 + 10).name() == "#c0392b")
    assert reds > 20  # a bar at 117/143 of the limit is drawn wide, not as a zero-width sliver


def test_show_fitted_keeps_the_frame_on_the_screen(qtbot) -> None:
    from recount_desktop.ui.app import create_main_window

    window = create_main_window(operator="clerk-a")
    qtbot.addWidget(window)
    window.show_fitted()
    qtbot.waitExposed(window)
    screen = window.screen().availableGeometry()  # 800x800 offscreen: the height is what we can check
    assert window.frameGeometry().top() >= screen.top()
    assert window.frameGeometry().bottom() <= screen.bottom()
    assert window.minimumSizeHint().width() <= 1366


# -- item 8: deadlines with days left, red once past; the list sorts by deadline and shows the margin --
def test_the_contest_list_shows_margin_and_deadline_and_sorts_by_deadline(sample_window, qtbot) -> None:
    from datetime import date, datetime

    from recount_desktop.ui.widgets.models import deadline_text

    page = sample_window.contests_page
    headers = [page.proxy.headerData(c, Qt.Orientation.Horizontal) for c in range(page.proxy.columnCount())]
    margin_col, deadline_col = headers.index("Margin"), headers.index("Deadline")
    assert not page.table.isColumnHidden(margin_col) and not page.table.isColumnHidden(deadline_col)
    header = page.table.horizontalHeader()
    page.table.scrollTo(page.proxy.index(0, deadline_col))
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,  # the user clicks the header
                     pos=QPoint(header.sectionViewportPosition(deadline_col) + 5, 5))
    assert header.sortIndicatorSection() == deadline_col
    shown = [page.proxy.index(r, deadline_col).data() for r in range(page.proxy.rowCount())]
    dated = [s for s in shown if s]
    assert dated and shown[: len(dated)] == dated or shown[-len(dated):] == dated  # dated ones together
    row = next(r for r in range(page.proxy.rowCount())
               if page.proxy.index(r, 0).data() == "County Commissioner District 2")
    assert page.proxy.index(row, margin_col).data() == "41"
    text = page.proxy.index(row, deadline_col).data()
    if date.today() > date(2026, 11, 16):
        assert text.endswith("ago")
        assert page.proxy.index(row, deadline_col).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert deadline_text(datetime(2026, 11, 16, 23, 59), date(2026, 11, 11)) == "Nov 16, 5d left"
    assert deadline_text(datetime(2026, 11, 16, 23, 59), date(2026, 11, 18)) == "Nov 16, 2d ago"
    page.select_contest("County Commissioner District 2")
    findings = page.findings.toHtml()
    assert "day(s) left" in findings or "passed" in findings


# -- items 9 and 18: the recount page --------------------------------------------------------------
def test_an_unscoped_automatic_recount_is_a_warning_until_it_is_scoped(sample_window, qtbot) -> None:
    page = sample_window.recount_page
    sample_window.show_page(sample_window.pages.indexOf(page))
    assert page.obligations.isVisible()
    assert "required, not yet scoped: Mayor of Plattsmouth" in page.obligations.text()
    page.choose_contest(MAYOR)
    qtbot.mouseClick(page.set_button, Qt.MouseButton.LeftButton)
    assert MAYOR not in page.obligations.text()
    assert "in discrepancy 0" not in page.summary.text() and "none in discrepancy" in page.summary.text()
    assert MAYOR in sample_window.snapshot.scopes


# -- item 15: a date typed the way it is written ---------------------------------------------------
def test_the_election_date_takes_a_typed_iso_date(qtbot, tmp_path) -> None:
    from datetime import date

    from recount_desktop.ui.widgets.dialogs import NewElectionDialog

    dialog = NewElectionDialog(folder=tmp_path)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.election_name.setFocus()
    qtbot.keyClick(dialog.election_name, Qt.Key.Key_Tab)  # into the date, its year selected
    assert dialog.focusWidget() is dialog.election_date
    qtbot.keyClicks(dialog.election_date, "2026-11-03")
    qtbot.keyClick(dialog.election_date, Qt.Key.Key_Tab)
    qtbot.keyClicks(dialog.canvass_date, "2026-11-16")
    qtbot.keyClicks(dialog.jurisdiction, "Cass County")
    qtbot.keyClicks(dialog.election_name, "General")
    election = dialog.election()
    assert (election.election_date, election.canvass_date) == (date(2026, 11, 3), date(2026, 11, 16))
    from PySide6.QtWidgets import QLabel

    labels = [label.text() for label in dialog.findChildren(QLabel)]
    assert "&File" in labels  # a mnemonic with a buddy: shown as "File" with F underlined, Alt+F works
    file_label = next(label for label in dialog.findChildren(QLabel) if label.text() == "&File")
    assert file_label.buddy() is dialog.path


# -- item 16: an empty election says what to do next -----------------------------------------------
def test_a_new_empty_election_shows_the_next_step_on_every_page(qtbot, tmp_path) -> None:
    from datetime import date

    from recount_desktop.domain import Election, State
    from recount_desktop.store import create_election_file

    path = tmp_path / "empty.canvass"
    create_election_file(path, Election(State.CO, "Mesa County", "Coordinated 2026", date(2026, 11, 3)),
                         operator="clerk-a").close()
    window = MainWindow("clerk-a")
    qtbot.addWidget(window)
    window.open_election(path)
    window.show()
    page = window.contests_page
    assert page.heading.text() == "No results yet"
    assert "File > Import Results (Ctrl+I)" in page.findings.toPlainText()
    assert "template tallies" in page.findings.toPlainText()
    assert "Import Results" in window.entry_page.sheet_note.text()
    assert "Import Results" in window.recount_page.summary.text()
    assert "Import Results" in window.reconcile_page.banner.text()


# -- item 17: menus and search -----------------------------------------------------------------------
def test_file_menu_mnemonics_are_unique(sample_window) -> None:
    keys = [a.text().split("&")[1][0].lower() for a in sample_window.file_menu.actions()
            if "&" in a.text() and not a.isSeparator()]
    assert len(keys) == len(set(keys)), keys


def test_a_search_shows_the_highlighted_contest_in_the_detail_pane(sample_window, qtbot) -> None:
    page = sample_window.contests_page
    page.select_contest(MAYOR)
    qtbot.keyClick(sample_window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(page.search, "Ochoa")  # a candidate of the sheriff's race
    assert page.current_contest() == "County Sheriff"
    assert page.heading.text() == "County Sheriff"
    qtbot.keyClicks(page.search, "zzz")
    assert page.heading.text().startswith("No contest or candidate matches")


# -- item 13: Reports > Export results ----------------------------------------------------------------
def test_reports_export_results_writes_the_amended_results_and_logs_it(sample_window, qtbot, tmp_path,
                                                                        monkeypatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    from recount_desktop.importers import read_tally_file

    set_scope(sample_window.store, MAYOR, ["Precinct 01"], method="manual")
    for clerk in ("clerk-a", "clerk-b"):
        sample_window.store.operator = clerk
        from recount_desktop.recount.sheets import TallySheetEntry, enter_sheet
        enter_sheet(sample_window.store, TallySheetEntry("S-1", MAYOR, {"Ellen Fitch": 1, "Gary Novak": 2},
                                                         precinct="Precinct 01"))
    sample_window.set_operator("clerk-a")
    page = sample_window.reports_page
    sample_window.show_page(sample_window.pages.indexOf(page))
    target = tmp_path / "to-the-state.xlsx"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), ""))
    qtbot.mouseClick(page.amended, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(page.results_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.task is not None and page.task.done, timeout=30000)
    assert f"Wrote the amended results to {target}" in page.message.text()
    imported = read_tally_file(target)
    assert not imported.errors
    votes = {(t.precinct, t.choice): t.votes for t in imported.results.tallies if t.contest == MAYOR}
    assert votes[("Precinct 01", "Ellen Fitch")] == 1 and votes[("Precinct 01", "Gary Novak")] == 2
    last = sample_window.store.audit_entries()[-1]
    assert last.action == "results.export" and last.details["amended"] is True


# -- item 12: the audit log in plain words ------------------------------------------------------------
def test_the_audit_log_reads_in_plain_words_with_filters_and_a_detail_pane(sample_window, entry,
                                                                          qtbot) -> None:
    entry.precinct.setCurrentIndex(entry.precinct.findText("Precinct 02"))
    entry.sheet_id.setFocus()
    qtbot.keyClicks(entry.sheet_id, "HAND-4")
    qtbot.keyClick(entry.sheet_id, Qt.Key.Key_Return)
    type_lines(qtbot, entry, ["5", "6", "", "", "", ""])
    sample_window.set_operator("clerk-b")
    audit = sample_window.audit_page
    sample_window.show_page(sample_window.pages.indexOf(audit))
    shown = [audit.proxy.index(r, 3).data() for r in range(audit.proxy.rowCount())]
    assert any(s.startswith("Imported results from ") for s in shown)
    assert "Entered sheet HAND-4, first entry (entered once)" in shown
    assert "Operator changed from clerk-a to clerk-b" in shown
    time = audit.proxy.index(0, 1).data()
    assert len(time) == 19 and time[10] == " "  # local, to the second: 2026-11-30 09:15:02
    audit.action_filter.setCurrentIndex(audit.action_filter.findData("sheet.enter"))
    assert audit.proxy.rowCount() == 1
    audit.action_filter.setCurrentIndex(0)
    audit.operator_filter.setCurrentIndex(audit.operator_filter.findData("clerk-b"))
    assert [audit.proxy.index(r, 3).data() for r in range(audit.proxy.rowCount())] == [
        "Operator changed from clerk-a to clerk-b"]
    audit.table.setFocus()
    qtbot.keyClick(audit.table, Qt.Key.Key_Down)
    detail = audit.detail.toPlainText()
    assert "Operator:  clerk-b" in detail and '"to": "clerk-b"' in detail


# -- issue 13 section 1: a finding opens the statute it cites, the quoted words highlighted -------------
def test_clicking_a_citation_opens_the_statute_with_the_quote_highlighted(sample_window, qtbot) -> None:
    from recount_desktop.ui.widgets.statute_dialog import StatuteDialog

    page = sample_window.contests_page
    page.select_contest(MAYOR)  # automatic under 32-1119, the section the shipped text holds
    finding = sample_window.snapshot.analyses[MAYOR].findings[0]
    browser = page.findings
    cursor = browser.document().find(finding.citation)
    assert not cursor.isNull()
    browser.setTextCursor(cursor)
    browser.ensureCursorVisible()
    cursor.setPosition(cursor.selectionStart() + 2)
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=browser.cursorRect(cursor).center())
    qtbot.waitUntil(lambda: isinstance(getattr(page, "statute_dialog", None), StatuteDialog))
    dialog = page.statute_dialog
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == finding.citation
    assert dialog.found >= 1 and "highlighted" in dialog.note.text()
    assert "#fff176" in dialog.text.toHtml()
    assert "one percent or less of the votes received" in dialog.text.toPlainText()
