"""What valuing a sum of parts of several kinds costs (work units, ``core/budget.py``),
measured on the development machine: checked by the budgets before any work starts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from squaregame.core.budget import VALUE_COST
from squaregame.core.moves import MAX_LISTED_MOVES
from squaregame.families.sums.dropped import Dropped
from squaregame.families.sums.joined import Joined
from squaregame.families.sums.mixed_big import valued_moves
from squaregame.families.sums.units import Unit

Flat = tuple[int, ...]


class MixedSumGame(Protocol):
    """What the costs need of a sum of parts (:class:`.mixed.MixedSumGame`)."""

    @property
    def units(self) -> tuple[Unit, ...]: ...
    def split(self, pos: Flat) -> tuple[Any, ...]: ...
    def dropped(self, parts: Sequence[Any]) -> Dropped | Joined | None: ...
    def covered(self, parts: Sequence[Any]) -> tuple[bool, int] | None: ...
    def plan(self, parts: Sequence[Any]) -> Any: ...
    def lone(self, parts: Sequence[Any]) -> int | None: ...


SEARCHED_VALUE_COST = 3_000  # a position a search reached, its parts looked up: 30 µs
BOUNDED_VALUE_COST = 100_000  # beyond the search, its proven bounds: about 1 ms
BEYOND_VALUED = 150  # moves valued beyond the search (the ends of runs; measured ≤ 136)
GRUNDY_LOOK_COST = 500  # … and each move's Grundy value looked at: 5 µs


def value_cost(game: MixedSumGame, pos: Flat) -> int:
    """A part alone, a position a search reaches (made or within its budget), or proven
    bounds beyond it (each a look at the parts' winning moves); piles left alone when the
    other parts cannot move: as a sum of piles costs."""
    parts = game.split(pos)
    d = game.dropped(parts)
    if d is not None:
        return d.piles.value_cost(d.inner(pos))
    if game.covered(parts) or game.plan(parts) is not None:
        return SEARCHED_VALUE_COST
    return VALUE_COST if game.lone(parts) is not None else BOUNDED_VALUE_COST


def answer_cost(game: MixedSumGame, pos: Flat) -> int:
    """Searched: every move valued. Beyond the search (:func:`.mixed_moves.mixed_runs`):
    each move's Grundy value looked at (a large Nim pile's never listed; a part whose moves
    are counted, at most the cap), and the moves that end runs of one outcome valued — at
    most about ``BEYOND_VALUED`` of them."""
    parts = game.split(pos)
    d = game.dropped(parts)
    if d is not None:
        return d.piles.answer_cost(d.inner(pos))
    each = value_cost(game, pos)
    moves = sum(valued_moves(u, p) for u, p in zip(game.units, parts, strict=True))
    if each != BOUNDED_VALUE_COST:
        return min(moves, MAX_LISTED_MOVES) * each
    return min(moves, BEYOND_VALUED) * each + moves * GRUNDY_LOOK_COST
