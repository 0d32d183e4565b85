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
    if _write_unnamed(path, data):
        return
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


def _write_unnamed(path: Path, data: bytes) -> bool:
    """Linux: write into an unnamed file (O_TMPFILE) and give it a name only once it is whole and on
    disk, so a kill while writing leaves nothing beside the target. False where the system
    or file system has no unnamed files; the caller then uses a named ``.part`` file."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or not Path("/proc/self/fd").is_dir():
        return False
    try:
        handle = os.open(path.parent, flag | os.O_WRONLY, 0o666 & ~_umask())
    except OSError:
        return False  # e.g. a file system without O_TMPFILE: the named way below reports real errors
    temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
            # Named for an instant only: linkat cannot replace an existing file, rename can. A
            # src_dir_fd makes Python call linkat with AT_SYMLINK_FOLLOW (plain link() would link the
            # /proc entry itself).
            fds = os.open("/proc/self/fd", os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.link(str(out.fileno()), temporary, src_dir_fd=fds, follow_symlinks=True)
            finally:
                os.close(fds)
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise FileWriteError(f"{path}: cannot write the file ({error.strerror or error})") from error
    return True


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
