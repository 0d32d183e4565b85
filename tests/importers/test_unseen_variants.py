"""Files of the real county families that nobody here has seen (issue 11): two real files (Alamosa CO
2014, precincts as columns; Juab UT 2022, a wide sheet) are read straight from their cells, then
written back in other layouts and with other traits (title rows, other header words, total rows or
columns labelled otherwise or unlabelled or missing, percentage and registered-voter columns, blocks
side by side, CSV, counts as text with thousands separators). Each must import with the totals of
the units, or, when one count no longer matches the file's own total, be refused naming the cell.

Expected totals come from the cells of the real file (checked there against its own total column or
row) and the perturbation made here, never from the importer.
"""

from __future__ import annotations

import csv
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from openpyxl import Workbook
from python_calamine import CalamineWorkbook

from recount_desktop.importers import read_tally_file
from tests.conftest import REAL_DATA

Rows = list[list[object]]
Sheets = dict[str, Rows]


def _text(value: object) -> str:
    return " ".join(str(value).split())


@dataclass
class Model:
    """Units, and per contest per choice the counts of each unit; two contests are checked."""

    units: list[str]
    contests: dict[str, dict[str, list[int]]]
    checked: tuple[str, str]

    def totals(self, contest: str) -> dict[str, int]:
        return {choice: sum(counts) for choice, counts in self.contests[contest].items()}

    def bumped(self) -> Model:
        """One count changed: the first checked contest's first choice in the third unit, +10."""
        contests = {c: {k: list(v) for k, v in ch.items()} for c, ch in self.contests.items()}
        first = next(iter(contests[self.checked[0]]))
        contests[self.checked[0]][first][2] += 10
        return Model(self.units, contests, self.checked)


def _rows(path: Path, sheet: str) -> Rows:
    book = CalamineWorkbook.from_path(str(path))
    return [list(row) for row in book.get_sheet_by_name(sheet).to_python(skip_empty_area=False)]


def alamosa() -> Model:
    """Precincts as columns: ``Name - Party`` rows under contest-title rows, a ``Total`` column."""
    rows = _rows(REAL_DATA / "CO" / "2014 General Election Official Results By Precinct.xls", "Elec. Results")
    units = [_text(c) for c in rows[0][1:9]]
    contests: dict[str, dict[str, list[int]]] = {}
    current = ""
    for row in rows[1:]:
        if _text(row[0]) and not isinstance(row[1], float):
            current = _text(row[0])
            contests[current] = {}
        elif current and isinstance(row[1], float):
            counts = [int(v) for v in row[1:9]]  # type: ignore[call-overload]
            assert sum(counts) == int(row[9]), row  # type: ignore[call-overload]
            contests[current][_text(row[0]).split(" - ")[0]] = counts
    contests = {name: choices for name, choices in contests.items() if choices}
    return Model(units, contests, ("United States Senator", "County Sheriff"))


def juab() -> Model:
    """A wide sheet: contest names in row 3, choices in row 4, units below, a ``Totals:`` row."""
    rows = _rows(REAL_DATA / "UT" / "Juab Precinct Results.xlsx", "2022 General")
    unit_rows = [r for r in rows[4:] if _text(r[0]) and not _text(r[0]).startswith("Total")]
    totals_row = next(r for r in rows if _text(r[3]) == "Totals:")
    contests: dict[str, dict[str, list[int]]] = {}
    for col in range(4, len(rows[2])):
        head, name = _text(rows[2][col]), _text(rows[3][col])
        if head and name:
            counts = [int(r[col] or 0) for r in unit_rows]  # type: ignore[call-overload]
            assert sum(counts) == int(totals_row[col]), (head, name)  # type: ignore[call-overload]
            contests.setdefault(head, {})[name] = counts
    return Model([_text(r[0]) for r in unit_rows], contests, ("US Senate", "Juab Cnty Commiss Seat B"))


def _count(value: int, text: bool | str) -> object:
    """A count as a number, or as text with thousands separators (``"padded"``: spaces around)."""
    if text == "padded":
        return f" {value:,} "
    return f"{value:,}" if text else value


