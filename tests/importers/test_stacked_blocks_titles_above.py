"""Stacked blocks in one sheet, each a title row over its own ``Precinct | candidates`` header
(issue 11 section 2; the second review's finding G, blocks_names.xlsx and blocks3t.xlsx). The
reader assumed Scotts Bluff's layout (title beside ``Precinct``, choices on the row below), so it
stored a contest named after the first candidate, choices named "10.0" and "20.0", and lost each
block's first precinct, with exit 0; with total rows it refused with nonsense. A block's choices
are its header row's names when the row below holds counts, its title the row above, and a number
is never a choice's name."""

from __future__ import annotations

from pathlib import Path

from recount_desktop.importers import read_tally_file, sovc
from recount_desktop.importers.reader import TallyImport
from recount_desktop.importers.source import Sheet
from tests.importers.conftest import write_xlsx

GOVERNOR: list[list[object]] = [
    ["GOVERNOR"],
    ["Precinct", "Ada Lovelace", "Bob Smith", "Write-in"],
    ["Adams", 10, 20, 1],
    ["Baker", 30, 5, 2],
    ["Clay", 1, 1, 1],
]
MAYOR: list[list[object]] = [
    ["MAYOR"],
    ["Precinct", "Cy Young", "Di Prince", "Write-in"],
    ["Adams", 50, 7, 0],
    ["Baker", 8, 9, 4],
    ["Clay", 1, 1, 1],
]


def _import(tmp_path: Path, rows: list[list[object]]) -> TallyImport:
    return read_tally_file(write_xlsx(tmp_path / "blocks.xlsx", {"Results": rows}))


def test_blocks_titled_above_their_header_read_every_precinct_under_its_title(tmp_path: Path) -> None:
    imported = _import(tmp_path, [*GOVERNOR, [], *MAYOR])
    assert imported.errors == () and imported.results is not None
    assert imported.layout == "sovc"
    assert imported.results.totals("GOVERNOR") == {"Ada Lovelace": 41, "Bob Smith": 26, "Write-in": 4}
    assert imported.results.totals("MAYOR") == {"Cy Young": 59, "Di Prince": 17, "Write-in": 5}
    assert sorted(p.name for p in imported.results.precincts) == ["Adams", "Baker", "Clay"]
    # the next block's title is no heading of the block above
    assert not [n for n in imported.notes.skipped if n.label == "MAYOR"]


TREASURER: list[list[object]] = [
    ["TREASURER"],
    ["Precinct", "Ed", "Flo"],
    ["Adams", 5, 6],
    ["Baker", 7, 8],
    ["Clay", 1, 1],
    ["Total", 13, 15],
]


def test_blocks_with_total_rows_check_them_against_their_units(tmp_path: Path) -> None:
    governor = [*GOVERNOR, ["Total", 41, 26, 4]]
    mayor = [*MAYOR, ["Total", 59, 17, 5]]
    imported = _import(tmp_path, [*governor, [], *mayor, [], *TREASURER])
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("MAYOR") == {"Cy Young": 59, "Di Prince": 17, "Write-in": 5}
    assert imported.results.totals("TREASURER") == {"Ed": 13, "Flo": 15}
    assert [n.cell for n in imported.notes.totals] == ["A6", "A13", "A20"]
    wrong = _import(tmp_path, [*governor, [], *MAYOR, ["Total", 60, 17, 5], [], *TREASURER])
    assert wrong.results is None
    [error] = wrong.errors
    assert error.cell == "B13" and "'MAYOR', 'Cy Young'" in error.message and "+1" in error.message


def test_a_number_is_never_a_choice_name(tmp_path: Path) -> None:
    """A block whose header row holds numbers where names belong: refused naming each cell, never
    stored as choices "1" and "2"."""
    numbered = [["MAYOR"], ["Precinct", 1, 2, 3], ["Adams", 50, 7, 0], ["Baker", 8, 9, 4]]
    imported = _import(tmp_path, [*GOVERNOR, [], *numbered])
    assert imported.results is None
    cells = [e.cell for e in imported.errors if "where a choice's name was expected" in e.message]
    assert cells == ["B8", "C8", "D8"]
    assert "'MAYOR': this cell holds the number 1 " in imported.errors[0].message


