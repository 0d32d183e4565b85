"""What goes into the bundle beyond PyInstaller's analysis, and what is left out of it.

Used by ``recount-desktop.spec`` at build time and by the packaging tests; never by the program.

Left out: Python packages the program never imports, PySide6 modules it never imports, and Qt plugins and
translations nothing of it loads. The program imports QtCore, QtGui, QtWidgets and QtPrintSupport only
(``recount_desktop/ui``); it installs no translator and reads no image files through Qt. Every entry
below is checked by the smoke test, which runs each command and the window from the built bundle.
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

# Never imported by the program, though a development venv may hold them: pandas (and numpy, which
# openpyxl uses only when it is installed, for numpy number types, which the program never hands it),
# test and build tools.
EXCLUDED_PYTHON = [
    "pandas", "tkinter", "_tkinter", "pytest", "_pytest", "hypothesis", "pytestqt", "pypdf",
    "mypy", "mypyc", "ruff", "pip", "setuptools", "pkg_resources", "IPython", "matplotlib", "scipy",
]
# Imported only by the columnar read of large long tables (importers/long_columnar.py), an optional
# extra: without them such a table is read by rows, more slowly. Left out (pyarrow is ~170 MB).
OPTIONAL_PYTHON = ["fastexcel", "pyarrow", "numpy"]
# PySide6 modules not imported by recount_desktop/ui (QtCore, QtGui, QtWidgets, QtPrintSupport are).
EXCLUDED_QT_MODULES = [
    f"PySide6.{name}" for name in (
        "QtNetwork", "QtQml", "QtQuick", "QtQuickWidgets", "QtQuickControls2", "QtQuickTest", "QtSql",
        "QtSvg", "QtSvgWidgets", "QtOpenGL", "QtOpenGLWidgets", "QtTest", "QtDesigner", "QtHelp",
        "QtUiTools", "QtConcurrent", "QtXml", "QtDBus",
    )
]
EXCLUDED_MODULES = EXCLUDED_PYTHON + OPTIONAL_PYTHON + EXCLUDED_QT_MODULES

QT = "PySide6/Qt/"
# Where PySide6 keeps Qt inside the bundle: PySide6/Qt/{lib,plugins,translations} from the Linux and
# macOS wheels, PySide6/{plugins,translations} and PySide6/Qt6*.dll from the Windows wheel.
QT_ROOTS = (QT, "PySide6/")
# Plugin folders for Qt modules left out above, for embedded devices (eglfs, evdev, tslib), for a
# Wayland compositor (the program is a client), and image formats it never reads (PNG is built in).
DROPPED_PLUGIN_FOLDERS = [
    "designer", "qmltooling", "qmllint", "sqldrivers", "tls", "networkinformation", "vectorimageformats",
    "egldeviceintegrations", "generic", "wayland-graphics-integration-server", "imageformats",
    "iconengines",
]
DROPPED_PLUGINS = [
    "platforms/*qvnc*", "platforms/*qeglfs*", "platforms/*qlinuxfb*", "platforms/*qminimalegl*",
    "platforms/*qvkkhrdisplay*",
    # the GTK theme loads the workstation's GTK 3 against a bundled cairo and pango of another version
    # (a known source of crashes); Qt's own Fusion style and the XDG portal theme remain
    "platformthemes/*qgtk3*",
    # the Adwaita window decoration for Wayland needs QtSvg; Qt's own decoration remains
    "wayland-decoration-client/*adwaita*",
]
# Qt libraries that only the modules and plugins left out link to. On Linux PyInstaller places each
# twice, the file under PySide6/Qt/lib and a link to it at the top of the bundle: both go.
DROPPED_QT_LIBRARIES = [
    "Quick", "Qml", "Designer", "Network", "Svg", "Sql", "Test", "Help", "WaylandCompositor", "EglFS",
    "EglFs", "Labs", "VirtualKeyboard", "OpenGLWidgets",
]
# Files left out of the collected binaries and data, as glob patterns on their path inside the bundle.
DROPPED = [
    *(root + "translations/*" for root in QT_ROOTS),  # no QTranslator is installed: Qt's strings stay English
    *(root + "plugins/" + folder + "/*" for root in QT_ROOTS for folder in DROPPED_PLUGIN_FOLDERS),
    *(root + "plugins/" + plugin for root in QT_ROOTS for plugin in DROPPED_PLUGINS),
    *(QT + "lib/libQt6" + name + "*" for name in DROPPED_QT_LIBRARIES),
    *("libQt6" + name + "*" for name in DROPPED_QT_LIBRARIES),
    *("PySide6/Qt6" + name + "*.dll" for name in DROPPED_QT_LIBRARIES),
]


def dropped(dest: str) -> bool:
    """True for a bundle path that ``DROPPED`` leaves out."""
    path = PurePosixPath(dest.replace("\\", "/")).as_posix()
    return any(fnmatch.fnmatchcase(path, pattern) for pattern in DROPPED)


def keep(toc: Iterable[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The entries of a PyInstaller TOC (dest, source, kind) that the bundle keeps."""
    return [entry for entry in toc if not dropped(entry[0])]


