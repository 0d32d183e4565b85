"""The core stays free of Qt, and the domain free of pandas and sqlite (STYLE.md layering)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

CORE = [
    "recount_desktop.domain",
    "recount_desktop.store",
    "recount_desktop.importers",
    "recount_desktop.recount",
    "recount_desktop.reports",
]


def _modules_loaded_by(package: str) -> list[str]:
    """Import every module of ``package`` in a fresh interpreter; list what ended up in sys.modules."""
    code = (
        "import importlib, json, pkgutil, sys\n"
        f"pkg = importlib.import_module({package!r})\n"
        "for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


@pytest.mark.parametrize("package", CORE)
def test_core_package_loads_no_qt(package: str) -> None:
    loaded = _modules_loaded_by(package)
    assert [m for m in loaded if m.split(".")[0] in ("PySide6", "shiboken6")] == []


def test_domain_loads_no_pandas_or_sqlite() -> None:
    loaded = _modules_loaded_by("recount_desktop.domain")
    forbidden = {"pandas", "sqlite3", "_sqlite3", "numpy", "openpyxl", "python_calamine"}
    assert sorted(m for m in loaded if m.split(".")[0] in forbidden) == []


def test_the_check_itself_sees_qt_when_it_is_loaded() -> None:
    assert "PySide6.QtCore" in _modules_loaded_by("recount_desktop.ui")