def abstract(
    m: Model,
    *,
    titles: int = 0,
    total: str | None = "Total",
    pct: bool = False,
    blank: bool = True,
    text: bool | str = False,
    reverse: bool = False,
    corner: str = "",
) -> Sheets:
    """Precincts as columns: a header of unit names (and a total column), contest-title rows."""
    order = list(range(len(m.units)))[:: -1 if reverse else 1]
    rows: Rows = [[f"Official Abstract of Votes {i}"] for i in range(titles)]
    header: list[object] = [corner, *(m.units[i] for i in order)]
    rows.append(header + ([total] if total is not None else []))
    rows[-1] += ["% of Total"] if pct else []
    for contest, choices in m.contests.items():
        rows.append([contest])
        whole = sum(sum(v) for v in choices.values()) or 1
        for choice, counts in choices.items():
            row: list[object] = [choice, *(_count(counts[i], text) for i in order)]
            row += [_count(sum(counts), text)] if total is not None else []
            row += [round(100 * sum(counts) / whole, 2)] if pct else []
            rows.append(row)
        rows += [[]] if blank else []
    return {"Results": rows}


def long(
    m: Model,
    *,
    words: tuple[str, str, str, str] = ("Precinct", "Contest", "Choice", "Votes"),
    order: tuple[int, ...] = (0, 1, 2, 3),
    county: str | None = None,
    text: bool = False,
    titles: int = 0,
    extras: bool = False,
) -> Sheets:
    """A row per unit, contest and choice; ``county`` adds a county-total row after each choice;
    ``extras`` adds a percentage and a registered-voters column."""
    rows: Rows = [[f"County results {i}"] for i in range(titles)]
    header: list[object] = [words[i] for i in order]
    rows.append(header + (["Percent", "Registered Voters"] if extras else []))
    for contest, choices in m.contests.items():
        whole = sum(sum(v) for v in choices.values()) or 1
        for choice, counts in choices.items():
            lines = list(zip(m.units, counts, strict=True))
            lines += [(county, sum(counts))] if county is not None else []
            for unit, count in lines:
                cells: list[object] = [unit, contest, choice, _count(count, text)]
                row = [cells[i] for i in order]
                row += [round(100 * count / whole, 1), 1000 + len(unit)] if extras else []
                rows.append(row)
    return {"Results": rows}


def _sovc_line(
    label: str,
    counts: dict[str, int],
    blocks: list[list[str]],
    extras: bool,
    total_col: bool,
    text: bool | str = False,
) -> list[object]:
    row: list[object] = []
    for b, block in enumerate(blocks):
        row += [label] + ([2000] if extras and b == 0 else []) + [_count(counts[c], text) for c in block]
        row += ["50.0%"] if extras and b == 0 else []
    return row + ([_count(sum(counts.values()), text)] if total_col else [])


def sovc(
    m: Model,
    *,
    total_label: str | None = "Total",
    total_col: bool = True,
    extras: bool = False,
    side_by_side: bool = False,
    unit_word: str = "Precinct",
    text: bool | str = False,
) -> Sheets:
    """One sheet per contest: ``Page: n of N`` and title rows, units as rows, a total row;
    ``extras`` adds registered-voter and percentage columns; ``side_by_side`` splits the choices
    into two blocks, each with its own unit column."""
    sheets: Sheets = {}
    for n, (contest, choices) in enumerate(m.contests.items(), start=1):
        names = list(choices)
        half = (len(names) + 1) // 2
        blocks = [names[:half], names[half:]] if side_by_side and len(names) > 1 else [names]
        head: list[object] = []
        for b, block in enumerate(blocks):
            head += [unit_word] + (["Registered Voters"] if extras and b == 0 else []) + list(block)
            head += ["Percent"] if extras and b == 0 else []
        rows: Rows = [[f"Page: {n} of {len(m.contests)}"], [f"{contest} (Vote for 1)"]]
        rows.append(head + (["Total Votes"] if total_col else []))
        for i, unit in enumerate(m.units):
            counts = {c: choices[c][i] for c in names}
            rows.append(_sovc_line(unit, counts, blocks, extras, total_col, text))
        if total_label is not None:
            totals = {c: sum(choices[c]) for c in names}
            rows.append(_sovc_line(total_label, totals, blocks, extras, total_col, text))
        sheets["".join(ch for ch in f"{n} {contest}" if ch not in "/\\?*[]:")[:31]] = rows
    return sheets


