"""A sum of parts some of which cannot move, the others all piles: the parts that cannot
move are dropped, and the piles left are answered as a sum of piles (:class:`.game.SumGame`).

Why it is right: a part with no move never gets one (a move is made in one part, the others
unchanged), so every play of the sum is a play of its other parts and ends exactly when they
are over. The sum *is* the sum of the other parts, in normal and in misère play: the same
outcome and remoteness, and (normal play) the same Grundy value, a part with no move having
value 0. Written as piles (``sum 1000 1000 --rule squares --rule nim``) that game reaches
the piles' own theory — their tables, Theorem S and the genus in misère play, the pile
search's budget — far past the search of parts, so written with a part that cannot move
(``sum grundys-game:2,1,2 squares:1000 nim:1000 --misere``) it gets the same answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from squaregame.core.moves import Run
from squaregame.families.sums.units import PileUnit, Unit

if TYPE_CHECKING:
    from squaregame.core.game import Game, GameKind
    from squaregame.core.tables import Tables

Flat = tuple[int, ...]


class MixedSumGame(Protocol):
    """What dropping needs of a sum of parts (:class:`.mixed.MixedSumGame`)."""

    @property
    def units(self) -> tuple[Unit, ...]: ...
    @property
    def kind(self) -> GameKind: ...
    @property
    def misere(self) -> bool: ...
    @property
    def tables(self) -> Tables: ...
    def split(self, pos: Flat) -> tuple[Any, ...]: ...
    def join(self, parts: Sequence[Any]) -> Flat: ...


class Dropped:
    """The sum of parts with the parts that cannot move dropped: the piles ``live`` (indices
    of the parts) played as a sum of piles."""

    def __init__(self, game: MixedSumGame, live: tuple[int, ...]) -> None:
        from squaregame.families.sums.game import SumGame  # (a cycle at import otherwise)

        self.game = game
        self.live = live
        rules = []
        for i in live:
            unit = game.units[i]
            assert isinstance(unit, PileUnit)
            rules.append(unit.rule)
        self.piles: Game[Any] = SumGame(game.kind, rules, game.misere, game.tables)

    def inner(self, pos: Flat) -> Flat:
        """The piles' position in the sum's ``pos``."""
        parts = self.game.split(pos)
        return tuple(parts[i] for i in self.live)

    def outer(self, pos: Flat, piles: Flat) -> Flat:
        """``pos`` with its piles at ``piles`` (the dropped parts as they are)."""
        parts = list(self.game.split(pos))
        for i, n in zip(self.live, piles, strict=True):
            parts[i] = n
        return self.game.join(parts)

    def runs(self, pos: Flat) -> list[Run[Flat]]:
        """The piles' moves, placed back among the parts (each pile its part's line)."""
        return [self._placed(pos, r) for r in self.piles.move_runs(self.inner(pos))]

    def _placed(self, pos: Flat, run: Run[Flat]) -> Run[Flat]:
        target = run.target

        def placed(k: int) -> Flat:
            return self.outer(pos, target(k))

        return Run(self.live[run.line], run.count, placed, run.value, run.each)


def live_piles(units: Sequence[Unit], parts: Sequence[Any]) -> tuple[int, ...] | None:
    """The parts that can still move, when some part cannot, at least two can and every one
    that can is a pile (None otherwise: nothing is dropped)."""
    live = tuple(i for i, u in enumerate(units) if not u.is_terminal(parts[i]))
    if len(live) < 2 or len(live) == len(units):
        return None
    return live if all(isinstance(units[i], PileUnit) for i in live) else None
