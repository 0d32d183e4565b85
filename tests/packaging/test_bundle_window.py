"""The bundle's window starts on a clean workstation: first start, empty HOME, no Python, no network.

The start-up probe (packaging/startup_probe.py) answers the operator prompt as "startup probe", waits
for the window, keeps it up 10 seconds offscreen and closes it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.packaging.bundle_places import PROGRAM, REPO, Place

LAUNCHER = REPO / "packaging" / "launcher.py"
WINDOW_SECONDS = 10


def start_window(place: Place, home: Path, seconds: float) -> subprocess.CompletedProcess[str]:
    """The program with no arguments, as a shortcut starts it; from source through the bundle's own entry
    point (packaging/launcher.py), which is what loads the probe."""
    env = {**place.env, "HOME": str(home), "RECOUNT_DESKTOP_STARTUP_PROBE": str(seconds)}
    command = place.command if place.name == "bundle" else [sys.executable, str(LAUNCHER)]
    return subprocess.run(command, env=env, cwd=place.work, capture_output=True, text=True,
                          timeout=300, check=False)


def probe_lines(stdout: str) -> list[str]:
    return [line.removeprefix("startup-probe: ") for line in stdout.splitlines()
            if line.startswith("startup-probe: ")]


def test_the_window_opens_the_sample_election_and_stays_up(bundle_place: Place, source_place: Place,
                                                           tmp_path: Path) -> None:
    home = tmp_path / "clerk-home"
    home.mkdir()
    done = start_window(bundle_place, home, WINDOW_SECONDS)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    steps = probe_lines(done.stdout)
    assert steps == ["operator-prompt",
                     "window General Election 2026 — sample-election.canvass — Recount Desktop",
                     "closed"], done.stdout + done.stderr
    # per-user folders under HOME (platformdirs: ~/.local/share and ~/.config on Linux, AppData on Windows)
    [sample] = home.rglob("sample-election.canvass")
    assert not (sample.parent / "errors.log").exists()
    [state_file] = home.rglob("state.json")
    assert json.loads(state_file.read_text(encoding="utf-8"))["recent"] == [str(sample.resolve())]

    source_home = tmp_path / "source-home"
    source_home.mkdir()
    source = start_window(source_place, source_home, 0)
    assert probe_lines(source.stdout)[:2] == steps[:2]
    # the sample the bundle built reads exactly as the one built from the checkout
    [source_sample] = source_home.rglob("sample-election.canvass")
    bundle_json = json.loads(bundle_place.ok("analyze", str(sample), "--json"))
    source_json = json.loads(source_place.ok("analyze", str(source_sample), "--json"))
    assert bundle_json == source_json and bundle_json["state"] == "NE"


def test_a_bad_probe_value_is_a_message_not_a_traceback(bundle_place: Place, tmp_path: Path) -> None:
    done = start_window(bundle_place, tmp_path, "soon")  # type: ignore[arg-type]
    assert done.returncode == 2
    assert "RECOUNT_DESKTOP_STARTUP_PROBE must be a number of seconds" in done.stderr
    assert "Traceback" not in done.stderr


def test_bad_input_from_the_bundle_is_a_message_not_a_traceback(bundle_place: Place) -> None:
    missing = bundle_place.run("analyze", str(bundle_place.work / "nowhere.canvass"))
    assert missing.returncode == 1 and "nowhere.canvass" in missing.stderr
    assert "Traceback" not in missing.stderr
    usage = bundle_place.run("import")
    assert usage.returncode == 2 and "Traceback" not in usage.stderr
    assert PROGRAM.is_file()