def wide(
    m: Model,
    *,
    total_label: str | None = "Total",
    text: bool | str = False,
    unit_word: str = "Precinct",
    on_choices: bool = False,
) -> Sheets:
    """The abstract transposed: units as rows, contest names repeated over their choices' columns;
    the unit header on the contest row (Juab), or ``on_choices`` on the choice row (Denver)."""
    columns = [(contest, choice) for contest, choices in m.contests.items() for choice in choices]
    over, beside = ("", unit_word) if on_choices else (unit_word, "")
    rows: Rows = [["Statement of Votes"], [over, *(c for c, _ in columns)]]
    rows.append([beside, *(k for _, k in columns)])
    for i, unit in enumerate(m.units):
        rows.append([unit, *(_count(m.contests[c][k][i], text) for c, k in columns)])
    if total_label is not None:
        rows.append([total_label, *(_count(sum(m.contests[c][k]), text) for c, k in columns)])
    return {"Results": rows}


def stacked(m: Model, *, unit_word: str = "Precinct Name", total_label: str = "Total") -> Sheets:
    """One sheet of blocks, one per contest (Scotts Bluff's canvass report): a header row with the
    unit word, the contest title and ``Total``, the choices on the row below, the units, a total row."""
    rows: Rows = [["", "GENERAL Election"], ["", "County Canvass Report"], []]
    for contest, choices in m.contests.items():
        names = list(choices)
        rows.append([unit_word, "", contest, *([""] * len(names)), "Total"])
        rows.append(["", "", *names, "Total"])  # the row's total, then (under 'Total') the block's
        for i, unit in enumerate(m.units):
            counts = [choices[c][i] for c in names]
            rows.append([unit, "", *counts, sum(counts), sum(counts)])
        totals = [sum(choices[c]) for c in names]
        rows += [[total_label, "", *totals, sum(totals), sum(totals)], []]
    return {"CountyCanvassReport": rows}


def _types(count: int) -> tuple[int, int, int]:
    """A count split into three vote types (polling, by mail, early) that add up to it."""
    polling, mail = count // 2, count // 3
    return polling, mail, count - polling - mail


def typed_rows(m: Model, *, unit_word: str = "Precinct", labels: tuple[str, ...] | None = None) -> Sheets:
    """One sheet per contest, each unit's name on a row of its own over its vote-type rows
    (``Polling``, ``Vote By Mail``, ``Early Voting``) and its ``Total`` row; a county total last."""
    types = labels or ("Polling", "Vote By Mail", "Early Voting")
    sheets: Sheets = {}
    for n, (contest, choices) in enumerate(m.contests.items(), start=1):
        names = list(choices)
        rows: Rows = [[f"Page: {n} of {len(m.contests)}"], [f"{contest} (Vote for 1)"], [unit_word, *names]]
        for i, unit in enumerate(m.units):
            split = [_types(choices[c][i]) for c in names]
            rows.append([unit])
            rows += [[label, *(parts[t] for parts in split)] for t, label in enumerate(types)]
            rows.append(["Total", *(choices[c][i] for c in names)])
        rows.append(["County - Total", *(sum(choices[c]) for c in names)])
        sheets["".join(ch for ch in f"{n} {contest}" if ch not in "/\\?*[]:")[:31]] = rows
    return sheets


def wide_three_rows(m: Model, *, party: str = "NON", total_label: str = "ZZZ, COUNTY TOTALS") -> Sheets:
    """Washington UT's export: the contest name over each of its columns (and over the unit
    columns, ``PRECINCT CODE`` and ``PRECINCT NAME``), a row of party codes, choice names with a
    party prefix (``NON MARK UDALL``), a last ``ZZZ, COUNTY TOTALS`` row."""
    columns = [(contest, choice) for contest, choices in m.contests.items() for choice in choices]
    rows: Rows = [
        ["PRECINCT CODE", "PRECINCT NAME", *(c for c, _ in columns)],
        ["", "", *([party] * len(columns))],
        ["", "", *(f"{party} {k}" for _, k in columns)],
    ]
    for i, unit in enumerate(m.units):
        rows.append([f"{i + 1:04d}", unit, *(m.contests[c][k][i] for c, k in columns)])
    rows.append(["", total_label, *(sum(m.contests[c][k]) for c, k in columns)])
    return {"Results": rows}


