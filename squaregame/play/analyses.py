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
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from squaregame.core.ai import Opponent
    from squaregame.core.games import Game
    from squaregame.play.session import Session

P = TypeVar("P")
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


def choose_reply(opponent: Opponent[P], session: Session[P], pos: P) -> P | None:
    """The opponent's move from ``pos``, reading the session's analysis of it.

    The same choice as :meth:`Opponent.move` (the same random draws, so a seed replays the
    same game): a game with its own shortcut to the best moves (Wythoff's table slices, Nim's
    closed form) is asked directly; any other is answered from the one analysis of ``pos``.
    """
    game = session.game
    if _has_shortcut(game):
        return opponent.move(game, pos)
    return opponent.choose(session.analysis(pos))


def _has_shortcut(game: Game[Any]) -> bool:
    """Does ``game`` find its best moves without valuing every move: a board read off its
    table (a pair), or one pile from which any amount may be taken (a closed form)?"""
    from squaregame.core.kinds import Notation

    notation = game.kind.notation
    if notation is Notation.PAIR:
        return True
    return notation is Notation.NUMBER and any(r.is_any_amount for r in game.rule_objects())
