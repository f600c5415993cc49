"""Per-position results computed once per game session: analyses and panel data.

A move and the reply to it touch three positions: the one on screen (already analysed to
draw it), the one after the move and the one after the reply. Each is analysed once and
kept here, so the verdict of a move, the opponent's choice and the next screen all read the
same :class:`~squaregame.core.types.Analysis`. The cache is shared by the interface thread
and the opponent's worker thread, hence the lock (held only to read or store, never while
computing).
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

    def get(self, key: Hashable, compute: Callable[[], V]) -> V:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]  # type: ignore[no-any-return]
        value = compute()
        with self._lock:
            self._items[key] = value
            while len(self._items) > self._keep:
                self._items.popitem(last=False)
        return value

    def peek(self, key: Hashable) -> Any | None:
        with self._lock:
            return self._items.get(key)

    def __len__(self) -> int:
        return len(self._items)
