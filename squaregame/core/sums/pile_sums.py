"""Who builds a sum of piles, for a game whose positions are one written another way (rows
under subtraction rules only: ``octal 100 200 --code squares --code nim`` is ``sum 100 200
--rule squares --rule nim``). The family of sums offers its game here when its package is
imported (with the registry, at every start), so such a game is answered by the very game
the sum is — its tables, its search, its genus and bounds — with no family importing
another's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from squaregame.core.game import Game
    from squaregame.core.rules.base import Rule
    from squaregame.core.tables import Tables

Maker = Callable[[Sequence["Rule"], bool, "Tables"], "Game[Any]"]
_MAKERS: list[Maker] = []


def offer(maker: Maker) -> None:
    """Build sums of piles with ``maker`` (rules, misère, tables) from now on."""
    _MAKERS[:] = [maker]


def pile_sum(rules: Sequence[Rule], misere: bool, tables: Tables) -> Game[Any] | None:
    """The sum of one pile under each of ``rules`` (None: no family offers one)."""
    return _MAKERS[0](rules, misere, tables) if _MAKERS else None


def offered() -> bool:
    """Does a family build sums of piles?"""
    return bool(_MAKERS)
