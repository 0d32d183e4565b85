"""Nebraska 32-1119(6): the board sets what counts as a substantial change from Election set-up, and the
reconciliation page says what the statute says follows (issue 12, item 12)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QPushButton


def test_the_board_sets_the_substantial_change_thresholds(sample_window, qtbot) -> None:
    window = sample_window
    page = window.setup_page
    window.show_page(5)
    _, votes, percent, save = page.substantial
    assert isinstance(votes, QLineEdit) and isinstance(percent, QLineEdit) and isinstance(save, QPushButton)
    assert votes.objectName() == "substantialVotes" and save.isVisible()
    votes.clear()
    qtbot.keyClicks(votes, "5")
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    assert window.snapshot.settings["recount.substantial_change_votes"] == "5"
    assert "more than 5 votes" in page.message.text()
    _, votes, _, save = page.substantial  # the page was redrawn from the new snapshot
    assert isinstance(votes, QLineEdit) and votes.text() == "5"
    votes.clear()
    qtbot.keyClicks(votes, "five")
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    assert "Not saved" in page.message.text() and "whole number" in page.message.text()
    assert window.snapshot.settings["recount.substantial_change_votes"] == "5"  # unchanged
