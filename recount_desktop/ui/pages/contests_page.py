"""Contests & findings: the contest list (search, status filter, badges) and the chosen contest in full."""

from __future__ import annotations

import html

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QSortFilterProxyModel, Qt, QUrl, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QSplitter,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from recount_desktop.domain.rules import NEEDS_WORDS, ContestAnalysis, Finding, RecountStatus, waiver_key
from recount_desktop.store import ElectionFileError
from recount_desktop.ui.hints import NO_ELECTION, NO_RESULTS, has_results
from recount_desktop.ui.host import PageHost
from recount_desktop.ui.snapshot import Snapshot
from recount_desktop.ui.widgets.keyboard import chain_tab_order
from recount_desktop.ui.widgets.margin_chart import MarginChart, bars_for
from recount_desktop.ui.widgets.models import (
    STATUS_COLORS,
    STATUS_LABELS,
    ChoiceModel,
    ContestRow,
    ContestSummaryModel,
    PrecinctModel,
    choice_rows,
    days_left,
    precinct_rows,
)
from recount_desktop.ui.widgets.statute_dialog import StatuteDialog
from recount_desktop.ui.widgets.table_model import SORT_ROLE
from recount_desktop.ui.widgets.tables import fit_column_to_text, fit_columns_to_headers, table_view
from recount_desktop.ui.widgets.waivers import WaiverButtons, waivers_text


class ContestFilter(QSortFilterProxyModel):
    """Search by contest or choice name; filter by recount status."""

    def __init__(self) -> None:
        super().__init__()
        self.status: RecountStatus | None = None
        self.setSortRole(SORT_ROLE)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)

    def set_status(self, status: str | None) -> None:
        self.beginFilterChange()
        self.status = RecountStatus(status) if status else None
        self.endFilterChange()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:  # type: ignore[override]
        model = self.sourceModel()
        assert isinstance(model, ContestSummaryModel)
        row: ContestRow = model.row_at(source_row)
        if self.status is not None and row.status is not self.status:
            return False
        needle = self.filterRegularExpression().pattern().lower()
        return not needle or needle in " ".join((row.contest.name, *row.contest.choice_names())).lower()


