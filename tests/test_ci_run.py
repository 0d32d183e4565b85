""".ci/run tests the committed code in a clone that stands alone, and never calls a failure a pass.

Each test runs the real script against a small git repository, with a stand-in ``make`` on PATH that
records where and how it was called (the real ``make test`` takes minutes; it is proven by CI itself).
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO

# A stand-in for make: logs "<target> <cwd>"; for `make test` it also lists what sits beside the clone
# and writes the JUnit report that pytest would, with $FAKE_TESTS tests, then exits $FAKE_TEST_STATUS.
FAKE_MAKE = """#!/usr/bin/env bash
echo "$1 $PWD" >> "$FAKE_LOG"
if [ "$1" = test ]; then
    ls -A .. > "$FAKE_LOG.siblings"
    junit="${PYTEST_ADDOPTS#--junitxml=}"; junit="${junit%% *}"
    echo "<testsuites><testsuite tests=\\"$FAKE_TESTS\\"/></testsuites>" > "$junit"
    exit "$FAKE_TEST_STATUS"
fi
exit "${FAKE_LINT_STATUS:-0}"
"""


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A committed project holding .ci/run, with a sibling folder named shared that a clone must lack."""
    repo = tmp_path / "work" / "main"
    (repo / ".ci").mkdir(parents=True)
    shutil.copy(REPO / ".ci" / "run", repo / ".ci" / "run")
    (repo / "committed.txt").write_text("committed\n")
    (tmp_path / "work" / "shared").mkdir()
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
    (repo / "committed.txt").write_text("changed, not committed\n")
    return repo


def _run(project: Path, tmp_path: Path, tests: int, test_status: int = 0, lint_status: int = 0,
         make_script: str = FAKE_MAKE) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    make = bin_dir / "make"
    make.write_text(make_script)
    make.chmod(make.stat().st_mode | stat.S_IEXEC)
    log = tmp_path / "make.log"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "FAKE_LOG": str(log),
           "FAKE_TESTS": str(tests), "FAKE_TEST_STATUS": str(test_status),
           "FAKE_LINT_STATUS": str(lint_status), "CI": "true", "TMPDIR": str(tmp_path)}
    env.pop("PYTEST_ADDOPTS", None)
    result = subprocess.run([str(project / ".ci" / "run")], check=False, capture_output=True, text=True,
                            env=env, stdin=subprocess.DEVNULL, timeout=60)
    calls = log.read_text().splitlines() if log.exists() else []
    return result, calls


def test_make_test_then_make_lint_run_once_in_a_clone_with_nothing_beside_it(
        project: Path, tmp_path: Path) -> None:
    result, calls = _run(project, tmp_path, tests=3)
    assert result.returncode == 0, result.stderr
    assert [call.split()[0] for call in calls] == ["test", "lint"]
    clone = Path(calls[0].split(maxsplit=1)[1])
    assert clone != project and clone.name == "recount-desktop"
    assert (tmp_path / "make.log.siblings").read_text().split() == ["recount-desktop"]
    assert "make test passed (3 tests)" in result.stdout


def test_the_clone_holds_the_committed_files_only(project: Path, tmp_path: Path) -> None:
    # this make keeps a copy of what it finds in the clone
    peeking = FAKE_MAKE.replace('if [ "$1" = test ]; then',
                                'if [ "$1" = test ]; then\n    cp committed.txt "$FAKE_LOG.seen"')
    result, _ = _run(project, tmp_path, tests=1, make_script=peeking)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "make.log.seen").read_text() == "committed\n"
    assert "uncommitted changes" in result.stderr


def test_a_run_that_collects_no_tests_fails(project: Path, tmp_path: Path) -> None:
    result, calls = _run(project, tmp_path, tests=0)
    assert result.returncode != 0
    assert "make test ran no tests" in result.stderr
    assert [call.split()[0] for call in calls] == ["test"]


@pytest.mark.parametrize("status", [1, 2, 5])
def test_a_failing_make_test_fails_ci_and_skips_lint(project: Path, tmp_path: Path, status: int) -> None:
    result, calls = _run(project, tmp_path, tests=10, test_status=status)
    assert result.returncode != 0
    assert f"CI FAILED: make test (exit {status})" in result.stderr
    assert [call.split()[0] for call in calls] == ["test"]


def test_a_failing_lint_fails_ci(project: Path, tmp_path: Path) -> None:
    result, _ = _run(project, tmp_path, tests=10, lint_status=2)
    assert result.returncode != 0
    assert "CI FAILED: make lint (exit 2)" in result.stderr
