"""The election file: one SQLite database per election, with its hash-chained audit log."""

from recount_desktop.store.audit import AuditEntry, ChainReport, verify_chain
from recount_desktop.store.election_file import ElectionFile, create_election_file, open_election_file
from recount_desktop.store.errors import ElectionFileError
from recount_desktop.store.schema import SCHEMA_VERSION

__all__ = [
    "SCHEMA_VERSION",
    "AuditEntry",
    "ChainReport",
    "ElectionFile",
    "ElectionFileError",
    "create_election_file",
    "open_election_file",
    "verify_chain",
]
