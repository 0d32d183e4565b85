"""A book's sheets parsed ahead on another thread, while the reader works on the one before.

python-calamine parses a sheet's XML without holding the interpreter lock, so with a second core
free the parse of the next contest sheet of a statement overlaps the reading of this one: the import
takes about as long as the parse alone. The thread parses with a handle on the file of its own
(one calamine workbook is not for two threads at once), the sheets the book has not loaded yet, in
the reader's order, and hands each over as it is done. It writes nothing to the problem log: a
sheet it could not parse is loaded by the book as without it, which names the problem, so the
results, the problems and their order are the same with it or without it.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from recount_desktop.importers.source import Book, Sheet


@contextmanager
def sheets_read_ahead(book: Book, names: list[str]) -> Iterator[Callable[[str], Sheet]]:
    """``book.sheet`` for ``names`` taken in order, their parse begun on another thread; the
    thread is stopped and waited for on leaving (an error, a cancel)."""
    ahead = [name for name in dict.fromkeys(names) if not book.is_loaded(name)]
    if book.parser is None or len(ahead) < 2:
        yield book.sheet
        return
    parsed: queue.Queue[Sheet | None] = queue.Queue()
    stop = threading.Event()
    worker = threading.Thread(target=_parse_all, args=(book, ahead, parsed, stop), daemon=True)
    try:
        worker.start()
    except RuntimeError:  # no thread to be had: every sheet loaded here
        yield book.sheet
        return
    pending, waiting = iter(ahead), set(ahead)

    def sheet(name: str) -> Sheet:
        if book.is_loaded(name) or name not in waiting:
            return book.sheet(name)
        for expected in pending:  # taken in the thread's order (None: not parsed, loaded here)
            handed = _next(parsed, worker)
            if handed is not None:
                book.keep(handed)
            if expected == name:
                break
        return book.sheet(name)

    try:
        yield sheet
    finally:
        stop.set()
        worker.join()


def _parse_all(
    book: Book, names: list[str], parsed: queue.Queue[Sheet | None], stop: threading.Event
) -> None:
    """Parse ``names`` in order, each handed over (None for a sheet that could not be parsed: the
    book loads it, naming the problem)."""
    parse: Callable[[str], Sheet] | None = None
    try:
        parse = book.parser() if book.parser is not None else None
    except Exception:  # a file that cannot be opened again: the book loads every sheet itself
        parse = None
    for name in names:
        if stop.is_set():
            return
        try:
            parsed.put(parse(name) if parse is not None else None)
        except Exception:
            parsed.put(None)


def _next(parsed: queue.Queue[Sheet | None], worker: threading.Thread) -> Sheet | None:
    """The next sheet handed over; None when the thread ended without handing it (never a wait
    for a thread that is gone)."""
    while True:
        try:
            return parsed.get(timeout=0.25)
        except queue.Empty:
            if not worker.is_alive() and parsed.empty():
                return None
