"""Write ``sample_election.xlsx``: a small, realistic Nebraska county election in the tally template.

Cass County-like: twelve precincts plus early-voting and provisional counting groups, a close
commissioner race, a comfortable sheriff race, a vote-for-3 school board decided by a few votes at
the third seat, a mayor race and a library levy question. Numbers come from a fixed seed, then the
last precinct is adjusted so each contest lands exactly on its designed totals.

Run: .venv/bin/python sample_data/make_sample.py
"""

from __future__ import annotations

import random
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font

PRECINCTS = [f"Precinct {n:02d}" for n in range(1, 13)] + ["Early Voting", "Provisional"]

# contest -> (designed totals per choice, party per choice or None)
CONTESTS: dict[str, dict[str, int]] = {
    "County Commissioner District 2": {"Ruth Becker": 3121, "Tom Hadley": 3080, "Write-in": 12},
    "County Sheriff": {"Dale Kruger": 5210, "Maria Ochoa": 2964},
    "Mayor of Plattsmouth": {"Ellen Fitch": 1502, "Gary Novak": 1497},
    "Plattsmouth School Board (Vote For 3)": {
        "Ana Lindqvist": 2410, "Brent Stoll": 2288, "Carla Jiménez": 2175, "Dwight Amos": 2169,
        "Evelyn Marsh": 1322,
    },
    "Library Levy Question": {"Yes": 4102, "No": 4057},
}
PARTIES = {"Ruth Becker": "REP", "Tom Hadley": "DEM", "Dale Kruger": "REP", "Maria Ochoa": "DEM"}
ATTRIBUTES = {
    "County Commissioner District 2": ("candidate", 1, "county"),
    "County Sheriff": ("candidate", 1, "county"),
    "Mayor of Plattsmouth": ("candidate", 1, "municipal"),
    "Plattsmouth School Board (Vote For 3)": ("candidate", 3, "school_district"),
    "Library Levy Question": ("question", 1, "county"),
}
ELECTION = [
    ("State", "NE"),
    ("Jurisdiction", "Cass County"),
    ("Election Name", "General Election 2026"),
    ("Election Date", "2026-11-03"),
    ("Canvass Date", "2026-11-13"),
    ("Election Type", "general"),
    ("Board Member", "Margaret A. Holm, Chair, Cass County Board of Canvassers"),
    ("Board Member", "Luis R. Ortega, Member, Cass County Board of Canvassers"),
    ("Board Member", "Janet K. Weber, Cass County Clerk and Election Commissioner"),
]


def split_total(total: int, rng: random.Random) -> list[int]:
    """Spread ``total`` over the precincts with realistic unevenness; the parts sum exactly."""
    weights = [rng.uniform(0.6, 1.4) for _ in PRECINCTS[:-2]] + [rng.uniform(2.5, 3.5), 0.08]
    parts = [int(total * w / sum(weights)) for w in weights]
    parts[0] += total - sum(parts)
    return parts


def build(path: Path) -> None:
    rng = random.Random(20261103)
    book = Workbook()
    tallies = book.active
    tallies.title = "Tallies"
    tallies.append(["Precinct", "Contest", "Choice", "Party", "Votes"])
    for contest, totals in CONTESTS.items():
        columns = {choice: split_total(total, rng) for choice, total in totals.items()}
        for i, precinct in enumerate(PRECINCTS):
            for choice in totals:
                tallies.append([precinct, contest, choice, PARTIES.get(choice, ""), columns[choice][i]])
            ballots = sum(columns[c][i] for c in totals)
            seats = ATTRIBUTES[contest][1]
            tallies.append([precinct, contest, "Under Votes", "", max(1, ballots // 40) * seats])
            tallies.append([precinct, contest, "Over Votes", "", ballots % 3])
    contests = book.create_sheet("Contests")
    contests.append(["Contest", "Kind", "Seats", "Scope", "Approval"])
    for contest, (kind, seats, scope) in ATTRIBUTES.items():
        contests.append([contest, kind, seats, scope, "majority" if kind == "question" else ""])
    election = book.create_sheet("Election")
    election.append(["Field", "Value"])
    for row in ELECTION:
        election.append(list(row))
    for sheet in book.worksheets:
        for cell in sheet[1]:
            cell.font = Font(bold=True)
        sheet.freeze_panes = "A2"
    book.save(path)


if __name__ == "__main__":
    target = Path(__file__).with_name("sample_election.xlsx")
    build(target)
    print(f"wrote {target}")