def abstract_typed(
    m: Model, *, labels: tuple[str, str, str] = ("Polling Place", "Early", "Mail-In")
) -> Sheets:
    """Precincts as columns, each candidate's name on a row of its own over its vote-type rows and
    an unlabelled row that is their total (Dakota-like abstracts)."""
    rows: Rows = [["", *m.units, "Total"]]
    for contest, choices in m.contests.items():
        rows.append([contest])
        for choice, counts in choices.items():
            rows.append([choice])
            split = [_types(count) for count in counts]
            for t, label in enumerate(labels):
                rows.append([label, *(parts[t] for parts in split), sum(parts[t] for parts in split)])
            rows.append(["", *counts, sum(counts)])
    return {"Results": rows}


def abstract_party_column(m: Model) -> Sheets:
    """San Miguel's abstract: candidate name and party in columns of their own, a ``% of Total``."""
    rows: Rows = [["Candidate", "Party", *m.units, "Total", "% of Total"]]
    for contest, choices in m.contests.items():
        rows.append([contest])
        whole = sum(sum(v) for v in choices.values()) or 1
        for choice, counts in choices.items():
            rows.append([choice, "NON", *counts, sum(counts), round(100 * sum(counts) / whole, 2)])
    return {"Results": rows}


def sovc_grouped_types(m: Model) -> Sheets:
    """Sarpy's statement: each candidate's name merged over ``Early Voting, Election Day,
    Provisionals, Total Votes`` sub-columns; a ``Total:`` row."""
    sheets: Sheets = {}
    for n, (contest, choices) in enumerate(m.contests.items(), start=1):
        names = list(choices)
        over: list[object] = [f"{contest} (Vote for 1)"]
        under: list[object] = ["Precinct"]
        for name in names:
            over += [name, "", "", ""]
            under += ["Early Voting", "Election Day", "Provisionals", "Total Votes"]
        rows: Rows = [[contest], over, under]
        for i, unit in enumerate(m.units):
            rows.append([unit, *(v for name in names for v in (*_types(choices[name][i]), choices[name][i]))])
        totals: list[object] = ["Total:"]
        for name in names:
            split = [_types(count) for count in choices[name]]
            totals += [*(sum(parts[t] for parts in split) for t in range(3)), sum(choices[name])]
        rows.append(totals)
        sheets[str(n + 1)] = rows
    return sheets


def wide_vote_for(m: Model) -> Sheets:
    """Davis-like: contest names, a ``Vote for 1`` row, then the choice row with the unit header."""
    rows = wide(m, on_choices=True)["Results"]
    rows.insert(2, ["", *(["Vote for 1"] * (len(rows[1]) - 1))])
    return {"Results": rows}


def wide_denver(m: Model) -> Sheets:
    """Denver's sheet: each contest's name over ``Total Votes, Undervotes, Overvotes`` and its
    choices; no total row."""
    rows: Rows = [[""], ["Precinct"]]
    for contest, choices in m.contests.items():
        rows[0] += [contest] * (len(choices) + 3)
        rows[1] += ["Total Votes", "Undervotes", "Overvotes", *choices]
    for i, unit in enumerate(m.units):
        row: list[object] = [unit]
        for choices in m.contests.values():
            row += [sum(v[i] for v in choices.values()), 3, 1, *(v[i] for v in choices.values())]
        rows.append(row)
    return {"Results": rows}


def wide_statistics(m: Model) -> Sheets:
    """A ``STATISTICS`` block (registered voters, ballots cast) left of the contests."""
    rows = wide(m, on_choices=True)["Results"]
    rows[1][1:1] = ["STATISTICS", ""]
    rows[2][1:1] = ["Registered Voters", "Ballots Cast"]
    for row in rows[3:]:
        row[1:1] = [5000, 3000]
    return {"Results": rows}


def abstract_name_party(m: Model) -> Sheets:
    """Alamosa's own labels: ``Name - Party`` in the choice column (write-in lines without)."""
    rows = abstract(m)["Results"]
    for row in rows[1:]:
        if len(row) > 2 and not str(row[0]).lower().startswith("write"):
            row[0] = f"{row[0]} - Democratic"
    return {"Results": rows}


