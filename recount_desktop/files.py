"""Writing the files the board keeps (reports, tally sheets) so a failure never leaves half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class FileWriteError(Exception):
    """The file could not be written; the message names it."""


def write_atomically(path: Path, data: bytes) -> None:
    """Write beside the target and rename, so a half-written PDF never replaces a good one."""
    if path.is_dir():
        raise FileWriteError(f"{path}: is a folder; give a file name such as {path / 'report.pdf'}")
    if not path.parent.is_dir():
        raise FileWriteError(f"{path}: the folder {path.parent} does not exist")
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())  # on disk before the rename, so a power cut leaves old or new, whole
        # mkstemp makes the file private (0600); a printed report is for the board, so give it the
        # permissions any new file of the user's gets.
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except OSError as error:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
        raise FileWriteError(f"{path}: cannot write the file ({error.strerror or error})") from error


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
