"""Election set-up: the election's own fields, board members, contest attributes, the state's readings.

Each change is one audited write; the window then reloads, so the findings follow at once.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from recount_desktop.domain import BoardMember
from recount_desktop.domain.records import (
    ContestKind,
    ElectionType,
    FiledWith,
    MeasureType,
    Scope,
    State,
    VotingMethod,
)
from recount_desktop.domain.rules import ReadingSettings, load_rules
from recount_desktop.domain.rules.substantial_change import (
    CITATION,
    checked_percent,
    checked_votes,
    threshold_words,
)
from recount_desktop.recount.reconcile import SUBSTANTIAL_PERCENT, SUBSTANTIAL_VOTES
from recount_desktop.store import ElectionFileError
from recount_desktop.ui.host import PageHost
from recount_desktop.ui.snapshot import Snapshot
from recount_desktop.ui.widgets.combo import refill_keeping_choice
from recount_desktop.ui.widgets.election_form import ElectionForm
from recount_desktop.ui.widgets.keyboard import chain_tab_order

ENUM_ATTRIBUTES = (("kind", ContestKind), ("scope", Scope), ("voting_method", VotingMethod),
                   ("filed_with", FiledWith))


class SetupPage(QWidget):
    def __init__(self, host: PageHost) -> None:
        super().__init__()
        self.host = host
        self.snapshot: Snapshot | None = None
        self.election_form = ElectionForm()
        self.election_form.save_button.clicked.connect(self.apply_election)
        self.members = QPlainTextEdit(objectName="boardMembers")
        self.members.setPlaceholderText("One a line: Name, Title")
        self.members.setTabChangesFocus(True)
        self.save_members = QPushButton("Save &board members", objectName="saveMembers")
        self.save_members.clicked.connect(self.apply_members)
        self.readings_box = QGroupBox("Reading settings of the state's statutes")
        self.readings_layout = QVBoxLayout(self.readings_box)
        self.reading_combos: dict[str, QComboBox] = {}
        self.substantial: list[QWidget] = []  # Nebraska 32-1119(6) threshold fields and their button
        self.contest = QComboBox(objectName="attrContest")
        self.contest.currentIndexChanged.connect(self._show_attributes)
        self.attr: dict[str, QComboBox] = {}
        for name, enum in ENUM_ATTRIBUTES:
            combo = QComboBox(objectName=f"attr:{name}")
            for value in enum:
                combo.addItem(value.value.replace("_", " "), value.value)
            self.attr[name] = combo
        self.election_type = QComboBox(objectName="attr:election_type")
        self.election_type.addItem("the election's own type", "")
        for value in ElectionType:
            self.election_type.addItem(value.value.replace("_", " "), value.value)
        self.measure_type = QComboBox(objectName="attr:measure_type")
        self.measure_type.addItem("none (not a measure)", "")
        for value in MeasureType:
            self.measure_type.addItem(value.value, value.value)
        self.attr["kind"].currentIndexChanged.connect(self._kind_changed)
        self.seats = QSpinBox(objectName="attr:seats", minimum=1, maximum=99)
        self.approval = QLineEdit(objectName="attr:approval", placeholderText="majority, 3/5 or required:N")
        self.runoff = QCheckBox("Runoff possible", objectName="attr:runoff_possible")
        self.apply_button = QPushButton("&Apply to contest", objectName="applyAttributes")
        self.apply_button.clicked.connect(self.apply_attributes)
        self.message = QLabel(objectName="setupMessage", wordWrap=True)
        self._layout()
        chain_tab_order(self.tab_chain())

    def tab_chain(self) -> list[QWidget]:
        """The election, board members, then the contest attributes top to bottom, then the readings."""
        return [
            *self.election_form.fields(),
            self.members,
            self.save_members,
            self.contest,
            self.attr["kind"],
            self.seats,
            self.attr["scope"],
            self.election_type,
            self.attr["voting_method"],
            self.approval,
            self.measure_type,
            self.attr["filed_with"],
            self.runoff,
            self.apply_button,
            *self.reading_combos.values(),
            *(w for w in self.substantial if not isinstance(w, QLabel)),
        ]

    def _layout(self) -> None:
        members = QGroupBox("Board members (signature blocks)")
        members_layout = QVBoxLayout(members)
        members_layout.addWidget(self.members)
        members_layout.addWidget(self.save_members)
        attributes = QGroupBox("Contest attributes")
        form = QFormLayout(attributes)
        form.addRow("&Contest", self.contest)
        form.addRow("&Kind", self.attr["kind"])
        form.addRow("S&eats", self.seats)
        form.addRow("Sc&ope", self.attr["scope"])
        form.addRow("Election &type", self.election_type)
        form.addRow("&Voting method", self.attr["voting_method"])
        form.addRow("A&pproval", self.approval)
        form.addRow("Meas&ure type", self.measure_type)
        form.addRow("&Filed with", self.attr["filed_with"])
        form.addRow("", self.runoff)
        form.addRow(self.apply_button)
        left = QVBoxLayout()
        left.addWidget(self.election_form)
        left.addWidget(members, 1)
        middle = QVBoxLayout()
        middle.addWidget(attributes)
        middle.addWidget(self.message)
        middle.addStretch(1)
        # some states have many readings: they scroll rather than push the page past a 768-pixel screen
        readings = QScrollArea(objectName="readingsScroll", widgetResizable=True)
        readings.setFrameShape(QScrollArea.Shape.NoFrame)
        readings.setWidget(self.readings_box)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(left, 5)
        layout.addLayout(middle, 4)
        layout.addWidget(readings, 5)

    def first_focus(self) -> QWidget:
        return self.election_form.name

    def show_snapshot(self, snapshot: Snapshot | None) -> None:
        self.snapshot = snapshot
        if snapshot is None:
            return
        self.election_form.show_election(snapshot.election)
        self.members.setPlainText("\n".join(f"{m.name}, {m.title}" if m.title else m.name
                                            for m in snapshot.election.board_members))
        self._show_readings(snapshot)
        refill_keeping_choice(self.contest, (c.name for c in snapshot.results.contests))
        self._show_attributes()

    def has_unsaved_edits(self) -> bool:
        """The election or its board members typed here and not saved yet: a change heard from another
        workstation waits rather than overwrite them (the window shows it once they are saved)."""
        snapshot = self.snapshot
        if snapshot is None:
            return False
        try:
            edited = self.election_form.edited(snapshot.election)
        except ValueError:
            return True  # something half typed that is not yet a valid value
        members = snapshot.election.board_members
        shown = "\n".join(f"{m.name}, {m.title}" if m.title else m.name for m in members)
        return edited != snapshot.election or self.members.toPlainText() != shown

    def _show_readings(self, snapshot: Snapshot) -> None:
        while self.readings_layout.count():
            item = self.readings_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()
        self.reading_combos = {}
        settings = snapshot.readings
        for reading in load_rules(snapshot.election.state).readings:
            combo = QComboBox(objectName=f"reading:{reading.key}")
            # the sentences are long: never let them widen the window past a 1366-pixel screen
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(30)
            for value, sentence in reading.values:
                combo.addItem(sentence, value)
            combo.setCurrentIndex(combo.findData(settings.value(reading.key)))
            combo.currentIndexChanged.connect(lambda _i, key=reading.key: self.apply_reading(key))
            sentence = QLabel(
                settings.sentence(reading.key), wordWrap=True, objectName=f"sentence:{reading.key}"
            )
            sentence.setStyleSheet("color: #444;")
            self.readings_layout.addWidget(QLabel(f"<b>{reading.question}</b>", wordWrap=True))
            self.readings_layout.addWidget(combo)
            self.readings_layout.addWidget(sentence)
            self.reading_combos[reading.key] = combo
        self.substantial = self._substantial_fields(snapshot) if snapshot.election.state is State.NE else []
        for widget in self.substantial:
            self.readings_layout.addWidget(widget)
        self.readings_layout.addStretch(1)
        chain_tab_order(self.tab_chain())

    def _substantial_fields(self, snapshot: Snapshot) -> list[QWidget]:
        """32-1119(6) leaves "substantial" undefined: the board sets what flags a machine-recounted unit."""
        votes = QLineEdit(snapshot.settings.get(SUBSTANTIAL_VOTES, ""), objectName="substantialVotes",
                          placeholderText="more than this many votes (empty: any change)")
        percent = QLineEdit(snapshot.settings.get(SUBSTANTIAL_PERCENT, ""), objectName="substantialPercent",
                            placeholderText="or more than this % of the original count (empty: not used)")
        button = QPushButton("Save substantial-change thresholds", objectName="saveSubstantial")
        button.clicked.connect(self.apply_substantial)
        heading = QLabel(f"<b>What is a substantial change in a machine recount? ({CITATION})</b>",
                         wordWrap=True)
        return [heading, votes, percent, button]

    def _show_attributes(self) -> None:
        if self.snapshot is None or not self.contest.currentText():
            return
        contest = self.snapshot.results.contest(self.contest.currentText())
        for name, _ in ENUM_ATTRIBUTES:
            self.attr[name].setCurrentIndex(self.attr[name].findData(getattr(contest, name).value))
        self.election_type.setCurrentIndex(
            self.election_type.findData(contest.election_type.value if contest.election_type else ""))
        self.seats.setValue(contest.seats)
        self.approval.setText(contest.approval.to_text())
        self.runoff.setChecked(contest.runoff_possible)
        self.measure_type.setCurrentIndex(
            self.measure_type.findData(contest.measure_type.value if contest.measure_type else ""))
        self._kind_changed()

    def _kind_changed(self) -> None:
        """A measure type belongs to questions only (26 O.S. 8-111(E)(2): statutory or constitutional)."""
        is_question = self.attr["kind"].currentData() == ContestKind.QUESTION.value
        self.measure_type.setEnabled(is_question)

    # -- writing ---------------------------------------------------------------------------
    def _done(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet("color: #b00020;" if error else "color: #1b6e20;")
        if not error:
            self.host.reload()

    def apply_election(self) -> None:
        store, snapshot = self.host.store, self.snapshot
        if store is None or snapshot is None:
            return
        try:
            edited = self.election_form.edited(snapshot.election)
        except ValueError as error:
            self._done(f"Not saved: {error}.", error=True)
            return
        try:
            store.update_election(edited)
        except ElectionFileError as error:
            self._done(str(error), error=True)
            return
        self._done(f"Election saved: {edited.name}, {edited.jurisdiction}.")

    def apply_members(self) -> None:
        store, snapshot = self.host.store, self.snapshot
        if store is None or snapshot is None:
            return
        try:
            members = tuple(BoardMember.parse(line) for line in self.members.toPlainText().splitlines()
                            if line.strip())
            store.update_election(replace(snapshot.election, board_members=members))
        except (ValueError, ElectionFileError) as error:
            self._done(str(error), error=True)
            return
        self._done(f"{len(members)} board member(s) saved.")

    def apply_reading(self, key: str) -> None:
        store = self.host.store
        value = self.reading_combos[key].currentData()
        if store is None or value is None:
            return
        ReadingSettings().with_value(key, value)  # refuses an unknown value before anything is stored
        store.set_setting(key, value)
        self._done(f"Reading changed: {ReadingSettings.definition(key).sentence(value)}")

    def apply_substantial(self) -> None:
        store = self.host.store
        fields = {w.objectName(): w for w in self.substantial if isinstance(w, QLineEdit)}
        if store is None or not fields:
            return
        votes_text = fields["substantialVotes"].text().strip()
        try:
            votes = checked_votes(votes_text) if votes_text else ""
            percent = checked_percent(fields["substantialPercent"].text())
            store.set_setting(SUBSTANTIAL_VOTES, votes)
            store.set_setting(SUBSTANTIAL_PERCENT, percent)
        except (ValueError, ElectionFileError) as error:
            self._done(f"Not saved: {error}.", error=True)
            return
        self._done(f"Substantial change: {threshold_words(_threshold_label(votes, percent))}.")

    def apply_attributes(self) -> None:
        store, name = self.host.store, self.contest.currentText()
        if store is None or not name:
            return
        changes = {attr: combo.currentData() for attr, combo in self.attr.items()}
        changes.update(seats=str(self.seats.value()), approval=self.approval.text().strip() or "majority",
                       election_type=self.election_type.currentData(),
                       measure_type=self.measure_type.currentData() if self.measure_type.isEnabled() else "",
                       runoff_possible="yes" if self.runoff.isChecked() else "no")
        try:
            store.update_contest_attributes(name, changes)
        except ElectionFileError as error:
            self._done(str(error), error=True)
            return
        self._done(f"{name}: attributes saved; findings re-evaluated.")


def _threshold_label(votes: str, percent: str) -> str:
    """The thresholds as reconciliation words them (empty votes and percent: any change)."""
    parts = [f"{votes} votes" if votes else "", f"{percent}% of the original" if percent else ""]
    return " or ".join(p for p in parts if p)
