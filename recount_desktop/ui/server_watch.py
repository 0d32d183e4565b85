"""Changes committed at other workstations, as the server announces them (LISTEN/NOTIFY, one
notification per audit entry: see ``store/pg_schema.NOTIFY_BODY``), sorted into what the window
must show again.

A tally sheet, a void, a resolution or a scope changes one contest's recount progress only; the
results, settings and set-up change the findings, so the whole election is read and analysed again;
a few actions only add to the audit log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

RECOUNT_ACTIONS = frozenset({"sheet.enter", "sheet.resolve", "sheet.void", "recount.scope"})
LOG_ONLY_ACTIONS = frozenset({"operator.change", "report.export", "results.export", "audit.data_bound",
                              "sheet.unit_unlocked"})


@dataclass
class HeardChanges:
    reload: bool = False  # results, settings or set-up changed: read and analyse everything again
    contests: set[str] = field(default_factory=set)  # only these contests' recount progress changed
    log: bool = False  # the audit log grew

    def __bool__(self) -> bool:
        return self.reload or bool(self.contests) or self.log


def heard_changes(payloads: Iterable[str], own_pid: int | None) -> HeardChanges:
    """What the notifications ``pid<TAB>action<TAB>contest`` ask for, leaving out this window's own
    changes (it has shown them already). A payload in another form (an older server schema) is taken
    as a change of unknown kind: everything is read again."""
    heard = HeardChanges()
    for payload in payloads:
        parts = payload.split("\t")
        if len(parts) != 3 or not parts[0].isdigit():
            heard.reload = True
            continue
        pid, action, contest = parts
        if own_pid is not None and int(pid) == own_pid:
            continue
        heard.log = True
        if action in RECOUNT_ACTIONS and contest:
            heard.contests.add(contest)
        elif action not in LOG_ONLY_ACTIONS:
            heard.reload = True
    return heard
