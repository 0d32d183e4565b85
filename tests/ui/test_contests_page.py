"""The contests screen: badges, search and filter, a contest's findings, chart and precincts."""

from __future__ import annotations

from PySide6.QtCore import Qt

from recount_desktop.domain.rules import RecountStatus
from recount_desktop.ui.pages.contests_page import ContestsPage
from recount_desktop.ui.widgets.models import (
    ChoiceModel,
    ContestRow,
    ContestSummaryModel,
    PrecinctModel,
    precinct_rows,
)


def _listed(page: ContestsPage) -> list[tuple[str, str]]:
    proxy = page.proxy
    return [(proxy.index(r, 0).data(), proxy.index(r, 6).data()) for r in range(proxy.rowCount())]


def test_the_sample_contests_carry_their_recount_badges(sample_window) -> None:
    page = sample_window.contests_page
    assert _listed(page) == [
        ("County Commissioner District 2", "At requester's expense"),
        ("County Sheriff", "At requester's expense"),
        ("Mayor of Plattsmouth", "Automatic recount"),
        ("Plattsmouth School Board (Vote For 3)", "Automatic recount"),
        ("Library Levy Question", "No recount route"),
    ]
    colour = page.proxy.index(2, 6).data(Qt.ItemDataRole.BackgroundRole).color().name()
    assert colour != page.proxy.index(0, 6).data(Qt.ItemDataRole.BackgroundRole).color().name()


def test_search_and_status_filter_narrow_the_list(sample_window, qtbot) -> None:
    page = sample_window.contests_page
    qtbot.keyClicks(page.search, "novak")  # a candidate's name finds the contest
    assert [name for name, _ in _listed(page)] == ["Mayor of Plattsmouth"]
    page.search.clear()
    page.status_filter.setCurrentIndex(page.status_filter.findData(RecountStatus.AUTOMATIC))
    assert [name for name, _ in _listed(page)] == [
        "Mayor of Plattsmouth",
        "Plattsmouth School Board (Vote For 3)",
    ]


def test_ctrl_f_goes_to_the_search_box(sample_window, qtbot) -> None:
    sample_window.show_page(1) if sample_window.pages.count() > 1 else None
    qtbot.keyClick(sample_window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert sample_window.pages.currentIndex() == 0
    assert sample_window.contests_page.search.hasFocus()


def test_choosing_a_contest_shows_its_finding_with_citation_deadline_and_cost(sample_window, qtbot) -> None:
    page = sample_window.contests_page
    page.table.setFocus()
    qtbot.keyClick(page.table, Qt.Key.Key_Down)  # County Sheriff
    qtbot.keyClick(page.table, Qt.Key.Key_Down)  # Mayor of Plattsmouth
    assert page.heading.text() == "Mayor of Plattsmouth"
    text = page.findings.toPlainText()
    assert "Gary Novak" in text and "Automatic" in text
    assert "Margin: 5 votes (to Ellen Fitch)" in text
    assert "Limit: 15.02 votes" in text
    assert "Citation: Neb. Rev. Stat. 32-1119(1)(a)" in text
    assert "Paid by the political subdivisions" in text
    assert [(b.choice, b.margin, b.within) for b in page.chart.bars] == [("Gary Novak", 5, True)]
    rows = [page.choices.index(r, 1).data() + ":" + page.choices.index(r, 3).data() for r in range(2)]
    assert rows == ["Ellen Fitch:1,502", "Gary Novak:1,497"]


def test_a_request_finding_shows_its_deadline(sample_window) -> None:
    page = sample_window.contests_page
    page.select_contest("County Commissioner District 2")
    text = page.findings.toPlainText()
    assert "Deadline: Monday 16 November 2026, 23:59" in text
    assert "12 precincts x $100 = $1,200" in text
    assert page.chart.bars[0].within is False


def test_precinct_table_sorts_and_filters(sample_window, qtbot) -> None:
    page = sample_window.contests_page
    page.select_contest("County Sheriff")
    page.tabs.setCurrentIndex(1)
    proxy = page.precinct_proxy
    total = proxy.rowCount()
    assert total == 14
    column = [
        page.precincts.headerData(c, Qt.Orientation.Horizontal) for c in range(page.precincts.columnCount())
    ]
    kruger = column.index("Dale Kruger")
    page.precinct_table.sortByColumn(kruger, Qt.SortOrder.DescendingOrder)
    values = [int(proxy.index(r, kruger).data().replace(",", "")) for r in range(total)]
    assert values == sorted(values, reverse=True)
    qtbot.keyClicks(page.precinct_filter, "provisional")
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == ["Provisional (counting group)"]


def test_table_models_pass_the_model_tester(qtmodeltester, sample_window) -> None:
    snapshot = sample_window.snapshot
    statuses = {n: snapshot.strongest_status(n) for n in snapshot.analyses}
    qtmodeltester.check(ContestSummaryModel(ContestRow.build(snapshot.results, statuses, snapshot.progress)))
    page = sample_window.contests_page
    page.select_contest("Plattsmouth School Board (Vote For 3)")
    qtmodeltester.check(page.choices)
    qtmodeltester.check(page.precincts)
    assert isinstance(page.choices, ChoiceModel) and isinstance(page.precincts, PrecinctModel)


def test_suppressed_cells_stay_visible(results) -> None:
    from dataclasses import replace

    from recount_desktop.domain import ElectionResults

    tallies = tuple(replace(t, votes=0, vote_types=(), suppressed=True)
                    if (t.precinct, t.choice) == ("Precinct 2", "Bo Brandt") else t for t in results.tallies)
    changed = ElectionResults(results.contests, results.precincts, tallies, results.statistics)
    model = PrecinctModel(changed.contest("Mayor").choice_names())
    model.set_rows(precinct_rows(changed, "Mayor"))
    assert model.data(model.index(1, 2)) == "suppressed"
    assert model.data(model.index(1, 2), Qt.ItemDataRole.BackgroundRole) is not None
    assert model.data(model.index(0, 6)) == "3"  # under votes of Precinct 1
