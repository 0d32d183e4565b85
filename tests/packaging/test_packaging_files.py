"""The packaging helpers, without a built bundle: what ships, what is left out, the SHA-256 list, and the
launcher's ``-m`` for the program's own helper processes."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.packaging.bundle_places import REPO

sys.path.insert(0, str(REPO / "packaging"))
import bundle_filter
import checksums


def imported_names(package: Path) -> set[str]:
    """Every module name that the package's code imports (absolute imports)."""
    names: set[str] = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
    return names


def test_nothing_the_program_imports_is_left_out_of_the_bundle() -> None:
    imported = imported_names(REPO / "recount_desktop")
    excluded = set(bundle_filter.EXCLUDED_MODULES) - set(bundle_filter.OPTIONAL_PYTHON)
    clash = {name for name in imported if name in excluded or name.split(".")[0] in excluded}
    assert clash == set()
    assert {"PySide6.QtWidgets", "PySide6.QtPrintSupport", "pypdfium2"} <= imported


def test_the_bundle_ships_what_an_installed_wheel_ships_from_resources_and_sample_data() -> None:
    files = {(Path(source).relative_to(REPO).as_posix(), target)
             for source, target in bundle_filter.mapped_package_files(REPO)}
    resources = "recount_desktop/resources"
    assert ("resources/__init__.py", resources) in files
    assert ("resources/fonts/DejaVuSans.ttf", f"{resources}/fonts") in files
    for state in ("CO", "MT", "NE", "OK", "UT"):
        assert (f"resources/rules/{state}.toml", f"{resources}/rules") in files
    statutes = {source for source, target in files if target == f"{resources}/statutes"}
    assert statutes == {p.relative_to(REPO).as_posix() for p in (REPO / "resources" / "statutes").iterdir()}
    assert ("sample_data/sample_election.xlsx", "recount_desktop/sample_data") in files
    assert ("sample_data/__init__.py", "recount_desktop/sample_data") in files
    # the scripts that make the samples are not package data
    assert not any(source.endswith("make_sample.py") for source, _ in files)
    assert not any("__pycache__" in source for source, _ in files)


def test_qt_plugins_translations_and_libraries_never_loaded_are_left_out() -> None:
    qt = bundle_filter.QT
    for dest in (qt + "translations/qtbase_de.qm", qt + "plugins/sqldrivers/libqsqlite.so",
                 qt + "lib/libQt6Quick.so.6", "libQt6Network.so.6",
                 qt + "plugins/platformthemes/libqgtk3.so"):
        assert bundle_filter.dropped(dest), dest
    for dest in (qt + "lib/libQt6Core.so.6", qt + "lib/libQt6PrintSupport.so.6", "libQt6Widgets.so.6",
                 qt + "plugins/platforms/libqxcb.so", qt + "plugins/platforms/libqwayland.so",
                 qt + "plugins/platforms/libqoffscreen.so",
                 qt + "plugins/printsupport/libcupsprintersupport.so",
                 "recount_desktop/resources/fonts/DejaVuSans.ttf"):
        assert not bundle_filter.dropped(dest), dest
    toc = [("libQt6Network.so.6", "x", "SYMLINK"), ("libQt6Core.so.6", "y", "SYMLINK")]
    assert bundle_filter.keep(toc) == [("libQt6Core.so.6", "y", "SYMLINK")]


def test_the_sha256_list_names_every_changed_missing_or_added_file(tmp_path: Path) -> None:
    (tmp_path / "_internal").mkdir()
    (tmp_path / "recount-desktop").write_bytes(b"program")
    (tmp_path / "_internal" / "lib.so").write_bytes(b"library")
    checksums.write_list(tmp_path)
    listed = (tmp_path / checksums.LIST_NAME).read_text(encoding="utf-8").splitlines()
    assert [line.split("  ")[1] for line in listed] == ["_internal/lib.so", "recount-desktop"]
    assert checksums.check_list(tmp_path) == []
    (tmp_path / "_internal" / "lib.so").write_bytes(b"library, altered")
    (tmp_path / "recount-desktop").unlink()
    (tmp_path / "_internal" / "extra.so").write_bytes(b"")
    assert checksums.check_list(tmp_path) == [
        "missing: recount-desktop", "not in the list: _internal/extra.so", "changed: _internal/lib.so"]
    assert checksums.main(["check", str(tmp_path)]) == 1
    assert checksums.main(["check", str(tmp_path / "nowhere")]) == 1
    assert checksums.main(["verify"]) == 2


def launcher(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(REPO / "packaging" / "launcher.py"), *args], cwd=REPO,
                          env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, capture_output=True,
                          text=True, timeout=120, check=False)


def test_the_launcher_runs_the_programs_own_modules_as_python_m_does(tmp_path: Path) -> None:
    not_a_pdf = tmp_path / "not-a.pdf"
    not_a_pdf.write_bytes(b"plain text")
    done = launcher("-m", "recount_desktop.reports.pdf_pixels", str(not_a_pdf), "72", "1")
    assert done.returncode == 1
    assert "cannot open the PDF" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("module", ["json.tool", "recount_desktopx.thing"])
def test_the_launcher_runs_no_other_module(module: str) -> None:
    done = launcher("-m", module)
    assert done.returncode == 2  # the command line's own usage error, nothing run
    assert "Traceback" not in done.stderr


def test_the_source_fingerprint_changes_with_any_source_the_bundle_takes(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_bytes((REPO / "pyproject.toml").read_bytes())
    for folder in ("recount_desktop", "resources", "sample_data"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "resources" / "rules.toml").write_text("limit = 1\n", encoding="utf-8")
    first = bundle_filter.source_fingerprint(tmp_path)
    assert bundle_filter.source_fingerprint(tmp_path) == first
    (tmp_path / "resources" / "rules.toml").write_text("limit = 2\n", encoding="utf-8")
    second = bundle_filter.source_fingerprint(tmp_path)
    assert second != first
    (tmp_path / "recount_desktop" / "cmd_new.py").write_text("", encoding="utf-8")
    assert bundle_filter.source_fingerprint(tmp_path) not in {first, second}
    assert bundle_filter.write_source_fingerprint(tmp_path, tmp_path / "work")[1] == "."
