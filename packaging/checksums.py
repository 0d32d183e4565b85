"""The bundle's SHA-256 list: ``SHA256SUMS`` in the bundle folder, one ``<sha256>  <path>`` line per file.

    python packaging/checksums.py write dist/recount-desktop   # make dist does this after building
    python packaging/checksums.py check dist/recount-desktop   # exit 1 naming each changed/missing/extra file

The format is the one ``sha256sum -c SHA256SUMS`` reads (run inside the folder), so IT staff can check a
copied bundle on Linux with no Python; docs/install.md gives the Windows PowerShell equivalent. ``write``
also prints the list's own SHA-256: record it apart from the bundle, since whoever can change a file can
also change the list beside it.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

LIST_NAME = "SHA256SUMS"
CHUNK = 1 << 20


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def bundle_files(folder: Path) -> list[str]:
    """Every file of the bundle as a relative POSIX path, sorted, the list itself excepted."""
    return sorted(
        path.relative_to(folder).as_posix()
        for path in folder.rglob("*")
        if path.is_file() and path.relative_to(folder).as_posix() != LIST_NAME
    )


def write_list(folder: Path) -> str:
    """Write ``SHA256SUMS`` for ``folder``; return the list's own SHA-256."""
    lines = [f"{file_sha256(folder / name)}  {name}\n" for name in bundle_files(folder)]
    target = folder / LIST_NAME
    target.write_text("".join(lines), encoding="utf-8", newline="\n")
    return file_sha256(target)


def check_list(folder: Path) -> list[str]:
    """Problems found against ``SHA256SUMS``, each naming its file; empty when the bundle matches."""
    listed: dict[str, str] = {}
    for number, line in enumerate((folder / LIST_NAME).read_text(encoding="utf-8").splitlines(), 1):
        digest, sep, name = line.partition("  ")
        if not sep or len(digest) != 64:
            return [f"{LIST_NAME} line {number} is not '<sha256>  <path>'"]
        listed[name] = digest
    present = set(bundle_files(folder))
    problems = [f"missing: {name}" for name in sorted(set(listed) - present)]
    problems += [f"not in the list: {name}" for name in sorted(present - set(listed))]
    problems += [f"changed: {name}" for name in sorted(present & set(listed))
                 if file_sha256(folder / name) != listed[name]]
    return problems


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in {"write", "check"}:
        print("usage: checksums.py write|check BUNDLE_FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[1])
    if not folder.is_dir():
        print(f"checksums.py: {folder}: no such folder (build the bundle first: make dist)", file=sys.stderr)
        return 1
    if argv[0] == "write":
        own = write_list(folder)
        print(f"Wrote {folder / LIST_NAME}: {len(bundle_files(folder))} files; its SHA-256 is {own}")
        return 0
    if not (folder / LIST_NAME).is_file():
        print(f"checksums.py: {folder / LIST_NAME}: not found", file=sys.stderr)
        return 1
    problems = check_list(folder)
    for problem in problems:
        print(f"{folder}: {problem}", file=sys.stderr)
    if not problems:
        print(f"{folder}: all {len(bundle_files(folder))} files match {LIST_NAME}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