class ContestsPage(QWidget):
    contest_changed = Signal(str)

    def __init__(self, host: PageHost) -> None:
        super().__init__()
        self.host = host
        self.snapshot: Snapshot | None = None
        self.contests = ContestSummaryModel()
        self.proxy = ContestFilter()
        self.proxy.setSourceModel(self.contests)
        self.search = QLineEdit(
            placeholderText="Search contests or candidates  (Ctrl+F)", objectName="contestSearch"
        )
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._search)
        self.status_filter = QComboBox(objectName="statusFilter")
        self.status_filter.addItem("All statuses", None)
        for status in (RecountStatus.AUTOMATIC, RecountStatus.ON_REQUEST, RecountStatus.AT_OWN_EXPENSE,
                       RecountStatus.NONE):
            self.status_filter.addItem(STATUS_LABELS[status], status)
        self.status_filter.currentIndexChanged.connect(
            lambda _i: self.proxy.set_status(self.status_filter.currentData()))
        self.table = table_view("contestTable", self.proxy, sortable=True)
        header = self.table.horizontalHeader()
        for column in (1, 2, 3, 4, 5):  # the detail pane shows these; the list stays narrow
            self.table.hideColumn(column)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # a long contest name wraps onto a second line rather than being cut ("Mayor of Plat...")
        self.table.setWordWrap(True)
        self.table.setMinimumWidth(470)  # names keep ~190 px beside the badge, margin and deadline
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for column in (6, 7, 8, 9):  # badge, progress, margin, deadline: sortable, whole
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self._build_detail()
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        filters = QHBoxLayout()
        filters.addWidget(self.search, 1)
        filters.addWidget(self.status_filter)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.table, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, objectName="contestSplitter")
        splitter.addWidget(left)
        splitter.addWidget(self.detail)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([560, 700])  # room for whole contest names beside their badge and deadline
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        chain_tab_order(self.tab_chain())

    def first_focus(self) -> QWidget:
        return self.search

    def tab_chain(self) -> list[QWidget]:
        """The list, then the chosen contest: its tabs, the result tab's tables, the precinct tab's."""
        return [
            self.search,
            self.status_filter,
            self.table,
            self.tabs.tabBar(),
            self.choice_table,
            self.findings,
            self.precinct_filter,
            self.precinct_table,
        ]

    def _build_detail(self) -> None:
        self.heading = QLabel(objectName="contestHeading", wordWrap=True)
        self.heading.setStyleSheet("font-size: 14pt; font-weight: 600;")
        self.summary = QLabel(objectName="contestSummary", wordWrap=True)
        self.choices = ChoiceModel()
        self.choice_table = table_view("choiceTable", self.choices)
        choice_header = self.choice_table.horizontalHeader()
        for column in (0, 3, 4, 5):  # the figures as wide as they need; the names take the rest and wrap
            choice_header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        choice_header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.choice_table.setWordWrap(True)
        self.choice_table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.chart = MarginChart()
        self.findings = QTextBrowser(objectName="findingsText")
        self.findings.setOpenExternalLinks(False)
        self.findings.setOpenLinks(False)  # a citation opens the statute in a dialog, not in this pane
        self.findings.anchorClicked.connect(self._open_statute)
        self.waivers = WaiverButtons()
        self.waivers.waiver_requested.connect(self.change_waiver)
        self.precincts = PrecinctModel()
        self.precinct_proxy = QSortFilterProxyModel()
        self.precinct_proxy.setSourceModel(self.precincts)
        self.precinct_proxy.setSortRole(SORT_ROLE)
        self.precinct_proxy.setFilterKeyColumn(0)
        self.precinct_proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.precinct_filter = QLineEdit(placeholderText="Filter precincts", objectName="precinctFilter")
        self.precinct_filter.textChanged.connect(self.precinct_proxy.setFilterFixedString)
        self.precinct_table = table_view("precinctTable", self.precinct_proxy, sortable=True)
        self.precinct_table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        result_tab = QWidget()
        result_layout = QVBoxLayout(result_tab)
        result_layout.addWidget(self.choice_table, 1)
        result_layout.addWidget(QLabel("<b>Margin against the recount limit</b> (red: within the limit)"))
        result_layout.addWidget(self.chart)
        result_layout.addWidget(self.findings, 2)
        result_layout.addWidget(self.waivers)
        precinct_tab = QWidget()
        precinct_layout = QVBoxLayout(precinct_tab)
        precinct_layout.addWidget(self.precinct_filter)
        precinct_layout.addWidget(self.precinct_table)
        self.tabs = QTabWidget(objectName="contestTabs")
        self.tabs.addTab(result_tab, "&Result and findings")
        self.tabs.addTab(precinct_tab, "&Precincts")
        self.detail = QWidget()
        layout = QVBoxLayout(self.detail)
        layout.setContentsMargins(6, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.summary)
        layout.addWidget(self.tabs, 1)

    # -- filling ---------------------------------------------------------------------------
    def show_snapshot(self, snapshot: Snapshot | None) -> None:
        previous = self.current_contest()
        self.snapshot = snapshot
        if snapshot is None:
            self.contests.set_rows([])
            self._show_contest(None)
            return
        statuses = {name: snapshot.strongest_status(name) for name in snapshot.analyses}
        rows = ContestRow.build(snapshot.results, statuses, snapshot.progress, snapshot.analyses)
        self.contests.set_rows(rows)
        # no recount yet: the progress column gives its room to the contest names
        self.table.setColumnHidden(7, not any(r.progress for r in rows))
        self.select_contest(
            previous or (snapshot.results.contests[0].name if snapshot.results.contests else None)
        )

    def _search(self, text: str) -> None:
        """Filter the list; the detail pane follows to the highlighted contest."""
        self.proxy.setFilterFixedString(text)
        current = self.table.currentIndex()
        if current.isValid():
            self._show_contest(current.siblingAtColumn(0).data())
        elif self.proxy.rowCount():
            self.select_contest(self.proxy.index(0, 0).data())
        else:
            self._show_contest(None)

    def show_progress(self, snapshot: Snapshot, contest: str) -> None:
        """A recount write touched one contest: update its row's progress, leave the rest as it is."""
        self.snapshot = snapshot
        for number, row in enumerate(self.contests.rows()):
            if row.contest.name == contest:
                self.contests.replace_row(number, row.with_progress(snapshot.progress.get(contest)))
                if snapshot.progress.get(contest) is not None:
                    self.table.setColumnHidden(7, False)
                return

    def select_contest(self, name: str | None) -> None:
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, 0)
            if index.data() == name:
                self.table.selectionModel().setCurrentIndex(
                    index,
                    QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
                )
                self._show_contest(name)
                return
        self._show_contest(None)

    def current_contest(self) -> str | None:
        index = self.table.currentIndex()
        return index.siblingAtColumn(0).data() if index.isValid() else None

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._show_contest(current.siblingAtColumn(0).data() if current.isValid() else None)

    def _show_contest(self, name: str | None) -> None:
        snapshot = self.snapshot
        if snapshot is None or name is None or name not in snapshot.analyses:
            self.heading.setText("No contest chosen" if snapshot else "No election open")
            for widget in (self.summary, self.findings):
                widget.clear()
            if snapshot is None or not has_results(snapshot):  # say what to do next
                self.heading.setText("No results yet" if snapshot else "No election open")
                self.findings.setPlainText(NO_RESULTS if snapshot else NO_ELECTION)
            elif self.search.text():
                self.heading.setText(f"No contest or candidate matches {self.search.text()!r}")
            self.choices.set_rows([])
            self.precincts.set_choices(())
            self.chart.set_bars([])
            self.waivers.show_findings(None, ())
            return
        contest = snapshot.results.contest(name)
        analysis = snapshot.analyses[name]
        totals = snapshot.totals(name)
        self.heading.setText(name)
        seats = f"{contest.seats} seats" if contest.seats > 1 else "1 seat"
        kind = "Question" if contest.is_question else f"Candidate race, {seats}"
        self.summary.setText(f"{kind}  ·  {contest.scope.value.replace('_', ' ')}  ·  "
                             f"{analysis.total_votes:,} votes  ·  {contest.voting_method.value}")
        self.choices.set_rows(choice_rows(analysis.outcome, contest, totals))
        # an empty Party column takes no room from the names
        self.choice_table.setColumnHidden(2, not any(c.party for c in contest.choices))
        self.chart.set_bars(bars_for(analysis.findings, analysis.total_votes))
        self.findings.setHtml(findings_html(analysis, snapshot.problem))
        self.waivers.show_findings(snapshot.election.state, analysis.findings)
        self.precincts.set_choices(contest.choice_names())
        rows = precinct_rows(snapshot.results, name, snapshot.contest_tallies(name))
        self.precincts.set_rows(rows)
        # precinct names whole ("Early Voting (counting group)"); the counts as wide as their titles
        widest = max((r.name + (" (counting group)" if r.pseudo else "") for r in rows), key=len, default="")
        fit_column_to_text(self.precinct_table, 0, max(widest, "Precinct", key=len))
        fit_columns_to_headers(self.precinct_table, range(1, self.precincts.columnCount()))
        self.contest_changed.emit(name)

    def _open_statute(self, url: QUrl) -> StatuteDialog | None:
        """A finding's citation was clicked: its statute, the quoted words highlighted."""
        snapshot, link = self.snapshot, url.toString()
        if snapshot is None or not link.startswith("statute:"):
            return None
        rule_id = link.removeprefix("statute:")
        name = self.current_contest()
        findings = snapshot.analyses[name].findings if name in snapshot.analyses else ()
        citation = next((f.citation for f in findings if f.rule_id == rule_id), rule_id)
        dialog = StatuteDialog(snapshot.election.state, rule_id, citation, self)
        dialog.open()
        self.statute_dialog = dialog
        return dialog

    # -- writing ---------------------------------------------------------------------------
    def change_waiver(self, candidate: str, record: bool) -> None:
        """Record or withdraw ``candidate``'s written waiver (Neb. Rev. Stat. 32-1119(1)) once the user
        confirms; one audited ``setting.set``, then the window re-analyses so the findings follow."""
        contest, store = self.current_contest(), self.host.store
        if contest is None or store is None:
            return
        question = (
            f"Record a written waiver by {candidate} of the automatic recount in {contest}?\n\n"
            "Under Neb. Rev. Stat. 32-1119(1) a losing candidate may waive the right to a recount. "
            "Record it only when the signed written waiver has been received."
            if record else
            f"Withdraw the waiver recorded for {candidate} in {contest}?\n\n"
            "The automatic recount under Neb. Rev. Stat. 32-1119(1) applies again."
        )
        title = "Record written waiver" if record else "Withdraw waiver"
        answer = QMessageBox.question(self, title, question)
        if answer != QMessageBox.StandardButton.Yes:
            return
        key = waiver_key(contest)
        try:
            store.set_setting(key, waivers_text(store.settings().get(key, ""), candidate, record))
        except ElectionFileError as error:
            QMessageBox.warning(self, title, f"Not saved: {error}")
            return
        self.host.reload()


