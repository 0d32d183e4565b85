"""The election's own fields on the set-up page: name, jurisdiction, dates and type.

The ``Election`` record validates itself (a canvass before the election is refused), so the form only
reads the fields into a new record; the page stores it with ``ElectionFile.update_election``.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from PySide6.QtCore import QDate
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLineEdit, QPushButton, QWidget

from recount_desktop.domain import Election
from recount_desktop.domain.records import ElectionType
from recount_desktop.ui.widgets.dialogs import DateField, election_type_combo

NOT_SET = QDate(1900, 1, 1)  # the canvass date's "not set": shown as text, never stored


def date_edit(name: str, optional: bool = False) -> DateField:
    edit = DateField(objectName=name)
    if optional:
        edit.setMinimumDate(NOT_SET)
        edit.setSpecialValueText("not set")
    return edit


def to_date(value: QDate) -> date:
    return date(value.year(), value.month(), value.day())


def to_qdate(value: date | None) -> QDate:
    return QDate(value.year, value.month, value.day) if value is not None else NOT_SET


class ElectionForm(QGroupBox):
    """Name, jurisdiction, election and canvass dates, election type; one Save button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Election", parent)
        self.name = QLineEdit(objectName="electionName")
        self.jurisdiction = QLineEdit(objectName="electionJurisdiction")
        self.election_date = date_edit("electionDate")
        self.canvass_date = date_edit("canvassDate", optional=True)
        self.election_type = election_type_combo()
        self.save_button = QPushButton("Save e&lection", objectName="saveElection")
        form = QFormLayout(self)
        form.addRow("Election na&me", self.name)
        form.addRow("&Jurisdiction", self.jurisdiction)
        form.addRow("Election &date", self.election_date)
        form.addRow("Ca&nvass date", self.canvass_date)
        form.addRow("Election t&ype", self.election_type)
        form.addRow(self.save_button)

    def fields(self) -> list[QWidget]:
        return [self.name, self.jurisdiction, self.election_date, self.canvass_date, self.election_type,
                self.save_button]

    def show_election(self, election: Election) -> None:
        self.name.setText(election.name)
        self.jurisdiction.setText(election.jurisdiction)
        self.election_date.setDate(to_qdate(election.election_date))
        self.canvass_date.setDate(to_qdate(election.canvass_date))
        self.election_type.setCurrentIndex(self.election_type.findData(election.election_type.value))

    def edited(self, election: Election) -> Election:
        """``election`` with the fields as typed; raises ValueError with the record's own message."""
        canvass = self.canvass_date.date()
        return replace(
            election,
            name=" ".join(self.name.text().split()),
            jurisdiction=" ".join(self.jurisdiction.text().split()),
            election_date=to_date(self.election_date.date()),
            canvass_date=None if canvass == NOT_SET else to_date(canvass),
            election_type=ElectionType(self.election_type.currentData()),
        )
