"""Fixtures for the built-bundle tests. Every test in a ``test_bundle_*.py`` module is marked ``bundle``
and skipped when no bundle has been built, so ``make test`` runs them only after ``make dist`` (which
runs them itself), and skipped too when the bundle was built from other sources than the checkout's
(an edit since: its outputs would rightly differ from the source run's)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from tests.packaging.bundle_places import BUNDLE, PROGRAM, REPO, Place, clean_environment, no_network_prefix

sys.path.insert(0, str(REPO / "packaging"))
import bundle_filter


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    reason = _why_not_run()
    if reason and os.environ.get("RECOUNT_DESKTOP_BUNDLE_REQUIRED"):  # make dist: never a silent skip
        raise pytest.UsageError(f"the bundle tests cannot run: {reason}")
    for item in items:
        module = Path(str(item.fspath))
        if module.parent == here and module.name.startswith("test_bundle_"):
            item.add_marker(pytest.mark.bundle)
            if reason:
                item.add_marker(pytest.mark.skip(reason=reason))


def _why_not_run() -> str | None:
    """No bundle, or one built from other sources than this checkout's (an edit since the last
    ``make dist``): its outputs could not be compared with the source run's."""
    if not PROGRAM.is_file():
        return f"no built bundle at {PROGRAM} (make dist)"
    built_from = BUNDLE / "_internal" / bundle_filter.SOURCES_FILE
    if not built_from.is_file():
        return f"{BUNDLE} does not say what it was built from (make dist again)"
    if built_from.read_text(encoding="utf-8").strip() != bundle_filter.source_fingerprint(REPO):
        return f"{BUNDLE} was built from other sources than this checkout's (make dist again)"
    return None


@pytest.fixture(scope="session")
def bundle_place(tmp_path_factory: pytest.TempPathFactory) -> Place:
    base = tmp_path_factory.mktemp("bundle")
    home, work, empty_bin = base / "home", base / "work", base / "bin"
    for folder in (home, work, empty_bin):
        folder.mkdir()
    env = clean_environment(home, empty_bin)
    for python in ("python", "python3", "py"):
        assert shutil.which(python, path=env["PATH"]) is None
    return Place("bundle", [*no_network_prefix(), str(PROGRAM)], env, work, home)


@pytest.fixture(scope="session")
def source_place(tmp_path_factory: pytest.TempPathFactory) -> Place:
    base = tmp_path_factory.mktemp("source")
    home, work = base / "home", base / "work"
    home.mkdir()
    work.mkdir()
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("RECOUNT_DESKTOP_", "XDG_")) and k not in {"COLUMNS", "LINES"}}
    env.update(HOME=str(home), USER="clerk", LOGNAME="clerk", QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=str(REPO), LANG="C.UTF-8")
    return Place("source", [sys.executable, "-m", "recount_desktop"], env, work, home)