def long_vote_types(m: Model) -> Sheets:
    """A row per vote type (``Vote Type``: Election Day, Mail, Early), no total rows."""
    rows: Rows = [["Precinct", "Contest", "Choice", "Vote Type", "Votes"]]
    for contest, choices in m.contests.items():
        for choice, counts in choices.items():
            for unit, count in zip(m.units, counts, strict=True):
                for kind, part in zip(("Election Day", "Mail", "Early"), _types(count), strict=True):
                    rows.append([unit, contest, choice, kind, part])
    return {"Results": rows}


def _numbered(m: Model) -> Model:
    return Model([f"{i + 1}" if i % 2 else u for i, u in enumerate(m.units)], m.contests, m.checked)


def _with_total_of(good: Sheets, bad: Sheets, is_total: Callable[[int, list[object]], bool]) -> Sheets:
    """``bad`` (the bumped units) with the total cells of ``good``: a total that no longer matches."""
    for name, rows in bad.items():
        for r, row in enumerate(rows):
            if row and is_total(r, row):
                rows[r] = good[name][r]
    return bad


def _total_column_of(good: Sheets, bad: Sheets, column: int) -> Sheets:
    for r, row in enumerate(bad["Results"]):
        if len(row) > column:
            row[column] = good["Results"][r][column]
    return bad


def _blank_between_contests(sheets: Sheets) -> Sheets:
    """A blank row wherever the contest column (the second) changes."""
    rows: Rows = []
    for row in sheets["Results"]:
        if len(rows) > 1 and rows[-1][1] != row[1]:
            rows.append([])
        rows.append(row)
    return {"Results": rows}


