"""A fresh clone tests itself: nothing in the code reaches outside the repository for its data.

The real county files live in tests/data/real_counties (with their checksums in its README) and the
statute texts in resources/statutes. Before that, tests read a folder that sat beside the repository,
so a clone on its own failed 29 tests while CI, which had the folder, passed.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from tests.conftest import REAL_DATA, REPO

# What the code may not name: the old sibling folder, in any of the ways it was written.
OUTSIDE_PATHS = [
    re.compile(r"\.\./shared\b"),
    re.compile(r"\bshared/(real_data|statutes)\b"),
    re.compile(r"/work/shared\b"),
    re.compile(r"""\.parent\s*/\s*["']shared["']"""),  # REPO.parent / "shared"
    re.compile(r"""["']shared["']\s*/\s*["'](real_data|statutes)["']"""),
]
SKIPPED_DIRS = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", ".mypy_cache",
                ".ruff_cache", "data"}
CODE_SUFFIXES = {".py", ".toml", ".cfg", ".ini", ".sh", ".yml", ".yaml"}
CODE_NAMES = {"Makefile", "run"}  # the Makefile and .ci/run
THIS_FILE = Path(__file__).resolve()


def _code_files(root: Path) -> list[Path]:
    """Every module, test, script and build file under ``root`` (test data folders excluded)."""
    found = []
    for path in root.rglob("*"):
        if any(part in SKIPPED_DIRS or part.endswith(".egg-info") for part in path.relative_to(root).parts):
            continue
        if path.is_file() and (path.suffix in CODE_SUFFIXES or path.name in CODE_NAMES):
            found.append(path)
    return found


def _references_outside(root: Path) -> list[str]:
    hits = []
    for path in _code_files(root):
        if path.resolve() == THIS_FILE:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if any(pattern.search(line) for pattern in OUTSIDE_PATHS):
                hits.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return hits


def test_no_code_refers_to_a_folder_beside_the_repository() -> None:
    assert _references_outside(REPO) == []


def test_the_scan_covers_modules_tests_scripts_and_the_makefile() -> None:
    names = {str(p.relative_to(REPO)) for p in _code_files(REPO)}
    assert {"Makefile", ".ci/run", "pyproject.toml", "tests/conftest.py",
            "recount_desktop/domain/rules/ruleset.py", "bench/run_all.py"} <= names


@pytest.mark.parametrize("line", [
    'REAL_DATA = REPO.parent / "shared" / "real_data"',
    'STATUTES = REPO.parent / "shared" / "statutes"',
    "\tcp ../shared/statutes/*.txt resources/",
    'open("/work/shared/real_data/NE/x.csv")',
])
def test_the_scan_catches_the_ways_the_old_folder_was_named(tmp_path: Path, line: str) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "conftest.py").write_text(f"{line}\n", encoding="utf-8")
    assert _references_outside(tmp_path) == [f"tests/conftest.py:1: {line.strip()}"]


def _listed_checksums() -> dict[str, str]:
    readme = (REAL_DATA / "README.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^\| `([^`]+)` \| `([0-9a-f]{64})` \|$", readme, flags=re.MULTILINE))


def test_every_real_county_file_is_listed_with_its_checksum() -> None:
    on_disk = {str(p.relative_to(REAL_DATA)) for p in REAL_DATA.rglob("*")
               if p.is_file() and p.name != "README.md"}
    assert on_disk, "no real county files in the repository"
    assert set(_listed_checksums()) == on_disk


def test_real_county_files_match_their_published_checksums() -> None:
    wrong = [name for name, digest in _listed_checksums().items()
             if hashlib.sha256((REAL_DATA / name).read_bytes()).hexdigest() != digest]
    assert wrong == []


def test_statute_texts_ship_with_the_program() -> None:
    statutes = REPO / "resources" / "statutes"
    assert {p.name[:2] for p in statutes.glob("*.txt")} == {"CO", "MT", "NE", "OK", "UT"}
