"""The pages reach the window only through what ``ui.host.PageHost`` names, and the window is one."""

from __future__ import annotations

import ast
from pathlib import Path

from recount_desktop.ui import pages
from recount_desktop.ui.host import PageHost
from recount_desktop.ui.main_window import MainWindow


def host_members_used_by_pages() -> dict[str, set[str]]:
    """Each ``self.host.<name>`` a page module reads, with the modules that read it."""
    used: dict[str, set[str]] = {}
    for path in sorted(Path(pages.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
                    and node.value.attr == "host" and isinstance(node.value.value, ast.Name)
                    and node.value.value.id == "self"):
                used.setdefault(node.attr, set()).add(path.name)
    return used


def test_the_pages_use_of_the_window_is_exactly_what_the_protocol_names() -> None:
    named = {name for name in vars(PageHost) if not name.startswith("_")}
    assert set(host_members_used_by_pages()) == named


def test_the_main_window_is_a_page_host(sample_window: MainWindow) -> None:
    assert isinstance(sample_window, PageHost)
    assert sample_window.contests_page.host is sample_window
