"""The bundled sample election: built once from the sample workbook into the user's data folder."""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

from recount_desktop.appstate import app_dir
from recount_desktop.domain import Election
from recount_desktop.store import ElectionFileError, create_election_file

SAMPLE_NAME = "sample-election.canvass"


def sample_workbook() -> Path:
    return Path(str(resources.files("recount_desktop.sample_data").joinpath("sample_election.xlsx")))


def ensure_sample_election(operator: str) -> Path:
    """Return the sample election file, importing the sample workbook the first time.

    It is built under a temporary name and renamed when complete, so an interrupted first start
    never leaves a half-built sample behind.
    """
    target = app_dir("data") / SAMPLE_NAME
    if target.is_file():
        return target
    from recount_desktop.importers import import_into_election, read_tally_file

    imported = read_tally_file(sample_workbook())
    if imported.errors or imported.results is None:
        raise ElectionFileError(f"the bundled sample is unreadable: {imported.errors[0]}")
    building = target.with_name(f".building-{os.getpid()}-{SAMPLE_NAME}")
    building.unlink(missing_ok=True)
    election = Election(**imported.election_fields)
    with create_election_file(building, election, operator=operator) as store:
        import_into_election(store, imported, replace=True)
    for suffix in ("-wal", "-shm"):
        Path(f"{building}{suffix}").unlink(missing_ok=True)
    os.replace(building, target)
    return target
