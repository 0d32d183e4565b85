"""Two places to run the same story: the built bundle (make dist) with no Python on PATH and HOME an
empty folder, and the source checkout with its own empty HOME.

``RECOUNT_DESKTOP_BUNDLE`` points at another bundle folder (the Windows runner's, a copy on a
workstation).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
BUNDLE = Path(os.environ.get("RECOUNT_DESKTOP_BUNDLE", REPO / "dist" / "recount-desktop"))
PROGRAM = BUNDLE / ("recount-desktop.exe" if os.name == "nt" else "recount-desktop")
TIMEOUT_S = 300  # a signed report of a whole county, on a busy 2-core machine


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


@dataclass
class Place:
    """One way of running the program, in a work folder of its own."""

    name: str
    command: list[str]
    env: dict[str, str]
    work: Path
    home: Path

    def run(self, *args: str, timeout: float = TIMEOUT_S) -> Run:
        done = subprocess.run([*self.command, *args], env=self.env, cwd=self.work, capture_output=True,
                              timeout=timeout, check=False)
        return Run(done.returncode, done.stdout.decode("utf-8", "replace"),
                   done.stderr.decode("utf-8", "replace"))

    def ok(self, *args: str) -> str:
        """Run a command that must succeed with no traceback; its standard output, paths masked."""
        done = self.run(*args)
        assert done.returncode == 0, f"{self.name}: {args} -> {done.returncode}\n{done.stderr}"
        assert "Traceback" not in done.stderr, done.stderr
        return self.masked(done.stdout)

    def masked(self, text: str) -> str:
        return text.replace(str(self.work), "<work>").replace(str(self.work.resolve()), "<work>")


def no_network_prefix() -> list[str]:
    """``unshare -rn`` where it works (Linux): the bundle then runs with no network at all."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return []
    probe = subprocess.run([unshare, "-rn", "true"], capture_output=True, check=False)
    return [unshare, "-rn"] if probe.returncode == 0 else []


def clean_environment(home: Path, empty_bin: Path) -> dict[str, str]:
    """Only what a logged-in clerk's session has: no Python anywhere on PATH, HOME an empty folder."""
    env = {"HOME": str(home), "PATH": str(empty_bin), "LANG": "C.UTF-8", "USER": "clerk",
           "LOGNAME": "clerk", "QT_QPA_PLATFORM": "offscreen"}
    if os.name == "nt":
        env.update(USERPROFILE=str(home), APPDATA=str(home / "AppData" / "Roaming"),
                   LOCALAPPDATA=str(home / "AppData" / "Local"), USERNAME="clerk",
                   SYSTEMROOT=os.environ.get("SYSTEMROOT", r"C:\Windows"))
    return env


def both(places: Sequence[Place], *args: str) -> list[str]:
    """The same command from each place, each succeeding; their masked outputs."""
    return [place.ok(*(a.replace("{work}", str(place.work)) for a in args)) for place in places]
