"""Read county results files (xlsx, xls, ods, csv) into domain records. No Qt here.

``read_tally_file`` recognises the layout (template, long, sovc, wide) and returns a
``TallyImport`` whose problems name file, sheet and cell; ``import_into_election`` stores it.
"""

from recount_desktop.importers.problems import ImportCancelled, ImportRejected, Problem
from recount_desktop.importers.reader import FORMATS, TallyImport, read_tally_file

__all__ = [
    "FORMATS",
    "ImportCancelled",
    "ImportRejected",
    "Problem",
    "TallyImport",
    "import_into_election",
    "read_tally_file",
]


def __getattr__(name: str) -> object:
    # import_into_election pulls in the store; read-only users (analyze) need not load it
    if name == "import_into_election":
        from recount_desktop.importers.apply import import_into_election

        return import_into_election
    raise AttributeError(name)