def test_scotts_bluff_blocks_keep_their_title_beside_the_unit_header(tmp_path: Path) -> None:
    """The canvass-report layout: title beside ``Precinct Name``, choices on the row below."""
    rows: list[list[object]] = [
        ["Precinct Name", None, "For President", None, "Total"],
        [None, None, "Hillary Clinton\nDEM", "Total"],
        ["Adams", None, 5, 5, 5],
        ["Baker", None, 7, 7, 7],
        ["Total", None, 12, 12, 12],
        ["Precinct Name", None, "For President", None, "Total"],
        [None, None, "Donald J. Trump\nREP", "Total"],
        ["Adams", None, 9, 9, 9],
        ["Baker", None, 4, 4, 4],
        ["Total", None, 13, 13, 13],
    ]
    imported = _import(tmp_path, rows)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("For President") == {"Hillary Clinton": 12, "Donald J. Trump": 13}


def test_two_blocks_under_one_title_with_other_candidates_are_refused(tmp_path: Path) -> None:
    """blocks_dup.xlsx: a second GOVERNOR block lists other candidates and a Write-in. Read as a
    split precinct's portions, the contest got five candidates and each precinct's write-ins were
    summed across the two blocks, with exit 0."""
    second = [["GOVERNOR"], *MAYOR[1:]]
    imported = _import(tmp_path, [*GOVERNOR, [], *second])
    assert imported.results is None
    [error] = imported.errors
    assert error.cell == "A8"
    assert "the blocks headed at A2 and A8 are both titled 'GOVERNOR'" in error.message
    assert "both list 'Write-in'" in error.message


def test_blocks_under_one_title_split_per_candidate_or_per_portion_are_read(tmp_path: Path) -> None:
    per_candidate = [
        ["GOVERNOR (continued)"],
        ["Precinct", "Cy Young"],
        ["Adams", 50],
        ["Baker", 8],
        ["Clay", 1],
    ]
    imported = _import(tmp_path, [*GOVERNOR, [], *per_candidate])
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("GOVERNOR")["Cy Young"] == 59
    portion = [["GOVERNOR"], GOVERNOR[1], ["Adams", 1, 1, 1]]
    split = _import(tmp_path, [*GOVERNOR, [], *portion, [], *MAYOR])
    assert split.errors == () and split.results is not None
    assert split.results.totals("GOVERNOR") == {"Ada Lovelace": 42, "Bob Smith": 27, "Write-in": 5}
    assert any("read as two portions of one precinct" in w.message for w in split.warnings)


def test_blocks_side_by_side_each_titled_above_are_two_contests(tmp_path: Path) -> None:
    """Two titled blocks in shared rows: they were one contest of four candidates (the repeated
    ``Precinct`` read as one table's second unit column), with --format sovc and exit 0."""
    rows: list[list[object]] = [
        ["GOVERNOR", None, None, None, "MAYOR"],
        ["Precinct", "Ada", "Bob", None, "Precinct", "Cy", "Di"],
        ["Adams", 10, 20, None, "Adams", 5, 6],
        ["Baker", 30, 5, None, "Baker", 7, 8],
        ["Clay", 1, 1, None, "Clay", 2, 2],
        ["Total", 41, 26, None, "Total", 14, 16],
    ]
    imported = _import(tmp_path, rows)
    assert imported.errors == () and imported.results is not None
    assert imported.results.totals("GOVERNOR") == {"Ada": 41, "Bob": 26}
    assert imported.results.totals("MAYOR") == {"Cy": 14, "Di": 16}
    # one table's unit column repeated under one title (a page printed beside the first): one contest
    rows[0] = ["GOVERNOR", None, None, None, "GOVERNOR (continued)"]
    rows[1] = ["Precinct", "Ada", "Bob", None, "Precinct", "Cy", "Di"]
    one = read_tally_file(write_xlsx(tmp_path / "one.xlsx", {"Results": rows}), format="sovc")
    assert one.results is not None and sorted(one.results.totals("GOVERNOR")) == ["Ada", "Bob", "Cy", "Di"]


