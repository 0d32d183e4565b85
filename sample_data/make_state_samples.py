"""Write ``sample_<state>.xlsx``: one realistic election per state that exercises its recount rules.

Each has a contest just inside and one just outside each threshold, a multi-seat race, a question and
a tie, in the CONTRACT.md tally template (Tallies, Contests, Election sheets). Designed totals are
split over four precincts and two vote types with whole-number arithmetic, so each contest lands
exactly on its totals. ``EXPECTED`` records the finding each designed contest must give.

Run: .venv/bin/python sample_data/make_state_samples.py
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font

from recount_desktop.importers.template_writer import CONTESTS as CONTEST_COLUMNS

HERE = Path(__file__).resolve().parent
PRECINCTS = ("Precinct 1", "Precinct 2", "Precinct 3", "Precinct 4")
WEIGHTS = (30, 25, 25, 20)

# state -> (election fields, counties by precinct, contests: name -> (totals, attributes))
Contests = dict[str, tuple[dict[str, int], dict[str, object]]]

NE: Contests = {
    "County Commissioner District 2": ({"Ruth Becker": 2000, "Tom Hadley": 1980}, {}),  # 20 <= 1% of 2000
    "County Attorney": ({"Lena Ortiz": 2000, "Paul Grady": 1979}, {}),  # 21 > 20
    "Village Board (Vote For 3)": (
        {"Amy Cole": 100, "Ben Dahl": 95, "Cy Eck": 90, "Di Falk": 88, "Ed Gore": 50},
        {"Seats": 3, "Scope": "municipal"},
    ),  # T=423: 2 <= 2% of 100
    "Public Service Commissioner District 2": (
        {"Rod Hahn": 5000, "Jo Iverson": 4950},
        {"Filed With": "sos"},
    ),  # 50 <= 50: 5th Wednesday
    "NRD Subdistrict 4": ({"Kay Jung": 410, "Lou Kerr": 410}, {}),  # tie
    "Library Bond Question": ({"Yes": 1500, "No": 1490}, {}),  # no route in 32-1119
}
CO: Contests = {
    "Director (Vote For 3)": (
        {"Ava Lund": 820, "Bo Moss": 790, "Cal Nye": 600, "Dee Orr": 597, "Eli Pratt": 400},
        {"Seats": 3, "Scope": "local_district"},
    ),  # 3 <= 1/2% of 600
    "Board President": ({"Fay Quist": 1000, "Gus Rowe": 995}, {"Scope": "local_district"}),  # 5 <= 5
    "Treasurer": ({"Hal Sund": 1000, "Ida Tate": 994}, {"Scope": "local_district"}),  # 6 > 5
    "Secretary": ({"Jan Uhl": 700, "Kit Vance": 700}, {"Scope": "local_district"}),  # tie
    "Ballot Issue 6A": ({"Yes": 1204, "No": 1198}, {"Scope": "local_district"}),  # 6 <= 6.02
}
OK: Contests = {
    "County Commissioner District 1": ({"Al Ames": 6000, "Bea Boyd": 4000}, {}),  # 10%+: extra deposit
    "County Sheriff": ({"Cole Cobb": 5400, "Dot Dunn": 4600}, {}),  # 8%: no extra deposit
    "Town Council (Vote For 2)": (
        {"Em Ely": 900, "Flo Fry": 850, "Gil Gunn": 845, "Hy Hale": 300},
        {"Seats": 2, "Scope": "municipal"},
    ),
    "City Proposition 1": ({"Yes": 7574, "No": 7425}, {"Scope": "municipal"}),  # T=14,999: 149 <= 149.99
    "City Proposition 2": ({"Yes": 7576, "No": 7424}, {"Scope": "municipal"}),  # T=15,000: 152 > 150
    "School Bond Proposition": (
        {"Yes": 5990, "No": 4010},
        {"Scope": "school_district", "Approval": "3/5"},
    ),  # 10 from 6,000 <= 100
    "State Question 820": (
        {"Yes": 50050, "No": 49950},
        {"Scope": "statewide", "Measure Type": "statutory"},
    ),  # automatic if funded
    "School Board Office 3": ({"Ivy Irwin": 812, "Jack Judd": 812}, {"Scope": "school_district"}),  # tie
}
MT: Contests = {
    "County Commissioner": ({"Ann Abel": 4010, "Bud Bates": 3990}, {}),  # 20 <= 1/4% of 8000
    "Clerk and Recorder": ({"Cy Crane": 4011, "Del Dorn": 3990}, {}),  # 21: bond (13-16-211)
    "Justice of the Peace": ({"Eve Elm": 505, "Fran Fox": 495}, {}),  # 10-vote floor
    "State Senate District 26": (
        {"Gail Gray": 3010, "Hank Holt": 2990},
        {"Scope": "legislative"},
    ),  # bond band
    "School Trustee (Vote For 2)": (
        {"Ike Ivy": 1200, "Jo Jay": 1100, "Kay Kim": 1097, "Lee Lam": 600},
        {"Seats": 2, "Scope": "school_district"},
    ),
    "County Library Levy": ({"Yes": 2005, "No": 1995}, {}),  # 10 <= 10
    "Fire District Bond": ({"Yes": 2006, "No": 1994}, {}),  # 12 > 10
    "Town Council Ward 1": ({"Max Moe": 350, "Ned Noe": 350}, {"Scope": "municipal"}),  # tie: 13-16-203
}
UT: Contests = {
    "County Council Seat A": ({"Ari Ash": 2000, "Bea Bell": 1990, "Cass Cole": 10}, {}),  # 10 <= 10
    "County Recorder": ({"Dan Dee": 2000, "Eve Eads": 1990, "Fin Ford": 9}, {}),  # 10 > 9.9975
    "Town Council (Vote For 2)": (
        {"Gay Goff": 200, "Hal Hurd": 180, "Ian Ide": 179, "Jen Jost": 20},
        {"Seats": 2, "Scope": "municipal"},
    ),  # 1 <= 1.4475
    "Town Treasurer": ({"Kim Kay": 150, "Lou Low": 149}, {"Scope": "municipal"}),  # T=299: one vote
    "Town Clerk": ({"Mo May": 150, "Nia Nix": 148}, {"Scope": "municipal"}),  # two votes: none
    "Cemetery District Trustee": ({"Oz Orr": 120, "Pat Poe": 120}, {"Scope": "local_district"}),  # tie
    "City Council District 3": (
        {"Quin Quay": 900, "Ray Roe": 899},
        {"Scope": "municipal", "Voting Method": "irv"},
    ),
    "Proposition 1": ({"Yes": 2005, "No": 1995}, {}),  # 10 <= 10: voters pay
}

ELECTIONS = {
    "NE": ("Sarpy County", "General Election 2026", "2026-11-03", "2026-11-16", NE),
    "CO": (
        "Mountain View Metropolitan District",
        "Regular Special District Election 2026",
        "2026-05-05",
        "2026-05-12",
        CO,
    ),
    "OK": ("Cleveland County", "General Election 2026", "2026-11-03", "2026-11-06", OK),
    "MT": ("Yellowstone County", "General Election 2026", "2026-11-03", "2026-11-17", MT),
    "UT": ("Cache County", "General Election 2026", "2026-11-03", "2026-11-17", UT),
}

# The Colorado sample is a special district's own election under the local government code.
ELECTION_TYPES = {"CO": "local_district"}

# contest -> (choice, recount status) the designed numbers must produce with default readings
EXPECTED = {
    "NE": {
        "County Commissioner District 2": ("Tom Hadley", "automatic"),
        "County Attorney": ("Paul Grady", "at_own_expense"),
        "Village Board (Vote For 3)": ("Di Falk", "automatic"),
        "Public Service Commissioner District 2": ("Jo Iverson", "automatic"),
        "NRD Subdistrict 4": ("Lou Kerr", "automatic"),
        "Library Bond Question": ("No", "none"),
    },
    "CO": {
        "Director (Vote For 3)": ("Dee Orr", "automatic"),
        "Board President": ("Gus Rowe", "automatic"),
        "Treasurer": ("Ida Tate", "at_own_expense"),
        "Secretary": ("Kit Vance", "automatic"),
        "Ballot Issue 6A": ("No", "automatic"),
    },
    "OK": {
        "County Commissioner District 1": ("Bea Boyd", "at_own_expense"),
        "City Proposition 1": ("No", "on_request"),
        "City Proposition 2": ("No", "none"),
        "School Bond Proposition": ("Yes", "on_request"),
        "State Question 820": ("No", "automatic"),
        "School Board Office 3": ("Jack Judd", "at_own_expense"),
    },
    "MT": {
        "County Commissioner": ("Bud Bates", "on_request"),
        "Clerk and Recorder": ("Del Dorn", "at_own_expense"),
        "Justice of the Peace": ("Fran Fox", "on_request"),
        "State Senate District 26": ("Hank Holt", "at_own_expense"),
        "School Trustee (Vote For 2)": ("Kay Kim", "on_request"),
        "County Library Levy": ("No", "on_request"),
        "Fire District Bond": ("No", "none"),
        "Town Council Ward 1": ("Ned Noe", "automatic"),
    },
    "UT": {
        "County Council Seat A": ("Bea Bell", "on_request"),
        "County Recorder": ("Eve Eads", "none"),
        "Town Council (Vote For 2)": ("Ian Ide", "on_request"),
        "Town Treasurer": ("Lou Low", "on_request"),
        "Town Clerk": ("Nia Nix", "none"),
        "Cemetery District Trustee": ("Pat Poe", "on_request"),
        "City Council District 3": ("Ray Roe", "not_applicable"),
        "Proposition 1": ("No", "at_own_expense"),
    },
}


def split(total: int, weights: tuple[int, ...]) -> list[int]:
    """Whole-number shares of ``total`` in proportion to ``weights``; the last takes the remainder."""
    parts = [total * w // sum(weights) for w in weights[:-1]]
    return [*parts, total - sum(parts)]


def _bold_header(sheet: object, names: tuple[str, ...]) -> None:
    sheet.append(names)  # type: ignore[attr-defined]
    for cell in sheet[1]:  # type: ignore[index]
        cell.font = Font(bold=True)


def write_state_sample(state: str, folder: Path = HERE) -> Path:
    jurisdiction, name, election_date, canvass_date, contests = ELECTIONS[state]
    book = Workbook()
    tallies = book.active
    tallies.title = "Tallies"
    _bold_header(tallies, ("Precinct", "Contest", "Choice", "Votes", "County", "Vote Type"))
    county = jurisdiction if "County" in jurisdiction else "Jefferson"
    for contest, (totals, _) in contests.items():
        for choice, votes in totals.items():
            for precinct, share in zip(PRECINCTS, split(votes, WEIGHTS), strict=True):
                mail, day = split(share, (2, 1))
                tallies.append((precinct, contest, choice, mail, county, "Mail"))
                tallies.append((precinct, contest, choice, day, county, "Election Day"))
    sheet = book.create_sheet("Contests")
    _bold_header(sheet, CONTEST_COLUMNS)
    for contest, (totals, attrs) in contests.items():
        kind = "question" if set(totals) == {"Yes", "No"} else "candidate"
        defaults: dict[str, object] = {
            "Contest": contest,
            "Kind": kind,
            "Seats": 1,
            "Scope": "county",
            "Voting Method": "plurality",
            "Approval": "majority" if kind == "question" else "",
            "Filed With": "county",
            "Runoff Possible": "no",
        }
        defaults.update(attrs)
        sheet.append(tuple(defaults.get(column, "") for column in CONTEST_COLUMNS))
    election = book.create_sheet("Election")
    _bold_header(election, ("Field", "Value"))
    for field, value in (
        ("State", state),
        ("Jurisdiction", jurisdiction),
        ("Election Name", name),
        ("Election Date", election_date),
        ("Canvass Date", canvass_date),
        ("Election Type", ELECTION_TYPES.get(state, "general")),
        ("Board Member", "Jane Q. Chair, Chair of the Board of Canvassers"),
        ("Board Member", "Sam R. Member, Member of the Board of Canvassers"),
    ):
        election.append((field, value))
    path = folder / f"sample_{state.lower()}.xlsx"
    book.save(path)
    return path


def main() -> None:
    for state in ELECTIONS:
        print(f"wrote {write_state_sample(state)}")


if __name__ == "__main__":
    main()