def write(path: Path, sheets: Sheets) -> Path:
    if path.suffix == ".csv":
        with path.open("w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(next(iter(sheets.values())))
        return path
    book = Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append([None if c == "" else c for c in row])
    book.save(path)
    return path


# name: (file suffix, the sheets to write from the real model, whether the import must be refused)
# A clean import must hold the units' totals (of the bumped model for "bumped" cases without a
# total to contradict them).
Build = Callable[[Model], Sheets]
VARIANTS: dict[str, tuple[str, Build, bool]] = {
    "abstract": (".xlsx", abstract, False),
    "abstract_three_title_rows": (".xlsx", lambda m: abstract(m, titles=3), False),
    "abstract_grand_total_column": (".xlsx", lambda m: abstract(m, total="Grand Total"), False),
    "abstract_county_column": (".xlsx", lambda m: abstract(m, total="COUNTY"), False),
    "abstract_unlabelled_total_column": (".xlsx", lambda m: abstract(m, total=""), False),
    "abstract_no_total_column": (".xlsx", lambda m: abstract(m, total=None), False),
    "abstract_percent_column": (".xlsx", lambda m: abstract(m, pct=True), False),
    "abstract_units_reordered": (".xlsx", lambda m: abstract(m, reverse=True), False),
    "abstract_no_blank_rows": (".xlsx", lambda m: abstract(m, blank=False), False),
    "abstract_corner_word": (".xlsx", lambda m: abstract(m, corner="Candidate"), False),
    "abstract_one_count_off": (
        ".xlsx",
        lambda m: _total_column_of(abstract(m), abstract(m.bumped()), len(m.units) + 1),
        True,
    ),
    "abstract_one_count_off_unlabelled_total": (
        ".xlsx",
        lambda m: _total_column_of(abstract(m, total=""), abstract(m.bumped(), total=""), len(m.units) + 1),
        True,
    ),
    "abstract_one_count_changed_no_total": (".xlsx", lambda m: abstract(m.bumped(), total=None), False),
    "long_csv": (".csv", long, False),
    "long_other_words": (
        ".csv",
        lambda m: long(m, words=("Pct", "Race", "Candidate Name", "Total Votes")),
        False,
    ),
    "long_office_candidate": (
        ".csv",
        lambda m: long(m, words=("Precinct", "Office", "Candidate", "Votes")),
        False,
    ),
    "long_voting_district": (
        ".csv",
        lambda m: long(m, words=("Voting District", "Contest", "Choice", "Votes")),
        False,
    ),
    "long_count_column": (".csv", lambda m: long(m, words=("Precinct", "Contest", "Choice", "Count")), False),
    "long_columns_reordered": (".csv", lambda m: long(m, order=(3, 2, 0, 1)), False),
    "long_total_rows": (".csv", lambda m: long(m, county="Total"), False),
    "long_grand_total_rows": (".csv", lambda m: long(m, county="Grand Total"), False),
    "long_blank_total_rows": (".csv", lambda m: long(m, county=""), False),
    "long_county_rows_xlsx": (".xlsx", lambda m: long(m, county="COUNTY"), False),
    "long_county_abbreviation_rows_xlsx": (".xlsx", lambda m: long(m, county="ALAMOSA CO"), False),
    "long_countywide_rows_office_words": (
        ".csv",
        lambda m: long(m, county="Countywide", words=("Precinct", "Office", "Candidate", "Votes")),
        False,
    ),
    "long_blank_row_between_contests": (".csv", lambda m: _blank_between_contests(long(m)), False),
    "long_one_count_off_total_rows": (
        ".csv",
        lambda m: _with_total_of(
            long(m, county="Total"), long(m.bumped(), county="Total"), lambda _, row: row[0] == "Total"
        ),
        True,
    ),
    "long_thousands_as_text": (".csv", lambda m: long(m, text=True, county="Total"), False),
    "long_titles_percent_registered": (".xlsx", lambda m: long(m, titles=2, extras=True), False),
    "sovc": (".xlsx", sovc, False),
    "sovc_grand_total": (".xlsx", lambda m: sovc(m, total_label="Grand Total"), False),
    "sovc_county_dash_total": (".xlsx", lambda m: sovc(m, total_label="County - Total"), False),
    "sovc_no_totals": (".xlsx", lambda m: sovc(m, total_label=None, total_col=False), False),
    "sovc_registered_and_percent": (".xlsx", lambda m: sovc(m, extras=True), False),
    "sovc_blocks_side_by_side": (".xlsx", lambda m: sovc(m, side_by_side=True), False),
    "sovc_one_count_off": (
        ".xlsx",
        lambda m: _with_total_of(sovc(m), sovc(m.bumped()), lambda _, row: _text(row[0]) == "Total"),
        True,
    ),
    "wide_transposed": (".xlsx", wide, False),
    "wide_grand_total_thousands_csv": (
        ".csv",
        lambda m: wide(m, total_label="Grand Total", text=True),
        False,
    ),
    "wide_no_total": (".xlsx", lambda m: wide(m, total_label=None), False),
    "wide_county_row": (".xlsx", lambda m: wide(m, total_label="COUNTY"), False),
    # a total named as the county and one count off: by its label it is checked, never a unit (these
    # imported with every count doubled before the label rule)
    "long_county_rows_one_count_off": (
        ".xlsx",
        lambda m: _with_total_of(
            long(m, county="COUNTY"), long(m.bumped(), county="COUNTY"), lambda _, row: row[0] == "COUNTY"
        ),
        True,
    ),
    "long_county_rows_csv": (".csv", lambda m: long(m, county="COUNTY"), False),
    "sovc_county_row": (".xlsx", lambda m: sovc(m, total_label="COUNTY"), False),
    "sovc_unlabelled_total_row": (".xlsx", lambda m: sovc(m, total_label=""), False),
    "wide_county_row_one_count_off": (
        ".xlsx",
        lambda m: _with_total_of(
            wide(m, total_label="COUNTY"),
            wide(m.bumped(), total_label="COUNTY"),
            lambda _, row: _text(row[0]) == "COUNTY",
        ),
        True,
    ),
    "wide_one_count_off": (
        ".xlsx",
        lambda m: _with_total_of(wide(m), wide(m.bumped()), lambda _, row: _text(row[0]) == "Total"),
        True,
    ),
}

# Words counties put over the unit column (issue 11): each must name it in every layout that has one.
UNIT_WORDS = (
    "Precinct",
    "Precinct Name",
    "Precinct ID",
    "Precinct Code",
    "PRECINCT CODE",
    "Precinct Number",
    "Precinct #",
    "Precinct No.",
    "Precinct Split",
    "Precinct Portion",
    "Precincts",
    "Pct",
    "Pct.",
    "Pct #",
    "Pct Name",
    "Prec",
    "Prec.",
    "Voting District",
    "Voting Precinct",
    "Election District",
    "District",
    "Ward",
    "Ward - Precinct",
    "Ward/Precinct",
    "Ballot Style",
    "Style",
    "Split",
    "Split Precinct",
    "Polling Place",
    "Polling Location",
    "Vote Center",
    "Vote Centers",
    "Reporting Unit",
)


_MARKS = {".": " dot ", "#": " hash ", "/": " slash ", "-": " dash "}


def _slug(word: str) -> str:
    """A test id for a header word: 'Pct.', 'Pct #' and 'Pct' stay three ids."""
    return "_".join("".join(_MARKS.get(ch, ch if ch.isalnum() else " ") for ch in word.lower()).split())


for _word in UNIT_WORDS:
    _s = _slug(_word) + ("_caps" if _word.isupper() else "")
    VARIANTS[f"sovc_unit_{_s}"] = (".xlsx", lambda m, w=_word: sovc(m, unit_word=w), False)
    VARIANTS[f"wide_unit_{_s}"] = (".xlsx", lambda m, w=_word: wide(m, unit_word=w), False)
    VARIANTS[f"wide_unit_on_choices_{_s}"] = (
        ".xlsx",
        lambda m, w=_word: wide(m, unit_word=w, on_choices=True),
        False,
    )
    VARIANTS[f"long_unit_{_s}"] = (
        ".csv",
        lambda m, w=_word: long(m, words=(w, "Contest", "Choice", "Votes")),
        False,
    )

# an abstract saved as CSV, and counts stored as text in a workbook (issue 11)
VARIANTS.update(
    {
        "abstract_csv": (".csv", abstract, False),
        "abstract_csv_titles_percent": (".csv", lambda m: abstract(m, titles=2, pct=True), False),
        "abstract_csv_thousands": (".csv", lambda m: abstract(m, text=True), False),
        "abstract_csv_no_total_column": (".csv", lambda m: abstract(m, total=None), False),
        "abstract_csv_one_count_off": (
            ".csv",
            lambda m: _total_column_of(abstract(m), abstract(m.bumped()), len(m.units) + 1),
            True,
        ),
        "abstract_counts_as_text": (".xlsx", lambda m: abstract(m, text=True), False),
        "abstract_counts_as_padded_text": (".xlsx", lambda m: abstract(m, text="padded"), False),
        "abstract_counts_as_text_titles": (".xlsx", lambda m: abstract(m, text=True, titles=2), False),
        "abstract_counts_as_text_one_count_off": (
            ".xlsx",
            lambda m: _total_column_of(
                abstract(m, text=True), abstract(m.bumped(), text=True), len(m.units) + 1
            ),
            True,
        ),
        "sovc_counts_as_text": (".xlsx", lambda m: sovc(m, text=True), False),
        "sovc_counts_as_padded_text": (".xlsx", lambda m: sovc(m, text="padded"), False),
        "wide_counts_as_text": (".xlsx", lambda m: wide(m, text=True), False),
        "wide_counts_as_padded_text": (".xlsx", lambda m: wide(m, text="padded"), False),
        "long_counts_as_text_xlsx": (".xlsx", lambda m: long(m, text=True), False),
        # the corner cell over the choice names says a unit word: as in a statement read as an
        # abstract, the names down that column would be units; refused naming the cell (the wizard
        # or a profile reads it), never contests named 'Pct - United States Senator'
        **{
            f"abstract_corner_{_slug(w)}": (".xlsx", lambda m, w=w: abstract(m, corner=w), True)
            for w in ("Precinct", "Pct", "District", "Ward", "Ballot Style", "Voting District")
        },
    }
)

# the other families of the real county files: stacked blocks, vote-type rows per unit, several
# header rows (issue 11)
VARIANTS.update(
    {
        "stacked_blocks": (".xlsx", stacked, False),
        "stacked_blocks_pct": (".xlsx", lambda m: stacked(m, unit_word="Pct"), False),
        "stacked_blocks_totals_label": (".xlsx", lambda m: stacked(m, total_label="TOTALS"), False),
        "stacked_blocks_one_count_off": (
            ".xlsx",
            lambda m: _with_total_of(stacked(m), stacked(m.bumped()), lambda _, row: row[0] == "Total"),
            True,
        ),
        "typed_rows_per_unit": (".xlsx", typed_rows, False),
        "typed_rows_per_unit_voting_district": (
            ".xlsx",
            lambda m: typed_rows(m, unit_word="Voting District"),
            False,
        ),
        "typed_rows_per_unit_other_types": (
            ".xlsx",
            lambda m: typed_rows(m, labels=("Vote Centers", "In-Office", "Early")),
            False,
        ),
        "typed_rows_per_unit_one_count_off": (
            ".xlsx",
            lambda m: _with_total_of(
                typed_rows(m), typed_rows(m.bumped()), lambda _, row: _text(row[0]) == "County - Total"
            ),
            True,
        ),
        # every other unit named by a bare number ("2"): such a header cell names no unit (a row
        # of numbers is data), so its counts are refused naming the cells, never left out
        "abstract_numbered_units": (".xlsx", lambda m: abstract(_numbered(m)), True),
        "abstract_numbered_units_csv": (".csv", lambda m: abstract(_numbered(m)), True),
        "abstract_vote_type_rows": (".xlsx", abstract_typed, False),
        "abstract_vote_type_rows_csv": (".csv", abstract_typed, False),
        "abstract_vote_type_rows_other_words": (
            ".xlsx",
            lambda m: abstract_typed(m, labels=("Polling", "Early Voting", "Absentee")),
            False,
        ),
        "abstract_party_column": (".xlsx", abstract_party_column, False),
        "abstract_party_column_csv": (".csv", abstract_party_column, False),
        "sovc_grouped_vote_types": (".xlsx", sovc_grouped_types, False),
        "wide_vote_for_row": (".xlsx", wide_vote_for, False),
        "wide_total_under_over_votes": (".xlsx", wide_denver, False),
        "wide_statistics_block": (".xlsx", wide_statistics, False),
        "abstract_name_dash_party": (".xlsx", abstract_name_party, False),
        "long_vote_type_rows_csv": (".csv", long_vote_types, False),
        "wide_three_header_rows": (".xlsx", wide_three_rows, False),
        "wide_three_header_rows_csv": (".csv", wide_three_rows, False),
        "wide_three_header_rows_dem": (".csv", lambda m: wide_three_rows(m, party="DEM"), False),
        "wide_three_header_rows_one_count_off": (
            ".csv",
            lambda m: _with_total_of(
                wide_three_rows(m), wide_three_rows(m.bumped()), lambda _, row: "TOTALS" in _text(row[1])
            ),
            True,
        ),
    }
)

MODELS: dict[str, Callable[[], Model]] = {"alamosa": alamosa, "juab": juab}


@pytest.fixture(scope="module")
def models() -> dict[str, Model]:
    return {name: read() for name, read in MODELS.items()}


def _contest(names: list[str], wanted: str) -> str:
    """The imported contest for a title (an SOVC title row adds ``(Vote for 1)``)."""
    exact = [n for n in names if _text(n) == wanted]
    return (exact or [n for n in names if _text(n).startswith(wanted + " (")])[0]


@pytest.mark.parametrize("model", list(MODELS))
@pytest.mark.parametrize("variant", list(VARIANTS))
def test_an_unseen_variant_imports_right_or_is_refused_naming_the_cell(
    tmp_path: Path, models: dict[str, Model], model: str, variant: str
) -> None:
    suffix, build, refused = VARIANTS[variant]
    real = models[model]
    path = write(tmp_path / f"{model}_{variant}{suffix}", build(real))
    imported = read_tally_file(path)
    if refused:
        assert imported.results is None and imported.errors
        assert all(e.cell for e in imported.errors), imported.errors
        first = real.contests[real.checked[0]]
        wrong_total, units_sum = sum(next(iter(first.values()))), sum(next(iter(first.values()))) + 10
        if variant.startswith("abstract_corner_"):
            assert "is headed" in imported.errors[0].message and imported.errors[0].cell == "A1"
        elif variant.startswith("abstract_numbered_units"):
            assert "holds the number 2, not a unit name" in imported.errors[0].message
        elif variant != "abstract_one_count_off_unlabelled_total":  # that one is a column of no unit
            assert any(f"{units_sum}" in e.message and f"{wrong_total}" in e.message for e in imported.errors)
        return
    assert imported.errors == (), imported.errors[:3]
    results = imported.results
    assert results is not None
    expected = real.bumped() if "count_changed" in variant else real
    assert sorted(p.name for p in results.precincts) == sorted(real.units)
    names = [c.name for c in results.contests]
    assert len(names) == len(real.contests)
    for contest in real.checked:
        got = {_text(k): v for k, v in results.totals(_contest(names, contest)).items()}
        assert got == expected.totals(contest)