def test_blocks_side_by_side_titled_over_their_candidates_are_two_contests(tmp_path: Path) -> None:
    """Third review, finding 7 (e1_side_over_cand.xlsx): each block's title over its first
    candidate's column, not over its unit header. With --format sovc MAYOR's title was ignored and
    its candidates read into GOVERNOR, exit 0."""
    rows: list[list[object]] = [
        [None, "GOVERNOR", None, None, None, "MAYOR (Vote for 1)"],
        ["Precinct", "Ada", "Bob", None, "Precinct", "Cy", "Di"],
        ["Adams", 10, 20, None, "Adams", 50, 7],
        ["Baker", 30, 5, None, "Baker", 8, 9],
        ["Clay", 3, 4, None, "Clay", 1, 2],
    ]
    for format in ("sovc", "auto"):
        imported = read_tally_file(write_xlsx(tmp_path / "side.xlsx", {"Results": rows}), format=format)
        assert imported.errors == () and imported.results is not None, format
        assert imported.results.totals("GOVERNOR") == {"Ada": 43, "Bob": 29}
        assert imported.results.totals("MAYOR (Vote for 1)") == {"Cy": 59, "Di": 18}
    # a row of candidates' names over vote-type columns is no row of titles: one contest
    typed: list[list[object]] = [
        [None, "Ada", None, None, "Bob"],
        ["Precinct", "Early Voting", "Total Votes", None, "Precinct", "Early Voting", "Total Votes"],
        ["Adams", 10, 10, None, "Adams", 5, 5],
    ]
    assert not sovc._titled_apart(Sheet("S", typed), 1, [0, 3])


def test_a_vote_for_line_under_a_block_title_gives_its_seats_not_its_name(tmp_path: Path) -> None:
    council = [["CITY COUNCIL"], ["(Vote for 2)"], *MAYOR[1:]]
    imported = _import(tmp_path, [*GOVERNOR, [], *council])
    assert imported.errors == () and imported.results is not None
    assert imported.results.contest("CITY COUNCIL").seats == 2
    assert imported.results.contest("GOVERNOR").seats == 1
    assert imported.results.totals("CITY COUNCIL") == {"Cy Young": 59, "Di Prince": 17, "Write-in": 5}


def test_untitled_blocks_read_as_one_contest_say_so_for_each_block(tmp_path: Path) -> None:
    """Blocks with no title at all (the layout the user chose, --format sovc) can only be one
    contest named after the sheet, a contest split by candidates; two contests would read the same.
    It is never silent: each block is named in a warning, so the board can check."""
    governor = [row[:3] for row in GOVERNOR[1:]]  # no shared Write-in line: that is refused
    mayor = [row[:3] for row in MAYOR[1:]]
    rows = [*governor, ["Total", 41, 26], [], *mayor, ["Total", 59, 17]]
    path = write_xlsx(tmp_path / "untitled.xlsx", {"Results": rows})
    imported = read_tally_file(path, format="sovc")
    assert imported.errors == () and imported.results is not None
    assert [c.name for c in imported.results.contests] == ["Results"]
    assert imported.results.totals("Results") == {
        "Ada Lovelace": 41,
        "Bob Smith": 26,
        "Cy Young": 59,
        "Di Prince": 17,
    }
    untitled = [(w.sheet, w.cell) for w in imported.warnings if "has no contest title above it" in w.message]
    assert untitled == [("Results", "A1"), ("Results", "A7")]
