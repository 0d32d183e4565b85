"""What the built bundle holds: everything the program reads, nothing it never loads, within 250 MB, every
library it links to either inside it or part of any desktop's base system, and its SHA-256 list."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from tests.packaging.bundle_places import BUNDLE, REPO

sys.path.insert(0, str(REPO / "packaging"))
import checksums

SIZE_GOAL_MB = 250
INTERNAL = BUNDLE / "_internal"
# What the workstation itself provides: the C library, the OpenGL/EGL drivers, X11's libxcb, and on a
# Wayland session the Wayland client libraries (docs/install.md lists them).
SYSTEM_LIBRARIES = re.compile(
    r"^(libc|libm|libpthread|libdl|librt|libresolv|libutil|ld-linux[-\w]*)\.so"
    r"|^lib(GL|GLX|GLdispatch|EGL|OpenGL)\.so|^libxcb\.so\.1$|^libwayland-[a-z]+\.so")


def bundle_size_mb() -> float:
    return sum(p.stat().st_size for p in BUNDLE.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def test_the_bundle_is_within_its_size_goal() -> None:
    assert bundle_size_mb() <= SIZE_GOAL_MB


def test_it_holds_the_fonts_rules_statutes_and_sample() -> None:
    found = {p.relative_to(BUNDLE).as_posix() for p in BUNDLE.rglob("*") if p.is_file()}
    package = "_internal/recount_desktop/"
    for name in ("resources/fonts/DejaVuSans.ttf", "resources/rules/NE.toml",
                 "resources/certification/UT.toml", "sample_data/sample_election.xlsx"):
        assert package + name in found, name
    statutes = sorted(p.name for p in (REPO / "resources" / "statutes").iterdir())
    shipped = [n.rsplit("/", 1)[1] for n in found if n.startswith(package + "resources/statutes/")]
    assert sorted(shipped) == statutes
    assert any(re.search(r"pypdfium2_raw/(lib)?pdfium\.(so|dll|dylib)$", n) for n in found)


def test_what_the_program_never_loads_is_not_in_it() -> None:
    for left_out in ("numpy", "pandas", "PySide6/Qt/translations", "PySide6/translations",
                     "PySide6/Qt/plugins/sqldrivers", "PySide6/Qt/plugins/qmltooling"):
        assert not (INTERNAL / left_out).exists(), left_out
    assert not list(INTERNAL.rglob("*Qt6Quick*")) and not list(INTERNAL.rglob("*Qt6Qml*"))
    assert not [p for p in INTERNAL.rglob("*") if p.is_symlink() and not p.exists()]  # no dangling links


@pytest.mark.skipif(not sys.platform.startswith("linux") or shutil.which("ldd") is None, reason="Linux ldd")
def test_every_library_it_links_to_is_inside_it_or_part_of_the_base_system() -> None:
    env = {**os.environ, "LD_LIBRARY_PATH": str(INTERNAL)}  # as the bundle's own loader sets it
    outside: dict[str, set[str]] = {}
    for path in INTERNAL.rglob("*.so*"):
        if not path.is_file() or path.is_symlink():
            continue
        listing = subprocess.run(["ldd", str(path)], env=env, capture_output=True, text=True,
                                 check=False).stdout
        for name, target in re.findall(r"^\s*(\S+) => (.+?)(?: \(0x[0-9a-f]+\))?$", listing, re.MULTILINE):
            if not target.startswith(str(INTERNAL)):
                outside.setdefault(name, set()).add(path.name)
    unexpected = {name: sorted(users)[:3] for name, users in outside.items()
                  if not SYSTEM_LIBRARIES.match(name)}
    assert unexpected == {}


def test_the_sha256_list_matches_every_file() -> None:
    assert (BUNDLE / checksums.LIST_NAME).is_file(), "make dist writes SHA256SUMS after building"
    assert checksums.check_list(BUNDLE) == []
