"""Fixtures for the built-bundle tests. Every test in a ``test_bundle_*.py`` module is marked ``bundle``
and skipped when no bundle has been built, so ``make test`` runs them only after ``make dist`` (which
runs them itself)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from tests.packaging.bundle_places import PROGRAM, REPO, Place, clean_environment, no_network_prefix


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        module = Path(str(item.fspath))
        if module.parent == here and module.name.startswith("test_bundle_"):
            item.add_marker(pytest.mark.bundle)
            if not PROGRAM.is_file():
                item.add_marker(pytest.mark.skip(reason=f"no built bundle at {PROGRAM} (make dist)"))


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