def prune_unneeded_libraries(binaries: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """Linux: leave out the system libraries at the top of the bundle that no kept binary links to, such
    as the GTK stack that only the GTK theme plugin needed. Everything inside a folder (Python extension
    modules, Qt and its plugins, PDFium, which is loaded by name) is kept, with what it links to."""
    if not sys.platform.startswith("linux"):
        return binaries
    from PyInstaller.depend.bindepend import get_imports

    by_dest = {entry[0]: entry for entry in binaries}
    reached: set[str] = set()
    queue = [entry for entry in binaries if not _top_level_library(entry[0])]
    while queue:
        dest, source, kind = queue.pop()
        if dest in reached:
            continue
        reached.add(dest)
        if kind == "SYMLINK":  # source is the link's target, relative to the link
            target = os.path.normpath(os.path.join(os.path.dirname(dest), source))
            queue += [by_dest[target]] if target in by_dest else []
            continue
        for name, _path in get_imports(source):
            needed = os.path.basename(name)
            if needed in by_dest and needed not in reached:
                queue.append(by_dest[needed])
    return [entry for entry in binaries if not _top_level_library(entry[0]) or entry[0] in reached]


def _top_level_library(dest: str) -> bool:
    return "/" not in dest and dest.startswith("lib") and ".so" in dest and not dest.startswith("libpython")


def mapped_package_files(root: Path) -> list[tuple[str, str]]:
    """(source file, folder in the bundle) for each package pyproject.toml maps from a folder outside
    the package (``recount_desktop.resources`` = resources/), with its ``__init__.py`` and the files its
    package-data globs name: the same files an installed wheel holds."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    package_data: dict[str, list[str]] = config.get("package-data", {})
    files: list[tuple[str, str]] = []
    for package, folder in config.get("package-dir", {}).items():
        if not package:
            continue
        source = root / folder
        patterns = ["__init__.py", *package_data.get(package, [])]
        for path in sorted(source.rglob("*")):
            relative = path.relative_to(source).as_posix()
            if not path.is_file() or "__pycache__" in path.parts:
                continue
            if any(_matches(relative, pattern) for pattern in patterns):
                target = PurePosixPath(*package.split("."), relative).parent
                files.append((str(path), str(target)))
    return files


def _matches(relative: str, pattern: str) -> bool:
    if pattern == "**/*":
        return True
    return "/" not in relative and fnmatch.fnmatchcase(relative, pattern)


SOURCES_FILE = "build-sources.sha256"  # in the bundle's _internal folder


def source_fingerprint(root: Path) -> str:
    """SHA-256 over the program's sources as the bundle takes them: every file of the package and of the
    mapped resource packages. The bundle carries the one it was built from, so a test can tell a bundle
    built from other sources (stale after an edit) from one built from this checkout."""
    digest = hashlib.sha256()
    files = [p for p in (root / "recount_desktop").rglob("*.py") if "__pycache__" not in p.parts]
    files += [Path(source) for source, _ in mapped_package_files(root)]
    for path in sorted(files, key=lambda p: p.relative_to(root).as_posix()):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def write_source_fingerprint(root: Path, folder: Path) -> tuple[str, str]:
    """Write the fingerprint into ``folder``; the (source, bundle folder) entry for the spec's datas."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / SOURCES_FILE
    target.write_text(source_fingerprint(root) + "\n", encoding="utf-8")
    return (str(target), ".")
