"""The command line. Thin: parse, call the core, print. Exit 0 done, 1 rejected, 2 wrong usage.

Each subcommand lives in its own module here with ``register(subparsers)``; modules are found
automatically, so adding a command touches no shared file.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence

from recount_desktop import __version__
from recount_desktop.cli.common import CommandError, UsageError
from recount_desktop.store.errors import ElectionFileError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="recount-desktop",
        description="Margins, recount triggers, tally sheets and the canvassers' report. "
        "With no command (or just an election file) it opens the window.",
    )
    parser.add_argument("--version", action="version", version=f"recount-desktop {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.name.startswith("cmd_"):
            importlib.import_module(f"{__name__}.{module.name}").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0] not in subcommand_names() and not args_list[0].startswith("-")):
        return _open_gui(args_list)
    args = build_parser().parse_args(args_list)
    try:
        return int(args.func(args) or 0)
    except UsageError as error:  # options that contradict the election (CONTRACT.md: exit status 2)
        print(f"recount-desktop: {error}", file=sys.stderr)
        return 2
    except (CommandError, ElectionFileError) as error:
        # ElectionFileError: a change refused by the file itself (locked, read-only, disk full); its
        # message names the file and nothing was stored.
        print(f"recount-desktop: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # Output piped into a reader that stopped (``... | head``): nothing more to say, and Python must
        # not complain again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as error:
        # A path the file system refuses (too long, a folder where a file is wanted...) met where a
        # command did not expect it: still one plain line, never a traceback.
        where = f"{error.filename}: " if error.filename else ""
        print(f"recount-desktop: {where}{error.strerror or error}", file=sys.stderr)
        return 1


def subcommand_names() -> set[str]:
    """Command names from the module names (``cmd_print_sheets`` is ``print-sheets``), without importing
    them, so opening the window does not wait for every command's libraries to load."""
    return {
        module.name.removeprefix("cmd_").replace("_", "-")
        for module in pkgutil.iter_modules(__path__)
        if module.name.startswith("cmd_")
    }


def _open_gui(args_list: list[str]) -> int:
    if len(args_list) > 1:
        build_parser().error(f"unknown command {args_list[0]!r}")
    from recount_desktop.ui.app import run_gui  # Qt loads only when the window is wanted

    return run_gui(args_list[0] if args_list else None)
