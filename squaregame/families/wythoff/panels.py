"""The Wythoff screen's own panel: the value of every square of the board, read from the
game's table (one per game), or beyond the boards from the closed form (:mod:`.closed`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from squaregame.core.types import Analysis, Outcome
from squaregame.families.wythoff.closed import value as closed_value
from squaregame.families.wythoff.game import WythoffGame
from squaregame.play.session import Session


@dataclass(frozen=True, eq=False)
class BoardData:
    """The value of every square of a board ``0..size`` (compared by identity: one per game)."""

    size: int
    value: Callable[[int, int], tuple[bool, int]]  # (cold?, remoteness), read from a table


def board_data(session: Session[Any], a: Analysis[Any]) -> BoardData:
    """The board's values, read from the game's table (kept for the session: one table)."""
    game = cast(WythoffGame, session.game)  # its family's game: the Wythoff screen shows it
    return session.cache.get(("board", None), lambda: _board(game, session.start))


def _board(game: WythoffGame, start: tuple[int, int]) -> BoardData:
    if game.is_big(start):  # the queen only moves toward the corner: this covers the game
        misere = game.misere

        def closed(x: int, y: int) -> tuple[bool, int]:
            v = closed_value(x, y, misere)
            return v.cold, v.remoteness

        return BoardData(max(start), closed)
    table = game.table(0)

    def value(x: int, y: int) -> tuple[bool, int]:
        return table.outcome(x, y) is Outcome.COLD, table.remoteness(x, y)

    return BoardData(table.size, value)
