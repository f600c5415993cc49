"""A sum whose parts that can still move are all one game, whose positions are themselves
sums (rows of one take-and-break rule): the sum is that game at the joined position — all
the parts' rows — and is answered by it, in either convention.

Why it is right: a part with no move never gets one (:mod:`.dropped`), so the sum is the
sum of its other parts; these are positions of one game ``G`` whose own position joining
them (:meth:`~squaregame.core.game.Game.joined`) has exactly their moves — a move of ``G``
acts on one row, which lies in one part — and leads where the same move in that part leads
(:meth:`~squaregame.core.game.Game.parted`). The two games have the same game tree, so the
same outcome, remoteness, Grundy value and misère value. Written as parts
(``sum kayles:40 kayles:37 --misere``) that game reaches the rows' own theory — the
values' period, the misère quotient, the rows' bounds — so it gets the answer written as
rows (``analyze kayles 40 37 --misere``) gets. The sum never asks which game it is: the
game says whether it joins positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from squaregame.core.game import Game
from squaregame.core.moves import Run, placed_analysis, runs_of
from squaregame.core.types import Analysis
from squaregame.families.sums.dropped import MixedSumGame
from squaregame.families.sums.mixed_moves import PART_MOVES
from squaregame.families.sums.units import GameUnit, Unit

Flat = tuple[int, ...]


class Joined:
    """The parts ``live`` (indices) of a sum, all one game's, played as that game (``alone``:
    the game under the sum's convention) at their joined position."""

    def __init__(self, game: MixedSumGame, live: tuple[int, ...], alone: Game[Any]) -> None:
        self.game = game
        self.live = live
        self.piles = alone  # (the name a sum's reduced game goes by: :class:`.dropped.Dropped`)

    def own(self, pos: Flat) -> list[Any]:
        parts = self.game.split(pos)
        return [parts[i] for i in self.live]

    def inner(self, pos: Flat) -> Any:
        """The one position of the game that the live parts of ``pos`` are."""
        return self.piles.joined(self.own(pos))

    def outer(self, pos: Flat, to: Any) -> Flat:
        """The sum after the game's move from ``pos``'s joined position to ``to``."""
        parts = list(self.game.split(pos))
        for i, p in zip(self.live, self.piles.parted(self.own(pos), to), strict=True):
            parts[i] = p
        return self.game.join(parts)

    def line(self, pos: Flat, to: Any) -> int:
        """The part (its index in the sum) the move to ``to`` is made in."""
        moved = self.game.split(self.outer(pos, to))
        parts = self.game.split(pos)
        return next((i for i in self.live if parts[i] != moved[i]), self.live[0])

    def runs(self, pos: Flat) -> list[Run[Flat]]:
        """Every move of every part (two equal rows in two parts: two moves, as the sum has),
        each valued by the game at the joined position it leads to."""
        parts = self.game.split(pos)
        above = self.inner(pos)
        found = []
        for i in self.live:
            for c in self.game.units[i].children(parts[i]):
                child = self.game.join([c if j == i else p for j, p in enumerate(parts)])
                found.append((i, child, self.piles.child_info(above, self.inner(child))))
        return runs_of(found)

    def counted(self, pos: Flat) -> bool:
        """Has a part too many moves to list (its game then counts them: :meth:`analysis`)?"""
        parts = self.game.split(pos)
        return any(self.game.units[i].move_count(parts[i]) > PART_MOVES for i in self.live)

    def analysis(self, pos: Flat, cap: int | None) -> Analysis[Flat]:
        """The game's own analysis, counted (its moves too many to list), placed back."""
        own = self.piles.analyze(self.inner(pos), cap)

        def place(q: Any) -> Flat:
            return self.outer(pos, q)

        return placed_analysis(pos, own, place, lambda first: self.line(pos, first))


def live_joined(units: Sequence[Unit], parts: Sequence[Any]) -> tuple[tuple[int, ...], Any] | None:
    """The parts that can still move and the game they together are, when at least two can,
    all are parts of one kind under the same rules, and that game joins their positions
    (None otherwise)."""
    live = tuple(i for i, u in enumerate(units) if not u.is_terminal(parts[i]))
    if len(live) < 2:
        return None
    first = units[live[0]]
    if not isinstance(first, GameUnit):
        return None
    for i in live:
        u = units[i]
        if not isinstance(u, GameUnit) or (u.kind, u.part.rules) != (first.kind, first.part.rules):
            return None
    if first.own.joined([parts[i] for i in live]) is None:
        return None
    return live, first.own
