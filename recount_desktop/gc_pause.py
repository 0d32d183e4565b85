"""Pause Python's cyclic garbage collector during bulk work (a statewide import, a 1,000-page report).

Such work makes a few million small objects that all live until it ends. Each allocation burst
triggers a collection that walks the whole growing heap, so the collector's work grows with the
square of the size: on the full-size benchmarks it was a large share of both the import and the
report. Reference counting still frees everything as usual; the collector runs again afterwards for
any cycles. The pause is process-wide, so it is kept to the bulk step itself.
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