def _badge(status: RecountStatus) -> str:
    return (f"<span style='background:{STATUS_COLORS[status]}; padding:2px 6px;'>&nbsp;"
            f"{STATUS_LABELS[status]}&nbsp;</span>")


def _deadline_html(finding: Finding) -> str:
    """The deadline with the days left; red once it has passed."""
    if finding.deadline is None:
        return "<b>Deadline:</b> none stated"
    text = f"<b>Deadline:</b> {finding.deadline:%A %d %B %Y, %H:%M}"
    left = days_left(finding.deadline)
    if left < 0:
        return f"{text} <span style='color:#b00020; font-weight:600'>(passed {-left} day(s) ago)</span>"
    return f"{text} ({'today' if left == 0 else f'{left} day(s) left'})"


def finding_html(finding: Finding) -> str:
    e = html.escape
    facts = [f"<b>Margin:</b> {finding.margin:,} votes"
             + (f" (to {e(finding.compared_with)})" if finding.compared_with else "")]
    if finding.threshold_text:
        facts.append(f"<b>Limit:</b> {e(finding.threshold_text)} votes")
    facts.append(f"<b>Citation:</b> <a href='statute:{e(finding.rule_id)}'>{e(finding.citation)}</a>"
                 " (click to read the statute)")
    facts.append(_deadline_html(finding))
    if finding.cost:
        facts.append(f"<b>Cost:</b> {e(finding.cost)}")
    if finding.file_with:
        facts.append(f"<b>File with:</b> {e(finding.file_with)}")
    return (f"<h3 style='margin-bottom:2px'>{e(finding.choice)} &nbsp;{_badge(finding.recount)}</h3>"
            f"<p style='margin:2px'>{'<br>'.join(facts)}</p>"
            f"<p style='margin-top:4px'>{e(finding.explanation)}</p>")


def findings_html(analysis: ContestAnalysis, problem: str | None = None) -> str:
    parts = [f"<p style='color:#b00020'>{html.escape(problem)}</p>"] if problem else []
    parts += [finding_html(f) for f in analysis.findings]
    parts += [f"<p><i>{html.escape(note)}</i></p>" for note in analysis.notes]
    parts += [f"<p style='color:#8a4b00'><b>Needs:</b> {html.escape(NEEDS_WORDS.get(need, need))}</p>"
              for need in analysis.needs]  # a contest attribute the finding waits on
    return "".join(parts) or "<p>No findings.</p>"
