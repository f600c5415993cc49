"""The games, behind one interface used by the CLI, the opponent and the UI.

* :class:`PileGame` — one pile: Squares, Nim or any other rule. Position: ``int``.
* :class:`WythoffGame` — Wythoff's queen. Position: ``(x, y)``.
* :class:`SumGame` — 1 to 8 piles, each with its own rule. Position: a tuple of piles.

Each game is normal play (the last mover wins) or misère (the last mover loses). Games are
built by :meth:`squaregame.core.spec.GameSpec.build`; this module gathers the classes.
"""

from __future__ import annotations

from typing import Any

from squaregame.core.errors import MAX_INPUT_DIGITS, MAX_PILES
from squaregame.core.game import Game
from squaregame.core.piles.game import PileGame
from squaregame.core.sum_game import SumGame
from squaregame.core.tables import Tables
from squaregame.core.wythoff_game import WythoffGame

__all__ = [
    "MAX_INPUT_DIGITS",
    "MAX_PILES",
    "Game",
    "PileGame",
    "SumGame",
    "WythoffGame",
    "game_from_spec",
]


def game_from_spec(kind: str, rule: Any, misere: bool, tables: Tables | None = None) -> Game[Any]:
    """Deprecated: ``lessons/model.py`` still calls this; it should build
    ``GameSpec.from_mapping(step_params).build(tables)`` instead (then this goes)."""
    from squaregame.core.spec import GameSpec

    spec = GameSpec.from_mapping({"game": kind, "rule": rule, "misere": misere})
    return spec.build(tables if tables is not None else Tables())
