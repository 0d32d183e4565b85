"""The digital signature's visible stamp never covers text of the certification page.

The stamp goes in a fixed corner of the last page (pages.STAMP_BOX). Boards of 1 to 8 members push the
end of the certification to every height of the page, so one of them ends where the stamp goes.
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from pypdf import PdfReader

from recount_desktop.domain import BoardMember
from recount_desktop.reports import render
from recount_desktop.reports.pages import STAMP_BOX
from recount_desktop.reports.render import render_report
from recount_desktop.reports.report_data import build_report_data
from recount_desktop.store import ElectionFile


def text_in_stamp_box(pdf: bytes) -> list[tuple[float, str]]:
    """Text drawn on the last page inside the stamp's height band, as (y, text)."""
    page = PdfReader(io.BytesIO(pdf)).pages[-1]
    found: list[tuple[float, str]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        y = tm[5] * cm[3] + cm[5]
        if text.strip() and STAMP_BOX[1] - 2 <= y <= STAMP_BOX[3] + 2:
            found.append((round(y, 1), text.strip()))

    page.extract_text(visitor_text=visit)
    return found


def certification_pdfs(store: ElectionFile, sizes: range) -> list[bytes]:
    election = store.election()
    pdfs = []
    for size in sizes:
        board = tuple(BoardMember(f"Member Number {n}", "Member, County Recount Board") for n in range(size))
        store.update_election(replace(election, board_members=(*board, election.board_members[-1])))
        pdfs.append(render_report(build_report_data(store)))
    return pdfs


@pytest.mark.slow
def test_no_board_size_puts_a_signature_line_under_the_stamp(story: ElectionFile) -> None:
    pdfs = certification_pdfs(story, range(1, 9))
    texts = [PdfReader(io.BytesIO(pdf)).pages[-1].extract_text() for pdf in pdfs]
    assert all("Printed name" in text for text in texts)
    assert [text_in_stamp_box(pdf) for pdf in pdfs] == [[]] * len(pdfs)


@pytest.mark.slow
def test_the_check_sees_text_where_the_stamp_goes(story: ElectionFile, monkeypatch) -> None:
    # The old layout (the certification frame as deep as the others) lets some board size reach the band.
    monkeypatch.setattr(render, "STAMP_CLEAR_BOTTOM", 0.8 * 72)
    pdfs = certification_pdfs(story, range(1, 9))
    assert any(text_in_stamp_box(pdf) for pdf in pdfs)
