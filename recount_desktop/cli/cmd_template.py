"""``recount-desktop template tallies|sheets OUT.xlsx``: write a blank template."""

from __future__ import annotations

import argparse
import errno
import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path

from recount_desktop.cli.common import CommandError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("template", help="write a blank tally or recount-sheet template")
    parser.add_argument("kind", choices=("tallies", "sheets"))
    parser.add_argument("out", metavar="OUT.xlsx")
    parser.add_argument("--force", action="store_true", help="overwrite OUT.xlsx if it exists")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if not out.parent.is_dir():
        raise CommandError(f"{out}: the folder {out.parent} does not exist")
    if out.suffix.lower() != ".xlsx":
        raise CommandError(f"{out}: the template is an Excel workbook; give a name ending in .xlsx")
    if out.exists() and not args.force:
        raise CommandError(f"{out}: the file already exists and was left as it was; "
                           "give another name, or --force to overwrite it")
    writer: Callable[[Path], object]
    if args.kind == "tallies":
        from recount_desktop.importers.template import write_tally_template

        writer = write_tally_template
    else:
        try:
            from recount_desktop.recount.sheet_template import write_sheet_template
        except ImportError as error:
            raise CommandError(
                f"{out}: the recount sheet template is not available in this version ({error})"
            ) from error
        writer = write_sheet_template
    _write_whole(out, writer)
    print(f"Wrote the blank {args.kind} template to {out}")
    return 0


def _write_whole(out: Path, writer: Callable[[Path], object]) -> None:
    """Write beside ``out`` and rename: a full disk or a kill never leaves a partial or empty workbook
    under the name, and an existing file (with --force) is replaced only by a whole one."""
    hook = sys.unraisablehook
    # On a full disk openpyxl's half-written zip complains again from its __del__ ("Exception ignored
    # in ZipFile.__del__" and a traceback on stderr); the one plain message below says it all.
    sys.unraisablehook = lambda _: None
    try:
        problem = _try_write(out, writer)
        gc.collect()
    finally:
        sys.unraisablehook = hook
    if problem:
        raise CommandError(problem)


def _try_write(out: Path, writer: Callable[[Path], object]) -> str:
    part = out.with_name(f".{out.name}.part")
    try:
        writer(part)
        with part.open("rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(part, out)
    except OSError as error:
        part.unlink(missing_ok=True)
        if error.errno == errno.ENOSPC:
            return f"{out}: the disk is full; no template was written"
        return f"{out}: cannot write the template ({error.strerror or error})"
    return ""
