"""Moore's Nim as a kind of game: its names, its parameters, its positions as numbers."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from squaregame.core.errors import GameError, PositionError
from squaregame.core.game import Game, GameKind
from squaregame.core.params import MISERE, Param, ParamType, Values
from squaregame.core.traits import Shape, Traits

if TYPE_CHECKING:
    from squaregame.core.rules.base import Rule
    from squaregame.core.tables import Tables

Piles = tuple[int, ...]
FEWEST, MOST = 2, 6

PILES = Param(
    "position",
    ParamType.NUMBERS,
    key="piles",
    area="moore",
    count=(FEWEST, MOST),
    minimum=0,
    metavar="PILE",
    example="3 5 6",
)


class MooreKind(GameKind):
    """Moore's Nim (k = 2): 2 to 6 piles; take from one pile or from two."""

    key = "moore"
    aliases = ("moores-nim", "moore-nim")
    area = "moore"
    params = (PILES, MISERE)
    traits = Traits(Shape.NUMBERS)  # piles side by side, but not a sum: a move may take two
    exercises = frozenset({"grundy"})  # it has Grundy values (searched): that exercise too
    random_cap = 9

    def normalize(
        self, rules: tuple[Rule, ...], position: Values | None
    ) -> tuple[tuple[Rule, ...], Values | None]:
        if rules:
            raise GameError("moore.errors.no_rules")
        if position is not None:
            if not FEWEST <= len(position) <= MOST:
                raise PositionError("moore.errors.pile_count", count=len(position))
            PILES.check_values(position)
        return (), position

    def build(self, rules: tuple[Rule, ...], misere: bool, tables: Tables) -> Game[Any]:
        from template_family.moore.game import MooreGame

        return MooreGame(self, rules, misere, tables)

    def position_values(self, pos: Any) -> Values:
        return tuple(pos)

    def position_from_values(self, values: Values) -> Piles:
        return tuple(values)

    def is_terminal(self, rules: Sequence[Rule], pos: Any) -> bool:
        return not any(pos)

    def random_position(self, rules: tuple[Rule, ...], rng: random.Random) -> Values:
        """Three piles of 1 to 9: the fewest where it differs from a won game (with two,
        the player to move takes both), well within the search."""
        return tuple(rng.randint(1, self.random_cap or 9) for _ in range(3))

    def position_words(self, pos: Any) -> dict[str, Any]:
        """Its words' values: ``piles`` (``3,5,6``) besides the numbers (not a sum: no +)."""
        return super().position_words(pos) | {"piles": ",".join(map(str, pos))}


KINDS: tuple[GameKind, ...] = (MooreKind(),)
