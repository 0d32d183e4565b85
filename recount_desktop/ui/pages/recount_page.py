"""Recount scope (contest, units, method) and progress per unit; then the reconciliation view.

Progress never shows an entry's numbers (double entry is blind): only how many sheets are in each state.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from recount_desktop.domain.rules import RecountStatus
from recount_desktop.domain.rules.substantial_change import substantial_change_sentence
from recount_desktop.recount.reconcile import ChoiceTotal, ContestReconciliation, UnitDifference, reconcile
from recount_desktop.recount.scope import RecountError, RecountMethod, RecountUnit, UnitProgress, set_scope
from recount_desktop.ui.hints import NO_ELECTION, NO_RESULTS, has_results
from recount_desktop.ui.host import PageHost
from recount_desktop.ui.snapshot import Snapshot
from recount_desktop.ui.widgets.combo import refill_keeping_choice
from recount_desktop.ui.widgets.keyboard import chain_tab_order
from recount_desktop.ui.widgets.table_model import Column, RecordTableModel, count_text
from recount_desktop.ui.widgets.tables import fit_columns_to_headers, table_view


def _n(unit: UnitProgress, state: str) -> int:
    return unit.sheets.get(state, 0)


class UnitProgressModel(RecordTableModel[UnitProgress]):
    COLUMNS = (
        Column("Unit", lambda u: u.unit.label),
        Column("Sheets", lambda u: sum(n for s, n in u.sheets.items() if s != "voided"), numeric=True),
        Column("Entered once", lambda u: _n(u, "entered_once"), numeric=True),
        Column("Verified", lambda u: _n(u, "verified"), numeric=True),
        Column("In discrepancy", lambda u: _n(u, "discrepancy"), numeric=True,
               background=lambda u: "#f6c9c9" if _n(u, "discrepancy") else None),
        Column("Resolved", lambda u: _n(u, "resolved"), numeric=True),
        Column("Voided", lambda u: _n(u, "voided"), numeric=True),
        Column("Status", lambda u: _unit_status(u),  # noqa: PLW0108 - defined below
               background=lambda u: "#d9f0d9" if _unit_status(u) == "done" else None),
    )


def _unit_status(unit: UnitProgress) -> str:
    live = {s: n for s, n in unit.sheets.items() if s != "voided" and n}
    if not live:
        return "no sheet yet"
    if set(live) <= {"verified", "resolved"}:
        return "done"
    return "in progress"


def unscoped_automatic(snapshot: Snapshot) -> list[str]:
    """Contests whose findings call for an automatic recount but that have no recount scope yet."""
    return [name for name, analysis in snapshot.analyses.items()
            if name not in snapshot.scopes
            and any(f.recount is RecountStatus.AUTOMATIC for f in analysis.findings)]


class RecountPage(QWidget):
    def __init__(self, host: PageHost) -> None:
        super().__init__()
        self.host = host
        self.snapshot: Snapshot | None = None
        self.contest = QComboBox(objectName="scopeContest")
        self.contest.currentIndexChanged.connect(self._contest_changed)
        self.all_units = QCheckBox("&All precincts of the contest", objectName="scopeAll", checked=True)
        self.units = QListWidget(objectName="scopeUnits")
        self.all_units.toggled.connect(lambda on: self.units.setEnabled(not on))
        self.units.setEnabled(False)
        self.method = QComboBox(objectName="scopeMethod")
        for method in RecountMethod:
            self.method.addItem(method.value, method.value)
        self.requested_by = QLineEdit(
            objectName="scopeRequestedBy", placeholderText="e.g. automatic, or the candidate"
        )
        self.set_button = QPushButton("Set recount &scope", objectName="setScope")
        self.set_button.clicked.connect(self.apply_scope)
        self.message = QLabel(wordWrap=True, objectName="scopeMessage")
        self.summary = QLabel(wordWrap=True, objectName="progressSummary")
        self.obligations = QLabel(wordWrap=True, objectName="unscopedWarning")
        self.obligations.setStyleSheet("color: white; background: #b00020; padding: 6px; font-weight: 600;")
        self.obligations.hide()
        self.summary.setStyleSheet("font-size: 12pt;")
        self.progress = UnitProgressModel()
        self.progress_table = table_view("progressTable", self.progress)
        self.progress_table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # every state column in view at 1366 pixels: each as wide as its title, "Status" as its words
        fit_columns_to_headers(self.progress_table, range(1, 7))
        fit_columns_to_headers(self.progress_table, [7], padding=56)
        form = QFormLayout()
        form.addRow("&Contest", self.contest)
        form.addRow("", self.all_units)
        form.addRow("&Units", self.units)
        form.addRow("&Method", self.method)
        form.addRow("&Requested by", self.requested_by)
        scope_box = QGroupBox("Recount scope")
        scope_layout = QVBoxLayout(scope_box)
        scope_layout.addLayout(form)
        scope_layout.addWidget(self.set_button)
        scope_layout.addWidget(self.message)
        progress_box = QGroupBox("Progress (sheets per unit; the numbers stay blind)")
        progress_layout = QVBoxLayout(progress_box)
        progress_layout.addWidget(self.summary)
        progress_layout.addWidget(self.progress_table, 1)
        boxes = QHBoxLayout()
        boxes.addWidget(scope_box, 1)
        boxes.addWidget(progress_box, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.obligations)
        layout.addLayout(boxes, 1)
        chain_tab_order(self.tab_chain())

    def first_focus(self) -> QWidget:
        return self.contest

    def tab_chain(self) -> list[QWidget]:
        return [self.contest, self.all_units, self.units, self.method, self.requested_by, self.set_button,
                self.progress_table]

    def show_snapshot(self, snapshot: Snapshot | None) -> None:
        self.snapshot = snapshot
        unscoped = unscoped_automatic(snapshot) if snapshot else []
        self.obligations.setVisible(bool(unscoped))
        self.obligations.setText(
            "⚠  Automatic recount required, not yet scoped: " + "; ".join(unscoped)
            + ". The statute orders these recounts without a request: set their scope here.")
        refill_keeping_choice(
            self.contest,
            (c.name for c in snapshot.results.contests) if snapshot else (),
            next(iter(snapshot.scopes)) if snapshot and snapshot.scopes else None,
        )
        self._contest_changed()

    def choose_contest(self, name: str) -> None:
        self.contest.setCurrentIndex(self.contest.findText(name))

    def _contest_changed(self) -> None:
        snapshot, name = self.snapshot, self.contest.currentText()
        self.units.clear()
        if snapshot is None or not name:
            self.progress.set_rows([])
            self.summary.setText(NO_RESULTS if snapshot is not None else NO_ELECTION)
            return
        scope = snapshot.scopes.get(name)
        chosen = {u.precinct for u in scope.units} if scope and not scope.all_units else set()
        for precinct in snapshot.voting_precincts(name):
            item = QListWidgetItem(precinct)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if precinct in chosen else Qt.CheckState.Unchecked)
            self.units.addItem(item)
        self.all_units.setChecked(scope is None or scope.all_units)
        if scope is not None:
            self.method.setCurrentIndex(self.method.findData(scope.method.value))
            self.requested_by.setText(scope.requested_by)
        progress = snapshot.progress.get(name)
        if progress is None:
            self.summary.setText(f"No recount scope is set for {name}.")
            self.progress.set_rows([])
            return
        done = progress.verified + progress.resolved
        self.summary.setText(
            f"<b>{name}</b>: {progress.units_expected} unit(s); sheets expected {progress.sheets_expected}, "
            f"entered once {progress.entered_once}, verified {progress.verified}, "
            + (f"<span style='color:#b00020'>in discrepancy {progress.discrepancy}</span>, "
               if progress.discrepancy else "none in discrepancy, ")  # red only when there is one
            + f"resolved {progress.resolved}, voided {progress.voided}. "
            + ("<b>Complete.</b>" if progress.complete else f"{done} of {progress.sheets_expected} counted."))
        self.progress.set_rows(list(progress.per_unit))

    def chosen_units(self) -> list[RecountUnit]:
        return [RecountUnit(self.units.item(i).text()) for i in range(self.units.count())
                if self.units.item(i).checkState() == Qt.CheckState.Checked]

    def apply_scope(self) -> None:
        store, name = self.host.store, self.contest.currentText()
        if store is None or not name:
            return
        units: str | list[RecountUnit] = "all" if self.all_units.isChecked() else self.chosen_units()
        try:
            set_scope(store, name, units, method=self.method.currentData(),
                      requested_by=self.requested_by.text())
        except RecountError as error:
            self.message.setText(str(error))
            self.message.setStyleSheet("color: #b00020;")
            return
        self.message.setText(f"Recount scope of {name} saved.")
        self.message.setStyleSheet("color: #1b6e20;")
        self.host.recount_changed(name)


class ChoiceTotalModel(RecordTableModel[ChoiceTotal]):
    COLUMNS = (
        Column("Choice", lambda t: t.choice),
        Column("Original", lambda t: f"{t.original:,}", numeric=True),
        Column("Amended", lambda t: f"{t.amended:,}", numeric=True),
        Column("Difference", lambda t: f"{t.difference:+,}", numeric=True,
               background=lambda t: "#fde2a7" if t.difference else None),
    )


class UnitDifferenceModel(RecordTableModel[UnitDifference]):
    COLUMNS = (
        Column("Unit", lambda u: RecountUnit(u.precinct, u.device).label),
        Column("Choice", lambda u: u.choice),
        Column("Original", lambda u: count_text(u.original), numeric=True),
        Column("Recount", lambda u: f"{u.recount:,}", numeric=True),
        Column("Difference", lambda u: "" if u.difference is None else f"{u.difference:+,}", numeric=True,
               background=lambda u: "#fde2a7" if u.difference else None),
    )


class ReconciliationPage(QWidget):
    def __init__(self, host: PageHost) -> None:
        super().__init__()
        self.host = host
        self.items: dict[str, ContestReconciliation] = {}
        self.not_independent: tuple[tuple[str, str, str], ...] = ()  # (sheet, contest, reason)
        self.contest = QComboBox(objectName="reconcileContest")
        self.contest.currentIndexChanged.connect(self._show_contest)
        self.banner = QLabel(objectName="outcomeBanner", wordWrap=True)
        self.winners = QLabel(objectName="winnersText", wordWrap=True)
        self.flags = QLabel(objectName="substantialFlags", wordWrap=True)
        self.totals = ChoiceTotalModel()
        self.units = UnitDifferenceModel()
        self.totals_table = table_view("amendedTotals", self.totals)
        self.units_table = table_view("unitDifferences", self.units)
        for view in (self.totals_table, self.units_table):
            view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        top = QHBoxLayout()
        top.addWidget(QLabel("&Contest", buddy=self.contest))
        top.addWidget(self.contest, 1)
        tables = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(QLabel("<b>Totals: original and amended</b>"))
        left.addWidget(self.totals_table)
        left.addWidget(self.winners)
        left.addWidget(self.flags)
        right = QVBoxLayout()
        right.addWidget(QLabel("<b>Per unit and choice: original, recount, difference</b>"))
        right.addWidget(self.units_table)
        tables.addLayout(left, 2)
        tables.addLayout(right, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addLayout(tables, 1)
        chain_tab_order(self.tab_chain())

    def first_focus(self) -> QWidget:
        return self.contest

    def tab_chain(self) -> list[QWidget]:
        return [self.contest, self.totals_table, self.units_table]

    def show_snapshot(self, snapshot: Snapshot | None) -> None:
        store = self.host.store
        result = reconcile(store) if store is not None and snapshot else None
        self.items = {c.contest: c for c in result.contests} if result else {}
        self.not_independent = result.not_independent if result else ()
        refill_keeping_choice(self.contest, self.items)
        self._show_contest()

    def _show_contest(self) -> None:
        item = self.items.get(self.contest.currentText())
        if item is None:
            self.banner.setText(
                "No contest has a recount yet. Next: set a recount scope (Recount scope & progress, Ctrl+3), "
                "print the blank tally sheets (Reports), then enter them (Tally sheet entry, Ctrl+2)."
                if has_results(self.host.snapshot) else NO_RESULTS)
            self.banner.setStyleSheet("padding: 8px; background: #e4e4e4;")
            for model in (self.totals, self.units):
                model.set_rows([])
            self.winners.clear()
            self.flags.clear()
            return
        self._banner(item)
        self.totals.set_rows(list(item.totals))
        self.units.set_rows(list(item.units))
        self.winners.setText(
            f"<b>Winners before:</b> {', '.join(item.winners_before) or '—'}<br>"
            f"<b>Winners after:</b> {', '.join(item.winners_after) or '—'}<br>"
            f"Margin before {count_text(item.margin_before)}, after {count_text(item.margin_after)}"
        )
        self.flags.setText("".join(  # the statute's own consequence, worded once in the domain
            "<p style='color:#8a4b00'>⚑ " + html.escape(substantial_change_sentence(
                RecountUnit(f.precinct, f.device).label, f.choice, f.original, f.recount, f.threshold))
            + "</p>"
            for f in item.substantial_changes) + "".join(  # double entry that was not independent
            f"<p style='color:#b00020'><b>⚠ NOT INDEPENDENT:</b> sheet {html.escape(sheet)}: "
            f"{html.escape(reason)}</p>"
            for sheet, contest, reason in self.not_independent if contest == item.contest))

    def _banner(self, item: ContestReconciliation) -> None:
        pending = (
            f" {item.pending_sheets} sheet(s) still pending and {len(item.units_without_sheet)} unit(s) "
            "without a sheet: the amended totals are not final."
            if item.pending_sheets or item.units_without_sheet
            else ""
        )
        if item.outcome_changed:
            self.banner.setText(f"⚠  THE OUTCOME CHANGED: {', '.join(item.winners_before) or '—'} before, "
                                f"{', '.join(item.winners_after) or '—'} after the recount.{pending}")
            self.banner.setStyleSheet("padding: 10px; font-size: 15pt; font-weight: 700; color: white;"
                                      " background: #b00020;")
        else:
            self.banner.setText(f"The outcome is unchanged: {', '.join(item.winners_after) or '—'}.{pending}")
            self.banner.setStyleSheet("padding: 8px; font-size: 12pt; background: #d9f0d9;")
