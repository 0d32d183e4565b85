"""A primary's contest holding several parties' candidates. Each party's primary is a contest of
its own; a file with no party column (``Ann Able (DEM)`` beside ``Cy Cole (REP)`` under one
``Governor``) put every party's candidates in one contest, with no warning, so the margins and
recount triggers were computed across parties (last session's note, #11 left out). The importer
is not told the election's type: a contest's name, the file's name or a reader's hint (a column
naming the election) must say "primary"; then a contest whose candidates carry two or more party
labels is warned of, naming the parties."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import PurePath

from recount_desktop.domain import Contest
from recount_desktop.importers.problems import ProblemLog
from recount_desktop.importers.questions import side_of

_PRIMARY = re.compile(r"(?<![a-z])primar(y|ies)(?![a-z])", re.IGNORECASE)  # "__primary__" too
_WRITE_IN = re.compile(
    r"write[\s-]*ins?\b|\bunresolved\b|\bover\s*votes?\b|\bunder\s*votes?\b", re.IGNORECASE
)
_PARTY_WORDS = (
    "(?i:democratic|democrat|republican|libertarian|green|constitution|independent|reform|"
    "nonpartisan|unaffiliated|working families)"
)
_CODE = "[A-Z]{1,4}"  # upper case only: "(DEM)", "(R)"; never "Smith, John"
_NOT_PARTIES = frozenset(("JR", "SR", "II", "III", "IV"))  # "JOHN SMITH (JR)"
# "Ann Able (DEM)", "Ann Able - REP", "Ann Able, Republican", "DEM Ann Able"
_PARTY_AFTER = re.compile(
    rf"^(?P<name>.+?)\s*(?:\((?P<a>{_CODE}|{_PARTY_WORDS})\)|\s+-\s*(?P<b>[A-Z]{{2,4}}|{_PARTY_WORDS})"
    rf"|\s*,\s*(?P<c>{_PARTY_WORDS}))$"
)
_PARTY_BEFORE = re.compile(r"^(?P<p>DEM|REP|LIB|GRN|CON|IND|UNA|NPA|LBT|GRE|IAP|UUP|AIP|WTP)\s+(?P<name>.+)$")


def says_primary(text: str | None) -> bool:
    """A text calling the election a primary (``Governor - Primary``, ``2026 Primary Election``)."""
    return bool(text and _PRIMARY.search(text))


def party_label(choice: str, party: str | None) -> str | None:
    """The choice's party: the one read beside it, else a label in its name, else None."""
    if party:
        return party.strip().upper()
    after = _PARTY_AFTER.match(choice.strip())
    if after is not None:
        found = (after.group("a") or after.group("b") or after.group("c")).upper()
        if found not in _NOT_PARTIES:
            return found
    before = _PARTY_BEFORE.match(choice.strip())
    return before.group("p") if before is not None else None


def warn_mixed_primary(log: ProblemLog, contests: Iterable[Contest], hint: str | None = None) -> None:
    """Warn of each contest of a primary whose candidates carry two or more party labels: a
    primary is said by the contest's name, the file's name or ``hint`` (a reader's words, e.g. a
    column naming the election)."""
    file_named = says_primary(PurePath(log.file).name)
    file_said = file_named or says_primary(hint)
    for found in contests:
        contest = found.name
        if not (file_said or says_primary(contest)):
            continue
        names = {choice.name: choice.party for choice in found.choices if not choice.aggregate_write_in}
        parties: dict[str, list[str]] = {}
        for choice, party in names.items():
            if _WRITE_IN.search(choice) or side_of(choice):
                continue
            label = party_label(choice, party)
            if label is not None:
                parties.setdefault(label, []).append(choice)
        if len(parties) < 2:  # two parties or more: one contest per party
            continue
        shown = "; ".join(f"{label}: {', '.join(them[:3])}" for label, them in sorted(parties.items()))
        source = "its name" if says_primary(contest) else "the file's name" if file_named else "the file"
        log.warn(
            None,
            None,
            f"{contest!r} holds candidates of {len(parties)} parties in one contest ({shown}), and "
            f"{source} says the election is a primary: each party's primary is a contest of its own, "
            "so margins and recount triggers computed over this one contest are not any party's. "
            "Give each party's candidates a contest of their own in the file (e.g. "
            f"'{contest} - {sorted(parties)[0]}') and import it again",
        )
