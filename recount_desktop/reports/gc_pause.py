"""Pause Python's cyclic garbage collector while a report is built.

Building a 1,000-page report makes a few million small objects that live until the end (the data
model, then every page's drawing held by the numbered canvas for "Page X of Y"). Each allocation
burst triggers a collection that walks the whole, growing heap: on the full-size benchmark that
was a third of the data building and a tenth of the rendering. Reference counting still frees
everything as usual; the collector runs again afterwards for any cycles.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_cyclic_gc() -> Iterator[None]:
    """Disable the cyclic collector for the block; re-enable it only if it was on (blocks nest)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
