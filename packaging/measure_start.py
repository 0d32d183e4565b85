"""Start-up time to the operator prompt: the built bundle against the source checkout, in one run.

    python packaging/measure_start.py [--bundle dist/recount-desktop] [--rounds 5]

Each start is a new process with ``RECOUNT_DESKTOP_STARTUP_PROBE=0`` (packaging/startup_probe.py), the
window offscreen and HOME an empty folder; the time is from starting the process to the probe's
``operator-prompt`` line. Source: ``.venv/bin/python packaging/launcher.py``, the same code as
``python -m recount_desktop`` plus the probe. The two alternate, so a busy moment on the machine falls
on both.

Cold: before each cold start, the files that start reads (the bundle's folder; for the source, the
interpreter's standard library, the venv's site-packages and the checkout) are dropped from the page cache
with posix_fadvise(DONTNEED), file by file, as after a reboot (files another process has mapped stay).
Warm: the same start again at once. Prints medians, ratios bundle / source, and each time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROMPT = b"startup-probe: operator-prompt"
TIMEOUT_S = 120


def evict(folders: list[Path]) -> int:
    """Drop the folders' files from the page cache; returns how many files were advised."""
    if not hasattr(os, "posix_fadvise"):
        return 0
    count = 0
    for folder in folders:
        for path in folder.rglob("*"):
            try:
                if not path.is_file() or path.is_symlink():
                    continue
                fd = os.open(path, os.O_RDONLY)
            except OSError:
                continue
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
                count += 1
            finally:
                os.close(fd)
    return count


def time_to_prompt(command: list[str], env: dict[str, str]) -> float:
    """Seconds from starting ``command`` to its probe's operator-prompt line; the process is then
    left to close its window and exit."""
    start = time.perf_counter()
    child = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    assert child.stdout is not None
    try:
        for line in child.stdout:
            if line.startswith(PROMPT):
                elapsed = time.perf_counter() - start
                break
        else:
            raise RuntimeError(f"{command[0]}: no operator prompt (exit status {child.wait()})")
        child.stdout.read()
        child.wait(TIMEOUT_S)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    return elapsed


def environment(home: Path, source: bool) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "RECOUNT_DESKTOP_", "XDG_"))}
    env.update(HOME=str(home), QT_QPA_PLATFORM="offscreen", RECOUNT_DESKTOP_STARTUP_PROBE="0")
    if source:
        env["PYTHONPATH"] = str(ROOT)
    return env


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "recount-desktop")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    program = args.bundle / ("recount-desktop.exe" if os.name == "nt" else "recount-desktop")
    if not program.is_file():
        print(f"measure_start.py: {program}: no built bundle (run make dist first)", file=sys.stderr)
        return 1
    venv_python = ROOT / ".venv" / "bin" / "python"
    python = str(venv_python) if venv_python.exists() else sys.executable
    variants = {
        "source": ([python, str(ROOT / "packaging" / "launcher.py")],
                   [Path(sysconfig.get_paths()["stdlib"]), Path(sysconfig.get_paths()["purelib"]),
                    ROOT / "recount_desktop", ROOT / "resources"], True),
        "bundle": ([str(program)], [args.bundle], False),
    }
    times: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="recount-start-") as scratch:
        for number in range(args.rounds):
            order = list(variants) if number % 2 == 0 else list(reversed(variants))
            for name in order:
                command, files, from_source = variants[name]
                home = Path(scratch) / f"{name}-{number}"
                home.mkdir()
                evict(files)
                env = environment(home, from_source)
                times.setdefault((name, "cold"), []).append(time_to_prompt(command, env))
                times.setdefault((name, "warm"), []).append(time_to_prompt(command, env))
    for kind in ("cold", "warm"):
        source, bundle = (statistics.median(times[(n, kind)]) for n in ("source", "bundle"))
        print(f"{kind}: source median {source:.2f} s, bundle median {bundle:.2f} s, "
              f"bundle / source = {bundle / source:.2f}")
        for name in ("source", "bundle"):
            print(f"  {name} {kind}: " + ", ".join(f"{t:.2f}" for t in times[(name, kind)]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
