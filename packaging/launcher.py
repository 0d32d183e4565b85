"""The bundle's entry point: the same command line as ``python -m recount_desktop``.

Two things a frozen program cannot get from an interpreter, done here so the package itself needs no
frozen-only code:

* ``BUNDLE -m recount_desktop.MODULE ARGS``: the program starts helper processes as
  ``[sys.executable, "-m", module, ...]`` (the PDFium page drawer, ``ui/widgets/pdf_pages.py``). In the bundle
  ``sys.executable`` is this program, not Python, so it runs the module itself, as ``python -m`` would.
  Only the program's own modules are run this way.
* ``RECOUNT_DESKTOP_STARTUP_PROBE=SECONDS``: a start-up check for IT staff and the smoke test (see
  ``startup_probe.py`` and docs/install.md). Unset, nothing of it is loaded.
"""

from __future__ import annotations

import os
import runpy
import sys

OWN_PACKAGE = "recount_desktop."


def _run_own_module(argv: list[str]) -> bool:
    """Run ``-m recount_desktop.X ARGS`` as ``python -m`` does; False when argv asks for something else."""
    if len(argv) < 2 or argv[0] != "-m" or not argv[1].startswith(OWN_PACKAGE):
        return False
    sys.argv = [argv[1], *argv[2:]]
    runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    return True


def main() -> int:
    if _run_own_module(sys.argv[1:]):
        return 0
    probe = os.environ.get("RECOUNT_DESKTOP_STARTUP_PROBE")
    if probe:
        from startup_probe import install

        install(probe)
    from recount_desktop.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
