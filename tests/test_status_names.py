"""The window, the printed report and the explanations name a recount status from one table, so the
board never reads "At own expense" on screen and "At requester's expense" on the page it signs."""

from __future__ import annotations

from recount_desktop.domain.rules import RecountStatus
from recount_desktop.domain.rules.explain import STATUS_WORDS as EXPLANATION_WORDS
from recount_desktop.reports.render import STATUS_WORDS as REPORT_WORDS
from recount_desktop.ui.widgets.models import STATUS_LABELS as WINDOW_LABELS


def test_window_and_report_use_the_same_label_for_every_status() -> None:
    for status in RecountStatus:
        assert WINDOW_LABELS[status] == REPORT_WORDS[status.value] == status.label


def test_explanations_use_the_same_table() -> None:
    assert {status: status.phrase for status in RecountStatus} == EXPLANATION_WORDS
    assert RecountStatus.AT_OWN_EXPENSE.label == "At requester's expense"


def test_every_status_has_a_distinct_label() -> None:
    labels = [status.label for status in RecountStatus]
    assert len(set(labels)) == len(labels)
