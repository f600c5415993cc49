"""Per-position results computed once per game session: analyses and panel data.

A move and the reply to it touch three positions: the one on screen (already analysed to
draw it), the one after the move and the one after the reply. Each is analysed once and
kept here, so the verdict of a move, the opponent's choice and the next screen all read the
same :class:`~squaregame.core.types.Analysis`. The cache is shared by the interface thread
and the worker threads (the opponent's reply, the look ahead at a chosen move), hence the
lock (held only to read or store, never while computing).

A value is computed once even when two threads ask for it at once: the second waits for
the first's result instead of computing it again (a look ahead still running when its move
is played, and the opponent's worker asking for the same position, analysed it twice). It
cannot wait in a circle: a value's computation asks only for values of other kinds
(panels → Grundy rules, pair tables, a board; an analysis asks for nothing), and a thread
that asks again for what it is itself computing computes it. A computation that fails
leaves the value to the next thread that asks.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

V = TypeVar("V")


class PositionCache:
    """A small least-recently-used store of values keyed by (what, position)."""

    def __init__(self, keep: int = 256) -> None:
        self._keep = keep
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        self._running: dict[Hashable, tuple[int, threading.Event]] = {}  # by whom, its end

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        me = threading.get_ident()
        while True:
            with self._lock:
                if key in self._items:
                    self._items.move_to_end(key)
                    return self._items[key]  # type: ignore[no-any-return]
                running = self._running.get(key)
                done: threading.Event | None
                if running is None:  # nobody computes it: this thread does, and says so
                    done = threading.Event()
                    self._running[key] = (me, done)
                    break
                if running[0] == me:  # asked again from its own computation: computed here
                    done = None
                    break
            running[1].wait()  # another thread computes it: its value (or its failure)
        try:
            value = compute()
            with self._lock:
                self._items[key] = value
                while len(self._items) > self._keep:
                    self._items.popitem(last=False)
        finally:
            if done is not None:
                with self._lock:
                    del self._running[key]
                done.set()
        return value

    def peek(self, key: Hashable) -> Any | None:
        with self._lock:
            return self._items.get(key)

    def __len__(self) -> int:
        return len(self._items)
